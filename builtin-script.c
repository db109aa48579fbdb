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
#include "util/stat.h"
#include "util/symbol.h"
#include "util/thread.h"
#include "util/time-range.h"
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

#define SCRIPT_MAX_CPUS 4096

/* which samples are printed: --time, -C, --pid, --tid, -c/--comms, --dsos,
 * -S/--symbols (side-band records only go through -C, as in perf) */
struct script_filter {
	const char *time_str, *cpu_str, *pid_str, *tid_str, *comm_str;
	const char *dso_str, *sym_str;
	struct time_ranges time;
	uint64_t *cpus;			/* bitmap, NULL: every CPU */
	int32_t *pids, *tids;
	int nr_pids, nr_tids;
	char **comms, **dsos, **syms;
	int nr_comms, nr_dsos, nr_syms;
	bool thread_filter;		/* pid, tid or comm given */
};

/* The counts of a `stat record` file, printed as a table at each
 * STAT_ROUND, as perf script prints them. */
struct script_stat {
	int *cpus, nr_cpus;		/* CPU_MAP */
	int *pids, nr_pids;		/* THREAD_MAP */
	uint64_t aggr_mode;		/* STAT_CONFIG, perf's numbering */
	bool scale;
	struct stat_count *counts;	/* [evsel][cpu][thread] */
	int nr_evsels;
	bool header_printed;
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
	unsigned int fields_add, fields_del;	/* -F +f,-f */
	bool ns;			/* --ns: nanosecond timestamps */
	int name_width;
	int max_stack;
	bool hide_callchain;
	bool show_header, header_only, show_info;
	bool show_task, show_mmap, show_switch, show_lost, show_bpf;
	uint64_t nr_printed;
	struct script_filter filter;
	/* fields perf adds to one event type's defaults: ip,sym,symoff,dso
	 * for tracepoints with callchains; ip,sym in pipe mode when the
	 * attrs carry callchains (perf script does so as each attr arrives) */
	unsigned int type_add[PERF_TYPE_MAX];
	bool setup_failed;		/* -F asked for a field the samples lack */
	struct script_stat stat;	/* a `stat record` file's counts */
};

static unsigned int default_fields(const struct evsel *evsel)
{
	if (evsel->attr.type == PERF_TYPE_TRACEPOINT)
		return F_COMM | F_TID | F_CPU | F_TIME | F_EVNAME | F_TRACE;
	return F_COMM | F_TID | F_CPU | F_TIME | F_PERIOD | F_EVNAME | F_IP |
	       F_SYM | F_SYMOFF | F_DSO;
}

static int field_bit(const char *tok, unsigned int *bit)
{
	for (size_t i = 0; i < ARRAY_SIZE(field_names); i++) {
		if (!strcmp(tok, field_names[i].name)) {
			*bit = field_names[i].bit;
			return 0;
		}
	}
	pr_err("invalid field '%s' for -F; valid fields: comm,tid,pid,time,cpu,event,trace,ip,sym,symoff,dso,addr,period\n",
	       tok);
	return -EINVAL;
}

/*
 * -F comm,tid,...: exactly these fields; -F +pid,-period: perf's defaults
 * with fields added or removed. perf's "type:" prefix is accepted and
 * applies to every event.
 */
static int parse_fields(struct script *sc, const char *str)
{
	char *dup = strdup(str), *tok, *save = NULL, *s = dup;
	const char *colon = strchr(str, ':');
	int err = 0;

	if (!dup)
		return -ENOMEM;
	if (colon && (!strchr(str, ',') || strchr(str, ',') > colon))
		s = dup + (colon - str) + 1;
	for (tok = strtok_r(s, ",", &save); tok && !err; tok = strtok_r(NULL, ",", &save)) {
		unsigned int bit;

		if (*tok == '+' || *tok == '-') {
			err = field_bit(tok + 1, &bit);
			if (*tok == '+')
				sc->fields_add |= bit;
			else
				sc->fields_del |= bit;
		} else {
			err = field_bit(tok, &bit);
			sc->fields |= bit;
		}
	}
	if (!err && sc->fields && (sc->fields_add || sc->fields_del)) {
		pr_err("-F: give either a list of fields or +field/-field changes, not both\n");
		err = -EINVAL;
	}
	free(dup);
	return err;
}

static unsigned int fields_for(const struct script *sc, const struct evsel *evsel)
{
	unsigned int f = sc->fields ? sc->fields : default_fields(evsel);
	uint64_t st = evsel->attr.sample_type;

	if (evsel->attr.type < PERF_TYPE_MAX)
		f |= sc->type_add[evsel->attr.type];
	f = (f | sc->fields_add) & ~sc->fields_del;

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

/* comm, tid, cpu, time: the start of every line (samples and the
 * side-band records of --show-*-events) */
static void print_start(struct script *sc, FILE *fp, unsigned int f,
			const char *comm, bool chain,
			const struct perf_sample *sample)
{
	if (f & F_COMM) {
		if (!comm)
			comm = ":-1";
		if ((f & F_IP) && chain)
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
		if (sc->ns)
			out_num(fp, sample->time % UINT64_C(1000000000), false, 10, 9, '0');
		else
			out_num(fp, sample->time % UINT64_C(1000000000) / 1000, false, 10, 6, '0');
		fputs_unlocked(": ", fp);
	}
}

/* "a,b,c" into strings */
static int split_names(const char *str, char ***out, int *nr)
{
	char *dup, *tok, *save = NULL;

	if (!str)
		return 0;
	dup = strdup(str);
	if (!dup)
		return -ENOMEM;
	for (tok = strtok_r(dup, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		char **p = realloc(*out, (size_t)(*nr + 1) * sizeof(*p));

		if (!p || !(p[*nr] = strdup(tok))) {
			free(p ? p : *out);
			*out = NULL;
			*nr = 0;
			free(dup);
			return -ENOMEM;
		}
		*out = p;
		(*nr)++;
	}
	free(dup);
	return 0;
}

static bool names_have(char *const *names, int nr, const char *s)
{
	for (int i = 0; s && i < nr; i++)
		if (!strcmp(names[i], s))
			return true;
	return false;
}

/* "123,456" into ids; -EINVAL on anything else */
static int split_ids(const char *str, int32_t **out, int *nr)
{
	const char *s = str;

	while (s && *s) {
		char *end;
		long v = strtol(s, &end, 10);
		int32_t *p;

		if (end == s || v < INT32_MIN || v > INT32_MAX || (*end && *end != ','))
			return -EINVAL;
		p = realloc(*out, (size_t)(*nr + 1) * sizeof(*p));
		if (!p)
			return -ENOMEM;
		*out = p;
		p[(*nr)++] = (int32_t)v;
		s = *end ? end + 1 : end;
	}
	return 0;
}

static bool ids_have(const int32_t *ids, int nr, int32_t v)
{
	for (int i = 0; i < nr; i++)
		if (ids[i] == v)
			return true;
	return false;
}

/* -C list: "0-3,5"; CPUs must exist in the recording (nr_cpus_avail of
 * its header) and the events must sample the CPU, as perf requires */
static int filter_check_cpu(const struct evlist *el)
{
	uint32_t seen_types = 0;

	for (int i = 0; el && i < el->nr; i++) {
		const struct perf_event_attr *attr = &el->entries[i]->attr;

		/* the first event of each type decides, as in perf */
		if (attr->type < 32) {
			if (seen_types & (1u << attr->type))
				continue;
			seen_types |= 1u << attr->type;
		}
		if (!(attr->sample_type & PERF_SAMPLE_CPU)) {
			pr_err("-C: the file's samples do not record the CPU (no 'cpu' in sample_type); drop -C\n");
			return -EINVAL;
		}
	}
	return 0;
}

static int filter_cpus(struct script_filter *f, struct session *session)
{
	struct env *env = session__env(session);
	uint32_t nr_cpus = SCRIPT_MAX_CPUS;
	const char *s = f->cpu_str;

	/* in pipe mode the events come with the records: checked at the
	 * first sample (script__sample_pipe) */
	if (!session__is_pipe(session)) {
		if (filter_check_cpu(session__evlist(session)))
			return -EINVAL;
		if (env && env->nr_cpus_avail && env->nr_cpus_avail < nr_cpus)
			nr_cpus = env->nr_cpus_avail;
	}
	f->cpus = calloc(SCRIPT_MAX_CPUS / 64, sizeof(*f->cpus));
	if (!f->cpus)
		return -ENOMEM;
	while (*s) {
		char *end;
		long a = strtol(s, &end, 10), b;

		if (end == s || a < 0)
			goto bad;
		b = a;
		if (*end == '-') {
			s = end + 1;
			b = strtol(s, &end, 10);
			if (end == s || b < a)
				goto bad;
		}
		if (b >= (long)nr_cpus) {
			pr_err("-C: CPU %ld is not in the recording (it had %u CPUs)\n", b, nr_cpus);
			return -EINVAL;
		}
		for (; a <= b; a++)
			f->cpus[a / 64] |= 1ULL << (a % 64);
		if (*end && *end != ',')
			goto bad;
		s = *end ? end + 1 : end;
	}
	return 0;
bad:
	pr_err("-C: invalid CPU list '%s' (e.g. 0-3,5)\n", f->cpu_str);
	return -EINVAL;
}

/* Parse the filter options once the file's header is read. */
static int script_filter__setup(struct script_filter *f, struct session *session)
{
	struct env *env = session__env(session);
	int err;

	if (f->time_str) {
		uint64_t first = env ? env->first_sample_time : 0;
		uint64_t last = env ? env->last_sample_time : 0;

		if (time_ranges__has_percent(f->time_str) &&
		    (session__is_pipe(session) || (!first && !last))) {
			pr_err("--time %s: percentages need the first/last sample times, which this file does not have (pipe mode or no SAMPLE_TIME feature); give START,STOP in seconds\n",
			       f->time_str);
			return -EINVAL;
		}
		err = time_ranges__parse(&f->time, f->time_str, first, last);
		if (err == -EINVAL)
			pr_err("--time '%s': invalid; use START,STOP in seconds (either may be empty, several ranges separated by spaces), P%%/N, P%%-Q%% or P%%\n",
			       f->time_str);
		if (err)
			return err;
	}
	if (f->cpu_str && (err = filter_cpus(f, session)))
		return err;
	if (split_ids(f->pid_str, &f->pids, &f->nr_pids) ||
	    split_ids(f->tid_str, &f->tids, &f->nr_tids)) {
		pr_err("--pid/--tid: give a list of numbers, e.g. 123,456\n");
		return -EINVAL;
	}
	if (split_names(f->comm_str, &f->comms, &f->nr_comms) ||
	    split_names(f->dso_str, &f->dsos, &f->nr_dsos) ||
	    split_names(f->sym_str, &f->syms, &f->nr_syms))
		return -ENOMEM;
	f->thread_filter = f->pid_str || f->tid_str || f->comm_str;
	return 0;
}

static void free_names(char **names, int nr)
{
	for (int i = 0; i < nr; i++)
		free(names[i]);
	free(names);
}

static void script_filter__exit(struct script_filter *f)
{
	time_ranges__exit(&f->time);
	free(f->cpus);
	free(f->pids);
	free(f->tids);
	free_names(f->comms, f->nr_comms);
	free_names(f->dsos, f->nr_dsos);
	free_names(f->syms, f->nr_syms);
}

/* -C: a record of another CPU is dropped (one without a CPU is kept) */
static bool script_filter__cpu(const struct script_filter *f, uint32_t cpu)
{
	if (!f->cpus || cpu == (uint32_t)-1)
		return false;
	return cpu >= SCRIPT_MAX_CPUS || !(f->cpus[cpu / 64] & (1ULL << (cpu % 64)));
}

/* the thread, dso and symbol filters, once the sample is resolved */
static bool script_filter__al(const struct script_filter *f, const struct addr_location *al)
{
	if (f->thread_filter) {
		const struct thread *t = al->thread;

		if (f->nr_comms && !names_have(f->comms, f->nr_comms, al->comm))
			return true;
		if (f->nr_pids && !(t && ids_have(f->pids, f->nr_pids, t->pid)))
			return true;
		if (f->nr_tids && !(t && ids_have(f->tids, f->nr_tids, t->tid)))
			return true;
	}
	if (f->nr_dsos && !(al->dso && (names_have(f->dsos, f->nr_dsos, al->dso->short_name) ||
					names_have(f->dsos, f->nr_dsos, al->dso->long_name))))
		return true;
	if (f->nr_syms && !(al->sym && names_have(f->syms, f->nr_syms, al->sym->name)))
		return true;
	return false;
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

	if (time_ranges__skip(&sc->filter.time, sample->time) ||
	    script_filter__cpu(&sc->filter, sample->cpu))
		return 0;
	memset(&al, 0, sizeof(al));
	if ((f & (F_IP | F_SYM | F_DSO)) || sc->filter.nr_dsos || sc->filter.nr_syms) {
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
	if (script_filter__al(&sc->filter, &al))
		return 0;
	print_start(sc, fp, f, al.comm, sample->callchain && !sc->hide_callchain, sample);
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
				/* perf names an inlined frame's place "(inlined)" */
				if (n->sym && n->sym->inlined)
					fputs_unlocked(" (inlined)", fp);
				else if (f & F_DSO)
					print_dso(fp, n->dso);
				fputc_unlocked('\n', fp);
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

/* The body of a side-band record after "PERF_RECORD_<TYPE>", as perf
 * prints them with --show-*-events. */
static void print_side_body(FILE *fp, const union perf_event *ev)
{
	const void *e = ev;

	switch (ev->header.type) {
	case PERF_RECORD_COMM: {
		const struct perf_record_comm *c = e;

		fprintf(fp, "%s: %s:%d/%d\n",
			ev->header.misc & PERF_RECORD_MISC_COMM_EXEC ? " exec" : "",
			c->comm, (int)c->pid, (int)c->tid);
		break;
	}
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT: {
		const struct perf_record_fork *f = e;

		fprintf(fp, "(%d:%d):(%d:%d)\n", (int)f->pid, (int)f->tid,
			(int)f->ppid, (int)f->ptid);
		break;
	}
	case PERF_RECORD_MMAP: {
		const struct perf_record_mmap *m = e;

		fprintf(fp, " %d/%d: [%#" PRIx64 "(%#" PRIx64 ") @ %#" PRIx64 "]: %c %s\n",
			(int)m->pid, (int)m->tid, m->start, m->len, m->pgoff,
			ev->header.misc & PERF_RECORD_MISC_MMAP_DATA ? 'r' : 'x',
			m->filename);
		break;
	}
	case PERF_RECORD_MMAP2: {
		const struct perf_record_mmap2 *m = e;
		char perm[5] = {
			m->prot & 1 ? 'r' : '-', m->prot & 2 ? 'w' : '-',
			m->prot & 4 ? 'x' : '-', m->flags & 1 ? 's' : 'p', 0 };

		if (ev->header.misc & PERF_RECORD_MISC_MMAP_BUILD_ID) {
			char bid[41];
			int n = m->build_id_size <= 20 ? m->build_id_size : 20;

			for (int i = 0; i < n; i++)
				snprintf(bid + 2 * i, 3, "%02x", m->build_id[i]);
			bid[2 * n] = '\0';
			fprintf(fp, " %d/%d: [%#" PRIx64 "(%#" PRIx64 ") @ %#" PRIx64 " <%s>]: %s %s\n",
				(int)m->pid, (int)m->tid, m->start, m->len, m->pgoff,
				bid, perm, m->filename);
		} else {
			fprintf(fp, " %d/%d: [%#" PRIx64 "(%#" PRIx64 ") @ %#" PRIx64
				" %02x:%02x %" PRIu64 " %" PRIu64 "]: %s %s\n",
				(int)m->pid, (int)m->tid, m->start, m->len, m->pgoff,
				m->maj, m->min, m->ino, m->ino_generation, perm,
				m->filename);
		}
		break;
	}
	case PERF_RECORD_SWITCH:
	case PERF_RECORD_SWITCH_CPU_WIDE: {
		bool out = ev->header.misc & PERF_RECORD_MISC_SWITCH_OUT;
		const char *io = !out ? "IN         " :
			!(ev->header.misc & PERF_RECORD_MISC_SWITCH_OUT_PREEMPT) ?
			"OUT        " : "OUT preempt";
		const struct perf_record_switch *sw = e;

		if (ev->header.type == PERF_RECORD_SWITCH)
			fprintf(fp, " %s\n", io);
		else
			fprintf(fp, " %s  %s pid/tid: %5d/%-5d\n", io, out ? "next" : "prev",
				(int)sw->next_prev_pid, (int)sw->next_prev_tid);
		break;
	}
	case PERF_RECORD_LOST:
		fprintf(fp, " lost %" PRIu64 "\n", ((const struct perf_record_lost *)e)->lost);
		break;
	case PERF_RECORD_KSYMBOL: {
		const struct perf_record_ksymbol *k = e;

		fprintf(fp, " addr %" PRIx64 " len %u type %u flags 0x%x name %s\n",
			k->addr, k->len, k->ksym_type, k->flags, k->name);
		break;
	}
	case PERF_RECORD_BPF_EVENT: {
		const struct perf_record_bpf_event *b = e;

		fprintf(fp, " type %u, flags %u, id %u\n", b->type, b->flags, b->id);
		break;
	}
	default:
		fputc('\n', fp);
		break;
	}
}

/* Is a record of this type shown (--show-*-events)? Bounds: the record
 * must hold the fields printed. */
static bool side_shown(const struct script *sc, const union perf_event *ev)
{
	size_t need;

	switch (ev->header.type) {
	case PERF_RECORD_COMM:
		need = sizeof(struct perf_record_comm) + 1;
		if (!sc->show_task)
			return false;
		break;
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT:
		need = sizeof(struct perf_record_fork);
		if (!sc->show_task)
			return false;
		break;
	case PERF_RECORD_MMAP:
		need = sizeof(struct perf_record_mmap) + 1;
		if (!sc->show_mmap)
			return false;
		break;
	case PERF_RECORD_MMAP2:
		need = sizeof(struct perf_record_mmap2) + 1;
		if (!sc->show_mmap)
			return false;
		break;
	case PERF_RECORD_SWITCH:
		need = sizeof(struct perf_event_header);
		if (!sc->show_switch)
			return false;
		break;
	case PERF_RECORD_SWITCH_CPU_WIDE:
		need = sizeof(struct perf_record_switch);
		if (!sc->show_switch)
			return false;
		break;
	case PERF_RECORD_LOST:
		need = sizeof(struct perf_record_lost);
		if (!sc->show_lost)
			return false;
		break;
	case PERF_RECORD_KSYMBOL:
		need = sizeof(struct perf_record_ksymbol) + 1;
		if (!sc->show_bpf)
			return false;
		break;
	case PERF_RECORD_BPF_EVENT:
		need = sizeof(struct perf_record_bpf_event);
		if (!sc->show_bpf)
			return false;
		break;
	default:
		return false;
	}
	if (ev->header.size < need)
		return false;
	/* the names printed with %s must end inside the record */
	return memchr((const char *)ev + need - 1, '\0',
		      ev->header.size - need + 1) != NULL ||
	       (ev->header.type != PERF_RECORD_COMM && ev->header.type != PERF_RECORD_MMAP &&
		ev->header.type != PERF_RECORD_MMAP2 && ev->header.type != PERF_RECORD_KSYMBOL);
}

/* One side-band line: the thread is the record's (COMM, FORK, EXIT, MMAP*)
 * or the sample's; without sample_id_all the time is the record's own
 * (FORK/EXIT) or 0, as perf script prints them. */
static void print_side(struct script *sc, const union perf_event *ev,
		       const struct perf_sample *sample, struct session *session)
{
	struct evsel *evsel = session__evsel_of(session, ev);
	struct perf_sample s = *sample;
	const struct perf_record_fork *fk = (const void *)ev;
	int32_t pid = sample->pid, tid = sample->tid;
	uint64_t time = 0;
	struct thread *t = NULL;
	FILE *fp = sc->out;

	switch (ev->header.type) {
	case PERF_RECORD_COMM:
		pid = ((const struct perf_record_comm *)ev)->pid;
		tid = ((const struct perf_record_comm *)ev)->tid;
		break;
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT:
		pid = fk->pid;
		tid = fk->tid;
		time = fk->time;
		break;
	case PERF_RECORD_MMAP:
		pid = ((const struct perf_record_mmap *)ev)->pid;
		tid = ((const struct perf_record_mmap *)ev)->tid;
		break;
	case PERF_RECORD_MMAP2:
		pid = ((const struct perf_record_mmap2 *)ev)->pid;
		tid = ((const struct perf_record_mmap2 *)ev)->tid;
		break;
	default:
		break;
	}
	if (evsel && !evsel->attr.sample_id_all) {
		s.cpu = 0;
		s.time = time;
		s.pid = pid;
		s.tid = tid;
	}
	if (script_filter__cpu(&sc->filter, s.cpu))
		return;
	if (tid != -1)
		t = machine__findnew_thread(sc->machine, pid, tid);
	if (evsel)
		print_start(sc, fp, fields_for(sc, evsel), t ? t->comm : NULL,
			    (evsel->attr.sample_type & PERF_SAMPLE_CALLCHAIN) &&
			    !sc->hide_callchain, &s);
	fputs_unlocked("PERF_RECORD_", fp);
	fputs_unlocked(event__type_name(ev->header.type), fp);
	print_side_body(fp, ev);
}

static int script__event(struct tool *tool, const union perf_event *event,
			 const struct perf_sample *sample, struct session *session)
{
	struct script *sc = (struct script *)tool;
	bool show = side_shown(sc, event);
	int err;

	/* perf prints an EXIT before the thread goes, the others after
	 * the record took effect */
	if (show && event->header.type == PERF_RECORD_EXIT)
		print_side(sc, event, sample, session);
	err = machine__process_event(sc->machine, event, sample);
	if (show && event->header.type != PERF_RECORD_EXIT)
		print_side(sc, event, sample, session);
	return err;
}


static void script_stat__exit(struct script_stat *st)
{
	free(st->cpus);
	free(st->pids);
	free(st->counts);
	memset(st, 0, sizeof(*st));
}

static int script_stat__count(struct script_stat *st, struct session *session,
			      const struct perf_record_stat *r)
{
	struct evlist *el = session__evlist(session);
	struct evsel *evsel = session__evsel_by_id(session, r->id);
	int cpu_idx = -1;

	if (!evsel || !st->nr_cpus || !st->nr_pids)
		return 0;
	if (!st->counts) {
		st->nr_evsels = el->nr;
		st->counts = calloc((size_t)st->nr_evsels * st->nr_cpus * st->nr_pids,
				    sizeof(*st->counts));
		if (!st->counts)
			return -ENOMEM;
	}
	for (int i = 0; i < st->nr_cpus; i++)
		if (st->cpus[i] == (int)r->cpu)
			cpu_idx = i;
	if (cpu_idx < 0 || r->thread >= (uint32_t)st->nr_pids || evsel->idx >= st->nr_evsels)
		return 0;
	st->counts[((size_t)evsel->idx * st->nr_cpus + cpu_idx) * st->nr_pids + r->thread] =
		(struct stat_count){ .val = r->val, .ena = r->ena, .run = r->run };
	return 0;
}

/* one line per event, thread and cpu: the values of the last STAT records */
static void script_stat__round(struct script_stat *st, struct session *session,
			       uint64_t time, FILE *fp)
{
	struct evlist *el = session__evlist(session);
	/* perf scales the per-cpu values in place except when it aggregates
	 * globally (1) or not at all (6) */
	bool scale = st->scale && st->aggr_mode != 1 && st->aggr_mode != 6;

	if (!st->header_printed) {
		fprintf(fp, "%3s %8s %15s %15s %15s %15s %s\n",
			"CPU", "THREAD", "VAL", "ENA", "RUN", "TIME", "EVENT");
		st->header_printed = true;
	}
	for (int e = 0; e < el->nr; e++) {
		for (int t = 0; t < st->nr_pids; t++) {
			for (int c = 0; c < st->nr_cpus; c++) {
				struct stat_count z = { 0 }, *v = &z;

				if (st->counts && e < st->nr_evsels)
					v = &st->counts[((size_t)e * st->nr_cpus + c) * st->nr_pids + t];
				if (scale && !v->run)
					v->val = 0;
				else if (scale && v->run < v->ena)
					v->val = (uint64_t)((double)v->val * v->ena / v->run);
				fprintf(fp, "%3d %8d %15" PRIu64 " %15" PRIu64 " %15" PRIu64
					" %15" PRIu64 " %s\n", st->cpus[c], st->pids[t],
					v->val, v->ena, v->run, time,
					el->entries[e]->name ? el->entries[e]->name : "");
			}
		}
	}
}

/* THREAD_MAP, CPU_MAP, STAT_CONFIG, STAT and STAT_ROUND of a stat file */
static int script_stat__event(struct script *sc, const union perf_event *event,
			      struct session *session)
{
	struct script_stat *st = &sc->stat;
	size_t size = event->header.size;

	switch (event->header.type) {
	case PERF_RECORD_THREAD_MAP: {
		const struct perf_record_thread_map *tm = (const void *)event;
		uint64_t n;

		if (size < sizeof(*tm) || st->pids)
			return 0;
		n = (size - sizeof(*tm)) / sizeof(tm->entries[0]);
		if (tm->nr < n)
			n = tm->nr;
		st->pids = calloc(n ? n : 1, sizeof(int));
		if (!st->pids)
			return -ENOMEM;
		for (uint64_t i = 0; i < n; i++)
			st->pids[i] = (int)tm->entries[i].pid;
		st->nr_pids = (int)n;
		return 0;
	}
	case PERF_RECORD_CPU_MAP: {
		int n;

		if (st->cpus)
			return 0;
		st->cpus = calloc(SCRIPT_MAX_CPUS, sizeof(int));
		if (!st->cpus)
			return -ENOMEM;
		n = event__cpu_map_decode((const char *)event + sizeof(event->header),
					  size - sizeof(event->header), st->cpus, SCRIPT_MAX_CPUS);
		st->nr_cpus = n > 0 ? n : 0;
		return 0;
	}
	case PERF_RECORD_STAT_CONFIG: {
		const struct perf_record_stat_config *c = (const void *)event;
		uint64_t n;

		if (size < sizeof(*c))
			return 0;
		n = (size - sizeof(*c)) / sizeof(c->data[0]);
		for (uint64_t i = 0; i < n && i < c->nr; i++) {
			if (c->data[i].tag == PERF_STAT_CONFIG_TERM__AGGR_MODE)
				st->aggr_mode = c->data[i].val;
			else if (c->data[i].tag == PERF_STAT_CONFIG_TERM__SCALE)
				st->scale = c->data[i].val != 0;
		}
		return 0;
	}
	case PERF_RECORD_STAT:
		if (size < sizeof(struct perf_record_stat))
			return 0;
		return script_stat__count(st, session, (const void *)event);
	case PERF_RECORD_STAT_ROUND: {
		const struct perf_record_stat_round *r = (const void *)event;

		if (size < sizeof(*r) || !st->nr_cpus || !st->nr_pids)
			return 0;
		script_stat__round(st, session, r->time, sc->out);
		return 0;
	}
	default:
		return 0;
	}
}

static int script__user_event(struct tool *tool, const union perf_event *event,
			      struct session *session)
{
	struct script *sc = (struct script *)tool;
	const struct perf_record_header_build_id *b = (const void *)event;
	struct build_id bid;

	if (event->header.type >= PERF_RECORD_THREAD_MAP &&
	    event->header.type <= PERF_RECORD_STAT_ROUND)
		return script_stat__event(sc, event, session);
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

/* function-pointer fields of tracepoints name the kernel's functions */
static const char *script__kernel_symbol(void *machine, uint64_t *addr, const char **mod)
{
	return machine__kernel_symbol(machine, addr, mod);
}

static bool evsel__is_dummy(const struct evsel *evsel)
{
	return evsel->attr.type == PERF_TYPE_SOFTWARE &&
	       evsel->attr.config == PERF_COUNT_SW_DUMMY;
}

/* the callchain-driven additions to the default fields, per event type */
static void script__type_fields(struct script *sc, const struct evlist *el, bool pipe)
{
	uint64_t combined = 0;
	bool seen[PERF_TYPE_MAX] = { false };

	memset(sc->type_add, 0, sizeof(sc->type_add));
	if (sc->hide_callchain)
		return;
	if (!pipe) {
		/* a tracepoint's line gets its callchain when no -F was given */
		if (sc->fields_str)
			return;
		for (int i = 0; i < el->nr; i++) {
			const struct evsel *e = el->entries[i];

			if (e->attr.type == PERF_TYPE_TRACEPOINT &&
			    (e->attr.sample_type & PERF_SAMPLE_CALLCHAIN)) {
				sc->type_add[PERF_TYPE_TRACEPOINT] = F_IP | F_SYM | F_SYMOFF | F_DSO;
				break;
			}
		}
		return;
	}
	/* pipe mode: perf decides as each attr arrives, for the first
	 * event of its type, from the sample types seen so far; even a -F
	 * list gets ip and sym then (only -F -ip/-sym keeps them out) */
	for (int i = 0; i < el->nr; i++) {
		const struct evsel *e = el->entries[i];
		uint32_t t = e->attr.type;

		combined |= e->attr.sample_type;
		if (t >= PERF_TYPE_MAX || seen[t])
			continue;
		seen[t] = true;
		if ((combined & PERF_SAMPLE_CALLCHAIN) ||
		    ((combined & PERF_SAMPLE_REGS_USER) && (combined & PERF_SAMPLE_STACK_USER)))
			sc->type_add[t] = (F_IP | F_SYM) & ~sc->fields_del;
	}
}

/* A field named in -F that the first event of a type does not sample is
 * an error, as in perf (fields of the defaults are dropped quietly). */
static int script__check_fields(struct script *sc, const struct evlist *el, bool stat_file)
{
	static const struct {
		unsigned int fields;
		uint64_t need;
		const char *what, *fix;
	} needs[] = {
		{ F_IP, PERF_SAMPLE_IP, "the ip", "" },
		{ F_ADDR, PERF_SAMPLE_ADDR, "a data address", " (or record with -d)" },
		{ F_SYM, PERF_SAMPLE_IP | PERF_SAMPLE_ADDR, "an address", "" },
		{ F_DSO, PERF_SAMPLE_IP | PERF_SAMPLE_ADDR, "an address", "" },
		{ F_PID | F_TID, PERF_SAMPLE_TID, "the pid/tid", "" },
		{ F_TIME, PERF_SAMPLE_TIME, "the time", " (or record with -T)" },
		{ F_CPU, PERF_SAMPLE_CPU, "the cpu", " (or record with --sample-cpu)" },
	};
	unsigned int asked = sc->fields | sc->fields_add;
	bool seen[PERF_TYPE_MAX + 1] = { false };

	if (!sc->fields_str || stat_file)
		return 0;
	for (int i = 0; i < el->nr; i++) {
		const struct evsel *e = el->entries[i];
		uint32_t t = e->attr.type < PERF_TYPE_MAX ? e->attr.type : PERF_TYPE_MAX;
		unsigned int f = fields_for(sc, e);

		if (seen[t])
			continue;
		seen[t] = true;
		if (evsel__is_dummy(e))
			continue;
		if ((f & F_SYMOFF) && !(f & F_SYM)) {
			pr_err("script: -F symoff needs sym: add sym to -F\n");
			return -EINVAL;
		}
		for (size_t n = 0; n < ARRAY_SIZE(needs); n++) {
			unsigned int want = asked & needs[n].fields;

			if (!want || (e->attr.sample_type & needs[n].need))
				continue;
			for (size_t k = 0; k < ARRAY_SIZE(field_names); k++) {
				if (!(want & field_names[k].bit))
					continue;
				pr_err("script: the samples of '%s' do not record %s: drop '%s' from -F%s\n",
				       e->name ? e->name : "?", needs[n].what,
				       field_names[k].name, needs[n].fix);
				return -EINVAL;
			}
		}
	}
	return 0;
}

static int script__setup(struct script *sc, struct session *session)
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
		else
			trace_event__set_resolver(sc->tevent, script__kernel_symbol, sc->machine);
	}
	sc->name_width = 0;
	for (int i = 0; i < el->nr; i++) {
		int len = el->entries[i]->name ? (int)strlen(el->entries[i]->name) : 0;

		if (len > sc->name_width)
			sc->name_width = len;
	}
	script__type_fields(sc, el, session__is_pipe(session));
	if (script__check_fields(sc, el, header__has_feat(session__header(session), HEADER_STAT))) {
		sc->setup_failed = true;
		return -EINVAL;
	}
	return 0;
}

/* In pipe mode the attrs, names and tracing data arrive as records: set up
 * once they are there, i.e. at the first sample or kernel record. */
static int script__sample_pipe(struct tool *tool, const union perf_event *event,
			       const struct perf_sample *sample, struct evsel *evsel,
			       struct session *session)
{
	struct script *sc = (struct script *)tool;

	if (!sc->name_width) {
		if (script__setup(sc, session))
			return -EINVAL;
		if (sc->filter.cpus && filter_check_cpu(session__evlist(session)))
			return -EINVAL;
	}
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
			   "output fields: comm,tid,pid,time,cpu,event,trace,ip,sym,symoff,dso,addr,period; +f/-f change the defaults"),
		OPT_BOOLEAN(0, "ns", &sc.ns, "print timestamps with nanoseconds"),
		OPT_BOOLEAN(0, "show-task-events", &sc.show_task, "show the fork/comm/exit records"),
		OPT_BOOLEAN(0, "show-mmap-events", &sc.show_mmap, "show the mmap records"),
		OPT_BOOLEAN(0, "show-switch-events", &sc.show_switch, "show the context switch records"),
		OPT_BOOLEAN(0, "show-lost-events", &sc.show_lost, "show the lost records"),
		OPT_BOOLEAN(0, "show-bpf-events", &sc.show_bpf, "show the ksymbol/bpf records"),
		OPT_BOOLEAN(0, "header", &sc.show_header, "show the data header"),
		OPT_BOOLEAN(0, "header-only", &sc.header_only, "show only the data header"),
		OPT_BOOLEAN('I', "show-info", &sc.show_info,
			    "with --header: also the topology features"),
		OPT_BOOLEAN('G', "hide-call-graph", &sc.hide_callchain, "do not print callchains"),
		OPT_INTEGER(0, "max-stack", &sc.max_stack, "callchain entries to print at most"),
		OPT_STRING(0, "time", &sc.filter.time_str, "str",
			   "only samples in these times: START,STOP (seconds; ranges separated by spaces), P%/N, P%-Q%"),
		OPT_STRING('C', "cpu", &sc.filter.cpu_str, "cpu", "only records of these CPUs (0-3,5)"),
		OPT_STRING(0, "pid", &sc.filter.pid_str, "pid[,pid...]", "only samples of these processes"),
		OPT_STRING(0, "tid", &sc.filter.tid_str, "tid[,tid...]", "only samples of these threads"),
		OPT_STRING('c', "comms", &sc.filter.comm_str, "comm[,comm...]", "only samples of these comms"),
		OPT_STRING(0, "dsos", &sc.filter.dso_str, "dso[,dso...]", "only samples in these dsos"),
		OPT_STRING('S', "symbols", &sc.filter.sym_str, "symbol[,symbol...]",
			   "only samples in these symbols"),
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
	if (sc.fields_str && parse_fields(&sc, sc.fields_str))
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
		/* in pipe mode perf script --header-only stops after the
		 * first block too: the features come with the records */
		if (sc.header_only) {
			session__delete(session);
			return 0;
		}
	}
	if (script_filter__setup(&sc.filter, session)) {
		script_filter__exit(&sc.filter);
		session__delete(session);
		return 1;
	}
	sc.machine = machine__new(&sc.symopts);
	if (!sc.machine) {
		script_filter__exit(&sc.filter);
		session__delete(session);
		return 1;
	}
	sc.machine->env = session__env(session);
	if (!session__is_pipe(session) && script__setup(&sc, session))
		err = -EINVAL;
	else
		err = session__process_events(session);
	if (err && err != -EPIPE && !sc.setup_failed)
		pr_err("%s: %s\n", session__path(session), strerror(-err));
	fflush(sc.out);
	callchain_cursor__exit(&sc.cursor);
	trace_event__delete(sc.tevent);
	machine__delete(sc.machine);
	script_filter__exit(&sc.filter);
	script_stat__exit(&sc.stat);
	session__delete(session);
	return err ? 1 : 0;
}
