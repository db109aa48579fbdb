/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_UI_ANNOTATE_H
#define MPERF_UI_ANNOTATE_H

/*
 * Annotation: samples per (event, symbol, address) gathered while the file
 * is read, and a browser that disassembles a symbol in-process with
 * capstone (never a fork of objdump) and shows each instruction's share of
 * the symbol's samples. 'H' jumps to the hottest instruction, ESC goes back.
 */
#include <stdbool.h>
#include <stdint.h>

struct annotate_insn;
struct symbol;
struct dso;
struct symbol_opts;

struct annotate_samples;

/* --percent-type: what an instruction's percentage is a share of */
enum annotate_percent {
	ANNOTATE_LOCAL_PERIOD,	/* the symbol's period (perf's default) */
	ANNOTATE_GLOBAL_PERIOD,	/* the event's whole period */
	ANNOTATE_LOCAL_HITS,	/* the symbol's samples */
	ANNOTATE_GLOBAL_HITS,	/* the event's samples */
};

/* "local-period", "global-period", "local-hits", "global-hits" (perf's
 * names) -> the type, or -1. */
int annotate_percent__parse(const char *s);

/* -M/--disassembler-style and --asm-raw: how instructions are printed */
struct annotate_style {
	bool intel;	/* Intel syntax; AT&T by default, as perf's objdump */
	bool raw;	/* the instruction's bytes before it (--asm-raw) */
};
/* perf's -M value, objdump's comma list: "intel" or "att" in it sets the
 * syntax (the last one wins); objdump's other words are ignored. */
void annotate_style__parse(struct annotate_style *st, const char *s);

struct annotate_samples *annotate_samples__new(void);
void annotate_samples__delete(struct annotate_samples *as);
/* One sample of event @idx at @addr (dso space) in @sym (NULL: counted in
 * the event's totals only). 0 or -ENOMEM. */
int annotate_samples__add(struct annotate_samples *as, int idx, const struct symbol *sym,
			  uint64_t addr, uint64_t period);
/* The share the browser shows (ANNOTATE_LOCAL_PERIOD until set). */
void annotate_samples__set_percent(struct annotate_samples *as, enum annotate_percent type);
/* The browser's instruction style (AT&T, no bytes until set). */
void annotate_samples__set_style(struct annotate_samples *as, const struct annotate_style *st);
/*
 * The percentages of @n instructions of @sym (event @idx) as the browser
 * shows them, into @pct[n]; @hit[i] says whether instruction i has any
 * sample. Returns how many were hit.
 */
uint64_t annotate_samples__percents(const struct annotate_samples *as, int idx,
				    const struct symbol *sym, const struct annotate_insn *insns,
				    int n, double *pct, bool *hit);

/* Browse @sym of @dso for event @idx (named @evname). Returns 0, or
 * K_QUIT when the user quit the whole TUI. */
int annotate__browse(struct annotate_samples *as, int idx, const char *evname,
		     struct dso *dso, struct symbol *sym, const struct symbol_opts *opts);

/* Disassemble @size bytes at file offset @off of the ELF @path into text
 * lines "vaddr: mnemonic operands" in @st's style (NULL: AT&T, no bytes)
 * (for tests and the browser). Returns the number of instructions or
 * -errno; *@insns is malloc'd. */
struct annotate_insn {
	uint64_t off;		/* file offset (the dso address space) */
	uint64_t vaddr;		/* as objdump shows it */
	uint16_t size;
	char text[192];
};
int annotate__disasm(const char *path, uint64_t off, uint64_t size,
		     const struct annotate_style *st, struct annotate_insn **insns);

#endif
