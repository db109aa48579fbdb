/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_SYM_ADDRS_H
#define MPERF_SYM_ADDRS_H

#include <stdbool.h>
#include <stdint.h>

/*
 * The addresses of a --symbols list: perf 6.1 takes every entry that reads
 * as a hex number ("0x401136", "401136", "beef") for a sample address, not
 * a symbol name; a sample passes the filter by its symbol's name or by its
 * address as sampled (when a map covers it).
 */
struct sym_addrs {
	uint64_t *v;
	int nr;
	/* script --addr-range N: an address matches ADDR..ADDR+N-1 of an
	 * entry too (perf's sum, in 64 bits); 0: only ADDR itself */
	int range;
};

/* Moves the hex-number entries of @names (*@nr of them, strdup'ed) to @a,
 * freeing them; the others keep their order. 0 or -ENOMEM. */
int sym_addrs__split(struct sym_addrs *a, char ***names, int *nr);
/* Whether @addr is an entry of @a, or within @a->range of one */
bool sym_addrs__has(const struct sym_addrs *a, uint64_t addr);

#endif
