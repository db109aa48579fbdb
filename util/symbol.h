/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_SYMBOL_H
#define MPERF_SYMBOL_H

/*
 * Symbols of one dso: a sorted array of [start, end) ranges in the dso's
 * address space (file offsets for ELF user dsos, absolute addresses for the
 * kernel), looked up by binary search.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct symbol {
	uint64_t start, end;	/* [start, end) */
	uint8_t binding;	/* STB_* or 'T'/'t' style for kallsyms */
	bool idle;
	bool inlined;		/* an inlined function (DWARF), printed "name (inlined)" */
	uint32_t seq;		/* position in the symbol table (alias ties) */
	char name[];
};

struct symbols {
	struct symbol **syms;
	size_t nr, alloc;
	bool sorted;
};

/* Options for finding symbol files; passed down explicitly. */
struct symbol_opts {
	const char *symfs;	/* --symfs DIR: prefix for every file looked up */
	const char *kallsyms;	/* --kallsyms FILE (default /proc/kallsyms) */
	const char *vmlinux;	/* -k FILE */
	bool no_kernel_syms;	/* do not load kernel symbols at all */
	bool quiet;		/* no warnings about missing files */
};

struct symbol *symbol__new(uint64_t start, uint64_t size, uint8_t binding,
			   const char *name);
/* Takes ownership of @sym. 0 or -ENOMEM. */
int symbols__add(struct symbols *s, struct symbol *sym);
/* Sort, drop duplicates (prefer global bindings), give zero-sized
 * symbols the start of the next one as end. */
void symbols__fixup(struct symbols *s);
struct symbol *symbols__find(const struct symbols *s, uint64_t addr);
struct symbol *symbols__find_by_name(const struct symbols *s, const char *name);
void symbols__exit(struct symbols *s);

#endif
