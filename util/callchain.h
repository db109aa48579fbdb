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
	char level;		/* 'k' or '.' */
	/* DWARF-unwound frames when machine->frame_srclines: the frame's
	 * source line as perf gets it with the inlined functions (the line
	 * in the innermost one, the call sites above it); else NULL */
	const char *srcline;
};

struct callchain_cursor {
	struct callchain_cursor_node *nodes;	/* callee (leaf) first */
	uint32_t nr, alloc;
	bool truncated;		/* DWARF unwinding stopped early */
	bool from_dwarf;
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

struct callchain_param {
	enum chain_mode mode;
	enum chain_order order;
	bool order_set;
	double min_percent;	/* threshold, default 0.5 */
	uint32_t print_limit;	/* 0: no limit */
};

/* -g/--call-graph argument: "graph,0.5,caller,function,percent" etc.
 * 0 or -EINVAL. */
int callchain_param__parse(struct callchain_param *p, const char *arg);

/* One node of the merged call tree: a frame; children by cumulated hits. */
struct callchain_node {
	struct callchain_node *parent;
	struct callchain_node **children;
	uint32_t nr_children, alloc_children;
	uint32_t *hash;		/* index of the children when many */
	uint32_t hash_size;
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
};

void callchain_root__init(struct callchain_root *root);
void callchain_root__exit(struct callchain_root *root);
/* Append @nr frames of @frames (in display order) with @period. */
int callchain_root__append(struct callchain_root *root,
			   const struct callchain_cursor_node *frames, uint32_t nr,
			   uint64_t period);

/* The frame's display name: symbol, or the hex address. */
const char *callchain_frame__name(const struct callchain_cursor_node *f,
				  char *buf, size_t size);

/* Print a tree as perf's stdio does, for an entry whose period is
 * @parent_total within hists of @total. Returns bytes printed. */
size_t callchain__fprintf(FILE *fp, struct callchain_root *root,
			  const struct callchain_param *param, uint64_t total,
			  uint64_t parent_total, bool skip_first);

#endif
