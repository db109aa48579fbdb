// SPDX-License-Identifier: GPL-2.0
/*
 * mperf report: read a perf.data (file or pipe), rebuild the machine,
 * resolve samples and print perf report's --stdio tables.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "builtin.h"
#include "ui/annotate.h"
#include "ui/hist-browser.h"
#include "ui/stdio-hist.h"
#include "util/report-outputs.h"	/* flame helper: --flamegraph/--folded/--json/--pprof/--diff */
#include "util/mem-src.h"
#include "util/alloc.h"
#include "util/callchain.h"
#include "util/debug.h"
#include "arch/arch.h"
#include "util/dso.h"
#include "util/event-dump.h"
#include "util/event.h"
#include "util/evlist.h"
#include "util/evsel.h"
#include "util/evswitch.h"
#include "util/header.h"
#include "util/hist.h"
#include "util/machine.h"
#include "util/map.h"
#include "util/maps.h"
#include "util/parse-options.h"
#include "util/session.h"
#include "util/sort.h"
#include "util/srcline.h"
#include "util/symbol.h"
#include "util/tasks.h"
#include "util/thread.h"
#include "util/time-range.h"
#include "util/trace-event.h"
#include "util/sym-addrs.h"
#include "util/strlist.h"
#include "util/cpumap.h"

/* -T: counts per thread (rows) and event (columns) */
struct thread_values {
	int32_t *pid, *tid;
	int nr_threads;
	struct evsel **counter;
	int nr_counters;
	uint64_t *value;	/* rows x cols, row-major */
	int rows, cols;
};

/* perf's count of the branches by their kind (report's branch mode) */
struct branch_types {
	uint64_t type[16], new_type[8];
	uint64_t cond_fwd, cond_bwd, cross_4k, cross_2m;
};

struct report_cgroup {
	uint64_t id;
	char *path;
};

struct report {
	struct tool tool;
	struct session *session;
	struct machine *machine;
	/* per event (evsel idx): its entries, and --stats' count of its
	 * samples, all, unfiltered; grown as events are met */
	struct hists **hists;
	uint64_t *nr_event_samples;
	uint64_t *nr_event_lost;	/* LOST_SAMPLES' counts, by event (--stats) */
	int nr_hists;
	struct callchain_cursor cursor;
	struct report_cgroup *cgroups;	/* CGROUP records: id -> path */
	size_t nr_cgroups, alloc_cgroups;
	/* options */
	const char *input, *sort_order, *fields, *call_graph;
	const char *comm_list, *pid_list, *tid_list, *dso_list, *sym_list, *cpu_list;
	const char *symbol_filter;	/* --symbol-filter: substring of entry symbols */
	bool show_cpu_util;		/* --show-cpu-utilization: sys and usr columns */
	/* --mem-mode: memory samples weighed by their weight, the memory
	 * keys, perf's default order of them */
	bool mem_mode;
	/* --branch-history: perf's call graphs by address and -s
	 * srcline,symbol,dso; the branch records it would add to the
	 * chains are not (a file with branch stacks is refused) */
	bool branch_history;
	bool need_mem;			/* a memory key: resolve data addresses */
	const char *sort_shown;		/* "# Sort order" of --mem-mode */
	/* branch mode (-b, the default for files with the BRANCH_STACK
	 * feature): an entry per branch of the samples' branch stacks, the
	 * branch keys; branch_opt: -b 1, --no-branch-stack 0, neither -1 */
	int branch_opt;
	bool branch;
	bool need_br_srcline;		/* a srcline_from/srcline_to key */
	struct branch_types brtypes;	/* the closing "Branch Statistics" */
	bool exclude_other;		/* -x: hide samples without a parent match */
	const char *time_quantum_str;
	uint64_t time_quantum;		/* -s time slots (ns) */
	int socket_filter;		/* --socket-filter: the socket, or -1 */
	bool tasks, mmaps;		/* --tasks, --mmaps: the thread tree */
	/* perf's dynamic sort keys: tracepoint fields, by key index (as
	 * many as the file's events have: each array alloc_dyn long) */
	struct trace_field *dyn;
	struct sort_key **dyn_key;	/* owned */
	bool *dyn_raw;			/* "field/raw" or --raw-trace */
	bool *dyn_narrow;		/* sort_ctx.dyn_narrow */
	int nr_dyn, alloc_dyn;
	bool raw_trace;			/* --raw-trace */
	bool usage_error;		/* a key error found once the file was open */
	struct dyn_row *dyn_scratch;	/* a sample's row of keys */
	/* by event (evsel idx): the range of field keys [lo, hi) its
	 * samples' rows hold (its own fields'; all with dyn_foreign) */
	struct { int lo, hi; } *dyn_ev;
	int nr_dyn_ev;
	/* the entries' rows and the fields' bytes, freed at once */
	struct callchain_arena dyn_arena;
	/* the fields' bytes, interned: open addressing, each slot with its
	 * hash (a probe reads no blob of another hash) */
	struct dyn_bytes_slot *dyn_bytes;
	size_t dyn_bytes_size, nr_dyn_bytes;
	bool skip_empty;		/* --stats without zero counts (default) */
	bool demangle, force;
	bool ignore_vmlinux;		/* --ignore-vmlinux: -k is not read */
	const char *parent_pattern;
	const char *time_str;	/* --time */
	struct time_ranges time;
	struct symbol_opts symopts;
	bool inline_names;		/* --inline (default), --no-inline */
	int children;		/* -1: default (on when the file has callchains) */
	bool show_nr_samples, header, header_only, stats, threads, inverted;
	bool stats_given;	/* --stats itself (-D sets stats too) */
	bool no_children_flag, children_flag, stdio, tui, show_full_info;
	bool no_quality;
	const char *pretty;		/* --pretty: perf 6.1 ignores it too */
	bool show_ref;			/* --show-ref-call-graph */
	bool group;		/* group view of event groups (perf's default) */
	bool group_set;		/* --group/--no-group given */
	bool forced_group;	/* all events made one group (see report__force_group) */
	bool dump;		/* -D: perf's raw record dump */
	/* a pipe's features as their records come (--header, -I), held
	 * until the lines of single-value filters are out: perf prints
	 * those ("# comm: ls") before it reads the pipe */
	FILE *feat_fp;
	char *feat_buf;
	size_t feat_len;
	bool dyn_foreign;	/* a group view of field keys: entries get the
				 * other events' fields too (struct dyn_cell) */
	/* --disable-order: as perf 6.1, the records of a -D dump come in
	 * file order; a report still reads them in time order */
	bool disable_order;
	bool show_total_period;	/* --show-total-period: a Period column */
	/* perf's "+" lists: -s +KEYS (the default keys, then KEYS) and -F
	 * +FIELDS (the default columns and keys, FIELDS' columns first) */
	bool sort_plus;
	const char *fields_plus;
	char *plus_order;		/* the expanded -s list (owned) */
	bool plus_sys, plus_us;		/* -F +overhead_sys / +overhead_us */
	bool plus_sample, plus_period;	/* -F +sample / +period (not -n, ...) */
	bool ns;		/* --ns: -s time in nanoseconds */
	bool hierarchy;		/* --hierarchy */
	bool in_sort_list;	/* (setup) the -s list's names are added */
	bool view_failed;	/* a table could not be shown (said why): exit 1 */
	bool stitch_lbr;	/* --stitch-lbr (warned off, or refused) */
	bool hide_unresolved;	/* -U: samples and frames without a symbol */
	const char *percentage;	/* --percentage relative|absolute */
	bool pct_relative;
	struct event_dump dumper;
	int max_stack;
	double percent_limit;
	const char *field_sep;
	struct report_outputs outputs;	/* flame helper (util/report-outputs.h) */
	/* state */
	bool setup_done;
	bool use_callchain;	/* graph output */
	bool need_callchain;	/* children, parent or graph */
	bool has_callchains;	/* the file has them */
	bool need_srcline;
	bool need_parent;	/* the parent sort key is used */
	bool need_trace;	/* the trace sort key is used */
	/* field keys read their texts from the formatted record */
	bool dyn_pretty;
	/* the sample being added, for report__dyn_entry, and its formatted
	 * record once made (NULL: not yet) */
	const struct perf_sample *dyn_sample;
	struct evsel *dyn_evsel;
	const char *dyn_trace;
	struct trace_event *tevent;
	char *trace_buf;
	size_t trace_size;
	FILE *trace_fp;		/* a memstream into trace_buf, kept open */
	struct callchain_param cc;
	/* the keys, the columns (fields_v) and the output order: grown as
	 * they are named (a tracepoint field key in each level it is named
	 * in with --hierarchy) */
	const struct sort_key **keys;
	int nr_keys, alloc_keys;
	struct sort_field *fields_v;
	int alloc_fields;
	/* -F with -s: the output order (the -s keys, then the -F fields) */
	struct sort_field *order_v;
	int alloc_order;
	/* columns named in the header instead ("# comm: ls") */
	struct { const char *name, *value; } elided[3];
	int nr_elided;
	int nr_order, nr_order_s;	/* nr_order_s: the -s part of order_v */
	bool parent_first;	/* -p with -F alone: order_v is parent, -F */
	bool hint_printed;	/* the "--header" hint line, before a pipe's features */
	int nr_fields;
	int cur_level;		/* the -s level the fields being added take */
	uint64_t out_skip;	/* keys of elided columns (hists_opts) */
	struct sort_ctx sort;	/* the keys' -v, --ns, cgroup names (hists_opts) */
	bool last_elided;	/* the last column is elided */
	bool collapse_s;	/* a -s key collapses (perf's collapse pass) */
	bool sort_overheads;	/* -s names an overhead: order_v is the -s order */
	bool dso_s;		/* dso is a -s key */
	bool sym_s;		/* sym is a -s key */
	struct strlist comms, dsos, syms;
	struct sym_addrs sym_addrs;	/* the hex entries of --symbols */
	int32_t *pids, *tids;
	int nr_pids, nr_tids;
	uint64_t cpu_mask[16];
	bool cpu_filter;
	int cpu_max;		/* the highest CPU of -C, -1: none */
	bool cpu_bad;		/* -C's list is not one */
	regex_t parent_re;
	bool parent_re_ok;
	struct evswitch evswitch;	/* --switch-on/--switch-off */
	const char *ignore_callees;	/* --ignore-callees regex */
	int group_sort_idx;		/* --group-sort-idx, INT_MIN: not given */
	const char *percent_type;	/* --percent-type (the TUI's annotate view) */
	/* perf's annotate options: the TUI's annotate view takes -M and
	 * --asm-raw; the others change nothing, as in perf's --stdio */
	const char *objdump, *disasm_style, *prefix, *prefix_strip;
	bool asm_raw, source;
	int samples;
	struct annotate_style annot_style;
	const char *stdio_color;	/* --stdio-color always|never|auto */
	const char *col_widths_str;	/* -w/--column-widths */
	int *col_widths;
	int nr_col_widths, alloc_col_widths;
	regex_t callees_re;
	bool callees_re_ok;
	uint64_t nr_samples, nr_filtered, nr_lost;
	/* samples -C dropped (perf adds no entry: none left is a file
	 * without samples for perf), and those --time left out */
	uint64_t nr_cpu_filtered, nr_time_skipped;
	uint64_t nr_unresolved_hidden;	/* samples -U dropped */
	int err;
	struct tui_report *tui_rep;	/* the TUI is up (ui/hist-browser.h) */
	struct thread_values tvalues;
};

/* perf's sort order of --mem-mode, as its header names it; its
 * p_stage_cyc key shows nothing on x86 (see cmd_report), so the keys used
 * are those before it */
static const char mem_sort_order[] = "local_weight,mem,sym,dso,symbol_daddr,dso_daddr,snoop,"
				     "tlb,locked,blocked,local_ins_lat,local_p_stage_cyc";
/* perf's sort keys in branch mode */
static const char branch_sort_keys[] = "comm,dso_from,symbol_from,symbol_to,cycles";
static const char mem_sort_keys[] = "local_weight,mem,sym,dso,symbol_daddr,dso_daddr,snoop,"
				    "tlb,locked,blocked,local_ins_lat";

static int parse_int_list(const char *s, int32_t **out, int *nr)
{
	char *end;

	if (!s)
		return 0;
	while (*s) {
		long v = strtol(s, &end, 10);
		int32_t *p;

		if (end == s)
			return -EINVAL;
		p = realloc(*out, (size_t)(*nr + 1) * sizeof(*p));
		if (!p)
			return -ENOMEM;
		*out = p;
		p[(*nr)++] = (int32_t)v;
		s = end;
		if (*s == ',')
			s++;
		else if (*s)
			return -EINVAL;
	}
	return 0;
}

/* -C: the mask of the CPUs listed ("" filters every sample out, as
 * perf); the highest is checked against the recording's once it is read */
static int parse_cpu_list(struct report *rep, const char *s)
{
	int *cpus, nr;

	rep->cpu_filter = true;
	if (!*s)
		return 0;
	if (cpu_list__parse(s, true, &cpus, &nr))
		return -EINVAL;
	for (int i = 0; i < nr; i++) {
		if (cpus[i] >= 1024) {
			free(cpus);
			return -EINVAL;
		}
		rep->cpu_mask[cpus[i] / 64] |= 1ULL << (cpus[i] % 64);
	}
	rep->cpu_max = cpus[nr - 1];
	free(cpus);
	return 0;
}

/* -C names a CPU beyond the recording's (when the file says how many) */
static bool report__cpu_unknown(const struct report *rep)
{
	const struct env *env = session__env(rep->session);

	return env && env->nr_cpus_avail > 0 && (uint32_t)rep->cpu_max >= env->nr_cpus_avail;
}

static bool int_list_has(const int32_t *v, int nr, int32_t x)
{
	int i;

	for (i = 0; i < nr; i++)
		if (v[i] == x)
			return true;
	return false;
}

static int report__add_field(struct report *rep, const char *name, bool is_f);

/* a C identifier, "sys:event." before it, "/raw" after it */
static bool report__may_be_dynamic(const char *tok)
{
	size_t n = strcspn(tok, "/");

	if (tok[n] && strcmp(tok + n, "/raw"))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!(tok[i] == '_' || tok[i] == ':' || tok[i] == '.' || tok[i] == '-' ||
		      (tok[i] >= 'a' && tok[i] <= 'z') || (tok[i] >= 'A' && tok[i] <= 'Z') ||
		      (tok[i] >= '0' && tok[i] <= '9')))
			return false;
	return n > 0;
}

/* @f appended to the columns (fields_v); 0 or -ENOMEM */
static int report__push_field(struct report *rep, struct sort_field f)
{
	if (ALLOC_GROW(rep->fields_v, rep->nr_fields + 1, rep->alloc_fields, 32))
		return -ENOMEM;
	rep->fields_v[rep->nr_fields++] = f;
	return 0;
}

/* @f appended to the output order (order_v); 0 or -ENOMEM */
static int report__push_order(struct report *rep, struct sort_field f)
{
	if (ALLOC_GROW(rep->order_v, rep->nr_order + 1, rep->alloc_order, 32))
		return -ENOMEM;
	rep->order_v[rep->nr_order++] = f;
	return 0;
}

/* @key among the merge keys (once); 0 or -ENOMEM */
static int report__push_key(struct report *rep, const struct sort_key *key)
{
	for (int i = 0; i < rep->nr_keys; i++)
		if (rep->keys[i] == key)
			return 0;
	if (ALLOC_GROW(rep->keys, rep->nr_keys + 1, rep->alloc_keys, 32))
		return -ENOMEM;
	rep->keys[rep->nr_keys++] = key;
	return 0;
}

/* room for one more dynamic key in each of its arrays (one count,
 * alloc_dyn, for the four); the flags of new ones false. 0 or -ENOMEM */
static int report__dyn_room(struct report *rep)
{
	size_t n = rep->alloc_dyn ? 2 * (size_t)rep->alloc_dyn : 64;
	void *p;

	if (rep->nr_dyn < rep->alloc_dyn)
		return 0;
	if (n > INT_MAX)
		return -ENOMEM;
	/* (each array as it is where one fails: alloc_dyn stays) */
#define DYN_RESIZE(arr)							\
	do {								\
		p = alloc__resize(arr, n, sizeof(*(arr)));		\
		if (!p)							\
			return -ENOMEM;					\
		(arr) = p;						\
	} while (0)
	DYN_RESIZE(rep->dyn);
	DYN_RESIZE(rep->dyn_key);
	DYN_RESIZE(rep->dyn_raw);
	DYN_RESIZE(rep->dyn_narrow);
#undef DYN_RESIZE
	memset(rep->dyn_raw + rep->alloc_dyn, 0, n - (size_t)rep->alloc_dyn);
	memset(rep->dyn_narrow + rep->alloc_dyn, 0, n - (size_t)rep->alloc_dyn);
	rep->alloc_dyn = (int)n;
	return 0;
}

/* a dynamic key's column: at least its name, and a string array's size
 * or a number's hex digits ("0x" and two per byte), as perf sizes it */
static int report__add_dyn_key(struct report *rep, const struct trace_field *tf, bool raw)
{
	int w = (int)strlen(tf->name), fw = tf->string ? (int)tf->size : (int)tf->size * 2 + 2;
	struct sort_key *key;
	struct sort_field f = { .kind = FIELD_KEY, .level = rep->cur_level };

	/* a field named twice (also with and without /raw, or through
	 * trace_fields) is one column, the first, as perf; but perf's
	 * --hierarchy makes a column of every -s name of a field, the same
	 * field again included ('-s id,comm,id': id / Command / id; in one
	 * level too: '{id,trace_fields}' is id+id+args), each a column of
	 * its own (its own width: a __data_loc field's lengths read in that
	 * level's walks) */
	for (int k = 0; k < rep->nr_dyn && !rep->hierarchy; k++)
		if (rep->dyn[k].id == tf->id && !strcmp(rep->dyn[k].name, tf->name))
			return 0;
	if (report__dyn_room(rep))
		return -ENOMEM;
	key = sort_key__dynamic_new(rep->nr_dyn, tf->name, fw > w ? fw : w);
	if (!key)
		return -ENOMEM;
	/* (perf's --hierarchy reads lengths in walks of its own levels:
	 * stdio-hierarchy replays those) */
	key->dyn_var = tf->dynamic;
	key->dyn_loc = tf->dynamic && !rep->hierarchy;
	key->dyn_off = tf->offset;
	rep->dyn[rep->nr_dyn] = *tf;
	rep->dyn_key[rep->nr_dyn] = key;
	rep->dyn_raw[rep->nr_dyn++] = raw || rep->raw_trace;
	key->dyn_pretty = !(raw || rep->raw_trace);
	f.key = key;
	if (report__push_key(rep, key))
		return -ENOMEM;
	return report__push_field(rep, f);
}

static const char *report__kernel_symbol(void *machine, uint64_t *addr, const char **mod)
{
	return machine__kernel_symbol(machine, addr, mod);
}

/* The file's tracepoint formats, parsed once, with %pS and the like shown
 * as kernel symbols (perf's call_site=func+0x1f); NULL: none or damaged */
static struct trace_event *report__tevent(struct report *rep)
{
	struct env *env = session__env(rep->session);

	if (rep->tevent || !env || !env->tracing_data)
		return rep->tevent;
	rep->tevent = trace_event__parse_session(rep->session);
	if (rep->tevent)
		trace_event__set_resolver(rep->tevent, report__kernel_symbol, rep->machine);
	return rep->tevent;
}

/*
 * perf's dynamic sort keys: "FIELD", "EVENT.FIELD" or "SYS:EVENT.FIELD"
 * (a column for each tracepoint event of the file that has the field), or
 * "trace_fields" (every field of every tracepoint event); "/raw" shows the
 * field's value rather than the formatted record's text. Returns how many
 * keys were added (0: the name is none of these), or -errno.
 */
static int report__add_dynamic(struct report *rep, const char *name)
{
	struct evlist *el = session__evlist(rep->session);
	char tok[256], *slash, *dot, evname[256];
	bool raw = false, all;
	int added = 0, err;

	if (!el || snprintf(tok, sizeof(tok), "%s", name) >= (int)sizeof(tok))
		return 0;
	slash = strchr(tok, '/');
	if (slash) {
		if (strcmp(slash, "/raw"))
			return 0;
		raw = true;
		*slash = '\0';
	}
	all = !strcmp(tok, "trace_fields");
	dot = strrchr(tok, '.');
	if (dot)
		*dot++ = '\0';
	if (!report__tevent(rep))
		return 0;
	for (int i = 0; i < el->nr; i++) {
		const struct evsel *e = el->entries[i];
		struct trace_field tf[64];

		if (e->attr.type != PERF_TYPE_TRACEPOINT ||
		    trace_event__name(rep->tevent, e->attr.config, evname, sizeof(evname)) < 0)
			continue;
		if (dot) {	/* EVENT.FIELD: this event's, by "sys:name" or "name" */
			const char *colon = strchr(evname, ':');

			if (strcmp(tok, evname) && (!colon || strcmp(tok, colon + 1)))
				continue;
		}
		if (all) {
			int n = trace_event__fields(rep->tevent, e->attr.config, tf, 64);

			for (int k = 0; k < n && k < 64; k++) {
				err = report__add_dyn_key(rep, &tf[k], raw);
				if (err)
					return err;
				added++;
			}
			continue;
		}
		if (trace_event__field(rep->tevent, e->attr.config, dot ? dot : tok, &tf[0]))
			continue;
		err = report__add_dyn_key(rep, &tf[0], raw);
		if (err)
			return err;
		added++;
	}
	if (added)
		rep->dyn_pretty = true;	/* the formatted record holds the text */
	return added;
}

static int report__dyn_index(const struct report *rep, const struct sort_key *key)
{
	for (int k = 0; k < rep->nr_dyn; k++)
		if (rep->dyn_key[k] == key)
			return k;
	return -1;
}

/* sort_ctx.dyn_text: a field's own print, from its bytes (perf's when
 * the formatted record lacks the field), made when shown */
static int report__dyn_text(void *arg, int i, const struct dyn_bytes *bytes, char *buf,
			    size_t size)
{
	struct report *rep = arg;

	trace_event__field_text(&rep->dyn[i], bytes->b, bytes->len, buf, size);
	return (int)strlen(buf);
}


struct dyn_bytes_slot {
	uint64_t hash;
	struct dyn_bytes *d;	/* NULL: free */
};

static uint64_t dyn_bytes__hash(const void *p, size_t n)
{
	const unsigned char *b = p;
	uint64_t h = 0xcbf29ce484222325ULL;

	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 0x100000001b3ULL;
	h ^= h >> 31;
	h *= 0x9e3779b97f4a7c15ULL;
	return h ^ (h >> 29);
}

/* @n bytes at @p, interned */
static const struct dyn_bytes *report__dyn_bytes(struct report *rep, const void *p, size_t n)
{
	uint64_t h = dyn_bytes__hash(p, n);
	struct dyn_bytes_slot *e;
	struct dyn_bytes *d;
	size_t i, slot;

	if (rep->nr_dyn_bytes * 2 >= rep->dyn_bytes_size) {
		size_t size = rep->dyn_bytes_size ? rep->dyn_bytes_size * 2 : 1024;
		struct dyn_bytes_slot *t = calloc(size, sizeof(*t));

		if (!t)
			return NULL;
		for (i = 0; i < rep->dyn_bytes_size; i++) {
			e = &rep->dyn_bytes[i];
			if (!e->d)
				continue;
			for (slot = e->hash & (size - 1); t[slot].d; slot = (slot + 1) & (size - 1))
				;
			t[slot] = *e;
		}
		free(rep->dyn_bytes);
		rep->dyn_bytes = t;
		rep->dyn_bytes_size = size;
	}
	for (slot = h & (rep->dyn_bytes_size - 1); (e = &rep->dyn_bytes[slot])->d;
	     slot = (slot + 1) & (rep->dyn_bytes_size - 1))
		if (e->hash == h && e->d->len == n && (!n || !memcmp(e->d->b, p, n)))
			return e->d;
	/* b: at least 8 bytes, so head reads them all */
	d = callchain_arena__alloc(&rep->dyn_arena, sizeof(*d) + (n > 8 ? n : 8));
	if (!d)
		return NULL;
	if (n)
		memcpy(d->b, p, n);
	d->len = (uint32_t)n;
	for (i = 0; i < 8; i++)
		d->head = d->head << 8 | d->b[i];
	*e = (struct dyn_bytes_slot){ h, d };
	rep->nr_dyn_bytes++;
	return d;
}

/*
 * The row of a tracepoint sample's field keys: each field's bytes
 * (interned), what entries merge and sort by; valid while the sample
 * is added. An entry's row has the texts shown too, made when the entry
 * is (report__dyn_entry): perf formats an entry's first sample, not
 * every sample.
 */
/* the field keys of @evsel's rows (report.dyn_ev); false: no memory */
static bool report__dyn_range(struct report *rep, const struct evsel *evsel, int *lo, int *hi)
{
	const struct evlist *el = session__evlist(rep->session);
	int i = evsel->idx;

	if (rep->dyn_foreign || i < 0) {
		*lo = 0;
		*hi = i < 0 && !rep->dyn_foreign ? 0 : rep->nr_dyn;
		return true;
	}
	if (i >= rep->nr_dyn_ev) {
		int n = el && el->nr > i ? el->nr : i + 1;
		void *p = alloc__resize(rep->dyn_ev, (size_t)n, sizeof(*rep->dyn_ev));

		if (!p)
			return false;
		rep->dyn_ev = p;
		for (int e = rep->nr_dyn_ev; e < n; e++)
			rep->dyn_ev[e].lo = -1;
		rep->nr_dyn_ev = n;
	}
	if (rep->dyn_ev[i].lo < 0) {
		int l = rep->nr_dyn, h = 0;

		for (int k = 0; k < rep->nr_dyn; k++) {
			if (rep->dyn[k].id != evsel->attr.config)
				continue;
			l = k < l ? k : l;
			h = k + 1;
		}
		rep->dyn_ev[i].lo = l < h ? l : 0;
		rep->dyn_ev[i].hi = h;
	}
	*lo = rep->dyn_ev[i].lo;
	*hi = rep->dyn_ev[i].hi;
	return true;
}

static const struct dyn_row *report__dyn_keys(struct report *rep, const struct perf_sample *sample,
					      const struct evsel *evsel)
{
	struct dyn_row *row = rep->dyn_scratch;
	int lo, hi;

	if (!row) {
		row = malloc(sizeof(struct dyn_row) + rep->nr_dyn * sizeof(struct dyn_cell));
		if (!row)
			return NULL;
		rep->dyn_scratch = row;
	}
	if (!report__dyn_range(rep, evsel, &lo, &hi))
		return NULL;
	/* (a sample's row: its event's keys, lo to hi, not all of them) */
	memset(row, 0, sizeof(struct dyn_row) + (size_t)(hi - lo) * sizeof(struct dyn_cell));
	row->lo = lo;
	row->n = hi - lo;
	for (int k = lo; k < hi; k++) {
		struct dyn_cell *c = &row->c[k - lo];
		const void *bytes = NULL;
		size_t n;

		if (evsel->attr.type != PERF_TYPE_TRACEPOINT || !sample->raw_data)
			continue;
		/* a group view: another member's field too, read at its
		 * place in this record, as perf shows it in a row of this
		 * event alone (a __data_loc one where this record's bytes
		 * there point) */
		if (rep->dyn[k].id != evsel->attr.config) {
			if (!rep->dyn_foreign)
				continue;
			c->foreign = true;
		}
		n = trace_event__field_bytes(&rep->dyn[k], sample->raw_data, sample->raw_size,
					     &bytes);
		c->key = report__dyn_bytes(rep, bytes, n);
		if (!c->key)
			return NULL;
		/* where a group view's walks read other records (perf) */
		if (rep->dyn_foreign && rep->dyn[k].dynamic) {
			c->loc = true;
			c->off = (uint32_t)((const char *)bytes - (const char *)sample->raw_data);
			row->rec = sample->raw_data;
			row->rec_len = sample->raw_size;
		}
	}
	return row;
}

static const char *report__trace_text(struct report *rep, const struct perf_sample *sample,
				      struct evsel *evsel);

/* hists_opts.entry_new: a new entry's own row (rows of equal texts are
 * rare: an entry is a set of field bytes), with the cells of the keys
 * its sample's row has (its event's) and their texts, from the sample
 * that makes it (rep->dyn_sample) */
static bool report__dyn_entry(void *arg, struct hist_entry *he)
{
	struct report *rep = arg;
	const struct perf_sample *sample = rep->dyn_sample;
	const struct dyn_row *keys = he->dyn;
	struct dyn_row *row;
	char buf[4096];
	int lo = 0, hi;

	if (!keys || !sample)
		return true;
	while (lo < keys->n && !keys->c[lo].key)
		lo++;
	for (hi = keys->n; hi > lo && !keys->c[hi - 1].key; hi--)
		;
	row = callchain_arena__alloc(&rep->dyn_arena, sizeof(*row) +
				     (size_t)(hi - lo) * sizeof(row->c[0]));
	if (!row)
		return false;
	row->lo = keys->lo + lo;
	row->n = hi - lo;
	row->rec = NULL;
	row->rec_len = 0;
	if (keys->rec) {
		unsigned char *rec = callchain_arena__alloc(&rep->dyn_arena,
							    keys->rec_len ? keys->rec_len : 1);

		if (!rec)
			return false;
		memcpy(rec, keys->rec, keys->rec_len);
		row->rec = rec;
		row->rec_len = keys->rec_len;
	}
	memcpy(row->c, keys->c + lo, (size_t)(hi - lo) * sizeof(row->c[0]));
	for (int j = 0; j < row->n; j++) {
		struct dyn_cell *c = &row->c[j];
		int k = row->lo + j, r;
		const char *pretty = NULL;

		if (!c->key)
			continue;
		if (rep->dyn_pretty && !rep->dyn_raw[k]) {
			if (!rep->dyn_trace)
				rep->dyn_trace = report__trace_text(rep, sample,
								    rep->dyn_evsel);
			if (!rep->dyn_trace)
				return false;
			pretty = rep->dyn_trace;
		}
		r = trace_event__field_pretty(&rep->dyn[k], pretty, buf, sizeof(buf));
		c->pretty = r == 1 || r == TRACE_PRETTY_REST;
		if (r == TRACE_PRETTY_REST || r == TRACE_PRETTY_NONE)
			rep->dyn_narrow[k] = true;
		/* else the field's own print: made when shown (report__dyn_text) */
		if (c->pretty && !(c->val = machine__intern(rep->machine, buf)))
			return false;
		/* another event's field past this record's end: perf prints
		 * the memory after it, mperf nothing (its bytes as far as
		 * the record goes still compare, unequal to whole ones) */
		if (!c->pretty && c->foreign && !rep->dyn[k].dynamic &&
		    (size_t)rep->dyn[k].offset + rep->dyn[k].size > sample->raw_size)
			c->val = "";
	}
	he->dyn = row;
	return true;
}

static bool report__has_tracepoints(const struct report *rep)
{
	const struct evlist *el = session__evlist(rep->session);

	for (int i = 0; el && i < el->nr; i++)
		if (el->entries[i]->attr.type == PERF_TYPE_TRACEPOINT)
			return true;
	return false;
}

/* The column a -F/-s name is when it is no key (overhead, sample, ...);
 * FIELD_KEY for the others */
static enum sort_field_kind field_kind(const char *name)
{
	static const struct { const char *name; enum sort_field_kind kind; } kinds[] = {
		{ "overhead", FIELD_OVERHEAD }, { "overhead_children", FIELD_CHILDREN },
		{ "overhead_sys", FIELD_OVERHEAD_SYS }, { "overhead_us", FIELD_OVERHEAD_US },
		{ "overhead_guest_sys", FIELD_OVERHEAD_GUEST_SYS },
		{ "overhead_guest_us", FIELD_OVERHEAD_GUEST_US },
		{ "sample", FIELD_SAMPLE }, { "period", FIELD_PERIOD },
	};

	name = sort__dimension_name(name);
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!strcmp(name, kinds[i].name))
			return kinds[i].kind;
	return FIELD_KEY;
}

static int report__add_field(struct report *rep, const char *name, bool is_f)
{
	struct sort_field f = { .level = rep->cur_level };
	const struct sort_key *key;

	f.kind = field_kind(name);
	/* --hierarchy makes a level of -s sample and -s period, as perf
	 * (the column of -n or --show-total-period goes: report__setup) */
	if (rep->hierarchy && rep->in_sort_list && sort_key__value_level(f.kind)) {
		key = sort_key__value_level(f.kind);
		f.kind = FIELD_KEY;
		f.key = key;
		if (report__push_key(rep, key))
			return -ENOMEM;
	} else if (f.kind == FIELD_KEY) {
		key = sort_key__find(name);
		if (!key && !is_f) {
			int n = report__add_dynamic(rep, name);

			if (n)
				return n < 0 ? n : 0;
			/* (perf 6.1 takes trace_fields there and shows no
			 * column: an error says why) */
			if (!report__has_tracepoints(rep) && (!strncmp(name, "trace_fields", 12) ||
							      strchr(name, '.'))) {
				pr_err("report: --sort key '%s': the file has no tracepoint events, "
				       "so no fields to sort by (record some with -e SYS:EVENT)\n", name);
				rep->usage_error = true;
				return -EINVAL;
			}
		}
		if (!key) {
			pr_err("unknown %s key '%s'; known: %s%s%s\n", is_f ? "--fields" : "--sort",
			       name, is_f ? "overhead, overhead_sys, overhead_us, overhead_guest_sys, overhead_guest_us, sample, period, " : "",
			       sort_key__names(), is_f ? "" : ", or a field of the file's tracepoints "
			       "(FIELD, EVENT.FIELD, trace_fields; /raw)");
			rep->usage_error = true;
			return -EINVAL;
		}
		if (key->mem && !rep->mem_mode) {
			pr_err("report: %s key '%s' is a memory key: add --mem-mode (for a file "
			       "recorded with -d)\n", is_f ? "--fields" : "--sort", name);
			rep->usage_error = true;
			return -EINVAL;
		}
		if (key->branch && !rep->branch) {
			pr_err("report: %s key '%s' is a branch key: add -b (for a file recorded "
			       "with -b or -j)\n", is_f ? "--fields" : "--sort", name);
			rep->usage_error = true;
			return -EINVAL;
		}
		if (!strncmp(name, "srcline_", 8) && key->branch)
			rep->need_br_srcline = true;
		if (key->mem)
			rep->need_mem = true;
		f.kind = FIELD_KEY;
		f.key = key;
		if (report__push_key(rep, key))
			return -ENOMEM;
		if (key->need_callchain)
			rep->need_callchain = rep->need_parent = true;
		if (key->need_srcline)
			rep->need_srcline = true;
		if (key->need_trace)
			rep->need_trace = true;
	}
	/* a key or field named twice is shown once, as perf (the overheads
	 * of a -s list are sorted out by report__sort_columns, which orders
	 * the rows by them where the list names them) */
	for (int i = 0; i < rep->nr_fields && (f.kind == FIELD_KEY || is_f); i++)
		if (rep->fields_v[i].kind == f.kind && rep->fields_v[i].key == f.key)
			return 0;
	return report__push_field(rep, f);
}

/*
 * A -s or -F list: names separated by commas or blanks, as perf splits
 * them; a -s list's '{a,b}' makes its keys one level of --hierarchy
 * (elsewhere the braces group nothing), each other name a level of its
 * own.
 */
static int report__add_list(struct report *rep, const char *list, bool is_f)
{
	char *dup = strdup(list), *p, *tok;
	bool in_group = false;
	int err = 0;

	if (!dup)
		return -ENOMEM;
	rep->cur_level = 0;
	for (p = dup; !err; ) {
		size_t n = strcspn(p, is_f ? ", " : "{}, ");
		char c = p[n];

		tok = p;
		p[n] = '\0';
		if (*tok)
			err = report__add_field(rep, tok, is_f);
		if (c == '{')
			in_group = true;
		else if (c == '}')
			in_group = false;
		if (*tok && !in_group)
			rep->cur_level++;
		if (!c)
			break;
		p += n + 1;
	}
	rep->cur_level = 0;
	free(dup);
	return err;
}

static bool report__has_key(const struct report *rep, const char *name)
{
	for (int i = 0; i < rep->nr_keys; i++)
		if (!strcmp(rep->keys[i]->name, name))
			return true;
	return false;
}

static bool field_in(const struct sort_field *v, int nr, const struct sort_field *f)
{
	for (int i = 0; i < nr; i++)
		if (v[i].kind == f->kind && v[i].key == f->key)
			return true;
	return false;
}

/* -F and -s together, as perf: entries merge by the -s keys, then the
 * keys among the -F fields; the -s keys missing from -F are shown after
 * the -F columns; rows are ordered by the -s keys, then by the -F fields
 * (overheads included) in their order */
static int report__fields_and_sort(struct report *rep)
{
	struct sort_field *sv = NULL, *fv = NULL;
	int ns, nf, i, err;

	err = report__add_list(rep, rep->sort_order, false);
	if (err)
		return err;
	ns = rep->nr_fields;
	sv = malloc(((size_t)ns + 1) * sizeof(*sv));
	if (!sv)
		return -ENOMEM;
	memcpy(sv, rep->fields_v, (size_t)ns * sizeof(*sv));
	rep->nr_fields = 0;
	err = report__add_list(rep, rep->fields, true);
	if (err)
		goto out;
	nf = rep->nr_fields;
	err = -ENOMEM;
	fv = malloc(((size_t)nf + 1) * sizeof(*fv));
	if (!fv)
		goto out;
	memcpy(fv, rep->fields_v, (size_t)nf * sizeof(*fv));
	for (i = 0; i < ns; i++)
		if (!field_in(fv, nf, &sv[i]) && !field_in(rep->fields_v, rep->nr_fields, &sv[i]) &&
		    report__push_field(rep, sv[i]))
			goto out;
	rep->nr_order = 0;
	for (i = 0; i < ns; i++) {
		if (!field_in(rep->order_v, rep->nr_order, &sv[i]) && report__push_order(rep, sv[i]))
			goto out;
		/* perf's collapse and its dso key are those of -s */
		if (sv[i].kind == FIELD_KEY) {
			rep->collapse_s |= sv[i].key->collapse;
			rep->dso_s |= !strcmp(sv[i].key->name, "dso");
			rep->sym_s |= !strcmp(sv[i].key->name, "sym");
		}
	}
	rep->nr_order_s = rep->nr_order;
	for (i = 0; i < nf; i++)
		if (!field_in(rep->order_v, rep->nr_order, &fv[i]) && report__push_order(rep, fv[i]))
			goto out;
	err = 0;
out:
	free(sv);
	free(fv);
	return err;
}

/*
 * -s naming overhead, overhead_sys, overhead_us, sample or period (the -s
 * list's fields from @first on): as perf, a column already shown is not
 * repeated, and the rows are ordered by the -s list as given. perf puts
 * "overhead" in front of that list unless the list's text holds the word
 * (overhead_sys does), and with children "overhead_children" likewise.
 */
static int report__sort_columns(struct report *rep, int first)
{
	struct sort_field *kept;
	bool overheads = false;
	int i, n = 0;

	for (i = first; i < rep->nr_fields; i++)
		overheads |= rep->fields_v[i].kind != FIELD_KEY;
	if (!overheads || !rep->sort_order)
		return 0;
	kept = malloc((size_t)rep->nr_fields * sizeof(*kept));
	if (!kept)
		return -ENOMEM;
	rep->nr_order = 0;
	if ((rep->children && !strstr(rep->sort_order, "overhead_children") &&
	     report__push_order(rep, (struct sort_field){ .kind = FIELD_CHILDREN })) ||
	    (!strstr(rep->sort_order, "overhead") &&
	     report__push_order(rep, (struct sort_field){ .kind = FIELD_OVERHEAD })))
		goto nomem;
	for (i = first; i < rep->nr_fields; i++) {
		const struct sort_field *f = &rep->fields_v[i];

		if (!field_in(rep->order_v, rep->nr_order, f) && report__push_order(rep, *f))
			goto nomem;
		if (f->kind == FIELD_CHILDREN && !rep->children)
			continue;	/* no column without children */
		if (f->kind == FIELD_KEY || (!field_in(rep->fields_v, first, f) &&
					     !field_in(kept, n, f)))
			kept[n++] = *f;
	}
	memcpy(rep->fields_v + first, kept, (size_t)n * sizeof(*kept));
	free(kept);
	rep->nr_fields = first + n;
	rep->sort_overheads = true;
	return 0;
nomem:
	free(kept);
	return -ENOMEM;
}

static int parse_column_widths(struct report *rep, const char *s);

/* --hierarchy: a value that is a level of its own (-s sample, -s period)
 * is no column as well (-n, --show-total-period), as perf */
static void report__drop_level_columns(struct report *rep)
{
	int n = 0;

	for (int i = 0; i < rep->nr_fields; i++) {
		const struct sort_field *f = &rep->fields_v[i];
		bool level = false;

		for (int j = 0; j < rep->nr_fields && f->kind != FIELD_KEY; j++)
			level |= rep->fields_v[j].kind == FIELD_KEY &&
				 rep->fields_v[j].key->node_value == f->kind;
		if (!level)
			rep->fields_v[n++] = *f;
	}
	rep->nr_fields = n;
}

/*
 * A filter of one comm, dso or symbol makes its column say the same on
 * every row: as perf, such a column is named in the header instead
 * ("# comm: ls", in column order), and left out unless that would leave
 * out every sort-key column (then all stay). A hierarchy keeps them all.
 */
static const char *const elide_keys[] = { "comm", "dso", "sym" };

/* which of elide_keys field @f is, filtered to one value; -1: none */
static int report__elide_kind(const struct report *rep, const struct sort_field *f)
{
	const struct strlist *lists[] = { &rep->comms, &rep->dsos, &rep->syms };

	if (f->kind != FIELD_KEY || f->key->dynamic)
		return -1;
	for (int j = 0; j < 3; j++)
		if (!strcmp(f->key->name, elide_keys[j]) && lists[j]->nr == 1)
			return j;
	return -1;
}

static void report__elide(struct report *rep)
{
	static const char *const names[] = { "comm", "dso", "symbol" };
	const struct strlist *lists[] = { &rep->comms, &rep->dsos, &rep->syms };
	int i, j, nkeys = 0, nelided = 0;

	rep->nr_elided = 0;
	rep->out_skip = 0;
	rep->last_elided = false;
	for (i = 0; i < rep->nr_fields; i++) {
		const struct sort_field *f = &rep->fields_v[i];

		/* (perf counts no tracepoint field key here: a filtered comm
		 * beside field keys alone keeps its column) */
		nkeys += f->kind == FIELD_KEY && !f->key->dynamic;
		j = report__elide_kind(rep, f);
		if (j < 0)
			continue;
		rep->elided[rep->nr_elided].name = names[j];
		rep->elided[rep->nr_elided++].value = lists[j]->items[0];
		nelided++;
	}
	if (rep->hierarchy || nelided == nkeys)
		return;
	/* perf pads every column but the last of its list, shown or not */
	rep->last_elided = rep->nr_fields > 0 &&
			   report__elide_kind(rep, &rep->fields_v[rep->nr_fields - 1]) >= 0;
	/* -w gives a width to each column of the list, shown or not */
	if (rep->col_widths_str && !parse_column_widths(rep, rep->col_widths_str)) {
		int n = 0;

		for (i = 0; i < rep->nr_col_widths; i++)
			if (i >= rep->nr_fields || report__elide_kind(rep, &rep->fields_v[i]) < 0)
				rep->col_widths[n++] = rep->col_widths[i];
		rep->nr_col_widths = n;
	}
	for (i = 0, j = 0; i < rep->nr_fields; i++) {
		if (report__elide_kind(rep, &rep->fields_v[i]) < 0) {
			rep->fields_v[j++] = rep->fields_v[i];
			continue;
		}
		/* perf's output sort skips an elided column's key */
		for (int k = 0; k < rep->nr_keys && k < 64; k++)
			if (rep->keys[k] == rep->fields_v[i].key)
				rep->out_skip |= 1ULL << k;
	}
	rep->nr_fields = j;
}

/* Will a key show tracepoint text: the default of a tracepoint file, or
 * a -s/-F name that is "trace" or no built-in key (a field key)? */
static bool report__may_need_trace(const struct report *rep, const struct evlist *el)
{
	const char *lists[] = { rep->sort_order, rep->fields };
	bool any = false, need = false;

	for (int i = 0; el && i < el->nr; i++)
		any |= el->entries[i]->attr.type == PERF_TYPE_TRACEPOINT;
	if (!any)
		return false;
	if (!rep->sort_order && !rep->fields)
		return true;	/* "trace" or trace_fields by default, or -F keys */
	for (size_t l = 0; l < 2 && !need; l++) {
		char *dup = lists[l] ? strdup(lists[l]) : NULL, *tok, *save = NULL;

		if (lists[l] && !dup)
			return true;
		for (tok = dup ? strtok_r(dup, "{}, ", &save) : NULL; tok && !need;
		     tok = strtok_r(NULL, "{}, ", &save))
			need = !strcmp(tok, "trace") || !sort_key__find(tok);
		free(dup);
	}
	return need;
}

/* perf sorts files of tracepoints alone by their output ("trace") */
static bool evlist__tracepoints_only(struct evlist *el)
{
	int i;

	if (!el || !el->nr)
		return false;
	for (i = 0; i < el->nr; i++)
		if (el->entries[i]->attr.type != PERF_TYPE_TRACEPOINT)
			return false;
	return true;
}

/* Is "parent" (or a name of it: "pa") one of the -s keys? */
static bool report__sorts_by_parent(const struct report *rep)
{
	const char *p = rep->sort_order;

	while (p && *p) {
		size_t len = strcspn(p, "{}, ");
		char tok[64];

		if (len && len < sizeof(tok)) {
			memcpy(tok, p, len);
			tok[len] = '\0';
			if (!strcmp(sort__dimension_name(tok), "parent"))
				return true;
		}
		p += len + (p[len] != '\0');
	}
	return false;
}

/* A sample's formatted record, in rep->trace_buf until the next one is
 * made (or "N/A", ""); NULL: no memory. */
/* @evsel's leader in the group view (--group, or the default on a file
 * with groups): its group's, or the first event where --group/--no-group
 * makes one group of a file without any (report__force_group) */
/* perf: --group or --no-group given on a file without groups makes all
 * its events one group (report__force_group) */
static bool report__forces_group(const struct report *rep, const struct evlist *el)
{
	if (!rep->group_set || !el || el->nr < 2)
		return false;
	for (int i = 0; i < el->nr; i++)
		if (el->entries[i]->nr_members > 1)
			return false;
	return true;
}

static const struct evsel *report__view_leader(const struct report *rep,
					       const struct evsel *evsel)
{
	struct evlist *el = session__evlist(rep->session);

	if (!rep->group)
		return evsel;
	if (evsel->leader && evsel->leader != evsel)
		return evsel->leader;
	/* (a pipe's events are not all known yet) */
	if (session__is_pipe(rep->session) || !report__forces_group(rep, el))
		return evsel;
	return el->entries[0];
}

static const char *report__trace_text(struct report *rep, const struct perf_sample *sample,
				      struct evsel *evsel)
{
	FILE *fp;

	/* perf's trace column of a sample of another kind of event; in
	 * the group view of a tracepoint's group perf compares a member's
	 * entries by the leader's text, where they join the leader's empty
	 * one (its walks crash where that text is not empty) */
	if (evsel->attr.type != PERF_TYPE_TRACEPOINT) {
		const struct evsel *leader = report__view_leader(rep, evsel);

		return leader != evsel && leader->attr.type == PERF_TYPE_TRACEPOINT ? "" : "N/A";
	}
	if (!rep->tevent || !sample->raw_data)
		return "";
	/* one memstream for every sample, rewound: opening one per sample
	 * was a tenth of a tracepoint report's time (malloc and free) */
	if (!rep->trace_fp) {
		rep->trace_fp = open_memstream(&rep->trace_buf, &rep->trace_size);
		if (!rep->trace_fp)
			return NULL;
	} else {
		rewind(rep->trace_fp);
	}
	fp = rep->trace_fp;
	/* --raw-trace: the fields' values, as perf prints them then */
	if (rep->raw_trace)
		trace_event__fprintf_fields(rep->tevent, fp, evsel->attr.config,
					    sample->raw_data, sample->raw_size);
	else
		trace_event__fprintf(rep->tevent, fp, evsel->attr.config, (int)sample->cpu,
				     sample->raw_data, sample->raw_size);
	/* the text ends here: what a longer earlier one left stays after */
	if (fputc('\0', fp) == EOF || fflush(fp))
		return NULL;
	return rep->trace_buf;
}

/* the trace key's text: the formatted record, interned */
static const char *report__trace(struct report *rep, const struct perf_sample *sample,
				 struct evsel *evsel)
{
	const char *text = report__trace_text(rep, sample, evsel);

	return text ? machine__intern(rep->machine, text) : NULL;
}

static bool evlist__has_callchains(struct evlist *el)
{
	int i;

	for (i = 0; el && i < el->nr; i++)
		if (el->entries[i]->attr.sample_type & PERF_SAMPLE_CALLCHAIN)
			return true;
	return false;
}

/* --call-graph dwarf: the user stack and registers, unwound here */
static bool evlist__has_user_stacks(struct evlist *el)
{
	const uint64_t t = PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;

	for (int i = 0; el && i < el->nr; i++)
		if ((el->entries[i]->attr.sample_type & t) == t)
			return true;
	return false;
}

/* Will the report read DWARF: source lines, or the inlined frames of
 * DWARF-unwound callchains (the only ones perf expands)? Known before the
 * first sample, as far as the options tell. */
static bool report__wants_dwarf(const struct report *rep, struct evlist *el)
{
	if ((rep->sort_order && strstr(rep->sort_order, "src")) ||
	    (rep->fields && strstr(rep->fields, "src")))
		return true;
	if (rep->symopts.no_inline || !evlist__has_user_stacks(el))
		return false;
	return rep->children != 0 || !rep->call_graph || strncmp(rep->call_graph, "none", 4);
}

/*
 * Whether nothing the report shows or filters by needs a sample's object
 * or symbol: keys of the sample and its thread alone (a tracepoint file's
 * default 'trace', comm, pid, cpu, fields), no call graph, no object or
 * symbol filter, the stdio table. Then no symbol table is read (perf
 * reads them all the same: its symbols were a fifth of a small
 * tracepoint report).
 */
static bool report__maps_only(const struct report *rep)
{
	static const char *const plain[] = { "comm", "pid", "tid", "tgid", "cpu", "socket",
					     "trace", "time" };
	const struct sort_field *lists[] = { rep->fields_v, rep->order_v };
	const int nr[] = { rep->nr_fields, rep->nr_order };

	if (rep->tui_rep || rep->dump || rep->need_callchain || rep->need_parent ||
	    rep->need_srcline || rep->need_mem || rep->branch || rep->mem_mode ||
	    rep->dso_list || rep->sym_list || rep->symbol_filter || rep->hide_unresolved ||
	    rep->exclude_other || rep->ignore_callees)
		return false;
	for (int l = 0; l < 2; l++) {
		for (int i = 0; i < nr[l]; i++) {
			const struct sort_field *f = &lists[l][i];
			bool ok = f->kind != FIELD_KEY || f->key->dynamic;

			for (size_t k = 0; !ok && k < sizeof(plain) / sizeof(plain[0]); k++)
				ok = !strcmp(f->key->name, plain[k]);
			if (!ok)
				return false;
		}
	}
	return true;
}

/* Decide children/callchain defaults once the attrs are known (at the
 * first sample: in pipe mode attrs arrive as records). */
/* The keys perf sorts by when -s names none */
static const char *report__default_keys(const struct report *rep, struct evlist *el)
{
	if (rep->mem_mode)
		return mem_sort_keys;
	if (rep->branch)
		return branch_sort_keys;
	if (evlist__tracepoints_only(el) && !session__is_pipe(rep->session))
		return rep->raw_trace ? "trace_fields" : "trace";
	return "comm,dso,sym";
}

/*
 * perf's "+" lists, once the events are known: -s +KEYS sorts by the
 * default keys and then KEYS; -F +FIELDS keeps the default columns and
 * keys and adds FIELDS: overhead columns as -n and --show-total-period
 * add theirs, keys after the sort keys, their columns first.
 */
static int report__expand_plus(struct report *rep)
{
	struct evlist *el = session__evlist(rep->session);
	const char *base = rep->sort_order && !rep->sort_plus ? rep->sort_order : NULL;
	char *keys = NULL, *dup, *tok, *save = NULL;
	size_t klen = 0;
	FILE *f;

	if (rep->sort_plus && asprintf(&keys, "%s,%s", report__default_keys(rep, el),
				       rep->sort_order) < 0)
		return -ENOMEM;
	if (!keys && !(keys = strdup(base ? base : report__default_keys(rep, el))))
		return -ENOMEM;
	if (!rep->fields_plus) {
		rep->plus_order = keys;
		rep->sort_order = keys;
		return 0;
	}
	f = open_memstream(&rep->plus_order, &klen);
	dup = strdup(rep->fields_plus);
	if (!f || !dup) {
		if (f)
			fclose(f);
		free(dup);
		free(keys);
		return -ENOMEM;
	}
	fputs(keys, f);
	free(keys);
	for (tok = strtok_r(dup, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		enum sort_field_kind kind = field_kind(tok);

		if (kind == FIELD_SAMPLE) {
			rep->plus_sample = !rep->show_nr_samples;
			rep->show_nr_samples = true;
		} else if (kind == FIELD_PERIOD) {
			rep->plus_period = !rep->show_total_period;
			rep->show_total_period = true;
		} else if (kind == FIELD_OVERHEAD_SYS) {
			rep->plus_sys = true;
		} else if (kind == FIELD_OVERHEAD_US) {
			rep->plus_us = true;
		} else if (kind != FIELD_OVERHEAD && kind != FIELD_CHILDREN) {
			if (!sort_key__find(tok) && !report__may_be_dynamic(tok)) {
				pr_err("report: unknown --fields key '%s' in -F +%s\n", tok,
				       rep->fields_plus);
				fclose(f);
				free(dup);
				return -EINVAL;
			}
			fprintf(f, ",%s", tok);
		}
	}
	free(dup);
	if (fclose(f))
		return -ENOMEM;
	rep->sort_order = rep->plus_order;
	return 0;
}

/* -F +FIELDS: their columns right after the default overhead columns, in
 * the order -F names them (perf appends the sort keys after its -F) */
static void report__plus_columns_first(struct report *rep)
{
	char *dup = strdup(rep->fields_plus), *tok, *save = NULL;
	struct sort_field moved[8];
	int nmoved = 0, at, j = 0;

	if (!dup)
		return;
	/* the overhead columns -F + brought take their place in its order */
	for (int i = 0; i < rep->nr_fields; i++) {
		enum sort_field_kind k = rep->fields_v[i].kind;

		if (nmoved < 8 && ((rep->plus_sample && k == FIELD_SAMPLE) ||
				   (rep->plus_period && k == FIELD_PERIOD) ||
				   (rep->plus_sys && k == FIELD_OVERHEAD_SYS) ||
				   (rep->plus_us && k == FIELD_OVERHEAD_US)))
			moved[nmoved++] = rep->fields_v[i];
		else
			rep->fields_v[j++] = rep->fields_v[i];
	}
	rep->nr_fields = j;
	for (at = 0; at < rep->nr_fields && rep->fields_v[at].kind != FIELD_KEY; at++)
		;
	for (tok = strtok_r(dup, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		const struct sort_key *key = sort_key__find(tok);
		enum sort_field_kind kind = field_kind(tok);
		struct sort_field f;
		int i = -1;

		if (kind != FIELD_KEY) {
			for (int m = 0; m < nmoved && i < 0; m++)
				if (moved[m].kind == kind) {
					f = moved[m];
					moved[m].kind = FIELD_KEY;	/* taken */
					i = rep->nr_fields++;	/* (room: it was there) */
				}
		} else {
			for (int m = at; key && m < rep->nr_fields && i < 0; m++)
				if (rep->fields_v[m].kind == FIELD_KEY && rep->fields_v[m].key == key) {
					f = rep->fields_v[m];
					i = m;
				}
		}
		if (i < 0)
			continue;
		memmove(&rep->fields_v[at + 1], &rep->fields_v[at], (size_t)(i - at) * sizeof(f));
		rep->fields_v[at++] = f;
	}
	free(dup);
}

static int report__setup(struct report *rep)
{
	struct evlist *el = session__evlist(rep->session);
	bool fields_given = rep->fields != NULL, groups = false;
	int err;

	rep->setup_done = true;
	if (rep->hierarchy && fields_given) {
		pr_err("report: --hierarchy and -F/--fields cannot be used together (as in perf); "
		       "drop one\n");
		rep->usage_error = true;
		return -EINVAL;
	}
	if (evswitch__active(&rep->evswitch) && evswitch__init(&rep->evswitch, el, "report")) {
		rep->usage_error = true;
		return -EINVAL;
	}
	rep->has_callchains = evlist__has_callchains(el);
	if (rep->stitch_lbr && evlist__stitch_lbr_check(el, "report")) {
		rep->usage_error = true;
		return -EINVAL;
	}
	/* -g ...,branch, as perf, changes nothing without branch stacks */
	if (rep->call_graph && rep->cc.branch && rep->cc.mode != CHAIN_NONE &&
	    evlist__has_sample(el, PERF_SAMPLE_BRANCH_STACK)) {
		pr_err("-g %s: mperf does not put branch stack (LBR) records into callchains; drop ',branch' or use perf report\n",
		       rep->call_graph);
		rep->usage_error = true;
		return -EINVAL;
	}
	if (rep->mem_mode && !session__is_pipe(rep->session) && !evlist__has_sample(el,
			PERF_SAMPLE_DATA_SRC)) {
		pr_err("report: --mem-mode: the file has no memory samples (no data source in its "
		       "samples); record them with perf record -d\n");
		rep->usage_error = true;
		return -EINVAL;
	}
	/* pipe mode: perf decides before the attrs arrive, so children stay
	 * off (--children too) while the caller order of children remains */
	if (session__is_pipe(rep->session) && rep->children != 0) {
		rep->children = 0;
		if (!rep->cc.order_set) {
			rep->cc.order = ORDER_CALLER;
			rep->cc.order_set = true;
		}
	}
	if (rep->children < 0)
		rep->children = rep->has_callchains;
	if (!rep->has_callchains)
		rep->children = 0;
	if (rep->cc.mode != CHAIN_NONE && !rep->has_callchains) {
		if (rep->call_graph)
			pr_warning("-g: the file has no callchains (record with -g)\n");
		rep->cc.mode = CHAIN_NONE;
	}
	rep->use_callchain = rep->cc.mode != CHAIN_NONE;
	for (int i = 0; el && i < el->nr && rep->group && !groups; i++)
		groups = el->entries[i]->nr_members > 1 || rep->group_set;
	/* as perf: --hierarchy leaves children out (callchains keep the
	 * caller order of its children default) */
	if (rep->hierarchy) {
		if (rep->children && !rep->cc.order_set) {
			rep->cc.order = ORDER_CALLER;
			rep->cc.order_set = true;
		}
		rep->children = 0;
	}
	if (!rep->cc.order_set)
		rep->cc.order = rep->children ? ORDER_CALLER : ORDER_CALLEE;
	if (rep->inverted)
		rep->cc.order = ORDER_CALLER;
	/* as perf: memory samples are not cumulated into their callers (the
	 * call graphs keep the order children would have had) */
	if (rep->mem_mode)
		rep->children = 0;
	/* branch mode, as perf: nothing is cumulated, and the entries (one
	 * per branch) get no call graph */
	if (rep->branch) {
		rep->children = 0;
		rep->use_callchain = false;
	}
	if (rep->children || rep->use_callchain)
		rep->need_callchain = true;

	/* columns: overheads first, then -F or the sort keys */
	if (!fields_given) {
		const struct { bool on; const char *name; } cols[] = {
			{ rep->children, "overhead_children" }, { true, "overhead" },
			{ rep->show_cpu_util || rep->plus_sys, "overhead_sys" },
			{ rep->show_cpu_util || rep->plus_us, "overhead_us" },
			{ rep->show_nr_samples, "sample" }, { rep->show_total_period, "period" },
		};

		for (size_t i = 0; i < sizeof(cols) / sizeof(cols[0]); i++) {
			if (!cols[i].on)
				continue;
			err = report__add_field(rep, cols[i].name, false);
			if (err)
				return err;
		}
	}
	if (fields_given && rep->sort_order) {
		err = report__fields_and_sort(rep);
		if (err)
			return err;
	} else if (fields_given) {
		err = report__add_list(rep, rep->fields, true);
		if (err)
			return err;
		/* -F without sort keys: no key, as perf (its default keys
		 * are for -s alone): every sample in one entry, with
		 * --mem-mode too */
	} else {
		int first = rep->nr_fields;

		/* perf picks its default keys before a pipe's attrs arrive:
		 * a tracepoint-only pipe gets comm,dso,sym, not trace */
		rep->in_sort_list = true;
		err = report__add_list(rep, rep->sort_order ? rep->sort_order :
				       evlist__tracepoints_only(el) &&
				       !session__is_pipe(rep->session) ?
				       (rep->raw_trace ? "trace_fields" : "trace") :
				       rep->branch ? branch_sort_keys : "comm,dso,sym",
				       false);
		rep->in_sort_list = false;
		if (err)
			return err;
		if (rep->hierarchy)
			report__drop_level_columns(rep);
		err = report__sort_columns(rep, first);
		if (err)
			return err;
		if (rep->fields_plus)
			report__plus_columns_first(rep);
	}
	/* as perf: a --parent regex of one's own adds the parent key */
	if (rep->parent_pattern && !report__has_key(rep, "parent")) {
		/* (a level of its own below the others with --hierarchy) */
		for (int i = 0; i < rep->nr_fields; i++)
			if (rep->fields_v[i].kind == FIELD_KEY &&
			    rep->fields_v[i].level >= rep->cur_level)
				rep->cur_level = rep->fields_v[i].level + 1;
		err = report__add_field(rep, "parent", false);
		rep->cur_level = 0;
		if (err)
			return err;
	}
	/* ... which perf sorts by after the -s keys when -F is given, first
	 * without -s (then by the -F columns in their order) */
	if (rep->parent_pattern && fields_given) {
		struct sort_field pf = { .kind = FIELD_KEY, .key = sort_key__find("parent") };
		int at = rep->sort_order ? rep->nr_order_s : 0;

		if (!rep->sort_order) {
			rep->nr_order = 0;
			for (int i = 0; i < rep->nr_fields; i++)
				if (report__push_order(rep, rep->fields_v[i]))
					return -ENOMEM;
			rep->parent_first = true;
		}
		if (!field_in(rep->order_v, at, &pf)) {
			int n = 0;
			struct sort_field *v = malloc(((size_t)rep->nr_order + 1) * sizeof(*v));

			if (!v || ALLOC_GROW(rep->order_v, rep->nr_order + 1, rep->alloc_order, 32)) {
				free(v);
				return -ENOMEM;
			}
			for (int i = 0; i < rep->nr_order; i++) {
				if (i == at)
					v[n++] = pf;
				if (!field_in(&pf, 1, &rep->order_v[i]))
					v[n++] = rep->order_v[i];
			}
			if (at >= rep->nr_order)
				v[n++] = pf;
			memcpy(rep->order_v, v, (size_t)n * sizeof(*v));
			free(v);
			rep->nr_order = n;
		}
	}
	if (rep->exclude_other)
		rep->need_callchain = rep->need_parent = true;
	if (rep->need_trace) {
		if (!report__tevent(rep))
			pr_warning("no tracepoint formats in the file: 'trace' entries are empty\n");
	}
	report__elide(rep);
	rep->machine->maps_only = report__maps_only(rep);
	rep->dyn_foreign = groups && rep->nr_dyn;
	/* (the keys are all made: their arrays stay where they are) */
	rep->sort.dyn_narrow = rep->dyn_narrow;
	/* -s srcline: DWARF-unwound frames carry their lines (children) */
	rep->machine->frame_srclines = rep->need_srcline ||
		(rep->use_callchain && rep->cc.key != KEY_FUNCTION);
	return 0;
}

/*
 * A callchain frame's source line where perf does not look it up: the one
 * the frame carries (DWARF-unwound), or "??:0" outside every map. The
 * others perf looks up at the frame's raw ip as if it were an address in
 * the object (report__srcline_of: mostly "sym+<ip - sym start>").
 */
static const char *report__frame_srcline(void *arg, const struct callchain_cursor_node *f)
{
	struct report *rep = arg;

	return f->srcline ? f->srcline : machine__intern(rep->machine, "??:0");
}

/* an entry's line as perf looks it up (hists_opts.srcline_of) */
static const char *report__srcline_of(void *arg, const struct hist_entry *he, bool counted)
{
	struct report *rep = arg;

	if (he->src_kind == HE_SRC_RAW)	/* a frame's, at its raw address */
		return srcline__raw(rep->machine, he->dso, he->sym, he->obj_ip, counted);
	if (he->src_kind == HE_SRC_FILE) {	/* its file's look-up there */
		if (counted)
			srcline__raw(rep->machine, he->dso, he->sym, he->obj_ip, true);
		return he->srcline;
	}
	if (counted)
		return srcline__get(rep->machine, he->dso, he->sym, he->addr);
	return srcline__line(rep->machine, he->dso, he->sym, he->addr);
}

/* perf's look-up of an entry's file at a srcfile key after the srcline
 * key (hists_opts.srcfile_count): a frame's at its raw address, a
 * sample's at its own; each counts towards perf's giving up on the
 * object's lines */
static void report__srcfile_count(void *arg, const struct hist_entry *he)
{
	struct report *rep = arg;

	if (he->file_kind == HE_SRC_RAW)
		(void)srcline__raw(rep->machine, he->dso, he->sym, he->obj_ip, true);
	else if (he->file_kind == HE_SRC_OWN)
		(void)srcline__get(rep->machine, he->dso, he->sym, he->addr);
}

/* -g address, -g srcline: each frame is its address or source line,
 * shown with its line (inlined frames with theirs, from the unwinding) */
static void report__key_frames(struct report *rep, struct callchain_cursor *cursor)
{
	for (uint32_t i = 0; i < cursor->nr; i++) {
		struct callchain_cursor_node *f = &cursor->nodes[i];

		f->key = rep->cc.key;
		if (!f->srcline && f->dso)
			f->srcline = srcline__frame(rep->machine, f->dso, f->sym, f->addr,
						    rep->cc.key == KEY_ADDRESS);
	}
}

/* Room for event @idx in rep->hists and rep->nr_event_samples; false:
 * out of memory (what is there is kept) */
static bool report__hists_room(struct report *rep, int idx)
{
	int n = rep->nr_hists ? rep->nr_hists : 8;
	struct hists **h;
	uint64_t *c;

	if (idx < rep->nr_hists)
		return true;
	while (n <= idx)
		n *= 2;
	h = realloc(rep->hists, n * sizeof(*h));
	if (!h)
		return false;
	rep->hists = h;
	c = realloc(rep->nr_event_samples, n * sizeof(*c));
	if (!c)
		return false;
	rep->nr_event_samples = c;
	c = realloc(rep->nr_event_lost, n * sizeof(*c));
	if (!c)
		return false;
	rep->nr_event_lost = c;
	memset(h + rep->nr_hists, 0, (n - rep->nr_hists) * sizeof(*h));
	memset(rep->nr_event_samples + rep->nr_hists, 0, (n - rep->nr_hists) * sizeof(*c));
	memset(c + rep->nr_hists, 0, (n - rep->nr_hists) * sizeof(*c));
	rep->nr_hists = n;
	return true;
}

static struct hists *report__hists(struct report *rep, struct evsel *evsel)
{
	struct hists_opts ho = { 0 };
	bool *key_same = NULL;
	int idx = evsel->idx, err;

	if (idx < 0 || !report__hists_room(rep, idx))
		return NULL;
	if (rep->hists[idx])
		return rep->hists[idx];
	rep->hists[idx] = calloc(1, sizeof(struct hists));
	if (!rep->hists[idx])
		return NULL;
	ho.children = rep->children;
	ho.callchain = rep->use_callchain;
	ho.cc = rep->cc;
	ho.percent_limit = rep->percent_limit;
	/* a -F list without -s: perf sorts by its columns, in their order */
	if (rep->fields && !rep->sort_order && !rep->parent_first) {
		ho.order = rep->fields_v;
		ho.nr_order = rep->nr_fields;
	} else if (rep->fields || rep->sort_overheads) {
		ho.order = rep->order_v;
		ho.nr_order = rep->nr_order;
	} else {
		ho.tail = rep->fields_v;
		ho.nr_tail = rep->nr_fields;
	}
	ho.no_collapse = rep->fields && !rep->collapse_s;
	ho.dso_not_sorted = rep->fields && !rep->dso_s;
	ho.sym_not_sorted = rep->fields && !rep->sym_s;
	ho.out_skip = rep->out_skip;
	ho.sort = rep->sort;
	ho.walk = rep->branch;
	if (rep->need_srcline) {
		ho.frame_srcline = report__frame_srcline;
		ho.srcline_of = report__srcline_of;
		ho.srcfile_count = report__srcfile_count;
		ho.srcline_arg = rep;
	}
	if (rep->nr_dyn) {
		ho.entry_new = report__dyn_entry;
		ho.entry_arg = rep;
		/* another event's fields: no entry of this event has them
		 * (but a group view's, which reads them: dyn_foreign) */
		if (!rep->dyn_foreign) {
			key_same = malloc(((size_t)rep->nr_keys + 1) * sizeof(*key_same));
			if (!key_same) {
				free(rep->hists[idx]);
				rep->hists[idx] = NULL;
				return NULL;
			}
			for (int i = 0; i < rep->nr_keys; i++) {
				int k = rep->keys[i]->dynamic ?
					report__dyn_index(rep, rep->keys[i]) : -1;

				key_same[i] = k >= 0 && rep->dyn[k].id != evsel->attr.config;
			}
			ho.key_same = key_same;
		}
	}
	err = hists__init(rep->hists[idx], rep->keys, rep->nr_keys, &ho);
	free(key_same);	/* (hists__init copies it) */
	if (err < 0) {
		free(rep->hists[idx]);
		rep->hists[idx] = NULL;
		return NULL;
	}
	rep->hists[idx]->evsel = evsel;
	return rep->hists[idx];
}

/* -C drops samples before they are counted */
static bool report__filtered(struct report *rep, const struct addr_location *al,
			     const struct perf_sample *sample)
{
	if (rep->cpu_filter && (sample->cpu >= 1024 ||
				!(rep->cpu_mask[sample->cpu / 64] & (1ULL << (sample->cpu % 64)))))
		return true;
	return false;
}

/* --comm/--pid/--tid/--dsos/--symbols: judged on the sample (its thread's
 * comm then, the object and symbol of its address, as perf's resolver
 * does); the entries the sample creates, children ones too, stay hidden
 * even when later samples of other objects add to them, as perf's. The
 * totals stay those of the whole profile. */
static unsigned int report__sample_hidden(struct report *rep, const struct addr_location *al)
{
	unsigned int types = 0;

	if ((rep->comm_list && !strlist__has(&rep->comms, al->comm)) ||
	    (rep->nr_pids && !int_list_has(rep->pids, rep->nr_pids, al->thread->pid)) ||
	    (rep->nr_tids && !int_list_has(rep->tids, rep->nr_tids, al->thread->tid)))
		types |= HE_FILTER_THREAD;
	if (rep->dso_list && !(al->dso && (strlist__has(&rep->dsos, al->dso->short_name) ||
					  strlist__has(&rep->dsos, al->dso->long_name))))
		types |= HE_FILTER_DSO;
	if (rep->sym_list && !((al->sym && strlist__has(&rep->syms, al->sym->name)) ||
			       (al->map && sym_addrs__has(&rep->sym_addrs, al->ip))))
		types |= HE_FILTER_SYM;
	return types;
}

/* the kinds of filters given (HE_FILTER_*) */
static unsigned int report__filters_given(const struct report *rep)
{
	return (rep->comm_list || rep->nr_pids || rep->nr_tids ? HE_FILTER_THREAD : 0) |
	       (rep->dso_list ? HE_FILTER_DSO : 0) | (rep->sym_list ? HE_FILTER_SYM : 0) |
	       (rep->socket_filter >= 0 ? HE_FILTER_SOCKET : 0);
}

/* A hidden entry leaving the table still sizes its tracepoint field
 * columns: perf widens those by every entry its comparisons read, hidden
 * ones too (the other columns by the shown entries alone) */
static void report__dyn_widen(struct report *rep, const struct hists *h,
			      const struct hist_entry *he)
{
	for (int k = 0; rep->nr_dyn && k < h->nr_keys; k++) {
		const struct sort_key *key = h->keys[k];
		int d, w;

		if (!key->dynamic || !key->width)
			continue;
		d = report__dyn_index(rep, key);
		if (d < 0)
			continue;
		w = key->width(key, &h->opts.sort, he);
		if (w > rep->dyn_key[d]->min_width)
			rep->dyn_key[d]->min_width = w;
	}
}

/* The hidden entries (filters, --symbol-filter) leave h->sorted, or with
 * @keep stay there marked filtered (a group view decides by them which
 * rows show: perf pairs the members' entries with hidden ones too). */
static uint64_t report__filter_entries(struct report *rep, struct hists *h, bool keep)
{
	uint64_t i, j, period = 0, samples = 0, unhidden = 0;
	bool any = false, sym_filter = false;

	for (int k = 0; k < h->nr_keys && !h->opts.no_collapse; k++)
		sym_filter |= h->keys[k]->collapse;
	sym_filter &= !h->evsel || !h->evsel->idx;
	for (i = 0, j = 0; i < h->nr_sorted; i++) {
		struct hist_entry *he = h->sorted[i];

		if (he->filtered) {
			rep->nr_filtered++;
			any = true;
			if (keep)
				h->sorted[j++] = he;
			else
				report__dyn_widen(rep, h, he);
			continue;
		}
		/* perf's sample count (and its callchain threshold) leave
		 * in the entries --symbol-filter hides; its period does not */
		samples += he->nr_events;
		unhidden += he->period;
		/* --symbol-filter: by the entry's own symbol (children
		 * entries too), as perf filters its entries: those of the
		 * file's first event only (perf gives it that one), when
		 * a key collapses (perf filters in its collapse pass);
		 * a hierarchy judges each node by its first entry */
		if (rep->symbol_filter && sym_filter && !rep->hierarchy &&
		    !(he->sym && strstr(he->sym->name, rep->symbol_filter))) {
			rep->nr_filtered++;
			any = true;
			if (keep) {
				he->filtered = true;
				h->sorted[j++] = he;
			} else {
				report__dyn_widen(rep, h, he);
			}
			continue;
		}
		period += he->period;
		h->sorted[j++] = he;
	}
	h->nr_sorted = j;
	/* --percentage relative: the shown entries make 100%, and the
	 * header counts only their samples, as perf's */
	if (rep->pct_relative && any) {
		h->total_period = period;
		h->nr_samples = samples;
		return unhidden;	/* the callchain threshold's total */
	}
	/* a hierarchy's relative total is its shown top level's, which
	 * --symbol-filter may cut alone: the threshold stays the whole's */
	return rep->pct_relative && rep->hierarchy ? unhidden : 0;
}

/*
 * The parent key: the first frame whose symbol matches --parent, walking
 * the chain in the order the report shows it (from the root in caller
 * order), as perf does. perf matches the frames it reads from the sample's
 * callchain only, not the ones it unwinds from DWARF user stacks.
 */
static struct symbol *report__parent(struct report *rep, const struct callchain_cursor *c)
{
	bool from_root = rep->cc.order == ORDER_CALLER;
	uint32_t i;

	if (!rep->parent_re_ok)
		return NULL;
	for (i = 0; i < c->nr; i++) {
		const struct callchain_cursor_node *n = &c->nodes[from_root ? c->nr - 1 - i : i];

		if (n->sym && !n->unwound && !regexec(&rep->parent_re, n->sym->name, 0, NULL, 0))
			return n->sym;
	}
	return NULL;
}

/*
 * --ignore-callees: walking the chain in the order the report shows it,
 * a frame whose symbol matches starts the chain afresh (the frames walked
 * before it are dropped), and the last such frame becomes the sample's
 * own location. perf matches the sampled frames only (not DWARF-unwound
 * ones), and not the frame it took for the parent key. True when a frame
 * matched.
 */
static bool report__ignore_callees(struct report *rep, struct callchain_cursor *c,
				   const struct symbol *parent, struct addr_location *al)
{
	bool from_root = rep->cc.order == ORDER_CALLER;
	bool parent_seen = false;
	uint32_t i, root = c->nr;

	for (i = 0; i < c->nr; i++) {
		uint32_t k = from_root ? c->nr - 1 - i : i;
		const struct callchain_cursor_node *n = &c->nodes[k];

		if (!n->sym || n->unwound)
			continue;
		if (parent && !parent_seen && n->sym == parent) {
			parent_seen = true;
			continue;
		}
		if (!regexec(&rep->callees_re, n->sym->name, 0, NULL, 0))
			root = k;
	}
	if (root == c->nr)
		return false;
	al->map = c->nodes[root].map;
	al->dso = c->nodes[root].dso;
	al->sym = c->nodes[root].sym;
	al->addr = c->nodes[root].addr;
	al->ip = c->nodes[root].ip;
	al->level = c->nodes[root].level;
	/* the cursor is leaf first: the callees are below the root in
	 * callee order, above it in caller order */
	if (from_root) {
		c->nr = root + 1;
	} else {
		memmove(c->nodes, c->nodes + root, (c->nr - root) * sizeof(*c->nodes));
		c->nr -= root;
	}
	return true;
}

/* -w: comma-separated column widths, each a number from 0 (as computed)
 * to 1024; an empty item is 0, as perf takes it. 0, or -EINVAL. */
static int parse_column_widths(struct report *rep, const char *s)
{
	const char *p = s;

	rep->nr_col_widths = 0;
	while (*p) {
		char *end;
		long v = 0;

		if (*p != ',') {
			if (*p < '0' || *p > '9')
				return -EINVAL;
			v = strtol(p, &end, 10);
			if (v > 1024 || (*end && *end != ','))
				return -EINVAL;
			p = end;
		}
		if (ALLOC_GROW(rep->col_widths, rep->nr_col_widths + 1, rep->alloc_col_widths, 16))
			return -ENOMEM;
		rep->col_widths[rep->nr_col_widths++] = (int)v;
		if (*p == ',')
			p++;
	}
	return 0;
}

/* --time-quantum: "-s time" slots, 100 ms by default as perf's; a whole
 * number with ns (the default unit), us, ms or s. 0, or -EINVAL. */
static int parse_time_quantum(const char *s, uint64_t *ns)
{
	static const struct { const char *unit; uint64_t mul; } units[] = {
		{ "", 1 }, { "ns", 1 }, { "us", 1000 }, { "ms", 1000000 }, { "s", 1000000000 },
	};
	char *end;
	unsigned long long v;

	if (!s || *s < '0' || *s > '9')
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno)
		return -EINVAL;
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (strcmp(end, units[i].unit))
			continue;
		if (!v || v > UINT64_MAX / units[i].mul)
			return -EINVAL;
		*ns = v * units[i].mul;
		return 0;
	}
	return -EINVAL;
}

/* the socket of the sample's CPU in the file's CPU_TOPOLOGY; -1 when the
 * samples carry no CPU or the file no topology, as perf */
static int32_t report__socket(struct report *rep, struct evsel *evsel,
			      const struct perf_sample *sample)
{
	struct env *env = session__env(rep->session);

	if (!(evsel->attr.sample_type & PERF_SAMPLE_CPU) || !env || !env->cpu ||
	    sample->cpu >= (uint32_t)env->nr_cpus_avail)
		return -1;
	return env->cpu[sample->cpu].socket_id;
}

/* -W: a weight, or a weight struct of the weight (low 32 bits) and the
 * instruction latency (the 16 above) */
static void report__weights(const struct evsel *evsel, const struct perf_sample *sample,
			    struct hist_entry *he)
{
	if (evsel->attr.sample_type & PERF_SAMPLE_WEIGHT_STRUCT) {
		he->weight = (uint32_t)sample->weight;
		he->ins_lat = (uint16_t)(sample->weight >> 32);
	} else if (evsel->attr.sample_type & PERF_SAMPLE_WEIGHT) {
		he->weight = sample->weight;
	}
}

/* -U: callchain frames without a symbol are left out, as perf does */
static void report__hide_unresolved_frames(struct callchain_cursor *c)
{
	uint32_t i, j;

	for (i = 0, j = 0; i < c->nr; i++)
		if (c->nodes[i].sym)
			c->nodes[j++] = c->nodes[i];
	c->nr = j;
}

/* -D: a record as it is read (user records) or delivered (kernel ones) */
static void report__dump(struct tool *tool, const union perf_event *event,
			 const struct perf_sample *sample, uint64_t offset,
			 struct session *session)
{
	struct report *rep = (struct report *)tool;
	struct evsel *evsel = NULL;

	if (event->header.type == PERF_RECORD_SAMPLE || event->header.type == PERF_RECORD_READ)
		evsel = session__evsel_of(session, event);
	if (session__dump_path(session))
		rep->dumper.path = session__dump_path(session);
	event_dump__record(&rep->dumper, session__evlist(session), evsel, event, sample, offset);
}

#define REC_BIT(t) (1ULL << (t))
#define USER_BIT(t) (1ULL << ((t) - PERF_RECORD_USER_TYPE_START))

/*
 * -D with --stats or --tasks/--mmaps: perf's tools for them handle fewer
 * records than its report's, and its dump says ": unhandled!" for the
 * ones a report handles and they do not (--stats counts the samples
 * silently; --tasks follows COMM, FORK and EXIT, --mmaps the maps too).
 */
static void report__dump_handlers(struct report *rep)
{
	const uint64_t kernel = REC_BIT(PERF_RECORD_SAMPLE) | REC_BIT(PERF_RECORD_MMAP) |
		REC_BIT(PERF_RECORD_MMAP2) | REC_BIT(PERF_RECORD_COMM) |
		REC_BIT(PERF_RECORD_NAMESPACES) | REC_BIT(PERF_RECORD_CGROUP) |
		REC_BIT(PERF_RECORD_EXIT) | REC_BIT(PERF_RECORD_FORK) |
		REC_BIT(PERF_RECORD_LOST) | REC_BIT(PERF_RECORD_READ);
	const uint64_t user = USER_BIT(PERF_RECORD_HEADER_TRACING_DATA) |
		USER_BIT(PERF_RECORD_HEADER_BUILD_ID) | USER_BIT(PERF_RECORD_ID_INDEX) |
		USER_BIT(PERF_RECORD_AUXTRACE_INFO) | USER_BIT(PERF_RECORD_AUXTRACE) |
		USER_BIT(PERF_RECORD_EVENT_UPDATE) | USER_BIT(PERF_RECORD_HEADER_FEATURE);
	uint64_t kept;

	if (rep->stats_given)
		kept = REC_BIT(PERF_RECORD_SAMPLE);
	else if (rep->tasks || rep->mmaps)
		kept = REC_BIT(PERF_RECORD_COMM) | REC_BIT(PERF_RECORD_FORK) |
		       REC_BIT(PERF_RECORD_EXIT) | (rep->mmaps ? REC_BIT(PERF_RECORD_MMAP) |
						    REC_BIT(PERF_RECORD_MMAP2) : 0);
	else
		return;
	rep->dumper.unhandled = kernel & ~kept;
	rep->dumper.unhandled_user = user;
}

/*
 * A file (not a pipe) whose events lack sample_id_all: its side-band
 * records carry no time, so perf reads it in file order (-D says so,
 * before --stats or --tasks choose their order), except --tasks, which
 * sorts it anyway.
 */
static void report__no_sample_id_all(struct report *rep)
{
	if (!session__file_order(rep->session) || (rep->dump && rep->disable_order))
		return;
	if (rep->dump)
		printf("WARNING: No sample_id_all support, falling back to unordered processing\n");
	if (!rep->tasks && !rep->mmaps)
		rep->tool.ordered_events = false;
}

/* The memory keys' fields: the data address resolved in the maps of the
 * sample's process (those of its cpumode, as the ip), the data source
 * (perf's "not available" value for an event that samples none) */
static void report__mem(struct report *rep, const struct evsel *evsel,
			const struct perf_sample *sample, const struct addr_location *al,
			struct hist_entry *he)
{
	const uint64_t type = evsel->attr.sample_type;
	struct addr_location dal;

	he->daddr = type & PERF_SAMPLE_ADDR ? sample->addr : 0;
	thread__resolve_ip(rep->machine, al->thread, al->cpumode, he->daddr, &dal);
	he->daddr_al = dal.addr;
	he->cpumode = al->cpumode;
	if (dal.map) {
		he->dmap.mapped = true;
		/* perf tells the objects apart by their dso's id */
		he->dmap.maj = dal.dso->id_maj;
		he->dmap.min = dal.dso->id_min;
		he->dmap.ino = dal.dso->id_ino;
		he->dmap.ino_gen = dal.dso->id_ino_gen;
		he->dmap.flags = dal.map->flags;
		he->dmap.prot = dal.map->prot;
		he->dmap.delta = map__unmap_ip(dal.map, 0);
	}
	he->ddso = dal.dso;
	he->dsym = dal.sym;
	he->dlevel = dal.level;
	he->data_src = type & PERF_SAMPLE_DATA_SRC ? sample->data_src : MEM_SRC_NONE;
	he->phys_addr = type & PERF_SAMPLE_PHYS_ADDR ? sample->phys_addr : 0;
	he->data_page_size = type & PERF_SAMPLE_DATA_PAGE_SIZE ? sample->data_page_size : 0;
	he->iaddr = sample->ip;
}

/* One end of a branch: where its address resolves in the sample's
 * process, as perf looks it up (the user maps, then the kernel's) */
static void report__branch_end(struct report *rep, struct thread *thread, uint64_t addr,
			       struct addr_location *al, struct hist_branch_end *e)
{
	thread__resolve_ip(rep->machine, thread, PERF_RECORD_MISC_USER, addr, al);
	if (!al->map)
		thread__resolve_ip(rep->machine, thread, PERF_RECORD_MISC_KERNEL, addr, al);
	e->dso = al->dso;
	e->sym = al->sym;
	/* perf's level of an address no map holds is that of its last
	 * try, a guest kernel one it does not look in: 'H' */
	e->level = al->map ? al->level : 'H';
	e->addr = addr;
	e->al_addr = al->addr;
	e->srcline = NULL;
	if (!rep->need_br_srcline)
		return;
	/* perf: "file:line", "sym+off" (decimal) without line
	 * information, "dso[addr]" without a symbol, "??:0" without a map */
	if (!al->map || !al->dso) {
		e->srcline = machine__intern(rep->machine, "??:0");
	} else {
		e->srcline = srcline__line(rep->machine, al->dso, al->sym, al->addr);
		if (!al->sym && !strcmp(e->srcline, "??:0")) {
			char buf[512];

			snprintf(buf, sizeof(buf), "%s[%" PRIx64 "]", al->dso->short_name, al->addr);
			e->srcline = machine__intern(rep->machine, buf);
		}
	}
}

/* The srcline perf gives a branch entry: that of the target's address as
 * sampled, taken for an address in its object (see report__branches) */
static const char *report__raw_srcline(struct report *rep, const struct addr_location *al,
				       uint64_t raw)
{
	char buf[512];

	if (!al->map || !al->dso)
		return machine__intern(rep->machine, "??:0");
	if (raw == al->addr)
		return srcline__line(rep->machine, al->dso, al->sym, raw);
	if (al->sym)
		snprintf(buf, sizeof(buf), "%s+%" PRIu64, al->sym->name, raw - al->sym->start);
	else
		snprintf(buf, sizeof(buf), "%s[%" PRIx64 "]", al->dso->short_name, raw);
	return machine__intern(rep->machine, buf);
}

/* perf's "Branch Statistics": branches of a known kind (not from address
 * 0) by kind (the extended kinds by their new type), conditional ones
 * forward or backward, those that cross a 2M or else a 4K boundary */
static void branch_types__count(struct branch_types *bt, const struct hist_branch *b)
{
	unsigned int type = (b->flags >> 20) & 0xf, new_type = (b->flags >> 26) & 0xf;
	uint64_t from = b->from.addr, to = b->to.addr;

	if (!type || !from)
		return;
	/* PERF_BR_EXTEND_ABI: perf 6.1 counts the new types past its 8
	 * known ones in the counters after them, COND_FWD to CROSS_2M (and
	 * those past these nowhere it shows) */
	if (type == 15 && new_type < 8)
		bt->new_type[new_type]++;
	else if (type == 15 && new_type < 12)
		(&bt->cond_fwd)[new_type - 8]++;
	else if (type != 15)
		bt->type[type]++;
	if (type == 1)	/* PERF_BR_COND */
		to > from ? bt->cond_fwd++ : bt->cond_bwd++;
	if ((from >> 21) != (to >> 21))
		bt->cross_2m++;
	else if ((from >> 12) != (to >> 12))
		bt->cross_4k++;
}

static void branch_types__print(const struct branch_types *bt, FILE *fp)
{
	static const char *const types[16] = {
		"N/A", "COND", "UNCOND", "IND", "CALL", "IND_CALL", "RET", "SYSCALL",
		"SYSRET", "COND_CALL", "COND_RET", "ERET", "IRQ", "SERROR", "NO_TX", "EXTEND_ABI",
	};
	static const char *const new_types[8] = {
		"FAULT_ALGN", "FAULT_DATA", "FAULT_INST", "ARCH_1", "ARCH_2", "ARCH_3",
		"ARCH_4", "ARCH_5",
	};
	const struct { const char *name; uint64_t n; } edges[] = {
		{ "COND_FWD", bt->cond_fwd }, { "COND_BWD", bt->cond_bwd },
		{ "CROSS_4K", bt->cross_4k }, { "CROSS_2M", bt->cross_2m },
	};
	uint64_t total = 0;
	int i;

	/* (the extended kinds are shown, but perf leaves them out of the
	 * total) */
	for (i = 0; i < 16; i++)
		total += bt->type[i];
	if (!total)
		return;
	/* perf's lines, without a newline after the last one */
	fprintf(fp, "\n#\n# Branch Statistics:\n#");
	for (i = 0; i < 4; i++)
		if (edges[i].n)
			fprintf(fp, "\n%8s: %5.1f%%", edges[i].name, 100.0 * edges[i].n / total);
	for (i = 0; i < 16; i++)
		if (bt->type[i])
			fprintf(fp, "\n%8s: %5.1f%%", types[i], 100.0 * bt->type[i] / total);
	for (i = 0; i < 8; i++)
		if (bt->new_type[i])
			fprintf(fp, "\n%8s: %5.1f%%", new_types[i], 100.0 * bt->new_type[i] / total);
}

/*
 * Branch mode: each branch of the sample's stack is an entry worth 1 (the
 * report shows shares of the branches, not of the samples), keyed as perf
 * keys it: the sample's thread, comm, level and filters, the branch's ends
 * and flags, and the target as the entry's own object and symbol.
 */
static int report__branches(struct report *rep, struct hists *hists, struct hist_entry *tmpl,
			    const struct perf_sample *sample)
{
	struct hist_branch br;
	struct addr_location from, to;
	struct hist_entry *he;
	int err = 0;

	tmpl->br = &br;
	/* perf's weight of every branch entry: the first branch's cycles
	 * (1 without) */
	if (sample->branch_nr)
		tmpl->weight = (sample->branch_stack[0].flags >> 4) & 0xffff;
	if (!tmpl->weight)
		tmpl->weight = 1;
	for (uint64_t i = 0; i < sample->branch_nr && !err; i++) {
		const struct branch_stack_entry *e = &sample->branch_stack[i];

		report__branch_end(rep, tmpl->thread, e->from, &from, &br.from);
		report__branch_end(rep, tmpl->thread, e->to, &to, &br.to);
		br.flags = e->flags;
		/* -U: a branch with an end that has no symbol */
		if (rep->hide_unresolved && !(br.from.sym && br.to.sym))
			continue;
		tmpl->dso = to.dso;
		tmpl->sym = to.sym;
		tmpl->addr = e->to;
		/* perf's entry address is the target as sampled, which its
		 * addr key maps out of the object once more and its srcline
		 * and srcfile keys look up in the object as it is (a line
		 * only where the object is not relocated) */
		tmpl->ip = to.map ? map__unmap_ip(to.map, e->to) : e->to;
		tmpl->obj_ip = e->to;
		tmpl->srcfile_none = e->to != to.addr;
		tmpl->map_size = to.map ? map__size(to.map) : 0;
		tmpl->map_delta = to.map ? map__unmap_ip(to.map, 0) : 0;
		tmpl->map_id = to.map ? to.map->id : 0;
		tmpl->maps_id = to.map && to.level != 'k' && to.thread && to.thread->maps ?
				to.thread->maps->id : 0;
		if (rep->need_srcline)
			tmpl->srcline = report__raw_srcline(rep, &to, e->to);
		he = hists__add_branch(hists, tmpl, 1, (uint8_t)sample->cpumode);
		if (!he) {
			err = -ENOMEM;
			break;
		}
		/* perf counts the kinds of the entry's branch (the first
		 * one that made it), once per branch added */
		branch_types__count(&rep->brtypes, he->br);
	}
	tmpl->br = NULL;
	return err;
}

static int report__sample(struct tool *tool, const union perf_event *event,
			  const struct perf_sample *sample, struct evsel *evsel,
			  struct session *session)
{
	struct report *rep = (struct report *)tool;
	struct addr_location al;
	struct hist_entry tmpl;
	struct hists *hists;
	struct callchain_cursor *cursor = NULL;
	struct symbol *parent = NULL;
	uint64_t period = sample->period;
	bool ref_sample = false, unfiltered = false;
	int err;

	if (!rep->setup_done) {
		err = report__setup(rep);
		if (err)
			return err;
	}
	/* -c N recordings carry no PERIOD: every sample is worth N */
	/* --stats counts every sample of the event, whatever the filters
	 * (--time, --comm, -U...) keep, as perf's */
	if (evsel->idx >= 0 && report__hists_room(rep, evsel->idx))
		rep->nr_event_samples[evsel->idx]++;
	if (rep->stats && (!rep->dump || rep->stats_given))
		return 0;
	if (!(evsel->attr.sample_type & PERF_SAMPLE_PERIOD))
		period = evsel->attr.freq ? 1 : evsel->attr.sample_period;
	if (!period)
		period = 1;
	/* --mem-mode: a sample is worth its weight (1 without one), as perf */
	if (rep->mem_mode) {
		period = evsel->attr.sample_type & PERF_SAMPLE_WEIGHT_STRUCT ?
			 (uint32_t)sample->weight : evsel->attr.sample_type & PERF_SAMPLE_WEIGHT ?
			 sample->weight : 0;
		if (!period)
			period = 1;
	}
	/* --time: samples outside the ranges are not counted at all */
	if (time_ranges__skip(&rep->time, sample->time)) {
		rep->nr_time_skipped++;
		return 0;
	}
	/* --switch-on/off: after --time, as perf */
	if (evswitch__active(&rep->evswitch) && evswitch__discard(&rep->evswitch, evsel))
		return 0;
	/* branch mode: an event without branch stacks adds nothing, as perf */
	if (rep->branch && !(evsel->attr.sample_type & PERF_SAMPLE_BRANCH_STACK))
		return 0;
	if (machine__resolve(rep->machine, sample, &al) < 0)
		return -ENOMEM;
	if (rep->dump)
		event_dump__location(&rep->dumper, &al);
	/* -U: perf drops the sample, not just its entry (all dropped: a
	 * file without samples for perf) */
	if (rep->hide_unresolved && !al.sym) {
		rep->nr_unresolved_hidden++;
		return 0;
	}
	rep->nr_samples++;
	hists = report__hists(rep, evsel);
	if (!hists)
		return -ENOMEM;
	if (report__filtered(rep, &al, sample)) {
		rep->nr_filtered++;
		rep->nr_cpu_filtered++;
		return 0;
	}
	if (rep->need_callchain && hists->opts.children &&
	    !sample->callchain && !sample->user_stack.size) {
		/* a sample with no chain of its own (-e E1/call-graph=fp/ -e
		 * E2): perf leaves the chain of the last sample it resolved in
		 * its cursor, and takes this sample's children entries (and,
		 * with --show-ref-call-graph, its call graph) from it */
		hists->nr_no_callchain++;
		cursor = &rep->cursor;
		ref_sample = true;
	} else if (rep->need_callchain) {
		err = machine__resolve_callchain_ordered(rep->machine, al.thread, sample,
							 &rep->cursor, rep->max_stack,
							 rep->cc.order == ORDER_CALLER);
		if (err == -EINVAL && !rep->max_stack) {
			pr_err("report: --max-stack 0 leaves no frame to unwind a --call-graph dwarf stack into (perf fails on it too); give --max-stack 1 or more, or -g none\n");
			rep->usage_error = true;
		}
		if (err)
			return err;
		cursor = &rep->cursor;
		if (rep->hide_unresolved)
			report__hide_unresolved_frames(cursor);
		if (rep->cc.key != KEY_FUNCTION)
			report__key_frames(rep, cursor);
		/* an event recorded without callchains next to one with
		 * (-e E1/call-graph=fp/ -e E2): perf adds no call graph */
		if (!sample->callchain && !sample->user_stack.size) {
			hists->nr_no_callchain++;
			cursor = NULL;
		}
		if (cursor && cursor->truncated)
			hists->nr_truncated++;
		if (cursor && rep->parent_re_ok && rep->need_parent)
			parent = report__parent(rep, cursor);
		/* the frame taken for the sample's location is no sample:
		 * perf's filters judged the sample, and its entries are
		 * shown whatever they said */
		if (cursor && rep->callees_re_ok && report__ignore_callees(rep, cursor, parent, &al))
			unfiltered = true;
	}
	tui_report__sample(rep->tui_rep, session, evsel->idx, &al, period);
	if (!al.sym && !rep->machine->maps_only)
		hists->nr_unresolved++;
	memset(&tmpl, 0, sizeof(tmpl));
	tmpl.thread = al.thread;
	tmpl.comm = al.comm;
	tmpl.dso = al.dso;
	tmpl.sym = al.sym;
	tmpl.map_size = al.map ? map__size(al.map) : 0;
	tmpl.obj_ip = al.addr;
	tmpl.map_delta = al.map ? map__unmap_ip(al.map, 0) : 0;
	/* perf's module maps are no identity: -v shows the address in the
	 * module (its symbols, kallsyms', stay absolute: a data object's
	 * offset is the same) */
	if (al.map && al.dso && al.dso->kind == DSO_KIND_MODULE) {
		tmpl.obj_ip = al.ip - al.map->start + al.map->pgoff;
		tmpl.map_delta = tmpl.obj_ip - al.ip;
	}
	tmpl.map_id = al.map ? al.map->id : 0;
	tmpl.maps_id = al.map && al.level != 'k' && al.thread->maps ? al.thread->maps->id : 0;
	tmpl.ip = al.ip;	/* the --ignore-callees root's, if any */
	report__weights(evsel, sample, &tmpl);
	tmpl.transaction = sample->transaction;
	if (evsel->attr.sample_type & PERF_SAMPLE_CGROUP)
		tmpl.cgroup = sample->cgroup;
	if (evsel->attr.sample_type & PERF_SAMPLE_CODE_PAGE_SIZE)
		tmpl.code_page_size = sample->code_page_size;
	tmpl.cgns_dev = al.thread->cgns_dev;
	tmpl.cgns_ino = al.thread->cgns_ino;
	tmpl.addr = al.addr;
	tmpl.level = al.level;
	tmpl.cpu = (int32_t)sample->cpu;
	tmpl.pid = al.thread->pid;
	tmpl.tid = al.thread->tid;
	tmpl.time = sample->time / rep->time_quantum * rep->time_quantum;
	tmpl.socket = report__socket(rep, evsel, sample);
	tmpl.filter_types = (uint8_t)((unfiltered ? 0 : report__sample_hidden(rep, &al)) |
				      (rep->socket_filter >= 0 && tmpl.socket != rep->socket_filter ?
				       HE_FILTER_SOCKET : 0));
	tmpl.filtered = tmpl.filter_types != 0;
	/* its line as perf looks it up: when and whether, hists decide */
	if (rep->need_srcline) {
		tmpl.srcline = srcline__line(rep->machine, al.dso, al.sym, al.addr);
		tmpl.src_kind = al.map && al.dso ? HE_SRC_OWN : HE_SRC_NONE;
		tmpl.file_kind = tmpl.src_kind;
	}
	if (rep->need_trace)
		tmpl.trace = report__trace(rep, sample, evsel);
	if (rep->nr_dyn) {
		tmpl.dyn = report__dyn_keys(rep, sample, evsel);
		if (!tmpl.dyn)
			return -ENOMEM;
		rep->dyn_sample = sample;
		rep->dyn_evsel = evsel;
		rep->dyn_trace = tmpl.trace;
	}
	if (rep->need_mem)
		report__mem(rep, evsel, sample, &al, &tmpl);
	tmpl.parent = parent;
	/* -x: samples without a caller matching --parent are hidden */
	if (rep->exclude_other && !tmpl.parent)
		tmpl.filtered = true;
	if (rep->branch)
		return report__branches(rep, hists, &tmpl, sample);
	return hists__add_sample(hists, &tmpl, cursor, period, (uint8_t)sample->cpumode,
				 ref_sample);
}

static int report__read_event(struct report *rep, const union perf_event *event,
			      struct evsel *evsel);

/* CGROUP records: a cgroup id's path for the cgroup key; the first
 * record of an id names it, as perf keeps the first */
static int report__cgroup_event(struct report *rep, const union perf_event *event)
{
	const struct perf_record_cgroup *c = (const void *)event;
	size_t len, i;
	char *path;

	if (event->header.size < sizeof(*c) + 1)
		return 0;
	len = strnlen(c->path, event->header.size - sizeof(*c));
	for (i = 0; i < rep->nr_cgroups; i++)
		if (rep->cgroups[i].id == c->id)
			return 0;
	if (ALLOC_GROW(rep->cgroups, rep->nr_cgroups + 1, rep->alloc_cgroups, 16))
		return -ENOMEM;
	path = strndup(c->path, len);
	if (!path)
		return -ENOMEM;
	rep->cgroups[rep->nr_cgroups].id = c->id;
	rep->cgroups[rep->nr_cgroups++].path = path;
	return 0;
}

static const char *report__cgroup_name(void *arg, uint64_t id)
{
	const struct report *rep = arg;

	for (size_t i = 0; i < rep->nr_cgroups; i++)
		if (rep->cgroups[i].id == id)
			return rep->cgroups[i].path;
	return NULL;
}

/* NAMESPACES records: the thread's cgroup namespace (the 7th link) for
 * the cgroup_id key */
#define CGROUP_NS_LINK 6

static void report__namespaces_event(struct report *rep, const union perf_event *event)
{
	const struct perf_record_namespaces *n = (const void *)event;
	struct thread *t;

	if (event->header.size < sizeof(*n) ||
	    n->nr_namespaces > (event->header.size - sizeof(*n)) / sizeof(n->link_info[0]))
		return;
	t = machine__findnew_thread(rep->machine, (int32_t)n->pid, (int32_t)n->tid);
	if (!t)
		return;
	if (n->nr_namespaces > CGROUP_NS_LINK) {
		t->cgns_dev = n->link_info[CGROUP_NS_LINK].dev;
		t->cgns_ino = n->link_info[CGROUP_NS_LINK].ino;
	} else {
		t->cgns_dev = t->cgns_ino = 0;
	}
}

static int report__event(struct tool *tool, const union perf_event *event,
			 const struct perf_sample *sample, struct session *session)
{
	struct report *rep = (struct report *)tool;
	int err;

	/* perf's --stats counts each event's lost samples (by the record's
	 * id) and handles no other record */
	if (event->header.type == PERF_RECORD_LOST_SAMPLES &&
	    event->header.size >= sizeof(struct perf_record_lost_samples)) {
		struct evsel *evsel = session__evsel_of(session, event);

		if (evsel && report__hists_room(rep, evsel->idx))
			rep->nr_event_lost[evsel->idx] +=
				((const struct perf_record_lost_samples *)event)->lost;
	}
	if (rep->stats_given)
		return 0;
	if (event->header.type == PERF_RECORD_READ && rep->threads)
		return report__read_event(rep, event, session__evsel_of(session, event));
	if (event->header.type == PERF_RECORD_CGROUP)
		return report__cgroup_event(rep, event);
	if (event->header.type == PERF_RECORD_NAMESPACES)
		report__namespaces_event(rep, event);
	err = machine__process_event(rep->machine, event, sample);
	if (rep->dump && event->header.type == PERF_RECORD_FORK)
		machine__fprintf_fork_note(rep->machine, rep->dumper.fp);
	return err;
}

static const char *const record_names[] = {
	[PERF_RECORD_MMAP] = "MMAP", [PERF_RECORD_LOST] = "LOST",
	[PERF_RECORD_COMM] = "COMM", [PERF_RECORD_EXIT] = "EXIT",
	[PERF_RECORD_THROTTLE] = "THROTTLE", [PERF_RECORD_UNTHROTTLE] = "UNTHROTTLE",
	[PERF_RECORD_FORK] = "FORK", [PERF_RECORD_READ] = "READ",
	[PERF_RECORD_SAMPLE] = "SAMPLE", [PERF_RECORD_MMAP2] = "MMAP2",
	[PERF_RECORD_AUX] = "AUX", [PERF_RECORD_ITRACE_START] = "ITRACE_START",
	[PERF_RECORD_LOST_SAMPLES] = "LOST_SAMPLES", [PERF_RECORD_SWITCH] = "SWITCH",
	[PERF_RECORD_SWITCH_CPU_WIDE] = "SWITCH_CPU_WIDE",
	[PERF_RECORD_NAMESPACES] = "NAMESPACES", [PERF_RECORD_KSYMBOL] = "KSYMBOL",
	[PERF_RECORD_BPF_EVENT] = "BPF_EVENT", [PERF_RECORD_CGROUP] = "CGROUP",
	[PERF_RECORD_TEXT_POKE] = "TEXT_POKE", [PERF_RECORD_AUX_OUTPUT_HW_ID] = "AUX_OUTPUT_HW_ID",
	[PERF_RECORD_HEADER_ATTR] = "ATTR", [PERF_RECORD_HEADER_EVENT_TYPE] = "EVENT_TYPE",
	[PERF_RECORD_HEADER_TRACING_DATA] = "TRACING_DATA",
	[PERF_RECORD_HEADER_BUILD_ID] = "BUILD_ID",
	[PERF_RECORD_FINISHED_ROUND] = "FINISHED_ROUND", [PERF_RECORD_ID_INDEX] = "ID_INDEX",
	[PERF_RECORD_AUXTRACE_INFO] = "AUXTRACE_INFO", [PERF_RECORD_AUXTRACE] = "AUXTRACE",
	[PERF_RECORD_AUXTRACE_ERROR] = "AUXTRACE_ERROR", [PERF_RECORD_THREAD_MAP] = "THREAD_MAP",
	[PERF_RECORD_CPU_MAP] = "CPU_MAP", [PERF_RECORD_STAT_CONFIG] = "STAT_CONFIG",
	[PERF_RECORD_STAT] = "STAT", [PERF_RECORD_STAT_ROUND] = "STAT_ROUND",
	[PERF_RECORD_EVENT_UPDATE] = "EVENT_UPDATE", [PERF_RECORD_TIME_CONV] = "TIME_CONV",
	[PERF_RECORD_HEADER_FEATURE] = "FEATURE", [PERF_RECORD_COMPRESSED] = "COMPRESSED",
	[PERF_RECORD_FINISHED_INIT] = "FINISHED_INIT",
};

static void report__print_stats(struct report *rep, FILE *fp)
{
	const struct session_stats *st = session__stats(rep->session);
	struct evlist *el = session__evlist(rep->session);
	uint64_t total = 0;
	size_t t;
	int i;

	for (t = 0; t < PERF_RECORD_HEADER_MAX; t++)
		total += st->nr_events[t];
	fprintf(fp, "\nAggregated stats:\n");
	fprintf(fp, "%16s events: %10" PRIu64 "\n", "TOTAL", total);
	for (t = 0; t < PERF_RECORD_HEADER_MAX; t++) {
		if ((!st->nr_events[t] && rep->skip_empty) || t >= ARRAY_SIZE(record_names) ||
		    !record_names[t])
			continue;
		fprintf(fp, "%16s events: %10" PRIu64 "  (%4.1f%%)\n", record_names[t],
			st->nr_events[t], total ? st->nr_events[t] * 100.0 / total : 0.0);
	}
	if (st->nr_unknown_events)
		fprintf(fp, "%16s events: %10" PRIu64 "\n", "UNKNOWN", st->nr_unknown_events);
	for (i = 0; el && i < el->nr; i++) {
		struct hists *h = i < rep->nr_hists ? rep->hists[i] : NULL;

		/* events without samples (dummy, unsupported counters of a
		 * stat file) are left out, as perf's default --skip-empty;
		 * with --no-skip-empty they are named, with no count */
		uint64_t nr = i < rep->nr_hists ? rep->nr_event_samples[i] : 0;
		uint64_t lost = i < rep->nr_hists ? rep->nr_event_lost[i] : 0;

		(void)h;
		if (!nr && !lost && rep->skip_empty)
			continue;
		/* perf names a pipe's events by their attrs here (it reads
		 * no EVENT_UPDATE names for --stats; its --stats fails on a
		 * pipe of tracepoints, whose own names are kept) */
		if (session__is_pipe(rep->session) &&
		    el->entries[i]->attr.type != PERF_TYPE_TRACEPOINT) {
			char *n = evsel__attr_name(&el->entries[i]->attr);

			fprintf(fp, "%s stats:\n", n ? n : el->entries[i]->name);
			free(n);
		} else {
			fprintf(fp, "%s stats:\n", el->entries[i]->name);
		}
		if (nr)
			fprintf(fp, "%16s events: %10" PRIu64 "\n", "SAMPLE", nr);
		if (lost)
			fprintf(fp, "%16s events: %10" PRIu64 "\n", "LOST_SAMPLES", lost);
	}
}

/* -T: a thread's count of an event, from the PERF_RECORD_READ that the
 * kernel writes when an inherited counter's task exits (record -s) */
static int report__read_event(struct report *rep, const union perf_event *event,
			      struct evsel *evsel)
{
	struct thread_values *tv = &rep->tvalues;
	const struct perf_record_read *r = (const void *)event;
	int t, c;

	if (!evsel || event->header.size < sizeof(struct perf_event_header) + 16)
		return 0;
	for (t = 0; t < tv->nr_threads; t++)
		if (tv->pid[t] == (int32_t)r->pid && tv->tid[t] == (int32_t)r->tid)
			break;
	for (c = 0; c < tv->nr_counters; c++)
		if (tv->counter[c] == evsel)
			break;
	if (t == tv->nr_threads) {
		int32_t *pid = realloc(tv->pid, (size_t)(t + 1) * sizeof(*pid));
		int32_t *tid = pid ? realloc(tv->tid, (size_t)(t + 1) * sizeof(*tid)) : NULL;

		if (pid)
			tv->pid = pid;
		if (!tid)
			return -ENOMEM;
		tv->tid = tid;
		tv->pid[t] = (int32_t)r->pid;
		tv->tid[t] = (int32_t)r->tid;
		tv->nr_threads++;
	}
	if (c == tv->nr_counters) {
		struct evsel **cs = realloc(tv->counter, (size_t)(c + 1) * sizeof(*cs));

		if (!cs)
			return -ENOMEM;
		tv->counter = cs;
		cs[c] = evsel;
		tv->nr_counters++;
	}
	if (t >= tv->rows || c >= tv->cols) {
		/* grow the value matrix, rows and columns by doubling */
		int rows = t >= tv->rows ? (t + 1) * 2 : tv->rows;
		int cols = c >= tv->cols ? (c + 1) * 2 : tv->cols;
		uint64_t *v = calloc((size_t)rows * (size_t)cols, sizeof(*v));

		if (!v)
			return -ENOMEM;
		for (int i = 0; i < tv->rows; i++)
			for (int j = 0; j < tv->cols; j++)
				v[i * cols + j] = tv->value[i * tv->cols + j];
		free(tv->value);
		tv->value = v;
		tv->rows = rows;
		tv->cols = cols;
	}
	/* the first u64 of the read_format: the count */
	tv->value[t * tv->cols + c] += r->value;
	return 0;
}

static int num_width(uint64_t v)
{
	int w = 1;

	while (v >= 10) {
		v /= 10;
		w++;
	}
	return w;
}

/* the table perf prints: PID and TID at least 3 wide, a column per event
 * as wide as its name or its largest count; threads and events in the
 * order their first READ came */
static void report__print_threads(struct report *rep, FILE *fp)
{
	struct thread_values *tv = &rep->tvalues;
	int pw = 3, tw = 3, *cw = calloc((size_t)tv->nr_counters + 1, sizeof(int));
	int t, c;
	char buf[16];

	if (!cw)
		return;
	for (c = 0; c < tv->nr_counters; c++)
		cw[c] = (int)strlen(tv->counter[c]->name ? tv->counter[c]->name : "");
	for (t = 0; t < tv->nr_threads; t++) {
		int w = snprintf(buf, sizeof(buf), "%d", tv->pid[t]);

		pw = w > pw ? w : pw;
		w = snprintf(buf, sizeof(buf), "%d", tv->tid[t]);
		tw = w > tw ? w : tw;
		for (c = 0; c < tv->nr_counters; c++) {
			w = num_width(tv->value[t * tv->cols + c]);
			cw[c] = w > cw[c] ? w : cw[c];
		}
	}
	fprintf(fp, "# %*s  %*s", pw, "PID", tw, "TID");
	for (c = 0; c < tv->nr_counters; c++)
		fprintf(fp, "  %*s", cw[c], tv->counter[c]->name ? tv->counter[c]->name : "");
	fputc('\n', fp);
	for (t = 0; t < tv->nr_threads; t++) {
		fprintf(fp, "  %*d  %*d", pw, tv->pid[t], tw, tv->tid[t]);
		for (c = 0; c < tv->nr_counters; c++)
			fprintf(fp, "  %*" PRIu64, cw[c], tv->value[t * tv->cols + c]);
		fputc('\n', fp);
	}
	free(cw);
}

/* a `perf stat record` file: the STAT feature, or STAT records in a pipe */
static bool report__is_stat_file(struct report *rep)
{
	return header__has_feat(session__header(rep->session), HEADER_STAT) ||
	       session__stats(rep->session)->nr_events[PERF_RECORD_STAT];
}

static void report__print_quality(struct report *rep, FILE *fp)
{
	const struct session_stats *st = session__stats(rep->session);
	uint64_t samples = 0, unresolved = 0, nocc = 0, trunc = 0;
	int i;

	for (i = 0; i < rep->nr_hists; i++) {
		if (!rep->hists[i])
			continue;
		samples += rep->hists[i]->nr_samples;
		unresolved += rep->hists[i]->nr_unresolved;
		nocc += rep->hists[i]->nr_no_callchain;
		trunc += rep->hists[i]->nr_truncated;
	}
	fprintf(fp, "#\n# mperf quality: %" PRIu64 " samples, ", samples);
	if (rep->machine->maps_only)
		fputs("symbols not needed, ", fp);
	else
		fprintf(fp, "%.2f%% with unresolved symbols, ",
			samples ? unresolved * 100.0 / samples : 0.0);
	fprintf(fp, "%" PRIu64 " lost",
		/* perf record's LOST_SAMPLES carry the kernel's count of
		 * the samples its LOST records count already */
		st->total_lost > st->total_lost_samples ? st->total_lost :
		st->total_lost_samples);
	if (rep->use_callchain)
		fprintf(fp, ", %" PRIu64 " without callchain", nocc);
	if (trunc)
		fprintf(fp, ", %" PRIu64 " truncated DWARF stacks", trunc);
	fprintf(fp, "\n#\n");
}

/* perf's hint line at the top of a report (and of its dumps) */
static void report__print_hint(FILE *fp)
{
	fputs("# To display the perf.data header info, please use "
	      "--header/--header-only options.\n#\n", fp);
}

/* what perf prints before it refuses an option it checks once the file is
 * open (--time, -C): the header with --header, else its hint lines */
static void report__print_refused_head(const struct report *rep)
{
	if (rep->header && !quiet) {
		fputs("# ========\n", stdout);
		header__fprintf(session__header(rep->session), stdout, rep->show_full_info);
		fputs("# ========\n#\n", stdout);
	} else if (!quiet && !rep->header && !rep->stats && !rep->tasks && !rep->mmaps) {
		report__print_hint(stdout);
	}
}

/* perf's lines of the filters given one value ("# comm: ls") */
static void report__print_elided(const struct report *rep, FILE *fp)
{
	for (int i = 0; i < rep->nr_elided; i++)
		fprintf(fp, "# %s: %s\n", rep->elided[i].name, rep->elided[i].value);
}

/* A pipe's features print as their records come: into a buffer that
 * report__flush_features writes out after the "# comm: ls" lines. */
static void report__print_features(struct report *rep, bool full)
{
	rep->feat_fp = open_memstream(&rep->feat_buf, &rep->feat_len);
	session__set_feature_printer(rep->session, rep->feat_fp ? rep->feat_fp : stdout, full);
}

static void report__flush_features(struct report *rep, FILE *fp)
{
	if (!rep->feat_fp)
		return;
	fclose(rep->feat_fp);
	rep->feat_fp = NULL;
	/* nothing more prints there (the session's reading is over) */
	session__set_feature_printer(rep->session, NULL, false);
	if (rep->feat_len)
		fwrite(rep->feat_buf, 1, rep->feat_len, fp);
	free(rep->feat_buf);
	rep->feat_buf = NULL;
}

/*
 * perf's annotate options: -M and --asm-raw style the TUI's annotate
 * view; --objdump, --source, --prefix and --samples change nothing here
 * (nor in perf's --stdio). 0, or the exit status of a refusal.
 */
static int report__annotate_opts(struct report *rep)
{
	if (rep->prefix_strip && !rep->prefix) {
		/* perf's check, and its status */
		pr_err("report: --prefix-strip needs --prefix (the prefix that replaces the "
		       "stripped path components); add --prefix PREFIX or drop --prefix-strip\n");
		return 234;
	}
	if (rep->samples < 0) {
		pr_err("report: --samples %d: give a count of 0 or more (perf 6.1 fails on a "
		       "negative one too)\n", rep->samples);
		return 1;
	}
	rep->annot_style.raw = rep->asm_raw;
	if (rep->disasm_style)
		annotate_style__parse(&rep->annot_style, rep->disasm_style);
	return 0;
}

/* perf: --group or --no-group given on a file without groups makes all
 * its events one group (shown as one table with --group; the first
 * event's table then says "events" either way) */
static void report__force_group(struct report *rep, struct evlist *el)
{
	if (!report__forces_group(rep, el))
		return;
	for (int i = 1; i < el->nr; i++)
		el->entries[i]->leader = el->entries[0];
	el->entries[0]->nr_members = el->nr;
	rep->forced_group = true;
}

/* An event group in one table, a column per member (perf's group view,
 * its default for files recorded with {a,b} groups). 1 when printed. */
/* the lines under "# Samples: ...": the event count, the socket filter */
static void report__print_count(const struct report *rep, FILE *fp, uint64_t period)
{
	if (rep->mem_mode)
		fprintf(fp, "# Total weight : %" PRIu64 "\n# Sort order   : %s\n", period,
			rep->sort_shown ? rep->sort_shown : mem_sort_order);
	else
		fprintf(fp, "# Event count (approx.): %" PRIu64 "\n", period);
	if (rep->socket_filter >= 0)
		fprintf(fp, "# Processor Socket: %d\n", rep->socket_filter);
	fputs("#\n", fp);
}

/* --show-ref-call-graph: perf's mark on the "# Samples" line of an event
 * (or group) named with call-graph=no (@ref) */
static void report__ref_mark(const struct report *rep, bool ref, FILE *fp)
{
	if (rep->show_ref && ref)
		fputs(", show reference callgraph", fp);
}

/* whether field key @k is a field of @evsel (a tracepoint of its own) */
static bool report__dyn_of(const struct report *rep, int k, const struct evsel *evsel)
{
	return evsel->attr.type == PERF_TYPE_TRACEPOINT && rep->dyn[k].id == evsel->attr.config;
}

/* An event's table shows the tracepoint field keys of that event only,
 * as perf's: @fields gets the columns for @evsel. */
static void report__event_fields(const struct report *rep, const struct evsel *evsel,
				 struct stdio_hist_opts *so, struct sort_field *fields,
				 int *widths)
{
	int n = 0;

	so->fields = rep->fields_v;
	so->nr_fields = rep->nr_fields;
	so->last_elided = rep->last_elided;
	so->col_widths = rep->col_widths;
	so->nr_col_widths = rep->nr_col_widths;
	if (!rep->nr_dyn)
		return;
	for (int i = 0; i < rep->nr_fields; i++) {
		const struct sort_field *f = &rep->fields_v[i];
		int k = f->kind == FIELD_KEY ? report__dyn_index(rep, f->key) : -1;

		if (k >= 0 && !report__dyn_of(rep, k, evsel)) {
			/* perf pads every column but its list's last, shown
			 * or not */
			if (i == rep->nr_fields - 1)
				so->last_elided = true;
			continue;
		}
		/* -w indexes perf's one list of every event's columns */
		if (widths)
			widths[n] = i < rep->nr_col_widths ? rep->col_widths[i] : 0;
		fields[n++] = *f;
	}
	so->fields = fields;
	so->nr_fields = n;
	if (widths && rep->nr_col_widths) {
		so->col_widths = widths;
		so->nr_col_widths = n;
	}
}

/* --hierarchy: does some event with samples have a level (a key that
 * applies to it: not only other events' tracepoint fields)? perf's levels
 * hold no entry otherwise, and it says the file has no samples */
static bool report__hierarchy_has_level(const struct report *rep)
{
	struct evlist *el = session__evlist(rep->session);
	struct sort_field *fields = malloc(((size_t)rep->nr_fields + 1) * sizeof(*fields));
	bool has = !fields;	/* (no memory: the report says more) */

	for (int i = 0; !has && el && i < el->nr && i < rep->nr_hists; i++) {
		struct stdio_hist_opts so = { 0 };

		if (!rep->hists[i] || !rep->hists[i]->nr_samples)
			continue;
		report__event_fields(rep, el->entries[i], &so, fields, NULL);
		has = sort_fields__have_key(so.fields, so.nr_fields, -1, NULL);
	}
	free(fields);
	return has;
}

static int report__print_group(struct report *rep, struct evsel *leader,
			       const struct stdio_hist_opts *so, FILE *fp)
{
	struct evlist *el = session__evlist(rep->session);
	struct hists **group;
	uint64_t samples = 0, period = 0, chain_total = 0, chain_min_total = 0;
	char nbuf[32];
	int m, nr = leader->nr_members;
	const bool **own = NULL;
	bool *own_v = NULL;

	if (leader->idx + nr > el->nr || !report__hists_room(rep, leader->idx + nr))
		return 0;
	/* perf skips a group whose leader has no samples, as an empty event */
	if (rep->skip_empty && (!rep->hists[leader->idx] || !rep->hists[leader->idx]->nr_samples))
		return 0;
	group = malloc(nr * sizeof(*group));
	/* each member's own tracepoint fields (by field key): perf shows
	 * the leader's, and walks each member's tree by its event's */
	if (group && rep->dyn_foreign) {
		own = malloc(nr * sizeof(*own));
		own_v = calloc((size_t)nr * rep->nr_dyn + 1, sizeof(*own_v));
	}
	if (!group || (rep->dyn_foreign && (!own || !own_v))) {
		pr_err("report: out of memory for the group of %s\n", leader->name);
		free(group);
		free(own);
		free(own_v);
		return 0;
	}
	for (m = 0; own && m < nr; m++) {
		own[m] = own_v + (size_t)m * rep->nr_dyn;
		for (int k = 0; k < rep->nr_dyn; k++)
			own_v[(size_t)m * rep->nr_dyn + k] =
				report__dyn_of(rep, k, el->entries[leader->idx + m]);
	}
	for (m = 0; m < nr; m++) {
		group[m] = rep->hists[leader->idx + m];
		if (!group[m] || !group[m]->nr_samples) {
			group[m] = NULL;
			continue;
		}
		/* the group view pairs entries in perf's trees */
		group[m]->opts.keep_tree = true;
		hists__output_resort(group[m]);
		/* perf's callchain percentages stay those of the whole,
		 * --percentage relative or not */
		if (m == 0) {
			chain_total = group[m]->total_period;
			/* ... but their threshold is of the shown total */
			chain_min_total = report__filter_entries(rep, group[m], true);
		} else {
			report__filter_entries(rep, group[m], true);
		}
		/* --percentage relative in a hierarchy: of each event's shown
		 * top level, as a single event's */
		if (rep->hierarchy && rep->pct_relative &&
		    (report__filters_given(rep) || rep->symbol_filter)) {
			struct stdio_hist_opts ho = *so;

			ho.filters = report__filters_given(rep);
			ho.symbol_filter = !m && !leader->idx ? rep->symbol_filter : NULL;
			group[m]->total_period = hists__hierarchy_shown_period(group[m], &ho);
			if (!m)
				chain_total = group[m]->total_period;
		}
		/* --hierarchy: an event none of whose keys apply (another
		 * event's fields) has no level; perf counts 0 for it */
		if (rep->hierarchy && own &&
		    !sort_fields__have_key(rep->fields_v, rep->nr_fields, -1, own[m]))
			group[m]->total_period = 0;
		samples += group[m]->nr_samples;
		period += group[m]->total_period;
	}
	/* (--percentage relative counts the shown samples only: perf prints
	 * its table with 0 when the filters hide them all) */
	if (!samples && !rep->pct_relative) {
		free(group);
		free(own);
		free(own_v);
		return 0;
	}
	if (!quiet) {
		stdio__sample_count(nbuf, sizeof(nbuf), samples);
		char desc[512];	/* perf's: the list cut at 511 bytes */
		size_t dl = 0;

#define DESC_ADD(...) (dl += (size_t)snprintf(desc + dl, sizeof(desc) - dl, __VA_ARGS__), \
		       dl = dl < sizeof(desc) ? dl : sizeof(desc) - 1)
		desc[0] = '\0';
		if (!rep->forced_group)
			DESC_ADD("%s { ", leader->group_name ? leader->group_name : "anon group");
		for (m = 0; m < nr; m++)
			DESC_ADD("%s%s", m ? ", " : "", el->entries[leader->idx + m]->name);
		if (!rep->forced_group)
			DESC_ADD(" }");
#undef DESC_ADD
		fprintf(fp, "# Samples: %s of events '%s'", nbuf, desc);
		if (rep->time_str)
			fprintf(fp, " (time slices: %s)", rep->time_str);
		{
			bool ref = leader->group_name && strstr(leader->group_name, "call-graph=no");

			for (m = 0; m < nr && !ref; m++)
				ref = strstr(el->entries[leader->idx + m]->name, "call-graph=no") != NULL;
			report__ref_mark(rep, ref, fp);
		}
		fputc('\n', fp);
		report__print_count(rep, fp, period);
	}
	{
		struct stdio_hist_opts go = *so;
		struct sort_field *fields = NULL;

		/* perf shows the leader's tracepoint fields, and walks each
		 * member's tree by its event's (--hierarchy: a node shows its
		 * own event's) */
		go.dyn_own = own;
		go.nr_dyn = rep->nr_dyn;
		if (own && !rep->hierarchy) {
			fields = malloc(((size_t)rep->nr_fields + 1) * sizeof(*fields));
			if (!fields) {
				pr_err("report: out of memory for the group of %s\n", leader->name);
				free(group);
				free(own);
				free(own_v);
				return 0;
			}
			report__event_fields(rep, leader, &go, fields, NULL);
		}
		go.chain_total = chain_total;
		go.chain_min_total = chain_min_total;
		go.filters = report__filters_given(rep);
		go.symbol_filter = rep->hierarchy && !leader->idx ? rep->symbol_filter : NULL;
		if (rep->hierarchy) {
			if (hists__fprintf_hierarchy_group(fp, group, nr, &go) == -E2BIG)
				rep->view_failed = true;
		} else
			hists__fprintf_stdio_group(fp, group, nr, &go);
		free(fields);
		free(own);
		free(own_v);
	}
	free(group);
	fprintf(fp, "\n\n");
	return 1;
}

static int report__print(struct report *rep, FILE *fp)
{
	const struct session_stats *st = session__stats(rep->session);
	struct evlist *el = session__evlist(rep->session);
	struct stdio_hist_opts so = { 0 };
	struct sort_field *fields = malloc(((size_t)rep->nr_fields + 1) * sizeof(*fields));
	int *widths = calloc((size_t)rep->nr_fields + 1, sizeof(*widths));
	char nbuf[32];
	int i, printed = 0;

	if (!fields || !widths) {
		free(fields);
		free(widths);
		pr_err("report: out of memory for the report's columns\n");
		return 0;
	}

	so.fields = rep->fields_v;
	so.nr_fields = rep->nr_fields;
	so.show_callchain = rep->use_callchain;
	so.quiet = quiet;
	so.percent_limit = rep->percent_limit;
	so.field_sep = rep->field_sep;
	so.fields_given = rep->fields != NULL;
	so.dso_list = rep->dso_list != NULL;
	so.color = rep->cc.color;
	so.group_sort_set = rep->group_sort_idx != INT_MIN;
	so.group_sort_idx = rep->group_sort_idx;
	so.col_widths = rep->col_widths;
	so.nr_col_widths = rep->nr_col_widths;
	so.last_elided = rep->last_elided;
	report__force_group(rep, el);
	so.skip_first = !rep->fields && !rep->fields_plus && rep->sort_order &&
			!strncmp(rep->sort_order, "sym", 3);

	if (!quiet && !rep->header && !rep->hint_printed)
		report__print_hint(fp);
	/* perf prints these with -q too */
	report__print_elided(rep, fp);
	report__flush_features(rep, fp);
	if (!quiet)
		fprintf(fp, "#\n# Total Lost Samples: %" PRIu64 "\n#\n", st->total_lost_samples);
	for (i = 0; el && i < el->nr; i++) {
		struct evsel *evsel = el->entries[i];
		struct hists *h = i < rep->nr_hists ? rep->hists[i] : NULL;

		if (rep->group && evsel->leader != evsel)
			continue;	/* shown in its leader's table */
		/* perf prints the call graphs of an event recorded with
		 * them; of others (their chains a previous sample's) only
		 * with --show-ref-call-graph */
		so.show_callchain = rep->use_callchain &&
				    (rep->show_ref || (evsel->attr.sample_type &
						       (PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_STACK_USER)));
		if (rep->group && evsel->nr_members > 1) {
			printed += report__print_group(rep, evsel, &so, fp);
			continue;
		}
		/* --no-skip-empty: perf's empty table for an event without samples */
		if ((!h || !h->nr_samples) && (rep->skip_empty || !(h = report__hists(rep, evsel))))
			continue;
		hists__output_resort(h);
		/* perf's callchain percentages stay those of the whole */
		so.chain_total = h->total_period;
		/* --hierarchy shows levels above a filter's key with the
		 * hidden entries in them, as perf */
		so.chain_min_total = report__filter_entries(rep, h, rep->hierarchy);
		so.filters = report__filters_given(rep);
		/* perf gives --symbol-filter to the first event's hists */
		so.symbol_filter = rep->hierarchy && !evsel->idx ? rep->symbol_filter : NULL;
		/* --percentage relative: of the shown top level there; an
		 * event none of whose keys apply (another event's fields) has
		 * no level, and perf counts 0 */
		report__event_fields(rep, evsel, &so, fields, widths);
		if (rep->hierarchy && !sort_fields__have_key(so.fields, so.nr_fields, -1, NULL))
			h->total_period = 0;
		else if (rep->hierarchy && rep->pct_relative && (so.filters || so.symbol_filter)) {
			h->total_period = hists__hierarchy_shown_period(h, &so);
			so.chain_total = h->total_period;
		}
		if (!quiet) {
			stdio__sample_count(nbuf, sizeof(nbuf), h->nr_samples);
			/* perf says "events" for a group leader even then */
			fprintf(fp, "# Samples: %s of event%s '%s'", nbuf,
				evsel->nr_members > 1 ? "s" : "", evsel->name);
			if (rep->time_str)
				fprintf(fp, " (time slices: %s)", rep->time_str);
			report__ref_mark(rep, strstr(evsel->name, "call-graph=no") != NULL, fp);
			fputc('\n', fp);
			report__print_count(rep, fp, h->total_period);
		}
		if (rep->hierarchy) {
			if (hists__fprintf_hierarchy(fp, h, &so) == -E2BIG)
				rep->view_failed = true;
		} else
			hists__fprintf_stdio(fp, h, &so);
		fprintf(fp, "\n\n");
		printed++;
	}
	free(fields);
	free(widths);
	if (!quiet && !rep->no_quality)
		report__print_quality(rep, fp);
	return printed;
}

/* --time, once the header gave the first/last sample times */
static int report__parse_time(struct report *rep)
{
	struct env *env = session__env(rep->session);
	uint64_t first = env ? env->first_sample_time : 0;
	uint64_t last = env ? env->last_sample_time : 0;
	int err;

	if (time_ranges__has_percent(rep->time_str) &&
	    (session__is_pipe(rep->session) || (!first && !last))) {
		pr_err("--time %s: percentages need the first/last sample times, which this file does not have (pipe mode or no SAMPLE_TIME feature); give START,STOP in seconds\n",
		       rep->time_str);
		return -EINVAL;
	}
	err = time_ranges__parse(&rep->time, rep->time_str, first, last);
	if (err == -EINVAL)
		pr_err("--time '%s': invalid; use START,STOP in seconds (either may be empty, several ranges separated by spaces), P%%/N, P%%-Q%% or P%%\n",
		       rep->time_str);
	return err;
}

static int parse_call_graph(const struct option *opt, const char *arg, int unset)
{
	struct report *rep = opt->value;
	int err;

	if (unset) {
		rep->cc.mode = CHAIN_NONE;
		return 0;
	}
	rep->call_graph = arg ? arg : "graph";
	err = callchain_param__parse(&rep->cc, rep->call_graph);
	/* as perf: after -g none (or --no-call-graph) a -g without a mode
	 * leaves none, which perf refuses */
	if (!err && rep->cc.mode == CHAIN_NONE && !rep->cc.mode_set) {
		pr_err("-g %s: no callchain mode after an earlier 'none'; give graph, flat, fractal or folded first (e.g. -g graph,%s)\n",
		       rep->call_graph, rep->call_graph);
		return -1;
	}
	if (err < 0) {
		pr_err("invalid -g/--call-graph '%s': use graph|flat|fractal|folded|none"
		       "[,threshold[,limit]][,caller|callee][,function|address|srcline][,branch]\n", rep->call_graph);
		return -1;
	}
	return 0;
}

/* as perf: --percent-limit is also the callchain threshold, set where the
 * option stands, so a threshold in a later -g wins over it */
static int parse_percent_limit(const struct option *opt, const char *arg, int unset)
{
	struct report *rep = opt->value;
	char *end;
	double v;

	if (unset || !arg)
		return -1;
	v = strtod(arg, &end);
	if (end == arg || (*end && strcmp(end, "%")) || v < 0) {
		pr_err("--percent-limit '%s': give a percentage, e.g. --percent-limit 5\n", arg);
		return -1;
	}
	rep->percent_limit = v;
	rep->cc.min_percent = v;
	return 0;
}

static int parse_group(const struct option *opt, const char *arg, int unset)
{
	struct report *rep = opt->value;

	rep->group = !unset;
	rep->group_set = true;
	return 0;
}

static int parse_branch_stack(const struct option *opt, const char *arg, int unset)
{
	struct report *rep = opt->value;

	rep->branch_opt = unset ? 0 : 1;
	return 0;
}

static int parse_children(const struct option *opt, const char *arg, int unset)
{
	struct report *rep = opt->value;

	rep->children = unset ? 0 : 1;
	return 0;
}

/* --tasks: the side-band records make the tree; perf does not look at
 * the samples there (a sample of a thread it knows nothing of adds none) */
static int report__task_sample(struct tool *tool, const union perf_event *event,
			       const struct perf_sample *sample, struct evsel *evsel,
			       struct session *session)
{
	return 0;
}

static void report__exit(struct report *rep)
{
	int i;

	tui_report__delete(rep->tui_rep);
	for (size_t c = 0; c < rep->nr_cgroups; c++)
		free(rep->cgroups[c].path);
	free(rep->cgroups);
	for (i = 0; i < rep->nr_hists; i++) {
		if (rep->hists[i]) {
			hists__exit(rep->hists[i]);
			free(rep->hists[i]);
		}
	}
	free(rep->hists);
	free(rep->nr_event_samples);
	free(rep->nr_event_lost);
	free(rep->dyn_bytes);
	callchain_arena__exit(&rep->dyn_arena);
	free(rep->dyn_scratch);
	free(rep->dyn_ev);
	for (int k = 0; k < rep->nr_dyn; k++)
		sort_key__dynamic_delete(rep->dyn_key[k]);
	free(rep->dyn);
	free(rep->dyn_key);
	free(rep->dyn_raw);
	free(rep->dyn_narrow);
	free(rep->keys);
	free(rep->fields_v);
	free(rep->plus_order);
	free(rep->order_v);
	free(rep->col_widths);
	callchain_cursor__exit(&rep->cursor);
	machine__delete(rep->machine);
	session__delete(rep->session);
	strlist__exit(&rep->comms);
	strlist__exit(&rep->dsos);
	strlist__exit(&rep->syms);
	free(rep->sym_addrs.v);
	free(rep->pids);
	free(rep->tids);
	free(rep->tvalues.pid);
	free(rep->tvalues.tid);
	free(rep->tvalues.counter);
	free(rep->tvalues.value);
	if (rep->parent_re_ok)
		regfree(&rep->parent_re);
	if (rep->callees_re_ok)
		regfree(&rep->callees_re);
	if (rep->tevent)
		trace_event__delete(rep->tevent);
	if (rep->trace_fp)
		fclose(rep->trace_fp);
	free(rep->trace_buf);
	time_ranges__exit(&rep->time);
}

int cmd_report(int argc, const char **argv)
{
	struct report rep = {
		.tool = {
			.sample = report__sample,
			.event = report__event,
			.ordered_events = true,
		},
		.children = -1,
		.branch_opt = -1,
		.socket_filter = -1,
		.cpu_max = -1,
		.skip_empty = true,
		.demangle = true,
		.group = true,
		.inline_names = true,
		.source = true,		/* perf's default (ignored) */
		.max_stack = 127,
		.group_sort_idx = INT_MIN,
		.cc = { .mode = CHAIN_GRAPH_ABS, .order = ORDER_CALLEE, .min_percent = 0.5 },
	};
	const struct option opts[] = {
		OPT_STRING('i', "input", &rep.input, "file", "input file name (- for stdin)"),
		OPT_BOOLEAN(0, "stdio", &rep.stdio, "use the stdio interface"),
		OPT_BOOLEAN(0, "tui", &rep.tui, "use the TUI interface"),
		OPT_STRING('s', "sort", &rep.sort_order, "key[,key2...]",
			   "sort by key(s): comm, pid, tid, dso, sym, srcline, cpu, parent, trace, time, socket, srcfile, symbol_size, dso_size, weight, local_weight, ins_lat, local_ins_lat, cgroup, cgroup_id, transaction, code_page_size, addr"),
		OPT_STRING('F', "fields", &rep.fields, "key[,keys...]",
			   "output fields: overhead, overhead_sys, overhead_us, overhead_guest_sys, overhead_guest_us, sample, period, and sort keys"),
		OPT_BOOLEAN('n', "show-nr-samples", &rep.show_nr_samples,
			    "show a column with the number of samples"),
		OPT_BOOLEAN(0, "branch-history", &rep.branch_history, "call graphs by address, "
			    "sorted by srcline,symbol,dso (perf's branch history: files without "
			    "branch stacks)"),
		OPT_BOOLEAN(0, "mem-mode", &rep.mem_mode, "memory access profile: samples weighed "
			    "by their weight, sorted by the memory keys (data symbol and object, "
			    "data source; record -d)"),
		OPT_CALLBACK_NOOPT(0, "children", &rep, "accumulate callchains of children "
				   "into parent entries (default with callchains)", parse_children),
		OPT_CALLBACK_DEFAULT('g', "call-graph", &rep,
				     "mode[,threshold[,limit]][,order][,key][,value]",
				     "callchain output: graph|flat|fractal|folded|none, "
				     "min percent (0.5), caller|callee, function|address|srcline, "
				     "percent|period|count",
				     parse_call_graph, NULL),
		OPT_BOOLEAN('G', "inverted", &rep.inverted, "alias for --call-graph caller order"),
		OPT_INTEGER(0, "max-stack", &rep.max_stack,
			    "callchain depth to use at most (default 127)"),
		OPT_CALLBACK(0, "percent-limit", &rep, "percent",
			     "hide entries below this overhead percent (also the callchain "
			     "threshold, unless a later -g gives one)", parse_percent_limit),
		OPT_STRING('c', "comms", &rep.comm_list, "comm[,comm...]", "only these comms"),
		OPT_STRING(0, "pid", &rep.pid_list, "pid[,pid...]", "only these process ids"),
		OPT_STRING(0, "tid", &rep.tid_list, "tid[,tid...]", "only these thread ids"),
		OPT_STRING('d', "dsos", &rep.dso_list, "dso[,dso...]", "only these dsos"),
		OPT_STRING('S', "symbols", &rep.sym_list, "sym[,sym...]", "only these symbols"),
		OPT_STRING(0, "symbol-filter", &rep.symbol_filter, "text",
			   "only entries whose symbol name contains this text"),
		OPT_STRING('C', "cpu", &rep.cpu_list, "cpu", "only samples of these CPUs (0-3,5)"),
		OPT_STRING(0, "time", &rep.time_str, "str",
			   "only samples in these times: START,STOP (seconds; ranges separated by spaces), P%/N, P%-Q%"),
		OPT_BOOLEAN('x', "exclude-other", &rep.exclude_other,
			    "only samples with a caller matching --parent"),
		OPT_STRING('p', "parent", &rep.parent_pattern, "regex",
			   "regex for the parent sort key (default ^sys_|^do_page_fault)"),
		OPT_STRING(0, "switch-on", &rep.evswitch.on_name, "event",
			   "only samples after a sample of this event (left out itself)"),
		OPT_STRING(0, "switch-off", &rep.evswitch.off_name, "event",
			   "no samples after a sample of this event, until the --switch-on one"),
		OPT_BOOLEAN(0, "show-on-off-events", &rep.evswitch.show,
			    "keep the samples of the --switch-on/--switch-off events"),
		OPT_STRING(0, "ignore-callees", &rep.ignore_callees, "regex",
			   "in callchains, cut the callees of functions matching regex and "
			   "count their samples to the function"),
		OPT_BOOLEAN(0, "raw-trace", &rep.raw_trace,
			    "tracepoint field keys show the fields' values, not the formatted text"),
		OPT_STRING(0, "time-quantum", &rep.time_quantum_str, "n[ns|us|ms|s]",
			   "slots of the time sort key (default 100ms)"),
		OPT_INTEGER(0, "socket-filter", &rep.socket_filter,
			    "only samples of CPUs of this processor socket"),
		OPT_STRING(0, "percentage", &rep.percentage, "relative|absolute",
			   "with filters: percentages of the shown entries (relative) or of all (absolute, default)"),
		OPT_CALLBACK_NOOPT(0, "group", &rep, "show the events of a group in one table "
				   "(default for files with groups; --no-group: one table per event)",
				   parse_group),
		OPT_INTEGER(0, "group-sort-idx", &rep.group_sort_idx,
			    "group view: sort by the member at this index (0: the leader; "
			    "another: the leader's value alone)"),
		OPT_BOOLEAN(0, "inline", &rep.inline_names,
			    "show inlined functions as frames of callchains (default; --no-inline: not)"),
		OPT_BOOLEAN(0, "exact-unwind", &rep.symopts.exact_unwind,
			    "--call-graph dwarf: unwind an exec'd child's frames in files its parent "
			    "also mapped with their own CFI, where perf 6.1 cuts or garbles them"),
		OPT_BOOLEAN(0, "demangle", &rep.demangle,
			    "show C++/Rust symbol names demangled (default; --no-demangle: as in the file)"),
		OPT_BOOLEAN('f', "force", &rep.force,
			    "accepted as perf takes it (mperf reads files of any owner)"),
		OPT_BOOLEAN(0, "stitch-lbr", &rep.stitch_lbr,
			    "stitch LBR callchains (perf's; off without them, refused with them)"),
		OPT_BOOLEAN(0, "hierarchy", &rep.hierarchy,
			    "show the entries as a tree, one level per sort key"),
		OPT_BOOLEAN(0, "ns", &rep.ns, "show times (-s time) with nanoseconds"),
		OPT_BOOLEAN(0, "show-cpu-utilization", &rep.show_cpu_util,
			   "show the kernel (sys) and user (usr) shares of the overhead"),
		/* perf's older spelling, which it still takes */
		{ .type = OPTION_BOOLEAN, .long_name = "showcpuutilization",
		  .value = &rep.show_cpu_util, .help = "--show-cpu-utilization",
		  .flags = PARSE_OPT_HIDDEN },
		OPT_BOOLEAN(0, "show-total-period", &rep.show_total_period,
			    "show a column with the sum of the periods"),
		OPT_BOOLEAN('U', "hide-unresolved", &rep.hide_unresolved,
			    "drop samples (and callchain entries) not resolved to a symbol"),
		OPT_BOOLEAN(0, "header", &rep.header, "show the perf.data header, then the report"),
		OPT_BOOLEAN(0, "header-only", &rep.header_only, "show only the perf.data header"),
		OPT_BOOLEAN('I', "show-info", &rep.show_full_info,
			    "with --header: show the topology features too"),
		OPT_BOOLEAN(0, "stats", &rep.stats, "show record counts only"),
		OPT_BOOLEAN(0, "skip-empty", &rep.skip_empty,
			    "--stats: leave out record types and events with no count (default)"),
		OPT_BOOLEAN(0, "tasks", &rep.tasks, "show the threads as a tree of parents and children"),
		OPT_BOOLEAN(0, "mmaps", &rep.mmaps, "--tasks with the maps of each thread"),
		OPT_BOOLEAN('D', "dump-raw-trace", &rep.dump,
			    "dump every record (hex bytes and decoded fields), then the record counts"),
		OPT_BOOLEAN('T', "threads", &rep.threads, "per-thread counts of the events (from record -s)"),
		OPT_STRING(0, "stdio-color", &rep.stdio_color, "mode",
			   "colour the percentages: always, never (default) or auto (on a terminal)"),
		OPT_STRING(0, "percent-type", &rep.percent_type, "type",
			   "annotate view: local-period (default), global-period, local-hits, global-hits"),
		OPT_STRING('w', "column-widths", &rep.col_widths_str, "w[,w...]",
			   "fixed widths of the columns in order (0: as computed)"),
		OPT_STRING('t', "field-separator", &rep.field_sep, "sep",
			   "separate columns with sep instead of aligning them"),
		OPT_BOOLEAN(0, "demangle-kernel", &rep.symopts.demangle_kernel,
			    "demangle the C++/Rust names of a vmlinux (-k) too"),
		OPT_BOOLEAN(0, "full-source-path", &rep.symopts.full_source_path,
			    "source lines with the whole path of their file"),
		OPT_STRING(0, "symfs", &rep.symopts.symfs, "dir",
			   "look for symbol files relative to dir"),
		OPT_STRING(0, "kallsyms", &rep.symopts.kallsyms, "file", "kallsyms file"),
		OPT_STRING('k', "vmlinux", &rep.symopts.vmlinux, "file", "vmlinux with symbols"),
		OPT_BOOLEAN(0, "ignore-vmlinux", &rep.ignore_vmlinux,
			    "kernel symbols from kallsyms only, not from -k's vmlinux"),
		OPT_CALLBACK_NOOPT(0, "group", &rep, "show the events of a group in one table "
				   "(default; --no-group: a table each)", parse_group),
		OPT_CALLBACK_NOOPT('b', "branch-stack", &rep, "an entry per sampled branch (LBR; "
				   "the default for files recorded with -b or -j; --no-branch-stack: "
				   "per sample)", parse_branch_stack),
		OPT_BOOLEAN(0, "no-quality", &rep.no_quality,
			    "do not print mperf's closing quality summary"),
		REPORT_OUTPUTS_OPTIONS(&rep.outputs),
		/* perf's options that mperf lacks: one line each says so */
		OPTS_UNSUPPORTED_REPORT_SCRIPT,
		OPT_UNSUPPORTED(0, "total-cycles", "the cycles of LBR blocks are not summed; "
				"-b -s cycles shows them by branch"),
		OPT_BOOLEAN(0, "show-ref-call-graph", &rep.show_ref,
			    "show the call graphs of call-graph=no events (from the sample resolved before)"),
		OPT_STRING(0, "objdump", &rep.objdump, "path",
			   "perf's objdump for annotate: taken and not run (capstone disassembles)"),
		OPT_STRING('M', "disassembler-style", &rep.disasm_style, "style",
			   "the TUI annotate view's syntax: att (the default, as perf's objdump) or intel"),
		OPT_BOOLEAN(0, "asm-raw", &rep.asm_raw,
			    "the TUI annotate view shows each instruction's bytes"),
		OPT_BOOLEAN(0, "source", &rep.source,
			    "perf's source lines in annotate (on by default): the TUI shows none"),
		OPT_STRING(0, "prefix", &rep.prefix, "prefix",
			   "perf's annotate source path prefix: the TUI shows no source"),
		OPT_STRING(0, "prefix-strip", &rep.prefix_strip, "N",
			   "perf's annotate source path components to strip (with --prefix)"),
		OPT_INTEGER(0, "samples", &rep.samples,
			    "perf's samples kept per entry for its TUI sample browser: mperf has none"),
		OPT_UNSUPPORTED('m', "modules", "perf adds the maps of the running kernel's /proc/modules "
				"(a live kernel only); mperf takes module maps from the file's records and "
				"their symbols from kallsyms (--kallsyms): drop -m"),
		OPT_BOOLEAN(0, "disable-order", &rep.disable_order,
			    "with -D, dump the records in file order (reports stay time-ordered, as perf's)"),
		OPT_STRING(0, "pretty", &rep.pretty, "key",
			   "accepted and ignored, as perf 6.1 does (normal, raw)"),
		OPT_INCR('q', "quiet", &quiet, "rows only, no warnings"),
		OPT_INCR('v', "verbose", &verbose, "be more verbose"),
		OPT_END()
	};
	static const char *const usage[] = { "mperf report [<options>]", NULL };
	struct stat st;
	char *sort_ipc = NULL;	/* the -s list with ",ipc_null" */
	char *sort_kept = NULL;	/* the -s list without perf's hidden keys */
	char *shown_ipc = NULL;	/* --mem-mode's "# Sort order" */
	const char *sort_plain;	/* the -s list without ipc_null (branch mode) */
	int err, ret = 1;

	argc = parse_options(argc, argv, opts, usage, 0);
	if (argc < 0)
		return parse_options_exit(argc);
	if (argc > 0) {
		pr_err("report: unexpected argument '%s' (use -i FILE for the input)\n", argv[0]);
		return 129;
	}
	/* a -k file that is not there stops perf before any reading */
	if (symbol_opts__check_vmlinux(&rep.symopts, "report"))
		return 234;
	if (!rep.input)
		rep.input = !isatty(0) && fstat(0, &st) == 0 && S_ISFIFO(st.st_mode) ?
			    "-" : "perf.data";
	/* as perf: -q silences -v, wherever either is given */
	if (quiet)
		verbose = 0;
	/* perf turns the separator's first character into '.' in keys:
	 * '.' itself would read as a separator */
	if (rep.field_sep && !strcmp(rep.field_sep, ".")) {
		pr_err("report: -t .: '.' is what perf writes for the separator inside values; "
		       "pick another separator\n");
		return 1;
	}
	rep.cc.folded_sep = rep.field_sep;	/* perf joins folded frames by -t's */
	rep.sort = (struct sort_ctx){ .verbose = verbose > 0, .time_ns = rep.ns,
				      .cgroup_name = report__cgroup_name, .cgroup_name_arg = &rep,
				      .dyn_text = report__dyn_text, .dyn_text_arg = &rep };
	rep.time_quantum = 100000000ULL;
	if (rep.time_quantum_str && parse_time_quantum(rep.time_quantum_str, &rep.time_quantum)) {
		pr_err("report: --time-quantum '%s': give a whole number above 0 with ns, us, ms or s (10ms)\n",
		       rep.time_quantum_str);
		ret = 129;	/* a bad option value, as perf's */
		goto out;
	}
	if (rep.percentage) {
		if (!strcmp(rep.percentage, "relative")) {
			rep.pct_relative = true;
		} else if (strcmp(rep.percentage, "absolute")) {
			pr_err("report: --percentage '%s': use relative or absolute\n", rep.percentage);
			goto out;
		}
	}
	if (parse_int_list(rep.pid_list, &rep.pids, &rep.nr_pids) < 0 ||
	    parse_int_list(rep.tid_list, &rep.tids, &rep.nr_tids) < 0) {
		pr_err("report: --pid/--tid take comma-separated numbers\n");
		goto out;
	}
	/* (a bad list is refused once the file is open, as perf refuses
	 * it: after --time, with its hint lines) */
	if (rep.cpu_list && parse_cpu_list(&rep, rep.cpu_list) < 0)
		rep.cpu_bad = true;
	if (strlist__parse(&rep.comms, rep.comm_list) || strlist__parse(&rep.dsos, rep.dso_list) ||
	    strlist__parse(&rep.syms, rep.sym_list) ||
	    sym_addrs__split(&rep.sym_addrs, &rep.syms.items, &rep.syms.nr))
		goto out;
	if (regcomp(&rep.parent_re, rep.parent_pattern ? rep.parent_pattern :
		    "^sys_|^do_page_fault", REG_EXTENDED | REG_NOSUB) == 0)
		rep.parent_re_ok = true;
	else {
		pr_err("report: bad --parent regex '%s'\n", rep.parent_pattern);
		goto out;
	}
	/* as perf: no vmlinux is read, not even -k's */
	if (rep.ignore_vmlinux)
		rep.symopts.vmlinux = NULL;
	if (rep.stdio_color) {
		if (!strcmp(rep.stdio_color, "always"))
			rep.cc.color = true;
		else if (!strcmp(rep.stdio_color, "auto"))
			rep.cc.color = isatty(1);
		else if (strcmp(rep.stdio_color, "never")) {
			pr_err("report: --stdio-color '%s': use always, never or auto\n",
			       rep.stdio_color);
			goto out;
		}
	}
	ret = report__annotate_opts(&rep);
	if (ret)
		goto out;
	ret = 1;
	if (rep.percent_type && annotate_percent__parse(rep.percent_type) < 0) {
		pr_err("report: --percent-type '%s': use local-period, global-period, local-hits or global-hits\n",
		       rep.percent_type);
		goto out;
	}
	if (rep.col_widths_str && parse_column_widths(&rep, rep.col_widths_str)) {
		pr_err("report: -w/--column-widths '%s': give widths from 0 to 1024 separated by commas (e.g. 0,20,30)\n",
		       rep.col_widths_str);
		goto out;
	}
	if (rep.ignore_callees) {
		if (regcomp(&rep.callees_re, rep.ignore_callees, REG_EXTENDED | REG_NOSUB)) {
			pr_err("report: bad --ignore-callees regex '%s' (an extended regex, e.g. 'foo|^bar_')\n",
			       rep.ignore_callees);
			goto out;
		}
		rep.callees_re_ok = true;
	}
	if (quiet)
		rep.symopts.quiet = true;
	/* --branch-history, as perf: call graphs keyed by address, and its
	 * sort order unless -s gives one */
	if (rep.branch_history) {
		rep.cc.key = KEY_ADDRESS;
		if (!rep.sort_order)
			rep.sort_order = "srcline,symbol,dso";
	}
	/* "+" lists: the keys after it go through the checks below; the
	 * default keys come in front once the events are known */
	if (rep.sort_order && rep.sort_order[0] == '+') {
		if (!rep.sort_order[1]) {
			pr_err("report: -s +: name the keys to add to the default ones (-s +srcline)\n");
			goto out;
		}
		rep.sort_plus = true;
		rep.sort_order++;
	}
	if (rep.fields && rep.fields[0] == '+') {
		if (!rep.fields[1]) {
			pr_err("report: -F +: name the columns to add to the default ones (-F +period)\n");
			goto out;
		}
		rep.fields_plus = rep.fields + 1;
		rep.fields = NULL;
	}
	/* perf's header shows its -s with the ipc key it adds */
	rep.sort_shown = rep.sort_order;
	if (rep.mem_mode && rep.sort_order && strstr(rep.sort_order, "symbol")) {
		if (asprintf(&shown_ipc, "%s,ipc_null", rep.sort_order) < 0) {
			shown_ipc = NULL;
			goto out;
		}
		rep.sort_shown = shown_ipc;
	}
	/* as perf: its IPC keys are not for -s; a sort order naming
	 * "symbol" gets the (empty) IPC column of files without branch
	 * stacks, "ipc_null", after its keys */
	if (rep.sort_order && strstr(rep.sort_order, "ipc")) {
		pr_err("report: --sort '%s': ipc keys are not sort keys; leave them out (an IPC "
		       "column comes after a symbol key by itself)\n", rep.sort_order);
		goto out;
	}
	/* perf 6.1 on x86 keeps p_stage_cyc keys of -s out of the output
	 * (their value, always 0 there, merges nothing): drop them */
	if (rep.sort_order && strstr(rep.sort_order, "p_stage_cyc")) {
		char *tok, *save = NULL, *dup = strdup(rep.sort_order);

		sort_kept = calloc(1, strlen(rep.sort_order) + 1);
		if (!dup || !sort_kept) {
			free(dup);
			goto out;
		}
		for (tok = strtok_r(dup, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
			if (!strcmp(tok, "p_stage_cyc") || !strcmp(tok, "local_p_stage_cyc"))
				continue;
			if (*sort_kept)
				strcat(sort_kept, ",");
			strcat(sort_kept, tok);
		}
		free(dup);
		/* alone they stay (a column of 0, where perf shows none) */
		if (*sort_kept)
			rep.sort_order = sort_kept;
	}
	sort_plain = rep.sort_order;
	if (rep.sort_order && strstr(rep.sort_order, "symbol")) {
		if (asprintf(&sort_ipc, "%s,ipc_null", rep.sort_order) < 0) {
			sort_ipc = NULL;
			goto out;
		}
		rep.sort_order = sort_ipc;
	}
	if (rep.mem_mode && !rep.sort_order && !rep.fields)
		rep.sort_order = mem_sort_keys;
	if (rep.sort_order && !rep.fields) {
		/* validate early: a typo should not cost a full read */
		char *dup = strdup(rep.sort_order), *tok, *save = NULL;

		for (tok = strtok_r(dup, "{}, ", &save); tok; tok = strtok_r(NULL, "{}, ", &save)) {
			/* a name that could be a tracepoint field is judged
			 * once the file's formats are read */
			if (!sort_key__find(tok) && !report__may_be_dynamic(tok)) {
				pr_err("report: unknown --sort key '%s'; known: %s, or a tracepoint "
				       "field (FIELD, EVENT.FIELD, trace_fields; /raw)\n", tok,
				       sort_key__names());
				free(dup);
				goto out;
			}
			if (!rep.mem_mode && sort_key__find(tok) && sort_key__find(tok)->mem) {
				pr_err("report: --sort key '%s' is a memory key: add --mem-mode (for "
				       "a file recorded with -d)\n", tok);
				free(dup);
				goto out;
			}
		}
		free(dup);
	}

	if (report_outputs__wanted(&rep.outputs)) {	/* flame helper: profile outputs */
		ret = report_outputs__run(&rep.outputs, rep.input, &rep.symopts, rep.max_stack) ? 1 : 0;
		goto out;
	}
	if (rep.dump)
		rep.tool.dump = report__dump;
	/* perf's --stats reads in file order, its --tasks in time order
	 * whatever --disable-order says */
	rep.stats_given = rep.stats;
	rep.tool.ordered_events = rep.tasks || rep.mmaps ||
				  !(rep.dump && (rep.disable_order || rep.stats));
	rep.session = session__new(rep.input, &rep.tool);
	if (!rep.session) {
		ret = 255;	/* perf's status for a file it cannot read */
		goto out;	/* session__new printed why */
	}
	/* perf refuses the pair once the file is open, and exits 0 */
	if (rep.stats && (rep.tasks || rep.mmaps)) {
		pr_err("report: --tasks and --mmaps cannot be used with --stats; drop one\n");
		ret = 0;
		goto out;
	}
	/* branch mode: -b, or by default a file whose header says it has
	 * branch stacks (a pipe's header comes too late for that) */
	if (rep.branch_history && !rep.header_only && !rep.dump && !rep.stats &&
	    (header__has_feat(session__header(rep.session), HEADER_BRANCH_STACK) ||
	     evlist__has_sample(session__evlist(rep.session), PERF_SAMPLE_BRANCH_STACK))) {
		pr_err("report: --branch-history: %s has branch stacks, and mperf does not add "
		       "branch records to call graphs; -b gives a report by branch\n", rep.input);
		goto out;
	}
	/* (--branch-history is no branch mode, as in perf) */
	if (!rep.branch_history &&
	    (rep.branch_opt == 1 || (rep.branch_opt < 0 && !session__is_pipe(rep.session) &&
				     header__has_feat(session__header(rep.session),
						      HEADER_BRANCH_STACK))))
		rep.branch = true;
	if (rep.branch && !rep.header_only && !rep.dump && !rep.stats) {
		/* perf exits 0 on both, after its hint line for the second */
		if (rep.mem_mode) {
			pr_err("report: --mem-mode and branch mode do not go together; add "
			       "--no-branch-stack (the default for files recorded with -b)\n");
			ret = 0;
			goto out;
		}
		if (!session__is_pipe(rep.session) &&
		    !evlist__has_sample(session__evlist(rep.session), PERF_SAMPLE_BRANCH_STACK)) {
			if (!quiet)
				report__print_hint(stdout);
			fflush(stdout);
			pr_err("report: -b: the samples of %s have no branch stacks; record with "
			       "-b or -j, or drop -b\n", rep.input);
			ret = 0;
			goto out;
		}
		/* the -s list as given: no IPC column (perf 6.1 adds its
		 * ipc_lbr one there, and crashes on it) */
		rep.sort_order = sort_plain;
	}
	report__no_sample_id_all(&rep);
	if (rep.dump) {
		struct env *env = session__env(rep.session);
		const struct arch_ops *ops = env && env->arch ? arch__by_name(env->arch) :
					     arch__for_host();

		rep.dumper.fp = stdout;
		rep.dumper.reg_name = ops ? ops->reg_name : NULL;
		if (!rep.tool.ordered_events)
			rep.dumper.round = DUMP_ROUND_UNHANDLED;
		if (session__is_pipe(rep.session)) {
			rep.dumper.path = "pipe";
			rep.dumper.base = sizeof(struct perf_pipe_file_header);
		} else {
			rep.dumper.path = rep.input;
		}
		report__dump_handlers(&rep);
		if (!quiet && !rep.stats && !rep.tasks && !rep.mmaps)
			report__print_hint(stdout);
		rep.stats = true;	/* perf ends the dump with the record counts */
		rep.stdio = true;
	}
	/* perf -q prints no header of a file: --header is dropped, and
	 * --header-only leaves the (quiet) report; a pipe's features still
	 * print as they come (without the header's own lines) */
	if (quiet && !session__is_pipe(rep.session))
		rep.header = rep.header_only = false;
	if (rep.header_only) {
		if (!quiet) {
			fputs("# ========\n", stdout);
			header__fprintf(session__header(rep.session), stdout, rep.show_full_info);
			fputs("# ========\n#\n", stdout);
		}
		if (session__is_pipe(rep.session)) {
			rep.tool.sample = NULL;
			rep.tool.event = NULL;
			session__set_feature_printer(rep.session, stdout, rep.show_full_info);
			session__process_events(rep.session);
		}
		ret = 0;
		goto out;
	}
	/* a bad --time: perf's status (its -EINVAL) after its first lines */
	if (rep.time_str && report__parse_time(&rep) < 0) {
		report__print_refused_head(&rep);
		ret = 234;
		goto out;
	}
	if (rep.mmaps)
		rep.tasks = true;
	if (rep.tasks) {
		rep.tool.sample = report__task_sample;
		rep.stats = false;
	}
	if ((rep.sort_plus || rep.fields_plus) && report__expand_plus(&rep))
		goto out;
	rep.symopts.no_inline = !rep.inline_names;
	rep.symopts.no_demangle = !rep.demangle;
	rep.machine = machine__new(&rep.symopts);
	if (!rep.machine)
		goto out;
	rep.machine->env = session__env(rep.session);
	/* as perf (and mperf script): -C on samples without their CPU, a bad
	 * list, a CPU the recording had not, and any in a pipe, whose CPUs
	 * are not known before its samples, are refused in that order, with
	 * perf's hint lines first, as it prints them */
	bool no_cpu = rep.cpu_filter && !session__is_pipe(rep.session) &&
		      !evlist__samples_have_cpu(session__evlist(rep.session));

	if (no_cpu || rep.cpu_bad || (rep.cpu_max >= 0 && (session__is_pipe(rep.session) ||
							   report__cpu_unknown(&rep)))) {
		report__print_refused_head(&rep);
		/* and, as perf, the lines of the filters given one value */
		if (rep.setup_done || !report__setup(&rep))
			report__print_elided(&rep, stdout);
		fflush(stdout);
		if (no_cpu)
			pr_err("report: -C: the file's samples do not record the CPU (no 'cpu' in "
			       "sample_type); record with -a or --sample-cpu, or drop -C\n");
		else if (rep.cpu_bad)
			pr_err("report: bad -C/--cpu list '%s': give CPU numbers and ranges "
			       "separated by commas, without blanks (e.g. 0-3,5)\n", rep.cpu_list);
		else if (session__is_pipe(rep.session))
			pr_err("report: -C: in pipe mode the recording's CPUs are not known before the "
			       "samples (as perf, -C is refused); write the recording to a file "
			       "(-o FILE) to filter by CPU\n");
		else
			pr_err("report: -C: CPU %d is not in the recording (it had %u CPUs); "
			       "mperf report --header-only shows them\n", rep.cpu_max,
			       session__env(rep.session)->nr_cpus_avail);
		goto out;
	}
	/* the tracing data is parsed in a trial child (fork): before any
	 * other thread runs, so no lock of one is held in the child */
	if (!rep.stats && !rep.tasks && !session__is_pipe(rep.session) &&
	    report__may_need_trace(&rep, session__evlist(rep.session)))
		report__tevent(&rep);
	/* tracepoints a damaged file does not name: from their formats */
	if (!session__is_pipe(rep.session) && evlist__has_attr_named_tracepoint(
			session__evlist(rep.session)))
		trace_event__name_events(report__tevent(&rep), session__evlist(rep.session));
	/* the build-ids first: the prefetch reads the kallsyms of the
	 * recorded kernel, none of this machine for another kernel's (a
	 * pipe's come with its records: taken after reading) */
	if (!session__is_pipe(rep.session))
		machine__set_env_build_ids(rep.machine, session__env(rep.session));
	if (!rep.stats && !rep.tasks &&
	    session__kernel_samples_likely(rep.session, PREFETCH_WINDOW))
		machine__prefetch_kernel(rep.machine, session__evlist(rep.session));
	if (!rep.stats && !rep.tasks && report__wants_dwarf(&rep, session__evlist(rep.session)))
		machine__prefetch_dwarf(rep.machine);
	if (rep.header) {
		if (!quiet) {
			fputs("# ========\n", stdout);
			header__fprintf(session__header(rep.session), stdout, rep.show_full_info);
			fputs("# ========\n#\n", stdout);
		}
		/* in pipe mode too: the features follow as their records come
		 * (not with --stats or --tasks) */
		if (session__is_pipe(rep.session) && !rep.stats && !rep.tasks)
			report__print_features(&rep, rep.show_full_info);
	} else if (rep.show_full_info && session__is_pipe(rep.session) && !rep.stats && !rep.tasks &&
		   !rep.tui && (rep.stdio || !isatty(1))) {
		/* -I alone: perf prints a pipe's features in full as they
		 * come, after its hint line */
		if (!quiet)
			report__print_hint(stdout);
		rep.hint_printed = true;
		report__print_features(&rep, true);
	}
	/* -g, -s parent or -p on a file (not a pipe) whose events record no
	 * callchain: perf stops with an error before reading any record, and
	 * exits 0 */
	if (!session__is_pipe(rep.session) && !evlist__has_callchains(session__evlist(rep.session))) {
		const char *what = rep.parent_pattern ? "-p/--parent" :
				   report__sorts_by_parent(&rep) ? "-s parent" :
				   rep.call_graph && rep.cc.mode != CHAIN_NONE ? "-g" :
				   rep.branch_history ? "--branch-history" : NULL;

		if (what) {
			const char *cg = rep.call_graph;
			int serr;

			/* a bad -s/-F stops it first, as perf stops at them */
			rep.call_graph = NULL;
			serr = report__setup(&rep);
			rep.call_graph = cg;
			if (serr && rep.usage_error)
				goto out;
			if (!quiet && !rep.header && !rep.stats && !rep.tasks)
				report__print_hint(stdout);
			/* and the lines of single-value filters ("# symbol:
			 * main", -q too), from the columns (-g's warning left
			 * to the error below) */
			if (!serr)
				report__print_elided(&rep, stdout);
		}
		fflush(stdout);
		if (what) {
			pr_err("report: %s: the samples of %s have no callchains; record with -g "
			       "(or --call-graph), or drop %s\n", what, rep.input, what);
			ret = 0;
			goto out;
		}
	}
	/* the TUI by default on a terminal, as perf; never with --stdio */
	if (!rep.stdio && !rep.header && !rep.stats && !rep.threads && !rep.field_sep && !rep.tasks &&
	    (rep.tui || isatty(1)))
		rep.tui_rep = tui_report__new(rep.input);
	if (rep.tui_rep && rep.percent_type)
		tui_report__set_percent_type(rep.tui_rep, annotate_percent__parse(rep.percent_type));
	tui_report__set_annotate_style(rep.tui_rep, &rep.annot_style);
	err = session__process_events(rep.session);
	if (err < 0) {
		if (!rep.usage_error)	/* said in its own line */
			pr_err("report: reading %s failed: %s\n", rep.input, strerror(-err));
		goto out;
	}
	if (session__is_pipe(rep.session))
		machine__set_env_build_ids(rep.machine, session__env(rep.session));
	if (rep.stats) {
		/* perf's lines of single-value filters come first ("# symbol:
		 * main") */
		if (rep.setup_done || !report__setup(&rep))
			report__print_elided(&rep, stdout);
		report__print_stats(&rep, stdout);
		ret = 0;
		goto out;
	}
	if (rep.tasks) {
		/* perf's idle task is always there */
		if (!machine__findnew_thread(rep.machine, 0, 0))
			goto out;
		/* after the lines of single-value filters, as --stats; a
		 * bad -s/-F stops it, as perf */
		if (!rep.setup_done && report__setup(&rep)) {
			ret = 1;
			goto out;
		}
		report__print_elided(&rep, stdout);
		ret = machine__fprintf_tasks(rep.machine, stdout, rep.mmaps) ? 1 : 0;
		if (ret)
			pr_err("report: --tasks: out of memory\n");
		goto out;
	}
	if (!rep.nr_samples || rep.nr_samples == rep.nr_cpu_filtered) {
		/* perf exits 0 here too: an empty profile is not a failure;
		 * its stdio report prints its header hint first */
		if (!rep.tui_rep && !quiet && !rep.header && !rep.hint_printed)
			report__print_hint(stdout);
		/* and the lines of single-value filters ("# comm: ls"), -q too */
		if (!rep.tui_rep && (rep.setup_done || !report__setup(&rep)))
			report__print_elided(&rep, stdout);
		report__flush_features(&rep, stdout);
		fflush(stdout);
		if (report__is_stat_file(&rep))
			pr_err("report: %s was written by `stat record`: it holds counts, not samples; "
			       "show them with mperf stat report -i %s\n", rep.input, rep.input);
		else if (rep.nr_unresolved_hidden)
			pr_err("report: -U hid all %" PRIu64 " samples of %s (none has a symbol); "
			       "drop -U to see them\n", rep.nr_unresolved_hidden, rep.input);
		else if (rep.nr_cpu_filtered)
			pr_err("report: -C %s leaves none of the %" PRIu64 " samples of %s; "
			       "mperf report -s cpu shows their CPUs\n", rep.cpu_list,
			       rep.nr_cpu_filtered, rep.input);
		else if (rep.nr_time_skipped)
			pr_err("report: --time %s selects none of the %" PRIu64 " samples of %s; "
			       "mperf report --header-only shows the times of the first and "
			       "last sample\n", rep.time_str, rep.nr_time_skipped, rep.input);
		else if (session__damaged(rep.session))
			pr_err("report: none of the samples of %s could be read (see the warnings above)\n",
			       rep.input);
		else
			pr_err("report: %s has no samples (record with mperf record -- CMD)\n", rep.input);
		ret = 0;
		goto out;
	}
	if (rep.hierarchy && !report__hierarchy_has_level(&rep)) {
		if (!rep.tui_rep && !quiet && !rep.header && !rep.hint_printed)
			report__print_hint(stdout);
		fflush(stdout);
		pr_err("report: none of the -s keys (%s) is a field of an event with samples in %s, "
		       "so --hierarchy has no level to show; mperf report -s trace_fields --hierarchy "
		       "shows the fields there are\n", rep.sort_order ? rep.sort_order : "", rep.input);
		ret = 0;
		goto out;
	}
	if (rep.tui_rep) {
		struct hist_browser_opts bo = {
			.hists = rep.hists, .nr_hists = rep.nr_hists,
			.fields = rep.fields_v, .nr_fields = rep.nr_fields, .cc = &rep.cc,
			.header = session__header(rep.session), .symopts = &rep.machine->opts,
			.input = rep.input, .percent_limit = rep.percent_limit,
		};

		ret = hist_browser__run(rep.tui_rep, &bo) < 0;
		goto out;
	}
	if (!report__print(&rep, stdout) && rep.nr_filtered)
		pr_warning("all %" PRIu64 " samples were filtered out\n", rep.nr_filtered);
	if (rep.threads)
		report__print_threads(&rep, stdout);
	/* perf's last lines, after -T's */
	if (rep.branch)
		branch_types__print(&rep.brtypes, stdout);
	ret = 0;
out:
	if (rep.view_failed && !ret)
		ret = 1;
	report__flush_features(&rep, stdout);
	report__exit(&rep);
	free(sort_ipc);
	free(sort_kept);
	free(shown_ipc);
	return ret;
}
