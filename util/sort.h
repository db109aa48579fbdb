/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_SORT_H
#define MPERF_SORT_H

/*
 * Sort keys (-s) and output fields (-F). A sort key decides which samples
 * merge into one hist entry, how entries with equal overhead are ordered
 * and how the column prints. Adding a key = one row in sort.c.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct hist_entry;

/*
 * What the keys' comparisons and texts depend on besides the entries: one
 * per report, kept in its hists (hists_opts.sort) and passed to every
 * callback of a key.
 */
struct dyn_bytes;

struct sort_ctx {
	/* -v: "dso" shows (and tells apart) the objects by their path,
	 * "sym" the entry's address and perf's symbol origin letter first */
	bool verbose;
	bool time_ns;		/* "time" prints nanoseconds (--ns), not us */
	/* perf counts a dso key among its sort keys: the symbol key
	 * compares the dso itself only without one, as perf's does (a dso
	 * that a -F list adds does not count). Set by hists__init. */
	bool has_dso;
	/* "cgroup" shows the path of a cgroup id by this (NULL, or NULL
	 * returned: not known) */
	const char *(*cgroup_name)(void *arg, uint64_t id);
	/* the width of the column while stdio prints a row (0 otherwise):
	 * perf cuts the name in addr_from/addr_to at it */
	int col_width;
	void *cgroup_name_arg;
	/* NULL, or by field key index: the fields a group view's walk
	 * compares (those of the event whose tree it walks, as perf), the
	 * bytes of foreign cells too; the others are passed over */
	const bool *dyn_only;
	/* with dyn_only: of those, only the fields of the event of entry a
	 * (DYN_SIDE_A) or b (DYN_SIDE_B), those its record has as its own
	 * (--hierarchy's group walks compare the fields of the leader
	 * tree's node, as perf) */
	enum { DYN_SIDE_ANY, DYN_SIDE_A, DYN_SIDE_B } dyn_side;
	/* the text of field key @i's value @bytes where its cell has none
	 * (the field's own print, made when shown: trace_event__field_text);
	 * its length. NULL: an empty text */
	int (*dyn_text)(void *arg, int i, const struct dyn_bytes *bytes, char *buf, size_t size);
	void *dyn_text_arg;
	/* NULL, or by field key index: perf's column no longer widens with
	 * the formatted record's values (TRACE_PRETTY_REST: its length of a
	 * value was -1); its header and the field's size set its width */
	const bool *dyn_narrow;
};

enum sort_field_kind {
	FIELD_KEY,		/* a sort key */
	FIELD_OVERHEAD,		/* Self / Overhead */
	FIELD_CHILDREN,		/* Children */
	FIELD_OVERHEAD_SYS,
	FIELD_OVERHEAD_US,
	FIELD_OVERHEAD_GUEST_SYS,	/* samples of a guest's kernel */
	FIELD_OVERHEAD_GUEST_US,	/* and of its user space */
	FIELD_SAMPLE,
	FIELD_PERIOD,
};

struct sort_key {
	const char *name;	/* "comm", "dso", "sym", ... */
	const char *header;	/* "Command", ... */
	/* Each callback is passed the key it serves (@key: a field key's
	 * dyn_idx), the report's context and the entries. */
	/* merge order: <0 when a new entry @a goes before an entry @b
	 * already in perf's tree, 0: same entry. Not always a total order:
	 * it compares as perf does (e.g. unresolved addresses by address
	 * only, resolved symbols by dso first) */
	int (*cmp)(const struct sort_key *key, const struct sort_ctx *ctx,
		   const struct hist_entry *a, const struct hist_entry *b);
	/* output order among entries of equal overhead (ascending) */
	int (*sort)(const struct sort_key *key, const struct sort_ctx *ctx,
		    const struct hist_entry *a, const struct hist_entry *b);
	uint64_t (*hash)(const struct sort_key *key, const struct sort_ctx *ctx,
			 const struct hist_entry *he);
	/* text of the column for @he; returns its length */
	int (*snprintf)(const struct sort_key *key, const struct sort_ctx *ctx,
			const struct hist_entry *he, char *buf, size_t size);
	/* column width the entry needs (perf does not count " (inlined)");
	 * NULL: the length of the text */
	int (*width)(const struct sort_key *key, const struct sort_ctx *ctx,
		     const struct hist_entry *he);
	bool need_callchain;	/* parent */
	bool need_srcline;
	bool need_trace;	/* trace: the formatted tracepoint */
	bool pad_last;		/* pad even as the last column (perf does) */
	bool no_pad;		/* never padded, not even before another
				 * column (perf prints the bare value) */
	bool right;		/* right-aligned in its column */
	bool clip;		/* rows are cut at the column width (perf's comm) */
	bool perf_pads;		/* perf formats it padded to the column's width
				 * (sort_key__perf_pads) */
	/* a tracepoint field's (perf's dynamic entry): named after the
	 * field, so never one of the built-in keys of that name; -t keeps
	 * the separator in its text, where perf prints '.' in the others */
	bool dynamic;
	/* (dynamic) a __data_loc/__rel_loc field's (dyn_var): perf widens
	 * its column by the length of each cell its comparisons read as
	 * their left side (dyn_cell.len_seen), a string's NUL included;
	 * dyn_loc: the flat table's walks are replayed for it (hists.c;
	 * --hierarchy replays its levels' own) */
	bool dyn_var, dyn_loc;
	/* (dynamic) shown formatted, not /raw: perf reads the column's
	 * width off each entry's trace text, which it formats (and so has
	 * for the trace key's width) as it places the entry in the output */
	bool dyn_pretty;
	int dyn_idx;		/* (dynamic) the field's index in a row */
	uint32_t dyn_off;	/* (dynamic) its place in its record (a
				 * __data_loc field: its word's) */
	bool sample_only;	/* compares a field of the sample that perf's
				 * duplicate check of callchain entries
				 * (children) leaves zero: weights, cgroup,
				 * time, socket; a sample whose value is not
				 * 0 never finds its frames there, so every
				 * frame adds its period again */
	bool collapse;		/* perf re-sorts its entries by this key once
				 * more before the output (its "collapse") */
	bool mem;		/* a memory key: needs the data address
				 * resolved (report --mem-mode) */
	bool branch;		/* a branch key: compares the entries' branch
				 * (hist_entry.br, report's branch mode) */
	bool addr_sign;		/* compares addresses by the sign of their
				 * 64-bit difference, as perf: no total order
				 * once two are 2^63 or more apart */
	int min_width;		/* the column is at least this wide */
	bool marked;		/* its text may hold SORT_NO_CLIP (the others'
				 * texts are the data's own: any byte, \x01 too) */
	/* FIELD_SAMPLE or FIELD_PERIOD: a --hierarchy level of that value
	 * (sort_key__value_level); FIELD_KEY: none */
	enum sort_field_kind node_value;
};

/* whether @he's record has @key's value as its own: a key that is no
 * tracepoint field, or a field of the entry's event (not a foreign cell
 * of a group view's rows) */
bool sort_key__dyn_native(const struct sort_key *key, const struct hist_entry *he);
/* Whether perf formats @key padded to its column's width (comm, pid, dso,
 * sizes, weights, ...; not sym, srcline, cpu, time): the padding is part
 * of its text, which -t turns into dots */
bool sort_key__perf_pads(const struct sort_key *key);
/*
 * A dynamic sort key (a tracepoint field, perf's "prev_comm"): its values
 * are the entries' cells @idx (dyn_cell: val, merged and ordered by key)
 * (descending bytes, as perf orders them); @header names the column, which
 * is right aligned, cut at its width, and @min_width wide at least.
 * Returns NULL for a negative @idx or out of memory. The caller owns the
 * key: sort_key__dynamic_delete frees it (NULL: nothing).
 */
struct sort_key *sort_key__dynamic_new(int idx, const char *header, int min_width);
void sort_key__dynamic_delete(struct sort_key *key);
/* A comparison read @he's cell of dynamic key @key as its left side:
 * with key->dyn_loc its length widens the column, as perf's */
void sort_key__dyn_len_seen(const struct sort_key *key, struct hist_entry *he);

/* First in a clipped key's text: this one is not cut at the column's
 * width (perf's data objects and addresses in the symbol keys of
 * --mem-mode, whose functions' names it cuts). */
#define SORT_NO_CLIP '\x01'

/* @buf, a text of @key, without its SORT_NO_CLIP (outputs that cut
 * nothing); its length */
static inline int sort__strip_clip_end(const struct sort_key *key, char *buf)
{
	char *m = key && key->marked ? strchr(buf, SORT_NO_CLIP) : NULL;

	if (m)
		memmove(m, m + 1, strlen(m + 1) + 1);
	return (int)strlen(buf);
}

struct sort_field {
	enum sort_field_kind kind;
	const struct sort_key *key;	/* FIELD_KEY */
	int width;
	int level;	/* --hierarchy: keys of one level share it (-s '{a,b}') */
};

/* Whether @fields (@nr of them) have a key (of --hierarchy level @level;
 * -1: any) of an event whose tracepoint fields are @own (by field key
 * index; NULL: every key is the event's): a built-in key, or one of its
 * fields. An event without one has no level in a hierarchy, and perf
 * counts 0 for it. */
bool sort_fields__have_key(const struct sort_field *fields, int nr, int level, const bool *own);
/* The key called @name (aliases: symbol = sym), or NULL. */
/* The perf dimension -s/-F name @tok stands for: the first in perf's
 * order that it is a prefix of, in any case ("sy": "symbol"); @tok when
 * none (mperf's own keys, tracepoint fields) */
const char *sort__dimension_name(const char *tok);
/* The key of a -s name (sort__dimension_name's, or mperf's own), NULL */
const struct sort_key *sort_key__find(const char *name);
/* --hierarchy's level of -s sample (FIELD_SAMPLE) or -s period
 * (FIELD_PERIOD); NULL for other kinds */
const struct sort_key *sort_key__value_level(enum sort_field_kind kind);
/* Comma-separated list of names for error messages. */
const char *sort_key__names(void);

#endif
