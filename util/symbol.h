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
	bool object;		/* a data object (STT_OBJECT, kallsyms D/B) */
	bool in_arena;		/* in its table's arena (symbols__push): not
				 * freed alone */
	/* a C++ name still mangled: demangled when a lookup first returns
	 * the symbol (symbols__find), most never are */
	bool mangled;
	bool name_owned;	/* name is malloc'd (the demangled one) */
	/* perf's name length counts this many more characters: a module
	 * symbol's "\t[module]" of its kallsyms line (it cuts the name at
	 * the tab but keeps the length), which widens its column */
	uint8_t name_pad;
	uint32_t seq;		/* position in the symbol table (alias ties) */
	char *name;		/* str, or the demangled name */
	char str[];
};

/* An address range and the symbol perf names it with (see ranges below). */
struct sym_range {
	uint64_t start, end;	/* [start, end) */
	struct symbol *sym;
};

struct symbols {
	struct symbol **syms;
	size_t nr, alloc;
	bool sorted;
	bool no_demangle;	/* loaders keep C++ names mangled */
	/* ELF loaders: a file without .symtab is not read (its .dynsym
	 * may be the fallback: the loader returns 0, *has_symtab false) */
	bool symtab_only;
	/* kallsyms: the lowest and the highest start of the kernel's own
	 * symbols (not the modules'); 0 otherwise */
	uint64_t kernel_lo, kernel_hi;
	/* kallsyms from mperf's cache of /proc/kallsyms (kallsyms.c): the
	 * kernel's own symbols only; a lookup outside kernel_lo..kernel_hi
	 * reads the rest (modules, BPF, trampolines) first:
	 * kallsyms__complete */
	bool kallsyms_core;
	/* a vmlinux (the loader sets): symbols at their addresses, not
	 * file offsets (the kernel's map is identity), and the range of its
	 * .text section, which perf's kernel map spans once loaded */
	bool vaddrs;
	uint64_t text_lo, text_hi;
	/*
	 * When symbols overlap (a zero-size symbol stretched over PLT slots,
	 * nested symbols), which one perf names an address with depends on
	 * the shape of its symbol tree: ranges then holds the answer for
	 * every address, disjoint and sorted, and lookups use it.
	 */
	struct sym_range *ranges;
	size_t nr_ranges;
	/* clusters of overlapping symbols are ranges without a symbol:
	 * their answers come from the replay of perf's tree, made by the
	 * first lookup in one (symbol.c) */
	struct sym_replay *replay;
	/* the loaders' symbols, allocated in blocks (a malloc per
	 * symbol was a quarter of reading kallsyms) */
	struct sym_block *blocks;
};

/* Options for finding symbol files; passed down explicitly. */
struct symbol_opts {
	const char *symfs;	/* --symfs DIR: prefix for every file looked up */
	const char *kallsyms;	/* --kallsyms FILE (default /proc/kallsyms) */
	const char *vmlinux;	/* -k FILE */
	bool no_kernel_syms;	/* do not load kernel symbols at all */
	bool quiet;		/* no warnings about missing files */
	bool no_demangle;	/* --no-demangle: C++ names as in the ELF file */
	bool demangle_kernel;	/* --demangle-kernel: a vmlinux's names too
				 * (perf leaves them as they are otherwise) */
	bool no_inline;		/* --no-inline: no inlined frames in callchains */
	/* --exact-unwind: the CFI of a file an exec'd process's parent also
	 * mapped, where perf 6.1 misplaces it (util/unwind.c) */
	bool exact_unwind;
	bool full_source_path;	/* --full-source-path: source lines name the
				 * file by the path DWARF gives, not its base */
};

/* A -k vmlinux that is not there stops perf before it reads anything:
 * one line naming the fix (@cmd: "report", "script"), -errno; 0 when
 * none was given or it can be read. */
int symbol_opts__check_vmlinux(const struct symbol_opts *opts, const char *cmd);

struct symbol *symbol__new(uint64_t start, uint64_t size, uint8_t binding,
			   const char *name);
/* Takes ownership of @sym. 0 or -ENOMEM. */
int symbols__add(struct symbols *s, struct symbol *sym);
/* A new symbol (@name's first @len bytes) added to @s, allocated in @s's
 * blocks, freed with them by symbols__exit. NULL: out of memory. */
struct symbol *symbols__push(struct symbols *s, uint64_t start, uint64_t size,
			     uint8_t binding, const char *name, size_t len);
/* Sort, drop duplicates (prefer global bindings), give zero-sized
 * symbols the start of the next one as end. */
void symbols__fixup(struct symbols *s);
/*
 * The ELF variant, as perf 6.1 loads an ELF symbol table: syms[0..nr_table)
 * are the table's symbols in table order, the rest its synthesized PLT
 * symbols in .rela.plt order. Zero-size table symbols get the next start
 * as end, aliases at one address are reduced to the one perf keeps, and
 * where symbols overlap, ranges is filled from a replay of perf's tree.
 * 0 or -ENOMEM (the table is then left as symbols__fixup leaves it).
 */
int symbols__fixup_elf(struct symbols *s, size_t nr_table);
/* @v by start, then seq, for @v whose symbols of equal start are in seq
 * order already (a table in its order); stable in all else */
void symbols__sort_start(struct symbol **v, size_t n);
/* The JIT variant (a /tmp/perf-PID.map in file order): each symbol as long
 * as it says (a zero size matches at its start alone), every entry kept;
 * where entries overlap, ranges from a replay of perf's tree in file
 * order. 0 or -ENOMEM. */
int symbols__fixup_jit(struct symbols *s);
/* The name of a symbol loaded mangled (sym->mangled), demangled now. */
void symbol__demangle(struct symbol *sym);
/* Which of @a and @b (aliases at one address) perf 6.1 keeps: <0 @a, >0 @b. */
int symbol__choose(const struct symbol *a, const struct symbol *b);
struct symbol *symbols__find(const struct symbols *s, uint64_t addr);
struct symbol *symbols__find_by_name(const struct symbols *s, const char *name);
void symbols__exit(struct symbols *s);

#endif
