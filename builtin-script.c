// SPDX-License-Identifier: GPL-2.0
/*
 * mperf script: one line per sample in perf script's layout (comm, tid,
 * cpu, time, period, event, ip sym+off (dso), callchain lines, tracepoint
 * fields through libtraceevent), so pipelines built on perf script (e.g.
 * FlameGraph's stackcollapse-perf.pl) take mperf's output unchanged.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "builtin.h"
#include "util/build-id.h"
#include "util/callchain.h"
#include "util/debug.h"
#include "util/dso.h"
#include "util/env.h"
#include "util/evlist.h"
#include "util/evsel.h"
#include "util/header.h"
#include "util/machine.h"
#include "util/map.h"
#include "util/parse-options.h"
#include "util/session.h"
#include "util/symbol.h"
#include "util/thread.h"
#include "util/trace-event.h"

enum script_field {
	F_COMM		= 1 << 0,
	F_TID		= 1 << 1,
	F_PID		= 1 << 2,
	F_TIME		= 1 << 3,
	F_CPU		= 1 << 4,
	F_EVNAME	= 1 << 5,
	F_TRACE		= 1 << 6,
	F_IP		= 1 << 7,
	F_SYM		= 1 << 8,
	F_DSO		= 1 << 9,
	F_ADDR		= 1 << 10,
	F_SYMOFF	= 1 << 11,
	F_PERIOD	= 1 << 12,
};

static const struct {
	const char *name;
	unsigned int bit;
} field_names[] = {
	{ "comm", F_COMM }, { "tid", F_TID }, { "pid", F_PID },
	{ "time", F_TIME }, { "cpu", F_CPU }, { "event", F_EVNAME },
	{ "trace", F_TRACE }, { "ip", F_IP }, { "sym", F_SYM },
	{ "dso", F_DSO }, { "addr", F_ADDR }, { "symoff", F_SYMOFF },
	{ "period", F_PERIOD },
};

struct script {
	struct tool tool;
	struct machine *machine;
	struct symbol_opts symopts;
	struct trace_event *tevent;
	struct callchain_cursor cursor;
	FILE *out;
	const char *fields_str;
	unsigned int fields;		/* -F, 0: perf's defaults per event type */
	int name_width;
	int max_stack;
	bool hide_callchain;
	bool show_header, header_only, show_info;
	uint64_t nr_printed;
};

static unsigned int default_fields(const struct evsel *evsel)
{
	if (evsel->attr.type == PERF_TYPE_TRACEPOINT)
		return F_COMM | F_TID | F_CPU | F_TIME | F_EVNAME | F_TRACE;
	return F_COMM | F_TID | F_CPU | F_TIME | F_PERIOD | F_EVNAME | F_IP |
	       F_SYM | F_SYMOFF | F_DSO;
}

/* -F comm,tid,...: also accepts perf's "type:" prefix, applying it to
 * every event. */
static int parse_fields(const char *str, unsigned int *out)
{
	char *dup = strdup(str), *tok, *save = NULL, *s = dup;
	const char *colon = strchr(str, ':');

	if (!dup)
		return -ENOMEM;
	if (colon && !strchr(colon, ','))
		s = dup + (colon - str) + 1;
	else if (colon && strchr(str, ',') > colon)
		s = dup + (colon - str) + 1;
	*out = 0;
	for (tok = strtok_r(s, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		size_t i;

		for (i = 0; i < ARRAY_SIZE(field_names); i++)
			if (!strcmp(tok, field_names[i].name))
				break;
		if (i == ARRAY_SIZE(field_names)) {
			pr_err("invalid field '%s' for -F; valid fields: comm,tid,pid,time,cpu,event,trace,ip,sym,symoff,dso,addr,period\n",
			       tok);
			free(dup);
			return -EINVAL;
		}
		*out |= field_names[i].bit;
	}
	free(dup);
	return 0;
}

static unsigned int fields_for(const struct script *sc, const struct evsel *evsel)
{
	unsigned int f = sc->fields ? sc->fields : default_fields(evsel);
	uint64_t st = evsel->attr.sample_type;

	/* fields the sample does not carry are dropped, as perf does for
	 * its defaults */
	if (!(st & PERF_SAMPLE_CPU))
		f &= ~F_CPU;
	if (!(st & PERF_SAMPLE_TIME))
		f &= ~F_TIME;
	if (!(st & PERF_SAMPLE_ADDR))
		f &= ~F_ADDR;
	if (!(st & PERF_SAMPLE_RAW))
		f &= ~F_TRACE;
	if (!(st & PERF_SAMPLE_IP))
		f &= ~(F_IP | F_SYM | F_SYMOFF | F_DSO);
	return f;
}

/* printf-free output of the per-sample fields: a tracepoint file prints
 * millions of these, and vfprintf was most of the time spent */
static void out_str(FILE *fp, const char *str, int width)
{
	size_t n = strlen(str);

	for (int i = (int)n; i < width; i++)
		fputc_unlocked(' ', fp);
	fwrite_unlocked(str, 1, n, fp);
}

static void out_num(FILE *fp, uint64_t v, bool neg, int base, int width,
		    char pad)
{
	char buf[24];
	int n = 0;

	do {
		buf[n++] = "0123456789abcdef"[v % base];
		v /= base;
	} while (v);
	if (neg)
		buf[n++] = '-';
	for (int i = n; i < width; i++)
		fputc_unlocked(pad, fp);
	while (n)
		fputc_unlocked(buf[--n], fp);
}

static void out_int(FILE *fp, int v, int width)
{
	out_num(fp, v < 0 ? -(int64_t)v : v, v < 0, 10, width, ' ');
}

static void print_sym(FILE *fp, const struct symbol *sym, uint64_t addr,
		      bool off)
{
	if (!sym) {
		fputs_unlocked("[unknown]", fp);
		return;
	}
	fputs_unlocked(sym->name, fp);
	if (off) {
		fputs_unlocked("+0x", fp);
		out_num(fp, addr - sym->start, false, 16, 0, ' ');
	}
}

static void print_dso(FILE *fp, const struct dso *dso)
{
	fputs_unlocked(" (", fp);
	fputs_unlocked(dso ? dso->long_name : "[unknown]", fp);
	fputc_unlocked(')', fp);
}

static int script__sample(struct tool *tool, const union perf_event *event,
			  const struct perf_sample *sample, struct evsel *evsel,
			  struct session *session)
{
	struct script *sc = (struct script *)tool;
	unsigned int f = fields_for(sc, evsel);
	struct addr_location al;
	FILE *fp = sc->out;
	bool chain = false;

	memset(&al, 0, sizeof(al));
	if (f & (F_IP | F_SYM | F_DSO)) {
		if (machine__resolve(sc->machine, sample, &al))
			return -ENOMEM;
	} else {
		/* no address printed: only the thread, no symbol tables
		 * (tracepoint files are then read without loading kallsyms) */
		al.thread = machine__findnew_thread(sc->machine, (int32_t)sample->pid,
						    (int32_t)sample->tid);
		if (!al.thread)
			return -ENOMEM;
		al.comm = al.thread->comm;
	}
	if (f & F_COMM) {
		const char *comm = al.comm ? al.comm : ":-1";

		if ((f & F_IP) && sample->callchain && !sc->hide_callchain)
			out_str(fp, comm, 0);
		else
			out_str(fp, comm, 16);
		fputc_unlocked(' ', fp);
	}
	if ((f & F_PID) && (f & F_TID))
		fprintf(fp, "%5d/%-5d ", (int)sample->pid, (int)sample->tid);
	else if (f & (F_PID | F_TID)) {
		out_int(fp, (int)(f & F_PID ? sample->pid : sample->tid), 5);
		fputc_unlocked(' ', fp);
	}
	if (f & F_CPU) {
		if ((int)sample->cpu < 0) {
			fprintf(fp, "[%03d] ", (int)sample->cpu);
		} else {
			fputc_unlocked('[', fp);
			out_num(fp, sample->cpu, false, 10, 3, '0');
			fputs_unlocked("] ", fp);
		}
	}
	if (f & F_TIME) {
		out_num(fp, sample->time / UINT64_C(1000000000), false, 10, 5, ' ');
		fputc_unlocked('.', fp);
		out_num(fp, sample->time % UINT64_C(1000000000) / 1000, false, 10, 6, '0');
		fputs_unlocked(": ", fp);
	}
	if (f & F_PERIOD) {
		out_num(fp, sample->period, false, 10, 10, ' ');
		fputc_unlocked(' ', fp);
	}
	if (f & F_EVNAME) {
		out_str(fp, evsel->name ? evsel->name : "[unknown]", sc->name_width);
		fputs_unlocked(": ", fp);
	}
	if (f & F_ADDR)
		out_num(fp, sample->addr, false, 16, 16, ' ');
	if (f & F_TRACE) {
		trace_event__fprintf(sc->tevent, fp, evsel->attr.config, sample->cpu,
				     sample->raw_data, sample->raw_size);
	}
	if (f & (F_IP | F_SYM | F_DSO)) {
		if (sample->callchain && !sc->hide_callchain && al.thread &&
		    !machine__resolve_callchain(sc->machine, al.thread, sample,
						&sc->cursor, sc->max_stack))
			chain = true;
		fputc(chain ? '\n' : ' ', fp);
		if (chain) {
			for (uint32_t i = 0; i < sc->cursor.nr; i++) {
				const struct callchain_cursor_node *n = &sc->cursor.nodes[i];

				fputc_unlocked('\t', fp);
				if (f & F_IP)
					out_num(fp, n->addr ? n->addr : n->ip, false, 16, 16, ' ');
				if (f & F_SYM) {
					fputc_unlocked(' ', fp);
					print_sym(fp, n->sym, n->addr, f & F_SYMOFF);
				}
				if (f & F_DSO)
					print_dso(fp, n->dso);
				fputc('\n', fp);
			}
		} else {
			if (f & F_IP)
				out_num(fp, sample->ip, false, 16, 16, ' ');
			if (f & F_SYM) {
				fputc_unlocked(' ', fp);
				print_sym(fp, al.sym, al.addr, f & F_SYMOFF);
			}
			if (f & F_DSO)
				print_dso(fp, al.dso);
		}
	}
	fputc('\n', fp);
	sc->nr_printed++;
	return ferror(fp) ? -EIO : 0;
}

static int script__event(struct tool *tool, const union perf_event *event,
			 const struct perf_sample *sample, struct session *session)
{
	struct script *sc = (struct script *)tool;

	return machine__process_event(sc->machine, event, sample);
}

static int script__user_event(struct tool *tool, const union perf_event *event,
			      struct session *session)
{
	struct script *sc = (struct script *)tool;
	const struct perf_record_header_build_id *b = (const void *)event;
	struct build_id bid;

	if (event->header.type != PERF_RECORD_HEADER_BUILD_ID ||
	    event->header.size <= sizeof(*b))
		return 0;
	memset(&bid, 0, sizeof(bid));
	bid.size = event->header.misc & (1 << 15) ? b->size : 20;
	if (bid.size > 20)
		bid.size = 20;
	memcpy(bid.data, b->data, bid.size);
	return machine__set_build_id(sc->machine, b->filename, &bid);
}

static void script__setup(struct script *sc, struct session *session)
{
	struct env *env = session__env(session);
	struct evlist *el = session__evlist(session);

	for (uint32_t i = 0; i < env->nr_build_ids; i++) {
		struct build_id bid;

		memset(&bid, 0, sizeof(bid));
		bid.size = env->build_ids[i].size;
		memcpy(bid.data, env->build_ids[i].build_id, bid.size);
		machine__set_build_id(sc->machine, env->build_ids[i].filename, &bid);
	}
	if (env->tracing_data && !sc->tevent) {
		sc->tevent = trace_event__parse(env->tracing_data, env->tracing_data_size);
		if (!sc->tevent)
			pr_warning("the file's tracing data is damaged; tracepoint fields are not shown\n");
	}
	sc->name_width = 0;
	for (int i = 0; i < el->nr; i++) {
		int len = el->entries[i]->name ? (int)strlen(el->entries[i]->name) : 0;

		if (len > sc->name_width)
			sc->name_width = len;
	}
}

/* In pipe mode the attrs, names and tracing data arrive as records: set up
 * once they are there, i.e. at the first sample or kernel record. */
static int script__sample_pipe(struct tool *tool, const union perf_event *event,
			       const struct perf_sample *sample, struct evsel *evsel,
			       struct session *session)
{
	struct script *sc = (struct script *)tool;

	if (!sc->name_width)
		script__setup(sc, session);
	return script__sample(tool, event, sample, evsel, session);
}

int cmd_script(int argc, const char **argv)
{
	struct script sc = { .out = stdout, .max_stack = 127 };
	const char *input = NULL;
	struct session *session;
	int err;
	const struct option opts[] = {
		OPT_STRING('i', "input", &input, "file", "input file name (\"-\": stdin)"),
		OPT_STRING('F', "fields", &sc.fields_str, "str",
			   "comma separated output fields: comm,tid,pid,time,cpu,event,trace,ip,sym,symoff,dso,addr,period"),
		OPT_BOOLEAN(0, "header", &sc.show_header, "show the data header"),
		OPT_BOOLEAN(0, "header-only", &sc.header_only, "show only the data header"),
		OPT_BOOLEAN('I', "show-info", &sc.show_info,
			    "with --header: also the topology features"),
		OPT_BOOLEAN('G', "hide-call-graph", &sc.hide_callchain, "do not print callchains"),
		OPT_INTEGER(0, "max-stack", &sc.max_stack, "callchain entries to print at most"),
		OPT_STRING(0, "symfs", &sc.symopts.symfs, "directory",
			   "look for symbol files relative to this directory"),
		OPT_STRING(0, "kallsyms", &sc.symopts.kallsyms, "file", "kallsyms file for kernel symbols"),
		OPT_STRING('k', "vmlinux", &sc.symopts.vmlinux, "file", "vmlinux file for kernel symbols"),
		OPT_END()
	};
	static const char *const usage[] = { "mperf script [<options>]", NULL };

	argc = parse_options(argc, argv, opts, usage, 0);
	if (argc < 0)
		return parse_options_exit(argc);
	if (argc > 0) {
		pr_err("unexpected argument '%s' (mperf script does not run scripts)\n", argv[0]);
		return 1;
	}
	if (sc.fields_str && parse_fields(sc.fields_str, &sc.fields))
		return 1;
	if (!input)
		input = isatty(0) ? "perf.data" : "-";
	/* large writes: a script output is often millions of lines */
	setvbuf(sc.out, NULL, _IOFBF, 1 << 18);
	sc.tool.sample = script__sample;
	sc.tool.event = script__event;
	sc.tool.user_event = script__user_event;
	sc.tool.ordered_events = true;
	session = session__new(input, &sc.tool);
	if (!session)
		return 1;
	if (session__is_pipe(session))
		sc.tool.sample = script__sample_pipe;
	if (sc.show_header || sc.header_only) {
		fprintf(sc.out, "# ========\n");
		header__fprintf(session__header(session), sc.out, sc.show_info);
		if (session__is_pipe(session)) {
			fprintf(sc.out, "# ========\n#\n");
			session__set_feature_printer(session, sc.out, sc.show_info);
		} else {
			fprintf(sc.out, "# ========\n#\n");
		}
		if (sc.header_only && !session__is_pipe(session)) {
			session__delete(session);
			return 0;
		}
	}
	sc.machine = machine__new(&sc.symopts);
	if (!sc.machine) {
		session__delete(session);
		return 1;
	}
	if (!session__is_pipe(session))
		script__setup(&sc, session);
	if (sc.header_only)
		sc.tool.sample = NULL;
	err = session__process_events(session);
	if (err && err != -EPIPE)
		pr_err("%s: %s\n", session__path(session), strerror(-err));
	fflush(sc.out);
	callchain_cursor__exit(&sc.cursor);
	trace_event__delete(sc.tevent);
	machine__delete(sc.machine);
	session__delete(session);
	return err ? 1 : 0;
}
