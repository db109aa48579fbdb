/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_CALLCHAIN_H
#define MPERF_CALLCHAIN_H

/*
 * Callchains: the cursor (one sample's resolved frames) and the call tree
 * merged over samples that report prints as perf's graph/flat/folded text.
 */

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct map;
struct dso;
struct symbol;

struct callchain_cursor_node {
	uint64_t ip;
	uint64_t addr;		/* in the dso's space */
	struct map *map;
	struct dso *dso;
	struct symbol *sym;
	/* DWARF-unwound frames when machine->frame_srclines: the frame's
	 * source line as perf gets it with the inlined functions (the line
	 * in the innermost one, the call sites above it); else NULL */
	const char *srcline;
	/* the small fields together: 56 bytes a frame, 128 a tree node */
	char level;		/* 'k' or '.' */
	bool unwound;		/* a DWARF-unwound user frame */
	/* enum chain_key: how the frame merges with others in the call
	 * tree (-g address, -g srcline: by srcline, which it prints) */
	uint8_t key;
};

struct callchain_cursor {
	struct callchain_cursor_node *nodes;	/* callee (leaf) first */
	uint32_t nr, alloc;
	bool truncated;		/* DWARF unwinding stopped early */
	bool from_dwarf;
	/* the maps (struct maps.id) of the thread whose chain it is: a
	 * user frame's map is that thread's, also where a later sample
	 * without a chain of its own takes the chain over (perf's frames
	 * keep their map objects) */
	uint64_t maps_id;
};

void callchain_cursor__reset(struct callchain_cursor *c);
int callchain_cursor__append(struct callchain_cursor *c,
			     const struct callchain_cursor_node *node);
void callchain_cursor__exit(struct callchain_cursor *c);

enum chain_mode {
	CHAIN_NONE,
	CHAIN_GRAPH_ABS,	/* graph: percentages of the total */
	CHAIN_GRAPH_REL,	/* fractal: percentages of the parent */
	CHAIN_FLAT,
	CHAIN_FOLDED,
};

enum chain_order {
	ORDER_CALLEE,
	ORDER_CALLER,
};

enum chain_key {
	KEY_FUNCTION,		/* frames of one function merge */
	KEY_ADDRESS,		/* frames of one address merge */
	KEY_SRCLINE,		/* frames of one source line merge */
};

enum chain_value {
	VALUE_PERCENT,		/* a node's share of the total: "12.34%" */
	VALUE_PERIOD,		/* its period */
	VALUE_COUNT,		/* its samples */
};

struct callchain_param {
	enum chain_mode mode;
	enum chain_order order;
	enum chain_key key;
	enum chain_value value;	/* printed on branches and flat/folded lines */
	bool order_set;
	double min_percent;	/* threshold, default 0.5 */
	uint32_t print_limit;	/* 0: no limit */
	bool color;		/* --stdio-color: percentages coloured */
	bool branch;		/* "branch": LBR records into callchains */
	bool mode_set;		/* the last parse named a mode */
	const char *folded_sep;	/* between folded frames (-t's, as perf);
				 * NULL: ";" */
};

/* -g/--call-graph argument: "graph,0.5,caller,function,percent" etc.
 * 0 or -EINVAL. */
int callchain_param__parse(struct callchain_param *p, const char *arg);
/* A threshold of @percent of @total hits as a count (rounded up or
 * down); out of range as perf 6.1 on x86-64 shows it: a negative one
 * or nan huge (no chain shown), inf 0. */
uint64_t callchain__min_hit(double total, double percent, bool round_up);

/*
 * One node of the merged call tree: a frame; children by cumulated hits.
 * perf finds a frame among a node's children by a walk down a red-black
 * tree with its frame comparison, which is no total order when one object
 * has children with and without a symbol (resolved frames compare by
 * symbol start, the others by raw address) or a frame is inlined (by
 * name): a frame can then miss the child it equals and become a second
 * child of the same symbol. Nodes whose children are of one kind per
 * object find children by hash (the walk would find the same one); the
 * others get perf's tree (callchain.c), and its in-order walk is also the
 * order of children of equal weight.
 */
struct callchain_index;

struct callchain_node {
	struct callchain_node *parent;
	struct callchain_node **children;	/* in creation order */
	struct callchain_index *ix;	/* hash of the children, perf's tree */
	uint32_t nr_children, alloc_children;
	/* the children's objects (bit: order % 31) with a symbol and
	 * without one; bit 31 of sym_dsos: an inlined child */
	uint32_t sym_dsos, addr_dsos;
	struct callchain_cursor_node key;
	uint64_t hit;		/* period of chains ending here */
	uint64_t cumul;		/* hit + children */
	uint64_t count, cumul_count;
};

/* Bump allocator for tree nodes: trees are freed all at once. */
struct callchain_arena {
	struct arena_chunk *chunks;
	char *cur;
	size_t left;
};

void *callchain_arena__alloc(struct callchain_arena *arena, size_t size);
void callchain_arena__exit(struct callchain_arena *arena);

struct callchain_root {
	struct callchain_node node;	/* node.key unused */
	struct callchain_arena *arena;	/* NULL: malloc'ed nodes */
	/* the end of the last chain appended when every node on its way
	 * was found or added by hash (not by perf's walk): the same chain
	 * appended again finds the same nodes; NULL: none */
	struct callchain_node *last;
	uint32_t last_nr;
};

void callchain_root__init(struct callchain_root *root);
void callchain_root__exit(struct callchain_root *root);
/* Append @nr frames of @frames (in display order) with @period. */
int callchain_root__append(struct callchain_root *root,
			   const struct callchain_cursor_node *frames, uint32_t nr,
			   uint64_t period);
/* Add the chains of @src to @dst as perf merges two entries' trees: each
 * path that has hits, in a walk of @src (a node, then its children in
 * tree order), appended with those hits. @src is left as it was. */
int callchain_root__merge(struct callchain_root *dst, const struct callchain_root *src);
/* @node's children with a cumulated period of at least @min_hit (and not
 * 0), heaviest first, equal ones in perf's order; NULL when none (or
 * ENOMEM). The caller frees *@out. */
uint32_t callchain_node__sorted_children(const struct callchain_node *node, uint64_t min_hit,
					 struct callchain_node ***out);
/* @node's children in perf's tree order (which its outputs start from)
 * into @out (room for nr_children). */
void callchain_node__tree_order(const struct callchain_node *node,
				struct callchain_node **out);

/* The frame's display name in @buf (cut to @size - 1, as perf cuts at 1023
 * with its 1024-byte buffers): symbol (with its source line for -g
 * address or srcline), or the hex address. */
const char *callchain_frame__name(const struct callchain_cursor_node *f,
				  char *buf, size_t size);

/* Print a tree as perf's stdio does, for an entry whose period is
 * @parent_total within hists of @total; branches under the threshold's
 * share of @min_total (0: of @total) are left out. Returns bytes printed. */
size_t callchain__fprintf(FILE *fp, struct callchain_root *root,
			  const struct callchain_param *param, uint64_t total,
			  uint64_t min_total, uint64_t parent_total, bool skip_first);

#endif
