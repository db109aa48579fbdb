/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_SYMBOL_TREE_H
#define MPERF_SYMBOL_TREE_H

/*
 * A model of the symbol tree perf 6.1 keeps per dso: a red-black tree
 * keyed by symbol start, equal keys to the right, searched from the root
 * (left when addr < start, right when addr is past the end, else that
 * symbol). When symbols overlap, the one found depends on the tree's
 * shape, which depends on the order of insertions and erasures; replaying
 * the same operations here gives the same shape, hence the same answers.
 * Only used while loading (symbols__fixup_elf), then freed.
 */

#include <stddef.h>
#include <stdint.h>

struct symbol;
struct sym_range;
struct symtree;

/* A tree for at most @max symbols; NULL when out of memory. */
struct symtree *symtree__new(size_t max);
void symtree__delete(struct symtree *t);
/* 0, or -ENOSPC past the @max given to symtree__new. */
int symtree__insert(struct symtree *t, struct symbol *sym);
/* Erase @sym (inserted before); 0 or -ENOENT. */
int symtree__erase(struct symtree *t, struct symbol *sym);
/*
 * For tests: the black height when the tree is a valid red-black tree
 * (black root, no red node with a red child, one black height, parent
 * links and key order consistent), else -1.
 */
int symtree__check(const struct symtree *t);
/* The symbol perf's search from the root returns for @addr, or NULL. */
struct symbol *symtree__find(const struct symtree *t, uint64_t addr);
/*
 * The answer of symtree__find for the addresses from the lowest to the
 * highest start or end of @syms (those in [@lo, @hi] only), as disjoint
 * sorted ranges (addresses
 * that find nothing have none) appended to *@ranges (*@nr of them,
 * *@alloc allocated, grown with realloc). Right when the search's
 * comparisons with the tree's other symbols have one outcome for all of
 * those addresses (their ranges do not reach in). 0 or -ENOMEM.
 */
int symtree__ranges_of(const struct symtree *t, struct symbol *const *syms, size_t nr_syms,
		       uint64_t lo, uint64_t hi, struct sym_range **ranges, size_t *nr,
		       size_t *alloc);

#endif
