/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_SRCLINE_H
#define MPERF_SRCLINE_H

/*
 * Source lines of dso addresses with libdw (never addr2line): one Dwfl per
 * dso, results cached per (dso, address). Strings are interned in the
 * machine: equal lines give equal pointers.
 */

#include <stddef.h>
#include <stdint.h>

struct machine;
struct dso;
struct symbol;

/* "file.c:42"; for objects without line info "sym+off" (as perf);
 * "??:0" when nothing is known. Never NULL. One of perf's look-ups: once
 * 123 of them in @dso found nothing before any found a line, perf gives
 * up on its lines, and so does this (the fallback at once). */
const char *srcline__get(struct machine *machine, struct dso *dso,
			 struct symbol *sym, uint64_t addr);

/* The same line, whatever perf would have given up on (no perf output). */
const char *srcline__line(struct machine *machine, struct dso *dso,
			  struct symbol *sym, uint64_t addr);

/* perf's line of a callchain frame's entry: it looks the frame's raw
 * address @ip up as if it were a link-time one in the object (an
 * executable's moved by its .text's address less offset), which mostly
 * finds nothing ("sym+<ip - start>", or "dso[addr]"); in a big executable
 * it may land in another function. @counted as srcline__get. */
const char *srcline__raw(struct machine *machine, struct dso *dso, struct symbol *sym,
			 uint64_t ip, bool counted);

/* A callchain frame's line for -g address (@show_addr) or -g srcline:
 * as srcline__get(), but where no line is found "+off" (the symbol's name
 * left out) with @show_addr, else NULL. Kept per address from its first
 * look-up, the only one that counts, as perf keeps it. */
const char *srcline__frame(struct machine *machine, struct dso *dso,
			   struct symbol *sym, uint64_t addr, bool show_addr);

/* The source file of @addr (the whole path the line table gives, interned)
 * and its line, as binutils' addr2line names them: returns 1 with *@file
 * and *@line (> 0), 0 when either is unknown. */
int srcline__file_line(struct machine *machine, struct dso *dso, uint64_t addr,
		       const char **file, unsigned int *line);

/* The function chain at @addr from DWARF, innermost first: inlined
 * subroutines, then the containing subprogram. Fills up to @max names
 * (interned) and returns how many; 0 without debug info. A last NULL
 * name stands for "the containing function" (not found in DWARF). */
int srcline__inlines(struct machine *machine, struct dso *dso, uint64_t addr,
		     const char **names, int max);

/* The source lines that go with srcline__inlines()' names at @addr: the
 * line at @addr, then the call site of each inlined function, as
 * "file:line" (interned, "??:0" when unknown). Returns how many (the
 * same count as srcline__inlines()), 0 without debug info. */
int srcline__inline_lines(struct machine *machine, struct dso *dso, uint64_t addr,
			  const char **lines, int max);

/* Open the DWARF of @dsos (user files) on a worker thread now, as their
 * lines or inlined frames will be looked up; the lookups take each one
 * over when they first need it. srcline__prefetch_end joins the worker
 * (before the dsos go). */
void srcline__prefetch(struct machine *machine, struct dso **dsos, size_t n);
void srcline__prefetch_end(void);

void srcline__dso_exit(struct dso *dso);

#endif
