// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "symbol.h"

struct symbol *symbol__new(uint64_t start, uint64_t size, uint8_t binding,
			   const char *name)
{
	size_t len = strlen(name);
	struct symbol *sym = malloc(sizeof(*sym) + len + 1);

	if (!sym)
		return NULL;
	sym->start = start;
	sym->end = start + size;
	sym->binding = binding;
	sym->idle = false;
	sym->inlined = false;
	memcpy(sym->name, name, len + 1);
	return sym;
}

int symbols__add(struct symbols *s, struct symbol *sym)
{
	if (s->nr == s->alloc) {
		size_t n = s->alloc ? s->alloc * 2 : 256;
		struct symbol **p = realloc(s->syms, n * sizeof(*p));

		if (!p) {
			free(sym);
			return -ENOMEM;
		}
		s->syms = p;
		s->alloc = n;
	}
	sym->seq = (uint32_t)s->nr;
	s->syms[s->nr++] = sym;
	s->sorted = false;
	return 0;
}

static int leading_underscores(const char *s)
{
	int n = 0;

	while (s[n] == '_')
		n++;
	return n;
}

/* Aliases at one address: the one perf shows first. binding: STB_LOCAL 0,
 * STB_GLOBAL 1, STB_WEAK 2 (kallsyms: the type letter). */
static int sym_cmp(const void *a, const void *b)
{
	const struct symbol *l = *(struct symbol * const *)a;
	const struct symbol *r = *(struct symbol * const *)b;
	bool lw, rw, lg, rg;
	int lu, ru;
	size_t ll, rl;

	if (l->start != r->start)
		return l->start < r->start ? -1 : 1;
	if ((l->end > l->start) != (r->end > r->start))
		return l->end > l->start ? -1 : 1;
	lw = l->binding == 2 || l->binding == 'W' || l->binding == 'w';
	rw = r->binding == 2 || r->binding == 'W' || r->binding == 'w';
	if (lw != rw)
		return lw ? 1 : -1;
	lg = l->binding == 1 || (l->binding >= 'A' && l->binding <= 'Z');
	rg = r->binding == 1 || (r->binding >= 'A' && r->binding <= 'Z');
	if (lg != rg)
		return lg ? -1 : 1;
	lu = leading_underscores(l->name);
	ru = leading_underscores(r->name);
	if (lu != ru)
		return lu < ru ? -1 : 1;
	ll = strlen(l->name);
	rl = strlen(r->name);
	if (ll != rl)
		return ll > rl ? -1 : 1;
	/* a full tie: the one first in the symbol table */
	return l->seq < r->seq ? -1 : l->seq > r->seq;
}

void symbols__fixup(struct symbols *s)
{
	size_t i, j;

	/* /proc/kallsyms and many symbol tables come (nearly) sorted: a
	 * check is cheaper than a sort */
	for (i = 1; i < s->nr; i++)
		if (sym_cmp(&s->syms[i - 1], &s->syms[i]) > 0)
			break;
	if (i < s->nr)
		qsort(s->syms, s->nr, sizeof(*s->syms), sym_cmp);
	/* aliases at the same address: keep the first after sorting */
	for (i = 0, j = 0; i < s->nr; i++) {
		if (j && s->syms[j - 1]->start == s->syms[i]->start) {
			free(s->syms[i]);
			continue;
		}
		s->syms[j++] = s->syms[i];
	}
	s->nr = j;
	for (i = 0; i < s->nr; i++) {
		struct symbol *sym = s->syms[i];

		if (sym->end <= sym->start) {
			if (i + 1 < s->nr)
				sym->end = s->syms[i + 1]->start;
			else
				sym->end = sym->start + 1;
		}
	}
	s->sorted = true;
}

struct symbol *symbols__find(const struct symbols *s, uint64_t addr)
{
	size_t lo = 0, hi = s->nr;

	/* last symbol with start <= addr */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->syms[mid]->start <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	if (addr < s->syms[lo - 1]->end)
		return s->syms[lo - 1];
	/* nested/overlapping symbols: an earlier one may still cover it */
	if (lo >= 2 && addr < s->syms[lo - 2]->end)
		return s->syms[lo - 2];
	return NULL;
}

struct symbol *symbols__find_by_name(const struct symbols *s, const char *name)
{
	size_t i;

	for (i = 0; i < s->nr; i++)
		if (!strcmp(s->syms[i]->name, name))
			return s->syms[i];
	return NULL;
}

void symbols__exit(struct symbols *s)
{
	size_t i;

	for (i = 0; i < s->nr; i++)
		free(s->syms[i]);
	free(s->syms);
	memset(s, 0, sizeof(*s));
}
