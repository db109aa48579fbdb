// SPDX-License-Identifier: GPL-2.0
/*
 * mperf script: one line per sample in perf script's layout (comm, tid,
 * cpu, time, period, event, ip sym+off (dso), callchain lines, tracepoint
 * fields through libtraceevent), so pipelines built on perf script (e.g.
 * FlameGraph's stackcollapse-perf.pl) take mperf's output unchanged.
 */
#include <errno.h>
#include <time.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "builtin.h"
#include "arch/arch.h"
#include "util/build-id.h"
#include "util/callchain.h"
#include "util/debug.h"
#include "util/dso.h"
#include "util/env.h"
#include "util/evlist.h"
#include "util/evsel.h"
#include "util/evswitch.h"
#include "util/header.h"
#include "util/event-dump.h"
#include "util/insn.h"
#include "util/machine.h"
#include "util/mem-src.h"
#include "util/map.h"
#include "util/parse-options.h"
#include "util/session.h"
#include "util/srccode.h"
#include "util/srcline.h"
#include "util/stat.h"
#include "util/symbol.h"
#include "util/thread.h"
#include "util/time-range.h"
#include "util/trace-event.h"
#include "util/numfmt.h"
#include "util/sym-addrs.h"
#include "util/strlist.h"
#include "util/cpumap.h"

/* -F fields, one bit each, in perf's names */
enum script_field {
	F_COMM		= 1ULL << 0,
	F_TID		= 1ULL << 1,
	F_PID		= 1ULL << 2,
	F_TIME		= 1ULL << 3,
	F_CPU		= 1ULL << 4,
	F_EVNAME	= 1ULL << 5,
	F_TRACE		= 1ULL << 6,
	F_IP		= 1ULL << 7,
	F_SYM		= 1ULL << 8,
	F_DSO		= 1ULL << 9,
	F_ADDR		= 1ULL << 10,
	F_SYMOFF	= 1ULL << 11,
	F_PERIOD	= 1ULL << 12,
	F_SRCLINE	= 1ULL << 13,
	F_MISC		= 1ULL << 14,
	F_TOD		= 1ULL << 15,
	F_FLAGS		= 1ULL << 16,
	F_IREGS		= 1ULL << 17,
	F_UREGS		= 1ULL << 18,
	F_PHYS_ADDR	= 1ULL << 19,
	F_DATA_PAGE_SIZE = 1ULL << 20,
	F_CODE_PAGE_SIZE = 1ULL << 21,
	F_WEIGHT	= 1ULL << 22,
	F_INS_LAT	= 1ULL << 23,
	F_CALLINDENT	= 1ULL << 24,
	F_IPC		= 1ULL << 25,
	F_INSN		= 1ULL << 26,
	F_INSNLEN	= 1ULL << 27,
	F_BRSTACK	= 1ULL << 28,
	F_BRSTACKSYM	= 1ULL << 29,
	F_BRSTACKOFF	= 1ULL << 30,
	F_BPF_OUTPUT	= 1ULL << 31,
	F_SRCCODE	= 1ULL << 32,
	F_DATA_SRC	= 1ULL << 33,
	F_SYNTH		= 1ULL << 34,
	F_METRIC	= 1ULL << 35,
	F_BRSTACKINSN	= 1ULL << 36,
	F_BRSTACKINSNLEN = 1ULL << 37,
	/* the pid and vcpu of a guest machine's samples, which perf prints
	 * for files of perf inject --guest-data; mperf reads no guest
	 * machines, so no sample has them and they print nothing, as perf's
	 * do for the host's samples */
	F_MACHINE_PID	= 1ULL << 38,
	F_VCPU		= 1ULL << 39,
};

/* name, bit, and the sample_type bits the samples need for the field to be
 * asked for explicitly (0: none); @what names them in the error */
static const struct script_field_desc {
	const char *name;
	uint64_t bit;
	uint64_t need;
	const char *what, *fix;
} field_names[] = {
	{ "comm", F_COMM, 0, NULL, NULL },
	{ "tid", F_TID, PERF_SAMPLE_TID, "the thread id", NULL },
	{ "pid", F_PID, PERF_SAMPLE_TID, "the process id", NULL },
	{ "time", F_TIME, PERF_SAMPLE_TIME, "timestamps", "-T" },
	{ "cpu", F_CPU, PERF_SAMPLE_CPU, "the cpu", "--sample-cpu" },
	{ "event", F_EVNAME, 0, NULL, NULL },
	{ "trace", F_TRACE, 0, NULL, NULL },
	{ "ip", F_IP, PERF_SAMPLE_IP, "the ip", NULL },
	{ "sym", F_SYM, 0, NULL, NULL },
	{ "dso", F_DSO, 0, NULL, NULL },
	{ "addr", F_ADDR, PERF_SAMPLE_ADDR, "the data address", "-d" },
	{ "symoff", F_SYMOFF, 0, NULL, NULL },
	{ "srcline", F_SRCLINE, 0, NULL, NULL },
	{ "period", F_PERIOD, 0, NULL, NULL },
	{ "iregs", F_IREGS, PERF_SAMPLE_REGS_INTR, "the interrupted registers", "-I/--intr-regs" },
	{ "uregs", F_UREGS, PERF_SAMPLE_REGS_USER, "the user registers", "--user-regs" },
	{ "brstack", F_BRSTACK, 0, NULL, NULL },
	{ "brstacksym", F_BRSTACKSYM, 0, NULL, NULL },
	{ "flags", F_FLAGS, 0, NULL, NULL },
	{ "data_src", F_DATA_SRC, PERF_SAMPLE_DATA_SRC, "the data source", "-d" },
	{ "weight", F_WEIGHT, PERF_SAMPLE_WEIGHT | PERF_SAMPLE_WEIGHT_STRUCT, "a weight", "-W" },
	{ "bpf-output", F_BPF_OUTPUT, 0, NULL, NULL },
	{ "brstackinsn", F_BRSTACKINSN, 0, NULL, NULL },
	{ "brstackinsnlen", F_BRSTACKINSNLEN, 0, NULL, NULL },
	{ "brstackoff", F_BRSTACKOFF, 0, NULL, NULL },
	{ "callindent", F_CALLINDENT, 0, NULL, NULL },
	{ "insn", F_INSN, 0, NULL, NULL },
	{ "insnlen", F_INSNLEN, 0, NULL, NULL },
	{ "synth", F_SYNTH, 0, NULL, NULL },
	{ "phys_addr", F_PHYS_ADDR, PERF_SAMPLE_PHYS_ADDR, "the physical address", "--phys-data" },
	{ "metric", F_METRIC, 0, NULL, NULL },
	{ "misc", F_MISC, 0, NULL, NULL },
	{ "srccode", F_SRCCODE, 0, NULL, NULL },
	{ "ipc", F_IPC, 0, NULL, NULL },
	{ "tod", F_TOD, 0, NULL, NULL },
	{ "data_page_size", F_DATA_PAGE_SIZE, PERF_SAMPLE_DATA_PAGE_SIZE, "the data page size",
	  "--data-page-size" },
	{ "code_page_size", F_CODE_PAGE_SIZE, PERF_SAMPLE_CODE_PAGE_SIZE, "the code page size",
	  "--code-page-size" },
	{ "ins_lat", F_INS_LAT, PERF_SAMPLE_WEIGHT_STRUCT, "the instruction latency (weight struct)",
	  "-W on a PMU that has it" },
	{ "machine_pid", F_MACHINE_PID, 0, NULL, NULL },
	{ "vcpu", F_VCPU, 0, NULL, NULL },
};

#define SCRIPT_MAX_CPUS 4096

/* the attr type perf gives the events its trace decoders synthesize */
#define PERF_TYPE_SYNTH 0x80000000u

/* which samples are printed: --time, -C, --pid, --tid, -c/--comms, --dsos,
 * -S/--symbols (side-band records only go through -C, as in perf) */
struct script_filter {
	const char *time_str, *cpu_str, *pid_str, *tid_str, *comm_str;
	const char *dso_str, *sym_str;
	struct time_ranges time;
	uint64_t *cpus;			/* bitmap, NULL: every CPU */
	int32_t *pids, *tids;
	int nr_pids, nr_tids;
	struct strlist comms, dsos, syms;
	struct sym_addrs sym_addrs;	/* the hex entries of -S: sample addresses */
	bool thread_filter;		/* pid, tid or comm given */
	int status;			/* a refusal's exit status, as perf's */
};

/* -F per event type, as perf: "sw:comm,tid" sets the fields of software
 * events; a list without a type sets every type */
enum script_out_type { OT_HW, OT_SW, OT_TRACE, OT_RAW, OT_BREAK, OT_SYNTH, OT_OTHER, OT_NR };

static const char *const out_type_names[OT_NR] = {
	"hw", "sw", "trace", "raw", "break", "synth", NULL };
static const char *const out_type_desc[OT_NR] = {
	"hardware", "software", "tracepoint", "raw", "breakpoint", "synthesized", "other" };

struct script_out {
	bool user_set;		/* a -F list for this type */
	uint64_t fields;	/* the list; 0 with user_set: type not printed */
	uint64_t add, del;	/* +f/-f changes of perf's defaults */
	uint64_t strict;	/* named by untyped lists/changes: refused when
				 * the samples lack them (a typed list's are
				 * left out instead, as perf) */
	bool bpf_list;		/* the list names bpf-output: taken as +fields
				 * for software and tracepoint events */
	bool typed;		/* the list came with its type ("sw:...") */
	uint64_t unset;		/* taken out by an untyped -field: perf's pipe
				 * mode adds no callchain field back then */
};

/* srccode: the source line last printed for a thread (thread->priv);
 * the next sample at the same line prints none, as perf */
struct srcpos {
	const char *file;	/* interned, NULL: none yet */
	unsigned int line;
	struct srcpos *next;	/* the script's list of them */
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

/*
 * -F metric: perf's stat shadow of a group's samples. Samples are counted
 * in rounds; each one's value goes into the round's inputs and is kept as
 * the last value. perf keeps one count and one last value for all events
 * when it prints to stdout, one per leader and per event with
 * --per-event-dump (metric__slot()).
 */
struct script_metric {
	uint64_t *val;		/* by slot: the last value */
	int *round;		/* by slot of a leader: samples in this round */
	struct metric_input {
		enum stat_kind kind;
		int ctx;
		uint32_t cpu;
		uint64_t val;
	} *in;
	int nr_in, alloc_in;
};

struct script {
	struct tool tool;
	struct machine *machine;
	bool stitch_lbr, stitch_checked;	/* --stitch-lbr, and judged */
	struct symbol_opts symopts;
	bool inline_names;		/* --inline (default), --no-inline */
	bool demangle, force;		/* --demangle (default), -f */
	/* --per-event-dump: FILE.EVENT.dump per event, by evsel index */
	bool per_event_dump;
	const char *input;
	struct script_dump { FILE *fp; char *path; uint64_t samples; } *dumps;
	int nr_dumps;
	bool dumps_failed;		/* one could not be opened: none kept */
	struct trace_event *tevent;
	struct callchain_cursor cursor;
	FILE *out;
	struct script_out out_types[OT_NR];
	bool ns;			/* --ns: nanosecond timestamps */
	bool reltime, deltatime;	/* times from the first / previous line */
	uint64_t initial_time, previous_time;
	int name_width;
	int max_stack;
	int max_blocks;			/* --max-blocks: brstackinsn's last N blocks */
	bool hide_callchain;
	const char *stop_bt_str;	/* --stop-bt: symbols a callchain ends at */
	struct strlist stop_bt;
	bool pipe;			/* the input is a pipe-mode stream */
	bool show_header, header_only, show_info;
	bool show_task, show_mmap, show_switch, show_lost, show_bpf;
	bool show_round, show_namespace, show_cgroup, show_text_poke;
	bool print_flags;		/* -F flags: a switch for every type */
	bool checked;			/* -F checked against the file's events */
	/* by output type: the sample_type of its first event, which decides
	 * perf's fields for the whole type (a later event without a field
	 * asked for prints it as 0); 0: none seen */
	uint64_t type_st[OT_NR];
	bool fields_refused;		/* ... and refused */
	const struct arch_ops *arch;	/* register names of iregs/uregs */
	struct env *env;		/* tod: the CLOCK_DATA feature */
	struct insn_reader *insn;	/* insn/insnlen: code bytes of the dsos */
	struct srccode *srccode;	/* srccode: the source files' lines */
	int data_src_width;		/* data_src: the longest printed so far */
	struct srcpos *srcpos;		/* srccode: every thread's, to free */
	uint64_t nr_printed;
	struct script_filter filter;
	struct evswitch evswitch;	/* --switch-on/--switch-off */
	bool said;			/* an error was printed in its own line */
	bool dump;			/* -D: perf's raw record dump */
	bool dump_unsorted;		/* --dump-unsorted-raw-trace */
	bool debug_mode;		/* -d: check the samples' order only */
	uint64_t last_time, nr_misordered;
	struct event_dump dumper;
	/* fields perf adds to one event type's defaults: ip,sym,symoff,dso
	 * for tracepoints with callchains; ip,sym in pipe mode when the
	 * attrs carry callchains (perf script does so as each attr arrives) */
	uint64_t type_add[PERF_TYPE_MAX];
	struct script_stat stat;	/* a `stat record` file's counts */
	struct script_metric metric;	/* -F metric */
	bool exit_body;			/* -D: an EXIT's body, after its shown line */
	/* --show-kernel-path: NULL without it, else the -k file the kernel's
	 * symbols came from ("" without -k) */
	const char *shown_kernel_path;
	/* a `stat record` file: perf checks no field against its events,
	 * its side-band lines keep the default columns (zeros) */
	bool stat_file;
	bool latency;		/* -L/--Latency: perf's latency layout */
};

static enum script_out_type out_type(uint32_t attr_type)
{
	switch (attr_type) {
	case PERF_TYPE_HARDWARE:
		return OT_HW;
	case PERF_TYPE_SOFTWARE:
		return OT_SW;
	case PERF_TYPE_TRACEPOINT:
		return OT_TRACE;
	case PERF_TYPE_RAW:
		return OT_RAW;
	case PERF_TYPE_BREAKPOINT:
		return OT_BREAK;
	case PERF_TYPE_SYNTH:	/* perf's events made from AUX data */
		return OT_SYNTH;
	default:
		return OT_OTHER;
	}
}

static bool is_bpf_output(const struct evsel *evsel)
{
	return evsel->attr.type == PERF_TYPE_SOFTWARE &&
	       evsel->attr.config == PERF_COUNT_SW_BPF_OUTPUT;
}

static uint64_t default_fields(const struct evsel *evsel)
{
	if (evsel->attr.type == PERF_TYPE_TRACEPOINT)
		return F_COMM | F_TID | F_CPU | F_TIME | F_EVNAME | F_TRACE;
	return F_COMM | F_TID | F_CPU | F_TIME | F_PERIOD | F_EVNAME | F_IP |
	       F_SYM | F_SYMOFF | F_DSO | (is_bpf_output(evsel) ? F_BPF_OUTPUT : 0);
}

/* the fields mperf prints, comma separated */
static void list_fields(char *buf, size_t size)
{
	size_t n = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < ARRAY_SIZE(field_names) && n < size; i++) {
		n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? "," : "",
				      field_names[i].name);
	}
}

static const struct script_field_desc *field_desc(uint64_t bit)
{
	for (size_t i = 0; i < ARRAY_SIZE(field_names); i++)
		if (field_names[i].bit == bit)
			return &field_names[i];
	return NULL;
}

static int field_bit(const char *tok, uint64_t *bit)
{
	for (size_t i = 0; i < ARRAY_SIZE(field_names); i++) {
		if (strcmp(tok, field_names[i].name))
			continue;
		*bit = field_names[i].bit;
		return 0;
	}
	char list[512];

	list_fields(list, sizeof(list));
	pr_err("-F: unknown field '%s'; give fields comma separated, after an optional hw:, sw:, trace: or raw: type, from: %s\n",
	       tok, list);
	return -EINVAL;
}

/*
 * One -F argument: "[type:]f1,f2" exactly these fields, "[type:]+f,-g"
 * perf's defaults with fields added or removed; "type:" alone stops the
 * events of that type from being printed. Later arguments override
 * earlier ones for the types they name.
 */
static int parse_fields(struct script *sc, const char *str)
{
	const char *colon = strchr(str, ':');
	char *dup, *tok, *save = NULL;
	struct script_out o = { .user_set = true };
	int type = -1, err = 0;
	bool changes = false, list = false;

	if (colon) {
		for (int t = 0; t < OT_NR; t++)
			if (out_type_names[t] && (size_t)(colon - str) == strlen(out_type_names[t]) &&
			    !strncmp(str, out_type_names[t], (size_t)(colon - str)))
				type = t;
		if (type < 0) {
			pr_err("-F '%.*s:': unknown event type; use hw:, sw:, trace:, raw:, break: or synth: (or no type for every event)\n",
			       (int)(colon - str), str);
			return -EINVAL;
		}
		str = colon + 1;
	}
	dup = strdup(str);
	if (!dup)
		return -ENOMEM;
	for (tok = strtok_r(dup, ",", &save); tok && !err; tok = strtok_r(NULL, ",", &save)) {
		const char *fname = tok + (*tok == '+' || *tok == '-');

		/* as perf, a typed list may not name what its type never
		 * has: trace but for tracepoints, bpf-output for hw and raw */
		if (type >= 0 && ((!strcmp(fname, "trace") && type != OT_TRACE) ||
				  (!strcmp(fname, "bpf-output") && (type == OT_HW || type == OT_RAW)))) {
			pr_err("-F %s:%s: %s events have no '%s' field; drop it from the %s: list\n",
			       out_type_names[type], tok, out_type_desc[type], fname, out_type_names[type]);
			err = -EINVAL;
			break;
		}
		uint64_t bit = 0;

		/* flags, as in perf 6.1, is one switch for every event
		 * type whatever list names it: "hw:comm,flags" prints the
		 * flags of software events too, "-flags" stops them */
		if (!strcmp(fname, "flags")) {
			sc->print_flags = *tok != '-';
			if (*tok == '+' || *tok == '-')
				changes = true;
			else
				list = true;
			continue;
		}
		if (*tok == '+' || *tok == '-') {
			/* in order, as perf: "-ip,+ip" keeps the ip */
			err = field_bit(tok + 1, &bit);
			if (*tok == '+') {
				o.add |= bit;
				o.del &= ~bit;
			} else {
				o.del |= bit;
				o.add &= ~bit;
			}
			changes = true;
		} else {
			err = field_bit(tok, &bit);
			o.fields |= bit;
			list = true;
		}
	}
	free(dup);
	if (err)
		return err;
	if (list && changes) {
		pr_err("-F: give either a list of fields or +field/-field changes, not both\n");
		return -EINVAL;
	}
	if (!list && !changes && type < 0) {
		pr_err("-F: no fields given; name at least one (e.g. -F comm,tid,time)\n");
		return -EINVAL;
	}
	if (changes)
		o.user_set = false;
	o.bpf_list = list && (o.fields & F_BPF_OUTPUT);
	for (int t = 0; t < OT_NR; t++) {
		struct script_out *cur = &sc->out_types[t];

		if (type >= 0 && t != type)
			continue;
		/* a list naming bpf-output changes nothing before it for the
		 * software and tracepoint events (as perf 6.1): its fields
		 * are added as +field changes would add them ("-F comm -F
		 * bpf-output,tid" prints comm and tid, "-F bpf-output" the
		 * defaults) */
		if (o.bpf_list && (t == OT_SW || t == OT_TRACE)) {
			cur->add = (cur->add & ~o.fields) | o.fields;
			cur->del &= ~o.fields;
			cur->strict = (cur->strict | (type < 0 ? o.fields : 0));
			if (cur->user_set)
				cur->fields |= o.fields;
			continue;
		}
		/* (kept by later lists, as perf keeps them) */
		cur->unset |= type < 0 ? o.del : 0;
		if (changes) {
			cur->add = (cur->add & ~o.del) | o.add;
			cur->del = (cur->del & ~o.add) | o.del;
			cur->strict = (cur->strict | (type < 0 ? o.add : 0)) & ~o.del;
			if (cur->user_set)
				cur->fields = (cur->fields | o.add) & ~o.del;
			continue;
		}
		if (type >= 0 && cur->user_set)
			pr_warning("-F %s:: overrides the earlier field list of %s events\n",
				   out_type_names[t], out_type_desc[t]);
		o.unset = cur->unset;
		*cur = o;
		cur->strict = type < 0 ? o.fields : 0;
		cur->typed = type >= 0;
	}
	return 0;
}

static int opt_fields(const struct option *opt, const char *arg, int unset)
{
	if (unset || !arg)
		return -EINVAL;
	return parse_fields(opt->value, arg);
}

/* the fields printed for @evsel's samples */
static uint64_t fields_for(const struct script *sc, const struct evsel *evsel)
{
	int t = out_type(evsel->attr.type);
	const struct script_out *o = &sc->out_types[t];
	bool user_set = o->user_set;
	uint64_t f = user_set ? o->fields : default_fields(evsel);
	/* perf decides the fields of a type by its first event: a later
	 * event lacking one prints the parser's default (time -1, cpu -1,
	 * addr 0, data_src "N/A"); one the first lacks is dropped */
	uint64_t st = sc->type_st[t] ? sc->type_st[t] : evsel->attr.sample_type;

	/* what perf adds for callchains (script__type_fields): to the
	 * defaults, and in pipe mode to a -F list too, even to one of flags
	 * alone (which prints no line in a file) */
	uint64_t add = evsel->attr.type < PERF_TYPE_MAX && (!user_set || sc->pipe) ?
		       sc->type_add[evsel->attr.type] : 0;

	if (!user_set)
		f = (f | o->add) & ~o->del;
	if (!f && user_set && sc->print_flags)
		f = add;
	if (f && sc->print_flags)
		f |= F_FLAGS;
	f |= f ? add : 0;
	if (sc->stat_file)
		return f;
	/* fields the samples do not carry are dropped, as perf does for
	 * its defaults (asked-for ones were refused by check_fields) */
	if (!(st & PERF_SAMPLE_CPU))
		f &= ~F_CPU;
	if (!(st & PERF_SAMPLE_TIME))
		f &= ~(F_TIME | F_TOD);
	if (!(st & PERF_SAMPLE_ADDR))
		f &= ~F_ADDR;
	if (!(st & PERF_SAMPLE_DATA_SRC))
		f &= ~F_DATA_SRC;
	if (!(st & PERF_SAMPLE_RAW))
		f &= ~(F_TRACE | F_BPF_OUTPUT);
	if (!is_bpf_output(evsel))
		f &= ~F_BPF_OUTPUT;
	if (!(st & PERF_SAMPLE_IP))
		f &= ~(F_IP | F_SYM | F_SYMOFF | F_DSO | F_SRCLINE | F_INSN | F_INSNLEN);
	/* the rest that need a sample_type bit (a typed list may name them) */
	for (size_t i = 0; i < ARRAY_SIZE(field_names); i++)
		if ((f & field_names[i].bit) && field_names[i].need && !(st & field_names[i].need))
			f &= ~field_names[i].bit;
	return f;
}

/*
 * A file's tracepoints print ip,sym,symoff,dso for their callchains: one
 * has callchains and no -F list or change applies to tracepoints (an
 * untyped one or a trace: one; -F sw:... leaves them theirs), as perf.
 */
static bool script__trace_chain_fields(const struct script *sc, const struct evlist *el)
{
	const struct script_out *to = &sc->out_types[OT_TRACE];

	if (sc->hide_callchain || to->user_set || to->add || to->del)
		return false;
	for (int i = 0; el && i < el->nr; i++) {
		const struct evsel *e = el->entries[i];

		if (e->attr.type == PERF_TYPE_TRACEPOINT &&
		    (e->attr.sample_type & PERF_SAMPLE_CALLCHAIN))
			return true;
	}
	return false;
}

/* "-F type:" hides the events of a type: the file must have some (a
 * pipe-mode stream has none yet when this is checked, as in perf) */
static int check_hidden_types(struct script *sc, struct session *session)
{
	struct evlist *el = session__evlist(session);

	for (int t = 0; t < OT_NR; t++) {
		const struct script_out *o = &sc->out_types[t];
		bool found = false;

		/* as perf, only a typed list hides: "-F flags" (no field
		 * per type) prints nothing, whatever the file has */
		if (!o->user_set || o->fields || !o->typed || !out_type_names[t])
			continue;
		/* (perf checks the kernel's types only: "synth:" passes) */
		if (t == OT_SYNTH)
			continue;
		/* the dummy event (side-band only) is no software event here */
		for (int i = 0; el && i < el->nr && !found; i++)
			found = (int)out_type(el->entries[i]->attr.type) == t &&
				!(el->entries[i]->attr.type == PERF_TYPE_SOFTWARE &&
				  el->entries[i]->attr.config == PERF_COUNT_SW_DUMMY);
		if (!found) {
			pr_err("-F %s:: the file has no %s events to hide%s; drop this -F\n",
			       out_type_names[t], out_type_desc[t],
			       session__is_pipe(session) ? " (in pipe mode the events are not known before the data)" : "");
			sc->fields_refused = true;
			return -EINVAL;
		}
	}
	return 0;
}

/* Fields asked for by name must be in the samples, as perf requires:
 * one line naming the event, what is missing and how to record it. */
static int check_fields(struct script *sc, struct session *session)
{
	struct evlist *el = session__evlist(session);

	uint64_t branch_types = 0;

	if (sc->checked)
		return 0;
	sc->checked = true;
	/* a perf stat record file: its events have no samples to check, and
	 * perf prints the counts whatever -F asks */
	if (header__has_feat(session__header(session), HEADER_STAT)) {
		sc->stat_file = true;
		return 0;
	}
	for (int i = 0; el && i < el->nr; i++)
		branch_types |= el->entries[i]->attr.branch_sample_type;
	bool type_seen[OT_NR] = { false };

	for (int i = 0; el && i < el->nr; i++) {
		const struct evsel *evsel = el->entries[i];
		const struct script_out *o = &sc->out_types[out_type(evsel->attr.type)];
		uint64_t asked = o->user_set ? o->fields : o->add;
		uint64_t eff = o->user_set ? o->fields :
			       (default_fields(evsel) | o->add) & ~o->del;
		uint64_t st = evsel->attr.sample_type;
		const char *name = evsel->name ? evsel->name : "?";

		/* the dummy event (side-band only) prints no samples: perf
		 * checks no fields against it */
		if (evsel->attr.type == PERF_TYPE_SOFTWARE &&
		    evsel->attr.config == PERF_COUNT_SW_DUMMY)
			continue;
		/* perf checks the first event of each type only (a later
		 * page-faults without the data address prints 0 for it) */
		if (type_seen[out_type(evsel->attr.type)])
			continue;
		type_seen[out_type(evsel->attr.type)] = true;
		sc->type_st[out_type(evsel->attr.type)] = st;
		for (uint64_t b = 1; b && b <= asked; b <<= 1) {
			const struct script_field_desc *d = (asked & b & o->strict) ? field_desc(b) : NULL;

			if (!d || !d->need || (st & d->need))
				continue;
			pr_err("-F %s: the samples of event '%s' do not record %s%s%s\n",
			       d->name, name, d->what, d->fix ? "; record with " : "",
			       d->fix ? d->fix : "");
			goto refuse;
		}
		if ((asked & F_SRCLINE) && !(eff & F_IP)) {
			pr_err("-F srcline needs ip: source lines are looked up by the sample address (add ip)\n");
			goto refuse;
		}
		/* the instructions between branches need every branch */
		if ((eff & (F_BRSTACKINSN | F_BRSTACKINSNLEN)) &&
		    !(branch_types & PERF_SAMPLE_BRANCH_ANY)) {
			pr_err("-F brstackinsn: the instructions between branches need a stack of every branch taken, which this file does not have; record with -b (any branch)\n");
			goto refuse;
		}
		/* synthesized events (intel_pt's ptwrite, power events...)
		 * carry a payload perf decodes; other events have none */
		if ((eff & F_SYNTH) && evsel->attr.type == PERF_TYPE_SYNTH) {
			pr_err("-F synth: mperf does not decode the payloads of synthesized events yet (event '%s'); use perf script for them\n",
			       name);
			goto refuse;
		}
		if ((eff & F_SRCCODE) && !(eff & F_IP)) {
			pr_err("-F srccode needs ip: source code is looked up by the sample address (add ip)\n");
			goto refuse;
		}
		if ((eff & F_SYMOFF) && !(eff & F_SYM)) {
			pr_err("-F symoff needs sym: the offset is from the symbol's start (add sym)\n");
			goto refuse;
		}
		/* perf refuses before it reads a file; a pipe prints
		 * "disabled" where the time of day would be, and so does a
		 * file whose tracepoints print their callchains (perf's
		 * check passes over the clock then) */
		if ((asked & F_TOD) && !(sc->env && sc->env->clock_enabled) && !sc->pipe &&
		    !script__trace_chain_fields(sc, el)) {
			pr_err("-F tod: the file has no clock data (CLOCK_DATA feature) to turn timestamps into the time of day; record with -k/--clockid\n");
			goto refuse;
		}
	}
	return 0;
refuse:
	sc->fields_refused = true;
	return -EINVAL;
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
	/* built backwards in one buffer and written at once: this prints
	 * every callchain address, a third of script's time when it went
	 * through a division by a variable base and a putc per digit */
	char buf[64], *end = buf + sizeof(buf), *p = numfmt__digits(end, v, base, false);

	if (neg)
		*--p = '-';
	while (end - p < width && p > buf)
		*--p = pad;
	fwrite_unlocked(p, 1, (size_t)(end - p), fp);
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

/* perf script's name of an object: the path as recorded (the build-id
 * list's name of the kernel, "vmlinux" say); with --show-kernel-path the
 * kernel by the path of the vmlinux its symbols came from, a kallsyms
 * kernel "[kernel.kallsyms]", perf's long names */
static const char *dso__shown_name(const struct script *sc, const struct dso *dso)
{
	const char *kpath = sc->shown_kernel_path;

	if (!kpath)
		return dso__rec_name(dso);
	if (*kpath && dso->kind == DSO_KIND_KERNEL && dso__origin(dso) == 'v')
		return kpath;
	return dso->rec_name && !dso->syms.nr ? dso->rec_name : dso->long_name;
}

static void print_dso(const struct script *sc, FILE *fp, const struct dso *dso)
{
	fputs_unlocked(" (", fp);
	fputs_unlocked(dso ? dso__shown_name(sc, dso) : "[unknown]", fp);
	fputc_unlocked(')', fp);
}

/*
 * addr with sym or dso: the symbol and object of the data address of a
 * page fault, as perf (its other events' addresses name nothing), looked
 * up in the sample's address space, else in the one the address belongs
 * to (a kernel fault on a user address: the user's maps)
 */
static void print_addr_sym(struct script *sc, FILE *fp, uint64_t f, const struct evsel *evsel,
			   struct thread *thread, const struct perf_sample *sample)
{
	const struct perf_event_attr *a = &evsel->attr;
	struct addr_location al;
	uint8_t mode = (uint8_t)sample->cpumode, amode;

	if (a->type != PERF_TYPE_SOFTWARE || (a->config != PERF_COUNT_SW_PAGE_FAULTS &&
	    a->config != PERF_COUNT_SW_PAGE_FAULTS_MIN && a->config != PERF_COUNT_SW_PAGE_FAULTS_MAJ))
		return;
	thread__resolve_ip(sc->machine, thread, mode, sample->addr, &al);
	amode = sc->machine->kernel_start && sample->addr >= sc->machine->kernel_start ?
		PERF_RECORD_MISC_KERNEL : PERF_RECORD_MISC_USER;
	if (!al.map && amode != mode)
		thread__resolve_ip(sc->machine, thread, amode, sample->addr, &al);
	if (f & F_SYM) {
		fputc_unlocked(' ', fp);
		print_sym(fp, al.sym, al.addr, f & F_SYMOFF);
	}
	if (f & F_DSO)
		print_dso(sc, fp, al.dso);
}

/* misc: the cpumode letters of the record (a mode whose bits are all set
 * counts, so a hypervisor sample shows "KUH" as in perf), then what the
 * record type's misc bits mean; padded to 6 */
static void print_misc(FILE *fp, uint16_t misc, uint32_t type)
{
	static const struct { uint16_t mode; char c; } modes[] = {
		{ PERF_RECORD_MISC_KERNEL, 'K' }, { PERF_RECORD_MISC_USER, 'U' },
		{ PERF_RECORD_MISC_HYPERVISOR, 'H' }, { PERF_RECORD_MISC_GUEST_KERNEL, 'G' },
		{ PERF_RECORD_MISC_GUEST_USER, 'g' },
	};
	uint16_t m = misc & PERF_RECORD_MISC_CPUMODE_MASK;
	int n = 0;

	for (size_t i = 0; i < ARRAY_SIZE(modes); i++) {
		if ((m & modes[i].mode) == modes[i].mode) {
			fputc_unlocked(modes[i].c, fp);
			n++;
		}
	}
	switch (type) {
	case PERF_RECORD_MMAP:
	case PERF_RECORD_MMAP2:
		if (misc & PERF_RECORD_MISC_MMAP_DATA) {
			fputc_unlocked('M', fp);
			n++;
		}
		break;
	case PERF_RECORD_COMM:
		if (misc & PERF_RECORD_MISC_COMM_EXEC) {
			fputc_unlocked('E', fp);
			n++;
		}
		break;
	case PERF_RECORD_SWITCH:
	case PERF_RECORD_SWITCH_CPU_WIDE:
		if (misc & PERF_RECORD_MISC_SWITCH_OUT) {
			fputc_unlocked('S', fp);
			n++;
			if (misc & PERF_RECORD_MISC_SWITCH_OUT_PREEMPT) {
				fputc_unlocked('p', fp);
				n++;
			}
		}
		break;
	default:
		break;
	}
	do
		fputc_unlocked(' ', fp);
	while (++n < 6);
}

/* tod: the wall-clock time of @time from the CLOCK_DATA feature (the
 * time of day and the clock's value read together at record time), in
 * local time */
static void print_tod(FILE *fp, const struct env *env, uint64_t time, bool ns)
{
	uint64_t tod = env->clock_tod_ns + (time - env->clock_clockid_ns);
	time_t secs = (time_t)(tod / UINT64_C(1000000000));
	struct tm tm;
	char buf[64];

	if (!localtime_r(&secs, &tm) || !strftime(buf, sizeof(buf), "%Y-%m-%d %H:%M:%S", &tm))
		snprintf(buf, sizeof(buf), "%" PRIu64, (uint64_t)secs);
	fputs_unlocked(buf, fp);
	fputc_unlocked('.', fp);
	if (ns)
		out_num(fp, tod % UINT64_C(1000000000), false, 10, 9, '0');
	else
		out_num(fp, tod % UINT64_C(1000000000) / 1000, false, 10, 6, '0');
	fputc_unlocked(' ', fp);
}

/* comm, tid, cpu, misc, tod, time: the start of every line (samples and
 * the side-band records of --show-*-events); @type and @misc are the
 * record's */
static void print_start(struct script *sc, FILE *fp, uint64_t f,
			const char *comm, bool chain,
			const struct perf_sample *sample, uint32_t type, uint16_t misc)
{
	if (f & F_COMM) {
		if (!comm)
			comm = ":-1";
		if (sc->latency)	/* -L: perf's "%8.8s" */
			fprintf(fp, "%8.8s", comm);
		else if ((f & F_IP) && chain)
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
		if (sc->latency) {	/* -L: the number alone */
			fprintf(fp, "%3d ", (int)sample->cpu);
		} else if ((int)sample->cpu < 0) {
			fprintf(fp, "[%03d] ", (int)sample->cpu);
		} else {
			fputc_unlocked('[', fp);
			out_num(fp, sample->cpu, false, 10, 3, '0');
			fputs_unlocked("] ", fp);
		}
	}
	if (f & F_MISC)
		print_misc(fp, misc, type);
	if ((f & F_TOD) && sc->env && sc->env->clock_enabled)
		print_tod(fp, sc->env, sample->time, sc->ns);
	else if (f & F_TOD)	/* a pipe without clock data (a file is refused) */
		fputs_unlocked("disabled ", fp);
	if (f & F_TIME) {
		uint64_t t = sample->time;

		/* --reltime: from the first line with a time (a record
		 * without one, time 0, does not start the count);
		 * --deltatime: from the line before */
		if (sc->reltime) {
			if (!sc->initial_time)
				sc->initial_time = t;
			t -= sc->initial_time;
		} else if (sc->deltatime) {
			uint64_t prev = sc->previous_time;

			sc->previous_time = t;
			t = prev ? t - prev : 0;
		}
		out_num(fp, t / UINT64_C(1000000000), false, 10, 5, ' ');
		fputc_unlocked('.', fp);
		if (sc->ns)
			out_num(fp, t % UINT64_C(1000000000), false, 10, 9, '0');
		else
			out_num(fp, t % UINT64_C(1000000000) / 1000, false, 10, 6, '0');
		fputs_unlocked(": ", fp);
	}
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
	if (!evlist__samples_have_cpu(el)) {
		pr_err("-C: the file's samples do not record the CPU (no 'cpu' in sample_type); drop -C\n");
		return -EINVAL;
	}
	return 0;
}

static int filter_cpus(struct script_filter *f, struct session *session)
{
	struct env *env = session__env(session);
	uint32_t nr_cpus = SCRIPT_MAX_CPUS;
	int *cpus = NULL, nr = 0;

	/* perf checks the CPUs against the recording's count, which a pipe
	 * has not given yet: it refuses every -C there (but an empty list,
	 * which keeps the samples that have no CPU) */
	if (session__is_pipe(session)) {
		if (!*f->cpu_str) {
			f->cpus = calloc(SCRIPT_MAX_CPUS / 64, sizeof(*f->cpus));
			return f->cpus ? 0 : -ENOMEM;
		}
		pr_err("-C: in pipe mode the recording's CPUs are not known before the samples "
		       "(as perf, -C is refused); write the recording to a file (-o FILE) to filter by CPU\n");
		return -EINVAL;
	}
	if (filter_check_cpu(session__evlist(session)))
		return -EINVAL;
	if (env && env->nr_cpus_avail && env->nr_cpus_avail < nr_cpus)
		nr_cpus = env->nr_cpus_avail;
	/* (an empty list: every sample filtered out, as perf) */
	if (*f->cpu_str && cpu_list__parse(f->cpu_str, true, &cpus, &nr)) {
		pr_err("-C: invalid CPU list '%s' (e.g. 0-3,5)\n", f->cpu_str);
		return -EINVAL;
	}
	if (nr && (uint32_t)cpus[nr - 1] >= nr_cpus) {
		pr_err("-C: CPU %d is not in the recording (it had %u CPUs)\n", cpus[nr - 1], nr_cpus);
		free(cpus);
		return -EINVAL;
	}
	f->cpus = calloc(SCRIPT_MAX_CPUS / 64, sizeof(*f->cpus));
	for (int i = 0; f->cpus && i < nr; i++)
		f->cpus[cpus[i] / 64] |= 1ULL << (cpus[i] % 64);
	free(cpus);
	return f->cpus ? 0 : -ENOMEM;
}

/* Parse the filter options once the file's header is read. */
static int script_filter__setup(struct script_filter *f, struct session *session,
				bool reltime)
{
	struct env *env = session__env(session);
	int err;

	/* perf refuses a -C with 255, then a --time with its -EINVAL (234) */
	f->status = 255;
	if (f->cpu_str && (err = filter_cpus(f, session)))
		return err;
	f->status = 234;
	if (f->time_str) {
		uint64_t first = env ? env->first_sample_time : 0;
		uint64_t last = env ? env->last_sample_time : 0;

		if (time_ranges__has_percent(f->time_str) &&
		    (session__is_pipe(session) || (!first && !last))) {
			pr_err("--time %s: percentages need the first/last sample times, which this file does not have (pipe mode or no SAMPLE_TIME feature); give START,STOP in seconds\n",
			       f->time_str);
			return -EINVAL;
		}
		if (reltime && !time_ranges__has_percent(f->time_str) &&
		    (session__is_pipe(session) || !first)) {
			pr_err("--time %s with --reltime: the times are from the first sample, whose time this file does not have (pipe mode or no SAMPLE_TIME feature); drop --reltime and give absolute times\n",
			       f->time_str);
			return -EINVAL;
		}
		err = time_ranges__parse(&f->time, f->time_str, first, last);
		if (err == -EINVAL)
			pr_err("--time '%s': invalid; use START,STOP in seconds (either may be empty, several ranges separated by spaces), P%%/N, P%%-Q%% or P%%\n",
			       f->time_str);
		if (err)
			return err;
		/* --reltime: START,STOP count from the first sample. perf
		 * adds the first sample's time to every range, its percent
		 * ones (already absolute: past the last sample then) and an
		 * open end (which then ends at the first sample) too */
		if (reltime) {
			bool lost = time_ranges__has_percent(f->time_str);

			for (int i = 0; i < f->time.nr; i++) {
				lost |= !f->time.r[i].end;
				f->time.r[i].start += first;
				f->time.r[i].end += first;
			}
			/* perf prints nothing then: print it too, not silently */
			if (lost)
				pr_warning("script: --time '%s' with --reltime selects (almost) nothing, as in perf 6.1, "
					   "which adds the first sample's time to percent ranges and open ends too; "
					   "give both ends in seconds\n", f->time_str);
		}
	}
	f->status = 1;
	if (split_ids(f->pid_str, &f->pids, &f->nr_pids) ||
	    split_ids(f->tid_str, &f->tids, &f->nr_tids)) {
		pr_err("--pid/--tid: give a list of numbers, e.g. 123,456\n");
		return -EINVAL;
	}
	if (strlist__parse(&f->comms, f->comm_str) || strlist__parse(&f->dsos, f->dso_str) ||
	    strlist__parse(&f->syms, f->sym_str) ||
	    sym_addrs__split(&f->sym_addrs, &f->syms.items, &f->syms.nr))
		return -ENOMEM;
	f->thread_filter = f->pid_str || f->tid_str || f->comm_str;
	return 0;
}

static void script_filter__exit(struct script_filter *f)
{
	time_ranges__exit(&f->time);
	free(f->cpus);
	free(f->pids);
	free(f->tids);
	strlist__exit(&f->comms);
	strlist__exit(&f->dsos);
	strlist__exit(&f->syms);
	free(f->sym_addrs.v);
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

		if (f->comm_str && !strlist__has(&f->comms, al->comm))
			return true;
		if (f->nr_pids && !(t && ids_have(f->pids, f->nr_pids, t->pid)))
			return true;
		if (f->nr_tids && !(t && ids_have(f->tids, f->nr_tids, t->tid)))
			return true;
	}
	if (f->dso_str && !(al->dso && (strlist__has(&f->dsos, al->dso->short_name) ||
					strlist__has(&f->dsos, al->dso->long_name))))
		return true;
	if (f->sym_str && !((al->sym && strlist__has(&f->syms, al->sym->name)) ||
			    (al->map && sym_addrs__has(&f->sym_addrs, al->ip))))
		return true;
	return false;
}

/* iregs/uregs: " ABI:n" then "NAME:0xvalue" for each register sampled */
static void print_regs(FILE *fp, const struct script *sc, uint64_t abi, uint64_t mask,
		       const uint64_t *regs)
{
	int i = 0;

	if (!regs)
		return;
	fprintf(fp, " ABI:%" PRIu64 " ", abi);
	for (int r = 0; r < 64; r++) {
		const char *name = NULL;

		if (!(mask & (1ULL << r)))
			continue;
		if (sc->arch && sc->arch->reg_name)
			name = sc->arch->reg_name(r);
		fprintf(fp, "%5s:0x%" PRIx64 " ", name ? name : "unknown", regs[i++]);
	}
}

/* data_page_size/code_page_size: "4K", "2M"; "N/A" for 0 */
static void print_page_size(FILE *fp, uint64_t size)
{
	static const char units[] = "BKMGTPE";
	int u = 0;

	if (!size) {
		fputs_unlocked(" N/A", fp);
		return;
	}
	while (size >= 1024 && !(size % 1024) && units[u + 1]) {
		size /= 1024;
		u++;
	}
	fprintf(fp, " %" PRIu64 "%c", size, units[u]);
}

/* a branch entry's kind: the kernel's PERF_BR_* type (bits 20..23 of
 * the flags word), and for its last value (EXTEND_ABI) the new type
 * (bits 26..29) */
static const char *branch_type_name(uint64_t fl)
{
	static const char *const types[15] = {
		"", "COND", "UNCOND", "IND", "CALL", "IND_CALL", "RET", "SYSCALL",
		"SYSRET", "COND_CALL", "COND_RET", "ERET", "IRQ", "SERROR", "NO_TX",
	};
	static const char *const new_types[8] = {
		"FAULT_ALGN", "FAULT_DATA", "FAULT_INST", "ARCH_1", "ARCH_2", "ARCH_3",
		"ARCH_4", "ARCH_5",
	};
	unsigned int t = (fl >> 20) & 0xf, nt = (fl >> 26) & 0xf;

	if (t < 15)
		return types[t];
	return nt < 8 ? new_types[nt] : "(null)";	/* as perf prints it */
}

/* brstack*: one "from/to/P/X/A/cycles/type " group per branch (the
 * flags word of a branch entry: mispredicted bit 0, predicted bit 1,
 * in_tx bit 2, abort bit 3, cycles bits 4..19, type as above); @how: the
 * addresses as numbers (brstack; brstackoff: offsets in the object, but
 * perf 6.1 keeps the addresses of user objects whose symbols it read),
 * or symbol+offset (brstacksym, without the space before each group);
 * the object in brackets with the dso field. */
static void print_brstack(struct script *sc, FILE *fp, const struct perf_sample *sample,
			  struct thread *thread, uint64_t how, bool dso)
{
	for (uint64_t i = 0; i < sample->branch_nr; i++) {
		const struct branch_stack_entry *e = &sample->branch_stack[i];
		uint64_t fl = e->flags;
		uint64_t addrs[2] = { e->from, e->to };

		for (int k = 0; k < 2; k++) {
			struct addr_location al;
			uint64_t a = addrs[k];

			if (k)
				fputc_unlocked('/', fp);
			else if (how != F_BRSTACKSYM)
				fputc_unlocked(' ', fp);
			memset(&al, 0, sizeof(al));
			if (thread && (how != F_BRSTACK || dso))
				thread__resolve_ip(sc->machine, thread, sample->cpumode, a, &al);
			if (how == F_BRSTACKSYM) {
				print_sym(fp, al.sym, al.addr, true);
			} else {
				if (how == F_BRSTACKOFF && al.map && al.dso &&
				    (al.dso->kind == DSO_KIND_KERNEL ||
				     al.dso->kind == DSO_KIND_MODULE))
					a -= al.map->start;	/* from the map's start */
				else if (how == F_BRSTACKOFF && al.map &&
					 !(al.dso && al.dso->kind == DSO_KIND_USER &&
					   dso__symsrc(al.dso, &sc->machine->opts)))
					a = al.addr;
				fprintf(fp, "0x%" PRIx64, a);
			}
			if (dso) {
				fputc_unlocked('(', fp);
				fputs_unlocked(al.dso ? dso__shown_name(sc, al.dso) : "[unknown]",
					       fp);
				fputc_unlocked(')', fp);
			}
		}
		fprintf(fp, "/%c/%c/%c/%d/%s ",
			fl & 2 ? 'P' : fl & 1 ? 'M' : '-',
			fl & 4 ? 'X' : '-', fl & 8 ? 'A' : '-',
			(int)((fl >> 4) & 0xffff), branch_type_name(fl));
	}
}

/* what perf takes for a printable byte: ASCII and Latin-1 graphics */
static bool bpf_printable(uint8_t c)
{
	return (c >= 0x20 && c < 0x7f) || c >= 0xa0;
}

/* bpf-output: what a BPF program wrote (the raw data) as a hex dump of 8
 * bytes a line with the printable bytes beside, and, when it is one
 * printable string and zeros after it, the string */
static void print_bpf_output(FILE *fp, const uint8_t *p, uint32_t size)
{
	uint32_t i, j, nul = size;

	fputc_unlocked('\n', fp);
	for (i = 0; i < size; i += 8) {
		fprintf(fp, "%s%04x:", i ? "                  " : "      BPF output: ", i);
		for (j = i; j < i + 8; j++) {
			if (j < size)
				fprintf(fp, " %02x", p[j]);
			else
				fputs_unlocked("   ", fp);
		}
		fputs_unlocked("  ", fp);
		for (j = i; j < i + 8; j++)
			fputc_unlocked(j >= size ? ' ' : bpf_printable(p[j]) ? p[j] : '.', fp);
		fputc_unlocked('\n', fp);
	}
	if (!size || p[size - 1])
		return;
	for (i = 0; i < size; i++) {
		if (!p[i] && nul == size)
			nul = i;
		else if (nul == size ? !bpf_printable(p[i]) : p[i] != 0)
			return;
	}
	fprintf(fp, "      BPF string: \"%.*s\"\n", (int)nul, (const char *)p);
}

/* insn/insnlen: the instruction at the sample's ip, read from its object
 * file: the vdso's from the copy its symbols came from, as perf's (none
 * for the kernel, whose image mperf does not read) */
static int fetch_insn(struct script *sc, const struct addr_location *al, uint64_t ip,
		      uint8_t buf[INSN_MAX_BYTES])
{
	const char *path;

	if (!al->map || !al->dso ||
	    (al->dso->kind != DSO_KIND_USER && al->dso->kind != DSO_KIND_VDSO))
		return 0;
	if (!sc->insn && !(sc->insn = insn_reader__new()))
		return 0;
	path = dso__objpath(al->dso, &sc->machine->opts);
	if (!path && al->dso->vdso_self)
		path = vdso__self_file();
	return insn_reader__fetch(sc->insn, path, map__map_ip(al->map, ip), buf);
}

/* srcline: on a line of its own under the address it is for; perf
 * script leaves out the line (and its line break) when it is "??:0" */
static void print_srcline(struct script *sc, FILE *fp, struct dso *dso, uint64_t addr)
{
	const char *line;

	if (!dso)
		return;
	line = srcline__get(sc->machine, dso, NULL, addr);
	if (!strcmp(line, "??:0"))
		return;
	fputs_unlocked("\n  ", fp);
	fputs_unlocked(line, fp);
}

/* data_src: the value in hex (16 wide) and its decoding, cut at 99
 * characters and padded to the longest one printed before, as perf */
static void print_data_src(struct script *sc, FILE *fp, uint64_t data_src)
{
	char buf[MEM_SRC_MAX + 32];
	int n = snprintf(buf, sizeof(buf), "%16" PRIx64 " ", data_src);

	mem_src__snprintf(buf + n, sizeof(buf) - (size_t)n, data_src);
	buf[99] = '\0';
	n = (int)strlen(buf);
	if (n > sc->data_src_width)
		sc->data_src_width = n;
	fprintf(fp, "%-*s", sc->data_src_width, buf);
}

/*
 * srccode: the text of the source line of the sample's address, on a line
 * of its own after the sample ("|LINE" left-aligned in 9 columns, then
 * the text as in the file); nothing when the source file cannot be read,
 * or when it is the line printed last for this thread.
 */
static void print_srccode(struct script *sc, FILE *fp, const struct addr_location *al)
{
	struct thread *t = al->thread;
	struct srcpos *pos;
	const char *file, *text;
	unsigned int line;
	size_t len;

	if (!t || !al->map || !al->dso ||
	    !srcline__file_line(sc->machine, al->dso, al->addr, &file, &line))
		return;
	pos = t->priv;
	if (pos && pos->file == file && pos->line == line)
		return;
	if (!sc->srccode && !(sc->srccode = srccode__new()))
		return;
	text = srccode__line(sc->srccode, file, line, &len);
	if (!text)
		return;
	if (!pos) {
		pos = calloc(1, sizeof(*pos));
		if (!pos)
			return;
		pos->next = sc->srcpos;
		sc->srcpos = pos;
		t->priv = pos;
	}
	pos->file = file;
	pos->line = line;
	fprintf(fp, "|%-8u ", line);
	fwrite_unlocked(text, 1, len, fp);
	fputc_unlocked('\n', fp);
}

/* brstackinsn: a basic block longer than this is not shown (perf's
 * limit), and reads go this much past its end for the last instruction */
#define BB_MAX 16384
#define BB_INSN_MAX 15

struct bb_state {
	struct thread *thread;
	uint64_t f;			/* the fields printed */
	const struct symbol *lastsym;	/* of the last symbol line */
	int total_cycles;
	uint8_t buf[BB_MAX];
};

/*
 * The code from @start to @end (and the longest instruction past it) of
 * the object mapped there, into @bb->buf: its length, 0 when there is
 * nothing to read (no map, too long, end before start, not a user object),
 * -ENXIO when the block goes between kernel and user space.
 */
static int bb_read(struct script *sc, struct bb_state *bb, uint64_t start, uint64_t end)
{
	bool kernel = start >> 63;
	struct addr_location al;
	const char *path;

	if (!start || !end)
		return 0;
	if (kernel != (bool)(end >> 63))
		return -ENXIO;
	if (end - start > BB_MAX - BB_INSN_MAX)
		return 0;
	memset(&al, 0, sizeof(al));
	thread__resolve_ip(sc->machine, bb->thread,
			   kernel ? PERF_RECORD_MISC_KERNEL : PERF_RECORD_MISC_USER, start, &al);
	if (!al.map || !al.dso || al.dso->kind != DSO_KIND_USER)
		return 0;
	if (!sc->insn && !(sc->insn = insn_reader__new()))
		return 0;
	path = dso__objpath(al.dso, &sc->machine->opts);
	return insn_reader__read(sc->insn, path, al.addr, bb->buf,
				 (size_t)(end - start + BB_INSN_MAX));
}

/* "insn: 48 89 e5 " for the instruction at @code, its length in *@len
 * (0 and "<bad>" when the bytes are not one) */
static const char *bb_insn(struct script *sc, const uint8_t *code, int size, int *len,
			   bool *branch, char *out)
{
	int n;

	*len = size > 0 ? insn_reader__decode(sc->insn, code, (size_t)size, branch) : 0;
	if (*len <= 0) {
		*len = 0;
		return "<bad>";
	}
	n = sprintf(out, "insn: ");
	for (int i = 0; i < *len; i++)
		n += sprintf(out + n, "%02x ", code[i]);
	return out;
}

/* "\tsym+off:" when @ip is outside the symbol of the last such line */
static void bb_sym(struct script *sc, struct bb_state *bb, FILE *fp, uint64_t ip)
{
	struct addr_location al;

	memset(&al, 0, sizeof(al));
	thread__resolve_ip(sc->machine, bb->thread,
			   ip >> 63 ? PERF_RECORD_MISC_KERNEL : PERF_RECORD_MISC_USER, ip, &al);
	if (bb->lastsym && al.addr >= bb->lastsym->start && al.addr < bb->lastsym->end)
		return;
	if (!al.sym)
		return;
	fprintf(fp, "\t%s", al.sym->name);
	if (al.addr != al.sym->start)
		fprintf(fp, "%+d", (int)(al.addr - al.sym->start));
	fputc_unlocked(':', fp);
	if (bb->f & F_SRCLINE) {
		fputc_unlocked('\t', fp);
		fputs_unlocked(srcline__get(sc->machine, al.dso, NULL, al.addr), fp);
	}
	fputc_unlocked('\n', fp);
	bb->lastsym = al.sym;
}

/* the srccode of an address of the branch stack */
static void bb_srccode(struct script *sc, struct bb_state *bb, FILE *fp, uint64_t ip)
{
	struct addr_location al;

	if (!(bb->f & F_SRCCODE))
		return;
	memset(&al, 0, sizeof(al));
	thread__resolve_ip(sc->machine, bb->thread,
			   ip >> 63 ? PERF_RECORD_MISC_KERNEL : PERF_RECORD_MISC_USER, ip, &al);
	al.thread = bb->thread;
	print_srccode(sc, fp, &al);
}

/* a branch instruction: the instruction, then the branch's flags and
 * cycles (and the instructions per cycle of the block it ends) */
static void bb_jump(struct script *sc, struct bb_state *bb, FILE *fp, uint64_t ip,
		    const struct branch_stack_entry *e, const uint8_t *code, int size, int insns)
{
	char out[128];
	int len, cycles = (int)((e->flags >> 4) & 0xffff);
	bool branch;

	fprintf(fp, "\t%016" PRIx64 "\t%-30s\t", ip, bb_insn(sc, code, size, &len, &branch, out));
	if (bb->f & F_BRSTACKINSNLEN)
		fprintf(fp, "ilen: %d\t", len);
	fprintf(fp, "#%s%s%s%s", e->flags & 2 ? " PRED" : "", e->flags & 1 ? " MISPRED" : "",
		e->flags & 4 ? " INTX" : "", e->flags & 8 ? " ABORT" : "");
	if (cycles) {
		bb->total_cycles += cycles;
		fprintf(fp, " %d cycles [%d]", cycles, bb->total_cycles);
		if (insns)
			fprintf(fp, " %.2f IPC", (float)insns / cycles);
	}
	fputc_unlocked('\n', fp);
}

/* one instruction that is not a branch of the stack */
static int bb_line(struct script *sc, struct bb_state *bb, FILE *fp, uint64_t ip,
		   const uint8_t *code, int size, bool *branch)
{
	char out[128];
	int len;

	fprintf(fp, "\t%016" PRIx64 "\t%s", ip, bb_insn(sc, code, size, &len, branch, out));
	if (bb->f & F_BRSTACKINSNLEN)
		fprintf(fp, "\tilen: %d", len);
	fputc_unlocked('\n', fp);
	return len;
}

/*
 * brstackinsn, brstackinsnlen: the instructions executed between the
 * branches of the stack, oldest first, read from the objects' code: the
 * first branch's source, each block from a branch's target to the next
 * branch's source (which ends it, with the branch's flags), then the
 * block from the last target up to the sample. Symbol lines where the
 * symbol changes. Blocks that cannot be read (kernel code, too long,
 * backwards) are left out, as perf does.
 */
static void print_brstackinsn(struct script *sc, FILE *fp, const struct perf_sample *sample,
			      struct thread *thread, uint64_t f)
{
	const struct branch_stack_entry *e = sample->branch_stack;
	struct bb_state *bb;
	int nr = (int)sample->branch_nr, len;
	uint64_t start, end, off;
	bool branch;

	if (!nr || !e || !thread)
		return;
	/* the newest entries: N blocks from the N+1 newest branches */
	if (sc->max_blocks > 0 && nr > sc->max_blocks + 1)
		nr = sc->max_blocks + 1;
	bb = calloc(1, sizeof(*bb));
	if (!bb)
		return;
	bb->thread = thread;
	bb->f = f;
	fputc_unlocked('\n', fp);
	len = bb_read(sc, bb, e[nr - 1].from, e[nr - 1].from);
	if (len > 0) {
		bb_sym(sc, bb, fp, e[nr - 1].from);
		bb_jump(sc, bb, fp, e[nr - 1].from, &e[nr - 1], bb->buf, len, 0);
		bb_srccode(sc, bb, fp, e[nr - 1].from);
	}
	for (int i = nr - 2; i >= 0; i--) {
		int insns = 0;

		start = e[i + 1].to;
		end = e[i].from;
		len = bb_read(sc, bb, start, end);
		/* the entry into the kernel filtered out: up to the next one */
		if (len == -ENXIO && i > 0) {
			end = e[--i].from;
			len = bb_read(sc, bb, start, end);
		}
		if (len <= 0)
			continue;
		for (off = 0; off < (uint64_t)len; ) {
			uint64_t ip = start + off;
			int ilen;

			bb_sym(sc, bb, fp, ip);
			if (ip == end) {
				bb_jump(sc, bb, fp, ip, &e[i], bb->buf + off, len - (int)off, ++insns);
				bb_srccode(sc, bb, fp, ip);
				break;
			}
			ilen = bb_line(sc, bb, fp, ip, bb->buf + off, len - (int)off, &branch);
			if (!ilen)
				break;
			bb_srccode(sc, bb, fp, ip);
			insns++;
			off += (uint64_t)ilen;
		}
		if (off != end - start)
			fputs_unlocked("\tmismatch of LBR data and executable\n", fp);
	}
	/* the sample is at the last branch, or the branch aborted: no block */
	if (e[0].from == sample->ip || (e[0].flags & 8))
		goto out;
	start = e[0].to;
	end = sample->ip;
	if (end < start)		/* a branch missing: the next 128 bytes */
		end = start + 128;
	len = bb_read(sc, bb, start, end);
	bb_sym(sc, bb, fp, start);
	if (len <= 0) {
		/* at least the sampled instruction */
		len = bb_read(sc, bb, sample->ip, sample->ip);
		if (len > 0) {
			bb_line(sc, bb, fp, sample->ip, bb->buf, len, &branch);
			bb_srccode(sc, bb, fp, sample->ip);
		}
		goto out;
	}
	for (off = 0; off <= end - start; ) {
		int ilen = bb_line(sc, bb, fp, start + off, bb->buf + off, len - (int)off, &branch);

		if (!ilen)
			break;
		if (branch && start + off != sample->ip) {
			fputs_unlocked("\t... not reaching sample ...\n", fp);
			break;
		}
		bb_srccode(sc, bb, fp, start + off);
		off += (uint64_t)ilen;
	}
out:
	free(bb);
}

/* --per-event-dump: the first @nr files of the set closed and removed */
static void script__drop_dumps(struct script *sc, int nr)
{
	for (int k = 0; k < nr; k++) {
		if (sc->dumps[k].fp) {
			fclose(sc->dumps[k].fp);
			unlink(sc->dumps[k].path);
		}
		free(sc->dumps[k].path);
	}
	free(sc->dumps);
	sc->dumps = NULL;
}

/* --per-event-dump: open INPUT.EVENT.dump for each event (as perf names
 * them, next to the input); the lines of an event go to its file */
static int script__open_dumps(struct script *sc, const struct evlist *el)
{
	if (!sc->per_event_dump || sc->dumps)
		return 0;
	sc->dumps = calloc(el->nr ? (size_t)el->nr : 1, sizeof(*sc->dumps));
	if (!sc->dumps)
		return -ENOMEM;
	sc->nr_dumps = el->nr;
	for (int i = 0; i < el->nr; i++) {
		struct script_dump *d = &sc->dumps[i];
		/* a pipe's: named as its attr names it (perf opens them
		 * before the stream's EVENT_UPDATE names come) */
		char *an = sc->pipe ? evsel__attr_name(&el->entries[i]->attr) : NULL;
		const char *name = an ? an : el->entries[i]->name;
		int err = 0;

		if (asprintf(&d->path, "%s.%s.dump", sc->input, name) < 0) {
			d->path = NULL;
			err = -ENOMEM;
		} else if (!(d->fp = fopen(d->path, "w"))) {
			err = -errno;
			if (strchr(name, '/'))
				pr_err("script: --per-event-dump: the name of event '%s' has a '/': "
				       "it makes no file name (%s)\n", name, d->path);
			else
				pr_err("script: --per-event-dump: cannot write %s: %s\n", d->path,
				       strerror(-err));
		}
		free(an);
		if (err) {
			/* none of the set is kept (perf leaves the empty files
			 * it made), nothing said of the others, perf's status */
			script__drop_dumps(sc, i + 1);
			sc->dumps_failed = true;
			return err;
		}
	}
	return 0;
}

/* a sample's lines: to its event's file with --per-event-dump (the other
 * records' lines stay on stdout, as perf prints them) */
static FILE *script__fp(struct script *sc, const struct evsel *evsel)
{
	struct script_dump *d;

	if (!sc->dumps || !evsel || evsel->idx < 0 || evsel->idx >= sc->nr_dumps)
		return sc->out;
	d = &sc->dumps[evsel->idx];
	return d->fp;
}

/* a sample printed to its event's file: perf counts those, after the
 * filters (--comm, --time, -C...) */
static void script__count_dumped(struct script *sc, const struct evsel *evsel)
{
	if (sc->dumps && evsel && evsel->idx >= 0 && evsel->idx < sc->nr_dumps)
		sc->dumps[evsel->idx].samples++;
}

/* close the files and say what each got, as perf says it */
static int script__close_dumps(struct script *sc)
{
	int err = 0;

	for (int i = 0; sc->dumps && i < sc->nr_dumps; i++) {
		struct script_dump *d = &sc->dumps[i];
		struct stat st;
		long size;

		if (!d->fp)
			continue;
		size = ftell(d->fp);
		/* perf sizes the file before its last flush: the whole blocks
		 * of its stdio buffer (st_blksize) that reached the disk; with
		 * -v it has flushed it all by then */
		if (size > 0 && !verbose && !fstat(fileno(d->fp), &st) && st.st_blksize > 0)
			size -= size % st.st_blksize;
		if (fclose(d->fp) || size < 0) {
			pr_err("script: writing %s failed: %s\n", d->path, strerror(errno));
			err = -EIO;
		} else {
			fprintf(sc->out, "[ perf script: Wrote %.3f MB %s (%" PRIu64 " samples) ]\n",
				size / 1024.0 / 1024.0, d->path, d->samples);
		}
	}
	for (int i = 0; sc->dumps && i < sc->nr_dumps; i++)
		free(sc->dumps[i].path);
	free(sc->dumps);
	sc->dumps = NULL;
	return err;
}

static bool side_shown(const struct script *sc, const union perf_event *ev);
static int script__setup(struct script *sc, struct session *session);

/* -D: a record as it is read (user records) or delivered (kernel ones),
 * before the script line of a sample */
static void script__dump(struct tool *tool, const union perf_event *event,
			 const struct perf_sample *sample, uint64_t offset,
			 struct session *session)
{
	struct script *sc = (struct script *)tool;
	struct evsel *evsel = NULL;

	if (event->header.type == PERF_RECORD_SAMPLE || event->header.type == PERF_RECORD_READ)
		evsel = session__evsel_of(session, event);
	if (session__dump_path(session))
		sc->dumper.path = session__dump_path(session);
	/* a shown EXIT: perf prints its line before the record's body */
	if (event->header.type == PERF_RECORD_EXIT && side_shown(sc, event)) {
		event_dump__head(&sc->dumper, session__evlist(session), event, sample, offset);
		sc->exit_body = true;
		return;
	}
	event_dump__record(&sc->dumper, session__evlist(session), evsel, event, sample, offset);
}

static void script_metric__exit(struct script_metric *sm)
{
	free(sm->val);
	free(sm->round);
	free(sm->in);
}

/*
 * -F metric, as perf prints it: a sample's value is its period in its
 * event's unit cut to an integer (a clock's ns count as whole ms). A
 * round ends when its count of samples reaches the members of the
 * sample's group; then every member but the leader gets the metric perf
 * stat would show for the last value (on stdout the last sample's, of
 * whatever event), from the inputs of the round on the sample's CPU: a
 * clock's of any exclude bits, other counters' of the member's. A clock's
 * own metric (CPUs utilized) needs a wall time script has not: none. The
 * line starts as the sample's (@chain: its comm unpadded).
 */
static int metric__slot(const struct script *sc, const struct evsel *evsel)
{
	return sc->dumps ? evsel->idx : 0;
}

static int print_metric(struct script *sc, FILE *fp, uint64_t f, const char *comm,
			bool chain, const struct perf_sample *sample, const struct evsel *evsel,
			const struct evlist *el, uint32_t type, uint16_t misc)
{
	struct script_metric *sm = &sc->metric;
	const struct evsel *leader = evsel->leader;
	enum stat_kind kind = stat__kind(evsel->attr.type, evsel->attr.config);
	int *round;

	if (evsel->idx < 0 || evsel->idx >= el->nr || leader->idx < 0 ||
	    leader->idx >= el->nr)
		return 0;
	if (!sm->val) {
		sm->val = calloc((size_t)el->nr, sizeof(*sm->val));
		sm->round = calloc((size_t)el->nr, sizeof(*sm->round));
		if (!sm->val || !sm->round)
			return -ENOMEM;
	}
	round = &sm->round[metric__slot(sc, leader)];
	if ((*round)++ == 0)
		sm->nr_in = 0;
	sm->val[metric__slot(sc, evsel)] = (uint64_t)((double)sample->period *
						       evsel__count_scale(evsel));
	if (kind != STAT_NONE) {
		if (sm->nr_in == sm->alloc_in) {
			int n = sm->alloc_in ? sm->alloc_in * 2 : 8;
			void *p = realloc(sm->in, (size_t)n * sizeof(*sm->in));

			if (!p)
				return -ENOMEM;
			sm->in = p;
			sm->alloc_in = n;
		}
		sm->in[sm->nr_in++] = (struct metric_input){
			kind, evsel__ctx(evsel), sample->cpu,
			sm->val[metric__slot(sc, evsel)] };
	}
	if (*round != leader->nr_members)
		return 0;
	*round = 0;
	for (int k = 1; k < leader->nr_members && leader->idx + k < el->nr; k++) {
		const struct evsel *mem = el->entries[leader->idx + k];
		struct stat_shadow sh;
		struct stats st[STAT_KIND_MAX];
		struct stat_metric m[2];
		int ctx = evsel__ctx(mem), n;

		memset(&sh, 0, sizeof(sh));
		for (int i = 0; i < STAT_KIND_MAX; i++)
			stats__init(&st[i]);
		for (int i = 0; i < sm->nr_in; i++) {
			if ((sm->in[i].kind != STAT_NSECS && sm->in[i].ctx != ctx) ||
			    sm->in[i].cpu != sample->cpu)
				continue;
			stats__update(&st[sm->in[i].kind], sm->in[i].val);
			sh.have[sm->in[i].kind] = true;
		}
		for (int i = 0; i < STAT_KIND_MAX; i++)
			sh.v[i] = sh.have[i] ? stats__avg(&st[i]) : 0;
		n = stat__metrics(stat__kind(mem->attr.type, mem->attr.config),
				  evsel__is_clock(mem), (double)sm->val[metric__slot(sc, mem)],
				  evsel__count_scale(mem), &sh, 0, m, 2);
		for (int i = 0; i < n; i++) {
			if (!m[i].fmt)
				continue;
			print_start(sc, fp, f, comm, chain, sample, type, misc);
			fputs("\tmetric: ", fp);
			fprintf(fp, m[i].fmt, m[i].val);
			fprintf(fp, " %s\n", m[i].unit);
		}
	}
	return 0;
}

static int script__sample(struct tool *tool, const union perf_event *event,
			  const struct perf_sample *sample, struct evsel *evsel,
			  struct session *session)
{
	struct script *sc = (struct script *)tool;
	uint64_t f = fields_for(sc, evsel);
	struct addr_location al;
	FILE *fp = script__fp(sc, evsel);
	bool chain = false;

	if (!sc->checked && check_fields(sc, session))
		return -EINVAL;
	/* flags alone: perf 6.1 prints no line for the sample (-D: its
	 * dump alone) */
	if (f == F_FLAGS)
		f = 0;
	if (!f && !sc->dump)	/* -F type: with no fields: that type is not printed */
		return 0;
	if (time_ranges__skip(&sc->filter.time, sample->time))
		return 0;
	/* -d: as perf, the samples are counted out of order, not printed */
	if (sc->debug_mode) {
		if (sample->time < sc->last_time) {
			pr_info("Samples misordered, previous: %" PRIu64 " this: %" PRIu64 "\n",
			       sc->last_time, sample->time);
			sc->nr_misordered++;
		}
		sc->last_time = sample->time;
		return 0;
	}
	if (script_filter__cpu(&sc->filter, sample->cpu))
		return 0;
	memset(&al, 0, sizeof(al));
	if ((f & (F_IP | F_SYM | F_DSO | F_INSN | F_INSNLEN)) || sc->filter.dso_str ||
	    sc->filter.sym_str || sc->dump) {
		if (machine__resolve(sc->machine, sample, &al))
			return -ENOMEM;
		if (sc->dump)
			event_dump__location(&sc->dumper, &al);
		if (!f)		/* -D of a hidden type: the dump alone */
			return 0;
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
	if (evswitch__active(&sc->evswitch) && evswitch__discard(&sc->evswitch, evsel))
		return 0;
	script__count_dumped(sc, evsel);
	print_start(sc, fp, f, al.comm, sample->callchain && !sc->hide_callchain, sample,
		    event->header.type, event->header.misc);
	if (f & F_PERIOD) {
		out_num(fp, sample->period, false, 10, 10, ' ');
		fputc_unlocked(' ', fp);
	}
	if (f & F_EVNAME) {
		out_str(fp, evsel->name ? evsel->name : "[unknown]", sc->name_width);
		fputs_unlocked(": ", fp);
	}
	/* flags: the branch kind of samples that instruction-trace decoders
	 * synthesize; the kernel's samples have none, so it is blank */
	if (f & F_FLAGS)
		fprintf(fp, "  %-21s ", "");
	/* (perf prints a tracepoint's text before the address) */
	if (f & F_TRACE) {
		trace_event__fprintf(sc->tevent, fp, evsel->attr.config, sample->cpu,
				     sample->raw_data, sample->raw_size);
	}
	if (f & F_ADDR) {
		out_num(fp, sample->addr, false, 16, 16, ' ');
		if (f & (F_SYM | F_DSO))
			print_addr_sym(sc, fp, f, evsel, al.thread, sample);
	}
	if (f & F_DATA_SRC)
		print_data_src(sc, fp, sample->data_src);
	if (f & (F_WEIGHT | F_INS_LAT)) {
		bool wstruct = evsel->attr.sample_type & PERF_SAMPLE_WEIGHT_STRUCT;

		/* a weight struct holds the weight in its low 32 bits and
		 * the instruction latency in the 16 above */
		if (f & F_WEIGHT)
			out_num(fp, wstruct ? (uint32_t)sample->weight : sample->weight,
				false, 10, 16, ' ');
		if (f & F_INS_LAT)
			out_num(fp, wstruct ? (uint16_t)(sample->weight >> 32) : 0,
				false, 10, 16, ' ');
	}
	/* sym, symoff and dso are those of the ip (and its callchain): perf
	 * prints none of them, nor the callchain, without the ip field */
	if (f & F_IP) {
		/* DWARF-unwound frames carry the line of their inline level */
		sc->machine->frame_srclines = f & F_SRCLINE;
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
				/* perf names an inlined frame's place "(inlined)",
				 * after its source line */
				if (f & F_DSO && !(n->sym && n->sym->inlined))
					print_dso(sc, fp, n->dso);
				/* a DWARF-unwound frame: the line of its inline
				 * level, as perf's inline expansion gave it
				 * ("??:0" included) */
				if (f & F_SRCLINE && n->srcline)
					fprintf(fp, "\n  %s", n->srcline);
				else if (f & F_SRCLINE)
					print_srcline(sc, fp, n->dso, n->addr);
				if (n->sym && n->sym->inlined)
					fputs_unlocked(" (inlined)", fp);
				fputc_unlocked('\n', fp);
				/* --stop-bt: the chain ends with this frame */
				if (sc->stop_bt_str && n->sym &&
				    strlist__has(&sc->stop_bt, n->sym->name))
					break;
			}
		} else {
			if (f & F_IP)
				out_num(fp, sample->ip, false, 16, 16, ' ');
			if (f & F_SYM) {
				fputc_unlocked(' ', fp);
				print_sym(fp, al.sym, al.addr, f & F_SYMOFF);
			}
			if (f & F_DSO)
				print_dso(sc, fp, al.dso);
			if (f & F_SRCLINE)
				print_srcline(sc, fp, al.dso, al.addr);
		}
	}
	if (f & F_IREGS)
		print_regs(fp, sc, sample->intr_regs.abi, evsel->attr.sample_regs_intr,
			   sample->intr_regs.regs);
	if (f & F_UREGS)
		print_regs(fp, sc, sample->user_regs.abi, evsel->attr.sample_regs_user,
			   sample->user_regs.regs);
	/* one of the three, the first asked for, as perf */
	if (f & F_BRSTACK)
		print_brstack(sc, fp, sample, al.thread, F_BRSTACK, f & F_DSO);
	else if (f & F_BRSTACKSYM)
		print_brstack(sc, fp, sample, al.thread, F_BRSTACKSYM, f & F_DSO);
	else if (f & F_BRSTACKOFF)
		print_brstack(sc, fp, sample, al.thread, F_BRSTACKOFF, f & F_DSO);
	if (f & F_BPF_OUTPUT)
		print_bpf_output(fp, sample->raw_data, sample->raw_size);
	if (f & (F_INSN | F_INSNLEN)) {
		uint8_t buf[INSN_MAX_BYTES];
		int len = fetch_insn(sc, &al, sample->ip, buf);

		if (f & F_INSNLEN)
			fprintf(fp, " ilen: %d", len);
		if ((f & F_INSN) && len > 0) {
			fputs_unlocked(" insn:", fp);
			for (int i = 0; i < len; i++)
				fprintf(fp, " %02x", buf[i]);
		}
	}
	if (f & (F_BRSTACKINSN | F_BRSTACKINSNLEN))
		print_brstackinsn(sc, fp, sample, al.thread, f);
	if (f & F_PHYS_ADDR)
		out_num(fp, sample->phys_addr, false, 16, 16, ' ');
	if (f & F_DATA_PAGE_SIZE)
		print_page_size(fp, sample->data_page_size);
	if (f & F_CODE_PAGE_SIZE)
		print_page_size(fp, sample->code_page_size);
	/* ipc and callindent: perf prints them for samples that instruction
	 * trace decoders synthesize (cycle counts, branch kinds); the
	 * kernel's samples have nothing to print there */
	fputc('\n', fp);
	if (f & F_SRCCODE)
		print_srccode(sc, fp, &al);
	if ((f & F_METRIC) &&
	    print_metric(sc, fp, f, al.comm, sample->callchain && !sc->hide_callchain,
			 sample, evsel, session__evlist(session),
			 event->header.type, event->header.misc))
		return -ENOMEM;
	if (!sc->nr_printed++)
		machine__fix_kernel_map_next(sc->machine);
	return ferror(fp) ? -EIO : 0;
}

/* a TEXT_POKE: the address, its kernel symbol, the lengths, then the old
 * and the new bytes, 16 a line (side_shown checked they are in the
 * record). Not compared with perf: this VM cannot record text pokes. */
static void print_text_poke(FILE *fp, struct machine *machine,
			    const struct perf_record_text_poke *t)
{
	uint64_t start = t->addr;
	const char *mod, *name = machine__kernel_symbol(machine, &start, &mod);
	const uint8_t *b = t->bytes;

	fprintf(fp, " %" PRIx64 " ", t->addr);
	if (name)
		fprintf(fp, "%s+0x%" PRIx64, name, t->addr - start);
	fprintf(fp, " old len %u new len %u\n", t->old_len, t->new_len);
	for (int k = 0; k < 2; k++) {
		unsigned int len = k ? t->new_len : t->old_len;

		for (unsigned int i = 0; i < len; i++) {
			if (!(i % 16))
				fprintf(fp, "            %s bytes:", k ? "New" : "Old");
			fprintf(fp, " %02x", *b++);
			if (i % 16 == 15 || i + 1 == len)
				fputc('\n', fp);
		}
	}
}

/* The body of a side-band record after "PERF_RECORD_<TYPE>", as perf
 * prints them with --show-*-events. */
static void print_side_body(FILE *fp, struct machine *machine, const union perf_event *ev)
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
	case PERF_RECORD_SWITCH_CPU_WIDE:
		event__fprintf_switch(fp, ev);
		break;
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
	case PERF_RECORD_CGROUP: {
		const struct perf_record_cgroup *c = e;

		fprintf(fp, " cgroup: %" PRIu64 " %s\n", c->id, c->path);
		break;
	}
	case PERF_RECORD_NAMESPACES: {
		/* the kernel's namespace index order */
		static const char *const ns_names[] = {
			"net", "uts", "ipc", "pid", "user", "mnt", "cgroup",
		};
		const struct perf_record_namespaces *n = e;
		uint64_t nr = n->nr_namespaces;

		fprintf(fp, " %u/%u - nr_namespaces: %" PRIu64 "\n\t\t[", n->pid, n->tid, nr);
		for (uint64_t i = 0; i < nr; i++) {
			fprintf(fp, "%" PRIu64 "/%s: %" PRIu64 "/%#" PRIx64 "%s", i,
				i < ARRAY_SIZE(ns_names) ? ns_names[i] : "UNKNOWN",
				n->link_info[i].dev, n->link_info[i].ino,
				i + 1 == nr ? "" : (i + 1) % 4 ? ", " : ", \n\t\t ");
		}
		fputs("]\n", fp);
		break;
	}
	case PERF_RECORD_TEXT_POKE:
		print_text_poke(fp, machine, e);
		break;
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
	case PERF_RECORD_KSYMBOL:	/* text pokes patch such symbols too */
		need = sizeof(struct perf_record_ksymbol) + 1;
		if (!sc->show_bpf && !sc->show_text_poke)
			return false;
		break;
	case PERF_RECORD_BPF_EVENT:
		need = sizeof(struct perf_record_bpf_event);
		if (!sc->show_bpf)
			return false;
		break;
	case PERF_RECORD_CGROUP:
		need = sizeof(struct perf_record_cgroup) + 1;
		if (!sc->show_cgroup)
			return false;
		break;
	case PERF_RECORD_NAMESPACES: {
		const struct perf_record_namespaces *n = (const void *)ev;

		if (!sc->show_namespace || ev->header.size < sizeof(*n))
			return false;
		/* every link_info entry inside the record */
		if (n->nr_namespaces > (ev->header.size - sizeof(*n)) / sizeof(n->link_info[0]))
			return false;
		need = sizeof(*n);
		break;
	}
	case PERF_RECORD_TEXT_POKE: {
		const struct perf_record_text_poke *t = (const void *)ev;

		if (!sc->show_text_poke || ev->header.size < sizeof(*t) ||
		    (size_t)t->old_len + t->new_len > ev->header.size - sizeof(*t))
			return false;
		need = sizeof(*t);
		break;
	}
	default:
		return false;
	}
	if (ev->header.size < need)
		return false;
	/* the names printed with %s must end inside the record */
	return memchr((const char *)ev + need - 1, '\0',
		      ev->header.size - need + 1) != NULL ||
	       (ev->header.type != PERF_RECORD_COMM && ev->header.type != PERF_RECORD_MMAP &&
		ev->header.type != PERF_RECORD_MMAP2 && ev->header.type != PERF_RECORD_KSYMBOL &&
		ev->header.type != PERF_RECORD_CGROUP);
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
	FILE *fp = sc->out;	/* --per-event-dump too, as perf */

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
	case PERF_RECORD_NAMESPACES:
		pid = ((const struct perf_record_namespaces *)ev)->pid;
		tid = ((const struct perf_record_namespaces *)ev)->tid;
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
			    !sc->hide_callchain, &s, ev->header.type, ev->header.misc);
	fputs_unlocked("PERF_RECORD_", fp);
	fputs_unlocked(event__type_name(ev->header.type), fp);
	print_side_body(fp, sc->machine, ev);
}

static int script__event(struct tool *tool, const union perf_event *event,
			 const struct perf_sample *sample, struct session *session)
{
	struct script *sc = (struct script *)tool;
	bool show = side_shown(sc, event);
	int err;

	/* a pipe's records shown before its first sample: perf has taken
	 * the attrs already (the fields callchains add in pipe mode) */
	if (show && sc->pipe && !sc->name_width && session__evlist(session)->nr &&
	    script__setup(sc, session))
		return -EINVAL;

	/* perf prints an EXIT before the thread goes, the others after
	 * the record took effect */
	if (show && event->header.type == PERF_RECORD_EXIT)
		print_side(sc, event, sample, session);
	if (sc->exit_body) {	/* -D: the EXIT's body after its line */
		event_dump__body(&sc->dumper, event, sample, 0);
		sc->exit_body = false;
	}
	err = machine__process_event(sc->machine, event, sample);
	if (sc->dump && event->header.type == PERF_RECORD_FORK)
		machine__fprintf_fork_note(sc->machine, sc->dumper.fp);
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
	return machine__set_build_id(sc->machine, b->filename, event->header.misc, &bid);
}

/* function-pointer fields of tracepoints name the kernel's functions */
static const char *script__kernel_symbol(void *machine, uint64_t *addr, const char **mod)
{
	return machine__kernel_symbol(machine, addr, mod);
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
		if (script__trace_chain_fields(sc, el))
			sc->type_add[PERF_TYPE_TRACEPOINT] = F_IP | F_SYM | F_SYMOFF | F_DSO;
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
			sc->type_add[t] = (F_IP | F_SYM) & ~sc->out_types[out_type(t)].unset;
	}
}

/* Will lines read DWARF (inlined frames of callchains, srcline,
 * srccode)? Then it is opened on another thread from the start. */
static bool script__wants_dwarf(const struct script *sc, const struct evlist *el)
{
	for (int i = 0; i < el->nr; i++) {
		const struct evsel *e = el->entries[i];
		const struct script_out *o = &sc->out_types[out_type(e->attr.type)];
		uint64_t f = o->user_set ? o->fields : o->add;

		if (f & (F_SRCLINE | F_SRCCODE))
			return true;
		/* perf expands inlined frames in DWARF-unwound chains only */
		if (!sc->hide_callchain && !sc->symopts.no_inline &&
		    (e->attr.sample_type & PERF_SAMPLE_REGS_USER) &&
		    (e->attr.sample_type & PERF_SAMPLE_STACK_USER))
			return true;
	}
	return false;
}

static int script__setup(struct script *sc, struct session *session)
{
	struct env *env = session__env(session);
	struct evlist *el = session__evlist(session);

	machine__set_env_build_ids(sc->machine, env);
	if (env->tracing_data && !sc->tevent) {
		sc->tevent = trace_event__parse_session(session);
		if (!sc->tevent)
			pr_warning("the file's tracing data is damaged; tracepoint fields are not shown\n");
		else
			trace_event__set_resolver(sc->tevent, script__kernel_symbol, sc->machine);
	}
	/* tracepoints a damaged file does not name: from their formats */
	trace_event__name_events(sc->tevent, el);
	sc->arch = arch__by_name(env->arch);
	if (!sc->arch)
		sc->arch = arch__for_host();
	sc->name_width = 0;
	for (int i = 0; i < el->nr; i++) {
		int len = el->entries[i]->name ? (int)strlen(el->entries[i]->name) : 0;

		if (len > sc->name_width)
			sc->name_width = len;
	}
	script__type_fields(sc, el, session__is_pipe(session));
	if (sc->stitch_lbr && !sc->stitch_checked) {
		sc->stitch_checked = true;
		if (evlist__stitch_lbr_check(el, "script")) {
			sc->said = true;
			return -EINVAL;
		}
	}
	if (evswitch__active(&sc->evswitch) && evswitch__init(&sc->evswitch, el, "script")) {
		sc->said = true;
		return -EINVAL;
	}
	if (script__open_dumps(sc, el))
		return -EIO;
	if (script__wants_dwarf(sc, el))
		machine__prefetch_dwarf(sc->machine);
	return 0;
}

/* a pipe's fields are checked as perf checks them, before its features
 * (--header's lines) and side records print; again at the first sample,
 * for attrs that come later */
static int script__attrs_done(struct tool *tool, struct session *session)
{
	struct script *sc = (struct script *)tool;
	int err = check_fields(sc, session);

	if (!err)
		sc->checked = false;
	return err;
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
	}
	return script__sample(tool, event, sample, evsel, session);
}

/* --show-round-events: the record where it is in the file (records are
 * then not sorted by time, as perf does with this option) */
static int script__finished_round(struct tool *tool, const union perf_event *event,
				  struct session *session)
{
	struct script *sc = (struct script *)tool;

	(void)event;
	(void)session;
	fputs_unlocked("PERF_RECORD_FINISHED_ROUND\n", sc->out);
	return ferror(sc->out) ? -EIO : 0;
}

int cmd_script(int argc, const char **argv)
{
	struct script sc = { .out = stdout, .max_stack = 127, .inline_names = true,
			    .demangle = true };
	const char *input = NULL;
	struct session *session;
	bool show_kernel_path = false;
	int err;
	const struct option opts[] = {
		OPT_STRING('i', "input", &input, "file", "input file name (\"-\": stdin)"),
		OPT_CALLBACK('F', "fields", &sc, "str",
			     "output fields, [type:]f1,f2 or [type:]+f,-f (types hw,sw,trace,raw): comm,tid,pid,time,cpu,event,trace,ip,sym,symoff,dso,addr,period,srcline,misc,tod,flags,iregs,uregs,phys_addr,data_page_size,code_page_size,weight,ins_lat,callindent,ipc,insn,insnlen,brstack,brstacksym,brstackoff,srccode,data_src",
			     opt_fields),
		OPT_BOOLEAN(0, "ns", &sc.ns, "print timestamps with nanoseconds"),
		OPT_BOOLEAN('L', "Latency", &sc.latency,
			    "perf's latency layout: comm in 8 columns, the CPU as a number"),
		OPT_BOOLEAN(0, "reltime", &sc.reltime, "print times relative to the first line"),
		OPT_BOOLEAN(0, "deltatime", &sc.deltatime, "print times relative to the line before"),
		OPT_BOOLEAN(0, "show-task-events", &sc.show_task, "show the fork/comm/exit records"),
		OPT_BOOLEAN(0, "show-mmap-events", &sc.show_mmap, "show the mmap records"),
		OPT_BOOLEAN(0, "show-switch-events", &sc.show_switch, "show the context switch records"),
		OPT_BOOLEAN(0, "show-lost-events", &sc.show_lost, "show the lost records"),
		OPT_BOOLEAN(0, "show-bpf-events", &sc.show_bpf, "show the ksymbol/bpf records"),
		OPT_BOOLEAN(0, "show-round-events", &sc.show_round, "show the finished-round records"),
		OPT_BOOLEAN(0, "show-namespace-events", &sc.show_namespace,
			    "show the namespaces records"),
		OPT_BOOLEAN(0, "show-cgroup-events", &sc.show_cgroup, "show the cgroup records"),
		OPT_BOOLEAN(0, "show-text-poke-events", &sc.show_text_poke,
			    "show the text poke records"),
		OPT_BOOLEAN(0, "header", &sc.show_header, "show the data header"),
		OPT_BOOLEAN(0, "header-only", &sc.header_only, "show only the data header"),
		OPT_BOOLEAN('I', "show-info", &sc.show_info,
			    "with --header: also the topology features"),
		OPT_BOOLEAN('G', "hide-call-graph", &sc.hide_callchain, "do not print callchains"),
		OPT_INTEGER(0, "max-stack", &sc.max_stack, "callchain entries to print at most"),
		OPT_STRING(0, "switch-on", &sc.evswitch.on_name, "event",
			   "only samples after a sample of this event (left out itself)"),
		OPT_STRING(0, "switch-off", &sc.evswitch.off_name, "event",
			   "no samples after a sample of this event, until the --switch-on one"),
		OPT_BOOLEAN(0, "show-on-off-events", &sc.evswitch.show,
			    "keep the samples of the --switch-on/--switch-off events"),
		OPT_STRING(0, "time", &sc.filter.time_str, "str",
			   "only samples in these times: START,STOP (seconds; ranges separated by spaces), P%/N, P%-Q%"),
		OPT_STRING('C', "cpu", &sc.filter.cpu_str, "cpu", "only records of these CPUs (0-3,5)"),
		OPT_STRING(0, "pid", &sc.filter.pid_str, "pid[,pid...]", "only samples of these processes"),
		OPT_STRING(0, "tid", &sc.filter.tid_str, "tid[,tid...]", "only samples of these threads"),
		OPT_STRING('c', "comms", &sc.filter.comm_str, "comm[,comm...]", "only samples of these comms"),
		OPT_STRING(0, "dsos", &sc.filter.dso_str, "dso[,dso...]", "only samples in these dsos"),
		OPT_STRING('S', "symbols", &sc.filter.sym_str, "symbol[,symbol...]",
			   "only samples in these symbols"),
		OPT_INTEGER(0, "addr-range", &sc.filter.sym_addrs.range,
			    "with -S ADDR: samples at ADDR up to ADDR+N-1 too"),
		OPT_BOOLEAN(0, "inline", &sc.inline_names,
			    "show inlined functions as frames of callchains (default; --no-inline: not)"),
		OPT_BOOLEAN(0, "exact-unwind", &sc.symopts.exact_unwind,
			    "--call-graph dwarf: unwind an exec'd child's frames in files its parent "
			    "also mapped with their own CFI, where perf 6.1 cuts or garbles them"),
		OPT_BOOLEAN(0, "demangle", &sc.demangle,
			    "show C++/Rust symbol names demangled (default; --no-demangle: as in the file)"),
		OPT_BOOLEAN(0, "per-event-dump", &sc.per_event_dump,
			    "write each event's lines to INPUT.EVENT.dump instead of stdout"),
		OPT_BOOLEAN('f', "force", &sc.force,
			    "accepted as perf takes it (mperf reads files of any owner)"),
		OPT_BOOLEAN(0, "demangle-kernel", &sc.symopts.demangle_kernel,
			    "demangle the C++/Rust names of a vmlinux (-k) too"),
		OPT_BOOLEAN(0, "full-source-path", &sc.symopts.full_source_path,
			    "source lines with the whole path of their file"),
		OPT_STRING(0, "symfs", &sc.symopts.symfs, "directory",
			   "look for symbol files relative to this directory"),
		OPT_STRING(0, "kallsyms", &sc.symopts.kallsyms, "file", "kallsyms file for kernel symbols"),
		OPT_STRING('k', "vmlinux", &sc.symopts.vmlinux, "file", "vmlinux file for kernel symbols"),
		/* perf's options that mperf lacks: one line each says so */
		OPT_UNSUPPORTED('s', "script", "mperf runs no perl/python scripts; pipe its output instead"),
		OPT_UNSUPPORTED('g', "gen-script", "mperf runs no perl/python scripts"),
		OPT_UNSUPPORTED('l', "list", "mperf runs no perl/python scripts"),
		OPT_UNSUPPORTED(0, "dlfilter", "dlfilters are not loaded"),
		OPT_UNSUPPORTED(0, "dlarg", "dlfilters are not loaded"),
		OPT_UNSUPPORTED(0, "list-dlfilters", "dlfilters are not loaded"),
		OPT_INCR('v', "verbose", &verbose, "more messages on stderr (the output stays the same)"),
		OPT_BOOLEAN('D', "dump-raw-trace", &sc.dump,
			    "dump every record (hex bytes and decoded fields) before its output"),
		OPT_BOOLEAN(0, "dump-unsorted-raw-trace", &sc.dump_unsorted,
			    "-D with the records in file order (not sorted by time)"),
		OPT_BOOLEAN('d', "debug-mode", &sc.debug_mode,
			    "print no samples: check that their times are in order"),
		OPT_UNSUPPORTED('a', "all-cpus", "mperf script does not record; use mperf record -a"),
		OPT_BOOLEAN(0, "stitch-lbr", &sc.stitch_lbr,
			    "stitch LBR callchains (perf's; off without them, refused with them)"),
		OPTS_UNSUPPORTED_REPORT_SCRIPT,
		OPT_UNSUPPORTED(0, "insn-trace", "AUX-area traces (intel_pt) are not decoded"),
		OPT_UNSUPPORTED(0, "call-trace", "AUX-area traces (intel_pt) are not decoded"),
		OPT_UNSUPPORTED(0, "call-ret-trace", "AUX-area traces (intel_pt) are not decoded"),
		OPT_UNSUPPORTED(0, "graph-function", "AUX-area traces (intel_pt) are not decoded"),
		OPT_STRING(0, "stop-bt", &sc.stop_bt_str, "symbol[,symbol...]",
			   "end the callchains printed at these symbols"),
		OPT_UNSUPPORTED(0, "xed", "instructions are decoded with capstone"),
		OPT_INTEGER(0, "max-blocks", &sc.max_blocks,
			    "brstackinsn: the last N blocks between branches at most (0: all)"),
		OPT_BOOLEAN(0, "show-kernel-path", &show_kernel_path,
			    "name the kernel by the path of its -k vmlinux"),
		OPT_UNSUPPORTED(0, "guestmount", "guest machines are not read"),
		OPT_UNSUPPORTED(0, "guestvmlinux", "guest machines are not read"),
		OPT_UNSUPPORTED(0, "guestkallsyms", "guest machines are not read"),
		OPT_UNSUPPORTED(0, "guestmodules", "guest machines are not read"),
		OPT_UNSUPPORTED(0, "guest-code", "guest machines are not read"),
		OPT_END()
	};
	static const char *const usage[] = { "mperf script [<options>]", NULL };

	argc = parse_options(argc, argv, opts, usage, 0);
	if (argc < 0)
		return parse_options_exit(argc);
	if (show_kernel_path)
		sc.shown_kernel_path = sc.symopts.vmlinux ? sc.symopts.vmlinux : "";
	if (argc > 0) {
		pr_err("unexpected argument '%s' (mperf script does not run scripts)\n", argv[0]);
		return 1;
	}
	if (strlist__parse(&sc.stop_bt, sc.stop_bt_str))
		return 1;
	/* a -k file that is not there stops perf before any reading */
	if (symbol_opts__check_vmlinux(&sc.symopts, "script"))
		return 255;
	/* (perf reads before its branch stack then: what it prints changes
	 * with the number) */
	if (sc.max_blocks < 0) {
		pr_err("--max-blocks %d: give the number of blocks to show, 0 for all\n",
		       sc.max_blocks);
		return 129;
	}
	if (sc.reltime && sc.deltatime) {
		pr_err("--reltime and --deltatime: times are either from the first line or from the line before; give one of them\n");
		return 255;
	}
	if (!input)
		input = isatty(0) ? "perf.data" : "-";
	sc.input = input;
	/* large writes: a script output is often millions of lines */
	setvbuf(sc.out, NULL, _IOFBF, 1 << 18);
	sc.tool.sample = script__sample;
	sc.tool.event = script__event;
	sc.tool.user_event = script__user_event;
	sc.tool.ordered_events = true;
	/* as perf: the records in file order, the rounds between them */
	if (sc.show_round) {
		sc.tool.ordered_events = false;
		sc.tool.finished_round = script__finished_round;
	}
	/* as perf: the unsorted dump delivers the records in file order */
	if (sc.dump_unsorted) {
		sc.dump = true;
		sc.tool.ordered_events = false;
	}
	if (sc.dump)
		sc.tool.dump = script__dump;
	session = session__new(input, &sc.tool);
	if (!session)
		return 255;	/* perf's status for a file it cannot read (it says why) */
	if (session__is_pipe(session)) {
		sc.tool.sample = script__sample_pipe;
		sc.tool.attrs_done = script__attrs_done;
		sc.pipe = true;
	}
	/* as perf: a file whose events lack sample_id_all is read in file
	 * order (its side-band records carry no time) */
	if (session__file_order(session))
		sc.tool.ordered_events = false;
	if (sc.dump) {
		struct env *env = session__env(session);
		struct evlist *el = session__evlist(session);
		const struct arch_ops *ops = env && env->arch ? arch__by_name(env->arch) :
					     arch__for_host();

		sc.dumper.fp = sc.out;
		sc.dumper.script = true;
		sc.dumper.round = sc.show_round ? DUMP_ROUND_SHOWN :
				  !sc.tool.ordered_events ? DUMP_ROUND_UNHANDLED : DUMP_ROUND_ORDERED;
		sc.dumper.reg_name = ops ? ops->reg_name : NULL;
		sc.dumper.path = sc.pipe ? "pipe" : input;
		sc.dumper.base = sc.pipe ? sizeof(struct perf_pipe_file_header) : 0;
		if (!sc.dump_unsorted && el && el->nr && !el->entries[0]->attr.sample_id_all)
			fprintf(sc.out, "WARNING: No sample_id_all support, falling back to unordered processing\n");
	}
	if (sc.show_header || sc.header_only) {
		session__header(session)->group_attr_name = true;
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
	/* -I alone: in pipe mode perf prints the features (in full) as
	 * their records arrive, without the header block */
	else if (sc.show_info && session__is_pipe(session))
		session__set_feature_printer(session, sc.out, true);
	if (check_hidden_types(&sc, session)) {
		session__delete(session);
		return 255;
	}
	/* perf checks the fields of a file's events before --time & co */
	sc.env = session__env(session);
	if (!session__is_pipe(session) && check_fields(&sc, session)) {
		session__delete(session);
		return 255;
	}
	if (script_filter__setup(&sc.filter, session, sc.reltime)) {
		int status = sc.filter.status;

		script_filter__exit(&sc.filter);
		session__delete(session);
		return status;
	}
	sc.symopts.no_inline = !sc.inline_names;
	sc.symopts.no_demangle = !sc.demangle;
	sc.machine = machine__new(&sc.symopts);
	if (!sc.machine) {
		script_filter__exit(&sc.filter);
		session__delete(session);
		return 1;
	}
	sc.machine->env = session__env(session);
	sc.env = session__env(session);
	/* the setup parses the tracing data in a trial child (fork): before
	 * any other thread runs, so no lock of one is held in the child */
	if (!session__is_pipe(session)) {
		if (script__setup(&sc, session) || check_fields(&sc, session)) {
			err = -EINVAL;
			goto out;
		}
	}
	if (session__kernel_samples_likely(session, PREFETCH_WINDOW))
		machine__prefetch_kernel(sc.machine, session__evlist(session));
	err = session__process_events(session);
	if (err && err != -EPIPE && !sc.fields_refused && !sc.said)
		pr_err("%s: %s\n", session__path(session), strerror(-err));
	if (sc.debug_mode && !err)
		pr_info("Misordered timestamps: %" PRIu64 "\n", sc.nr_misordered);
out:
	fflush(sc.out);
	if (script__close_dumps(&sc) && !err)
		err = -EIO;
	insn_reader__delete(sc.insn);
	srccode__delete(sc.srccode);
	while (sc.srcpos) {
		struct srcpos *next = sc.srcpos->next;

		free(sc.srcpos);
		sc.srcpos = next;
	}
	callchain_cursor__exit(&sc.cursor);
	trace_event__delete(sc.tevent);
	machine__delete(sc.machine);
	script_filter__exit(&sc.filter);
	script_stat__exit(&sc.stat);
	strlist__exit(&sc.stop_bt);
	script_metric__exit(&sc.metric);
	session__delete(session);
	/* a -F field the samples do not have: perf's status (in a pipe
	 * perf refuses while it reads the attr records: its -EINVAL, 234) */
	if (sc.fields_refused)
		return sc.pipe ? 234 : 255;
	if (sc.dumps_failed)
		return 255;
	return err ? 1 : 0;
}
