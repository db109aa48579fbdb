/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_HIST_H
#define MPERF_HIST_H

/*
 * Histograms: hist entries keyed by the sort keys, self and children
 * (cumulated) periods, callchain trees, filters and the output order.
 * One struct hists per event.
 *
 *   hists__init(&h, keys...);
 *   for each sample: hists__add_sample(&h, &al, &cursor, sample, &opts);
 *   hists__output_resort(&h);
 *   then walk h.sorted[0..h.nr_sorted)
 */

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include "callchain.h"
#include "sort.h"

struct thread;
struct dso;
struct symbol;
struct evsel;
struct addr_location;
struct perf_sample;

/*
 * The values of perf's dynamic sort keys (tracepoint fields, "prev_comm")
 * for one entry, by key index (struct dyn_row: the keys of the entry's
 * event): to merge and order by, the field's bytes (interned; no cell or
 * NULL: the key's event is not the entry's), and the text shown when it
 * came from the formatted record (pretty: it widens the column, perf's
 * rule; interned), else NULL: the field's own print, made from the bytes
 * when shown (sort_ctx.dyn_text).
 */

/* a field's bytes; head: the first 8 as a big-endian number, zero-padded,
 * where most comparisons end */
struct dyn_bytes {
	uint64_t head;
	uint32_t len;
	unsigned char b[];
};

/* perf's order of two fields' bytes (it compares them with memcmp): a
 * shorter one first where it begins the other */
static inline int dyn_bytes__cmp(const struct dyn_bytes *a, const struct dyn_bytes *b)
{
	uint32_t n = a->len < b->len ? a->len : b->len;
	int r;

	if (a->head != b->head)
		return a->head < b->head ? -1 : 1;
	r = n > 8 ? memcmp(a->b + 8, b->b + 8, n - 8) : 0;
	if (r)
		return r;
	return a->len < b->len ? -1 : a->len > b->len;
}

struct dyn_cell {
	const char *val;
	const struct dyn_bytes *key;
	bool pretty;
	/* another event's field read from this entry's record at that
	 * field's place (a group view's member rows: perf's leader columns
	 * show them so); equal to any value, but in sort_ctx.dyn_only */
	bool foreign;
	bool len_seen;	/* its length widens the column (sort_key.dyn_loc) */
	/* a __data_loc/__rel_loc field's (a group view's rows): @key is
	 * read at @off of the record, where the record's own bytes put it */
	bool loc;
	uint32_t off;
};

/* c[0] is key @lo's cell; keys out of [lo, lo + n) have none (NULL) */
struct dyn_row {
	int lo, n;
	/* the sample's raw record (a group view's rows with __data_loc
	 * fields: perf compares another record's bytes at a cell's off) */
	const unsigned char *rec;
	uint32_t rec_len;
	struct dyn_cell c[];
};

/*
 * One end of a branch of a sample's branch stack (report's branch mode):
 * the address as sampled, where it resolved (its dso, symbol and address
 * in the dso) and, once a srcline key asks, its source line (interned).
 */
struct hist_branch_end {
	struct dso *dso;
	struct symbol *sym;
	uint64_t addr, al_addr;
	const char *srcline;
	char level;		/* where it resolved: 'k', '.'; 'H' nowhere */
};

/* A branch entry's branch: its ends and the flags word of the record
 * (mispredicted bit 0, predicted 1, in_tx 2, abort 3, cycles 4..19,
 * type 20..23, new type 26..29) */
struct hist_branch {
	struct hist_branch_end from, to;
	uint64_t flags;
};

/* A chain added to an entry whose tree is not built yet: @nr frames (in
 * display order) that stay in the hists' arena, and the sample's period */
struct callchain_ref {
	const struct callchain_cursor_node *frames;
	uint64_t period;
	uint32_t nr;
};

/* the kinds of filters that hide an entry (--hierarchy judges each on the
 * level of its key): --comm/--pid/--tid, --dsos, --symbols, socket */
enum {
	HE_FILTER_THREAD	= 1 << 0,
	HE_FILTER_DSO		= 1 << 1,
	HE_FILTER_SYM		= 1 << 2,
	HE_FILTER_SOCKET	= 1 << 3,
};

struct hist_entry {
	/* keys */
	struct thread *thread;
	const char *comm;
	struct dso *dso;
	struct symbol *sym;
	uint64_t addr;		/* dso address when sym is NULL */
	char level;		/* 'k', '.' */
	int32_t cpu;
	int32_t pid, tid;
	const char *srcline;
	/* a callchain frame's entry (children): perf looks its source file
	 * up at the frame's raw ip, which no line table holds, so "srcfile"
	 * is empty even where a DWARF-unwound frame has its srcline */
	bool srcfile_none;
	const char *trace;	/* tracepoint output (interned) for "trace" */
	const struct dyn_row *dyn;	/* tracepoint field keys' values */
	struct symbol *parent;
	uint64_t time;		/* "time": the sample's time slot (ns) */
	int32_t socket;		/* "socket": of the sample's CPU, or -1 */
	uint64_t map_size;	/* "dso_size": end - start of the sample's map,
				 * 0 without one */
	/* "weight", "ins_lat" and their local_ keys: the weight and the
	 * instruction latency of the sample that created the entry (perf
	 * prints them times the entry's samples for the non-local keys) */
	uint64_t weight, ins_lat;
	uint64_t transaction;	/* "transaction": the sample's flags and abort code */
	uint64_t cgroup;	/* "cgroup": the sample's cgroup id */
	uint64_t cgns_dev, cgns_ino;	/* "cgroup_id": the thread's cgroup
					 * namespace (NAMESPACES records) */
	uint64_t code_page_size;	/* "code_page_size" */
	uint64_t ip;		/* "addr": the sample's (or frame's) address */
	/* a data object's "sym+0x<off>": perf's entry address (the sample's
	 * map-relative one, a frame's raw one) of the first sample, minus
	 * the object's start mapped out by the latest sample's map (its
	 * start - pgoff: map_delta), in 64 bits */
	uint64_t obj_ip, map_delta;
	/* the memory keys (report --mem-mode): the sample's data address as
	 * sampled and in its object (daddr_al), the map's dso and symbol it
	 * resolved to in the sample's process (dlevel: 'k' in the kernel's
	 * maps), data_src, physical address, data page size; iaddr: the
	 * sample's ip as sampled (symbol_iaddr) */
	uint64_t daddr, daddr_al, data_src, phys_addr, data_page_size, iaddr;
	struct dso *ddso;
	struct symbol *dsym;
	char dlevel;
	uint8_t cpumode;	/* the sample's (dcacheline groups by it) */
	/* dcacheline: the data map as perf tells maps apart there (its
	 * dso's device and inode, the map's MAP_SHARED and PROT_EXEC) and
	 * its start - pgoff */
	struct {
		uint64_t ino, ino_gen, delta;
		uint32_t maj, min, flags, prot;
		bool mapped;
	} dmap;
	/* values */
	uint64_t period, period_sys, period_us, period_guest_sys, period_guest_us;
	uint64_t nr_events;
	uint64_t period_acc, nr_events_acc;
	uint32_t depth;		/* longest callchain added (children ties) */
	/* the map of the latest sample as perf tells maps apart: the map
	 * object and, for user maps, the set (process) holding it */
	uint64_t map_id, maps_id;
	/* -g: the entry's call tree, built when it is read (output), merged
	 * into (collapse) or appended to past HE_CHAIN_REFS chains; until
	 * then NULL, and its chains are kept in chain_refs (see hist.c) */
	struct callchain_root *callchain;
	struct callchain_ref *chain_refs;
	/* bookkeeping */
	uint64_t hash;
	uint64_t seq;		/* creation order (perf's insertion order) */
	uint64_t cpos;		/* place in perf's merge (collapse) tree order */
	uint64_t ipos;		/* and in its input tree's (before a collapse) */
	struct hist_entry *rb_l, *rb_r, *rb_p;	/* merge tree (tree_merge) */
	bool rb_red;
	/* perf computes a srcline only when a comparison reaches that key,
	 * and sizes its column by the entries it had computed when each was
	 * placed in the output: src_seen, then src_counted */
	bool src_seen, src_counted;
	bool file_seen, file_counted;	/* the same of its file (file_key) */
	bool line_seen;			/* the same of its line (line_key) */
	/* perf formats a tracepoint's text (the trace key) only when a
	 * comparison reaches that key, and sizes the column by the texts
	 * it has: an entry looked for once, alone in its group (the
	 * entries equal before that key), has none, and its text is cut
	 * at the column. trace_looks: its look-ups, up to 2 */
	uint8_t trace_looks;
	bool trace_counted;		/* (output) perf had its text */
	uint8_t src_kind;	/* how perf looks its line up: HE_SRC_* */
	/* how perf looks its file up at a srcfile key after the srcline
	 * key (hists.file_key): HE_SRC_NONE, _OWN or _RAW */
	uint8_t file_kind;
	/* hidden by report's --comm/--pid/--tid/--dsos/--symbols: decided by
	 * the sample that created the entry (its children entries too), as
	 * perf decides it per sample and keeps it with the entry */
	bool filtered;
	uint8_t filter_types;	/* the filters that hid it: HE_FILTER_* */
	uint8_t nr_chain_refs;
	uint64_t last_sample;	/* children: added for this sample already */
	struct hist_entry *hnext;
	/* branch mode (report -b): the branch of the entry (its first
	 * sample's), owned by the entry; NULL otherwise */
	struct hist_branch *br;
};

/* How perf looks up the source line of an entry (of a srcline key) */
enum {
	HE_SRC_NONE,	/* it does not: no map, or the frame carries its line */
	HE_SRC_OWN,	/* a sample's own: at its address (opts.srcline_of) */
	HE_SRC_RAW,	/* a frame's: at its raw address, which misses */
	/* a frame that carries its line, under a srcfile key that comes
	 * first of the source keys: perf keeps the line but looks the file
	 * up at the raw address, and that look-up counts (opts.srcline_of
	 * gives the line back) */
	HE_SRC_FILE,
};

/* The first entry of each run of entries equal in the keys before
 * @prefix (an open-addressing table over those keys) */
struct hist_groups {
	struct hist_entry **t;
	uint64_t size, nr;
	int prefix;
};

struct hists_opts {
	bool children;		/* --children: cumulate callchain periods */
	bool callchain;		/* build callchain trees (-g output) */
	struct callchain_param cc;
	double percent_limit;
	/* the srcline of a callchain frame's entry (children with a srcline
	 * key); NULL: none */
	const char *(*frame_srcline)(void *arg, const struct callchain_cursor_node *f);
	/* a sample's own entry's srcline (its dso, sym and addr), as perf's
	 * look-up gives it now (@counted: srcline__get) or would give it
	 * (srcline__line); NULL: the sample's template carries it */
	const char *(*srcline_of)(void *arg, const struct hist_entry *he, bool counted);
	/* perf's look-up of an entry's file at hists.file_key (@he's
	 * file_kind): it counts as srcline__get's do; NULL: none */
	void (*srcfile_count)(void *arg, const struct hist_entry *he);
	void *srcline_arg;	/* of the three */
	/* a new entry, made from the sample being added, before it is in
	 * the hists: what is costly to make per sample and needed per
	 * entry (tracepoint field texts); false: no memory, the entry is
	 * not made. NULL: none */
	bool (*entry_new)(void *arg, struct hist_entry *he);
	void *entry_arg;
	/* by key index (nr_keys of them): keys every entry of these hists
	 * has equal (another event's tracepoint fields), which comparisons
	 * pass over; NULL: none. Copied. */
	const bool *key_same;
	/* output order of a -F list without -s (perf sorts by those columns,
	 * in their order); NULL: overhead, then the keys */
	const struct sort_field *order;
	int nr_order;
	/* without order: the columns shown, whose numbers other than the
	 * overheads (-n's samples, --show-total-period's period, the
	 * sys/usr shares) order entries the keys leave equal, as perf
	 * appends its output columns to its sort keys; NULL: none */
	const struct sort_field *tail;
	int nr_tail;
	/* no collapse pass even for a collapsing key: perf collapses for
	 * the keys of -s (or its default ones), not for those a -F list
	 * adds */
	bool no_collapse;
	/* the dso key comes from a -F list alone: perf does not count it as
	 * a sort key (its symbol key compares dsos as without one) */
	bool dso_not_sorted;
	/* the same for the sym key: perf then neither looks an entry's
	 * symbol up again in a new map nor checks frames for duplicates by
	 * symbol first */
	bool sym_not_sorted;
	/* keys (bit i: keys[i]) the output order leaves out: those whose
	 * column a one-item filter elides, as perf's output sort skips
	 * elided columns (merging and collapsing still compare them; only
	 * the first 64 keys can be: hists_opts__out_skip) */
	uint64_t out_skip;
	/* hists__output_resort keeps perf's last tree before the output
	 * one (hists.tree): a group view adds its members' entries to the
	 * leader's, as perf does */
	bool keep_tree;
	/* entries are always found by perf's walk down its tree (branch
	 * mode: its branch keys do not all order entries totally) */
	bool walk;
	/* passed to the keys' callbacks (has_dso: set by hists__init) */
	struct sort_ctx sort;
};

/* whether @o's output order leaves key @i out (out_skip) */
static inline bool hists_opts__out_skip(const struct hists_opts *o, int i)
{
	return i < 64 && (o->out_skip >> i & 1);
}

/*
 * A red-black tree over the indices of an array, built as perf builds its
 * entry trees: perf's comparisons are no total order, so the tree's shape
 * decides where equal entries land.
 */
struct rbt {
	uint32_t *left, *right, *parent;
	uint8_t *red;
	uint32_t root;
};

#define RB_NIL UINT32_MAX

/* The arrays of a tree of @n nodes and (@stack not NULL) the stack of its
 * walk; false when out of memory (nothing is left allocated then). */
bool rbt__alloc(struct rbt *t, uint64_t n, uint32_t **stack);
void rbt__release(struct rbt *t);
/* Hang new node @z under @y (RB_NIL: as the root), then rebalance. */
void rbt_link(struct rbt *t, uint32_t z, uint32_t y, bool goleft);

struct hists {
	struct evsel *evsel;
	const struct sort_key **keys;	/* merge keys (-s) */
	int nr_keys;
	bool *key_same;			/* hists_opts.key_same's copy */
	/* the keys' indices but those key_same passes over, in order:
	 * what merges, hashes and sorts walk (an event's own fields of
	 * thousands of field keys) */
	int *live;
	int nr_live;
	struct hist_entry **table;	/* hash */
	uint64_t table_size, nr_entries;
	struct hist_entry **sorted;	/* output order */
	uint64_t nr_sorted;
	uint64_t total_period;		/* of samples added (filtered) */
	uint64_t nr_samples;
	uint64_t nr_unresolved;		/* samples whose symbol was unknown */
	uint64_t nr_no_callchain;	/* samples without callchain */
	uint64_t nr_truncated;		/* DWARF unwinding stopped early */
	uint64_t sample_seq;
	/* the keys do not order entries totally (a symbol key without the
	 * dso key before it): entries are found as perf finds them, by a
	 * walk down its red-black tree, so that the entries perf keeps
	 * apart stay apart */
	bool tree_merge;
	/* a symbol key and a dso key: the order is total until an
	 * inlined frame's entry exists (perf compares those by name, the
	 * others by address, and its walk can miss an equal entry): the
	 * tree is built from the start, entries are found by hash until
	 * then and by the walk from then on */
	bool tree_inl, inl_seen;
	/* the same from the first unresolved address 2^63 or more away from
	 * another one (perf compares them by the sign of their difference:
	 * no total order then, its walk can miss an equal entry); until then
	 * they lie in a window where that sign is their order */
	bool wrap_seen, addr_seen;
	uint64_t addr_lo, addr_hi;	/* unresolved addresses' window */
	/* the walk is due to wrapped unresolved addresses alone and no other
	 * key compares by an address's sign: the walk of a resolved symbol
	 * finds the entry the hash finds (every comparison on its way is
	 * one of a total order that puts each key prefix's unresolved
	 * addresses in one block), so those are found by hash */
	bool hash_resolved;
	/* a sample_only key: children entries are told apart from those
	 * the sample added already only as perf does, by comparing each
	 * with a template lacking the sample's fields */
	bool dup_by_tmp;
	bool has_sym;			/* a symbol key */
	/* the output order breaks ties of overhead by the collapse order
	 * (cpos) rather than by comparing the keys again: every key sorts
	 * as it merges and totally (strings, numbers), so both give one
	 * order; the keys' compares (strcmp of trace texts) were a fifth
	 * of a tracepoint report */
	bool ties_by_cpos;
	/* (hists__output_resort) the keys order totally and as they merge:
	 * the entries' cpos is their order by all the keys, in turn */
	bool keys_total;
	struct hist_entry *rb_root;
	/* opts.keep_tree: perf's collapse tree (its input tree without a
	 * collapsing key) over the entries by cpos; no nodes: not kept */
	struct rbt tree;
	int src_key;			/* index of the srcline key, or -1 */
	int trace_key;			/* index of the first trace key, or -1 */
	/* a key is a __data_loc field's (sort_key.dyn_loc): the entries
	 * perf's input tree walks meet are marked, the walks that found an
	 * entry replayed from found_log (seq of the entry found, entries
	 * there were then) */
	bool dyn_loc;
	uint64_t (*found_log)[2];
	uint64_t nr_found_log, found_log_alloc;
	/* a srcfile key after a srcline key: its index (-1: none, or the
	 * src_key itself). perf computes an entry's file apart, when a
	 * comparison reaches that key, and sizes its column by those */
	int file_key;
	/* the same of a srcline key after a srcfile src_key: perf computes
	 * an entry's line when a comparison reaches it, and sizes the column
	 * by those */
	int line_key;
	/* the sym key, if perf counts it as one (-s, not -F alone) */
	const struct sort_key *sym_key;
	bool src_file_only;		/* a srcfile key, no srcline key */
	bool src_file_first;		/* the src_key is a srcfile key */
	/* with opts.srcline_of: the first entry of each run of entries
	 * equal in the keys before the srcline key (see hists__findnew_src) */
	struct hist_groups src_groups;
	/* the same over the keys before the file_key: perf looks an
	 * entry's file up when a comparison reaches that key */
	struct hist_groups file_groups;
	struct hists_opts opts;
	struct callchain_arena arena;	/* every entry's callchain tree,
					 * kept chains and chain_refs */
};

int hists__init(struct hists *hists, const struct sort_key **keys, int nr_keys,
		const struct hists_opts *opts);
void hists__exit(struct hists *hists);

/* Find or add the entry matching @tmpl's keys. NULL on ENOMEM. */
struct hist_entry *hists__findnew(struct hists *hists, const struct hist_entry *tmpl);

/* Account one sample resolved to @tmpl (keys filled in) with callchain
 * @cursor (callee first; may be NULL or empty). @ref_chain: the cursor is
 * the chain of a previous sample (perf's cursor for a sample without a
 * chain of its own): the children entries get it, the self entry's call
 * graph not. 0 or -ENOMEM. */
int hists__add_sample(struct hists *hists, const struct hist_entry *tmpl,
		      const struct callchain_cursor *cursor, uint64_t period,
		      uint8_t cpumode, bool ref_chain);

/* Account one branch (report's branch mode) resolved to @tmpl (its br
 * set): no callchain, nothing cumulated. The entry it went to, or NULL on
 * ENOMEM. */
struct hist_entry *hists__add_branch(struct hists *hists, const struct hist_entry *tmpl,
				     uint64_t period, uint8_t cpumode);

/* Output order: (children,) self desc, then callchain depth for ties
 * within a thread (children), then the keys ascending. The entries of
 * h.sorted get their callchain trees (-g) here. */
void hists__output_resort(struct hists *hists);

/* @he's call graph (its tree, or the chains it keeps) merged into @dst as
 * perf's collapse merges one entry into another: a walk of its tree. 0 or
 * -ENOMEM. */
int hist_entry__chain_merge(const struct hist_entry *he, struct callchain_root *dst);

/* Insert @items one by one into a red-black tree (left when @cmp(new,
 * node) < 0, else right, as perf's trees) and write its in-order walk back
 * to @items. 0 or -ENOMEM (@items unchanged). */
int rb_insert_order(void **items, uint64_t n,
		    int (*cmp)(const void *a, const void *b, void *arg), void *arg);
/* The same insertion of @items[0..n) into @t (rbt__alloc'd for @n or
 * more; node i is items[i]), the tree kept */
void rbt__insert_all(struct rbt *t, void **items, uint64_t n,
		     int (*cmp)(const void *a, const void *b, void *arg), void *arg);
/* @t's nodes in order into @out, with @stack (each room for all of the
 * tree's nodes, the stack one more); how many */
uint64_t rbt__inorder(const struct rbt *t, uint32_t *stack, uint32_t *out);

/* Helpers for the keys */
int64_t hist_entry__cmp(const struct hists *hists, const struct hist_entry *a,
			const struct hist_entry *b);
/* The same with the keys' context @ctx (a variant of hists->opts.sort) */
int64_t hist_entry__cmp_ctx(const struct hists *hists, const struct sort_ctx *ctx,
			    const struct hist_entry *a, const struct hist_entry *b);
/* The same as one of perf's comparisons: the keys it reaches compute the
 * entries' lines, files and trace texts (marked on @b, and on @a when
 * @both: a group view's pairing walks after the merges, which
 * hist_entry__count_seen then counts in the columns' widths, as perf
 * sizes them after pairing; an insertion marks the entry in the tree) */
int64_t hist_entry__cmp_reach(const struct hists *hists, const struct sort_ctx *ctx,
			      const struct hist_entry *a, const struct hist_entry *b,
			      bool both);
void hist_entry__count_seen(const struct hists *hists, struct hist_entry *he);

#endif
