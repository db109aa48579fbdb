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
	s->syms[s->nr++] = sym;
	s->sorted = false;
	return 0;
}

static int sym_cmp(const void *a, const void *b)
{
	const struct symbol *l = *(struct symbol * const *)a;
	const struct symbol *r = *(struct symbol * const *)b;

	if (l->start != r->start)
		return l->start < r->start ? -1 : 1;
	/* global (1) / weak (2) before local (0): keep the exported name */
	if ((l->binding == 0) != (r->binding == 0))
		return l->binding == 0 ? 1 : -1;
	if (l->end != r->end)
		return l->end > r->end ? -1 : 1;
	return strcmp(l->name, r->name);
}

void symbols__fixup(struct symbols *s)
{
	size_t i, j;

	if (s->nr)
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
