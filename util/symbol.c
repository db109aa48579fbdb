// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <elf.h>
#include <unistd.h>
#include "alloc.h"
#include "debug.h"
#include "dso.h"
#include "symbol.h"
#include "symbol-tree.h"

static void symbol__init(struct symbol *sym, uint64_t start, uint64_t size, uint8_t binding,
			 const char *name, size_t len, bool in_arena)
{
	sym->start = start;
	sym->end = start + size;
	sym->binding = binding;
	sym->idle = false;
	sym->inlined = false;
	sym->object = false;
	sym->in_arena = in_arena;
	sym->mangled = false;
	sym->name_owned = false;
	sym->name_pad = 0;
	sym->name = sym->str;
	memcpy(sym->str, name, len);
	sym->str[len] = '\0';
}

struct symbol *symbol__new(uint64_t start, uint64_t size, uint8_t binding,
			   const char *name)
{
	size_t len = strlen(name);
	struct symbol *sym = malloc(sizeof(*sym) + len + 1);

	if (sym)
		symbol__init(sym, start, size, binding, name, len, false);
	return sym;
}

#define SYM_BLOCK_MIN (16 * 1024)
#define SYM_BLOCK_MAX (1024 * 1024)

struct sym_block {
	struct sym_block *next;
	size_t used, size;
	_Alignas(8) char mem[];
};

static void symbol__free(struct symbol *sym)
{
	if (sym->name_owned)
		free(sym->name);
	if (!sym->in_arena)
		free(sym);
}

void symbol__demangle(struct symbol *sym)
{
	char *dm;

	if (!sym->mangled)
		return;
	sym->mangled = false;
	dm = elf__demangle(sym->name);
	if (dm) {
		sym->name = dm;
		sym->name_owned = true;
	}
}

struct symbol *symbols__push(struct symbols *s, uint64_t start, uint64_t size,
			     uint8_t binding, const char *name, size_t len)
{
	size_t need = (sizeof(struct symbol) + len + 1 + 7) & ~(size_t)7;
	struct sym_block *b = s->blocks;
	struct symbol *sym;

	if (!b || b->size - b->used < need) {
		/* 16 KiB first, twice the last one after, up to 1 MiB */
		size_t bsize = b ? b->size * 2 : SYM_BLOCK_MIN;

		if (bsize > SYM_BLOCK_MAX)
			bsize = SYM_BLOCK_MAX;
		if (bsize < need)
			bsize = need;
		b = malloc(sizeof(*b) + bsize);
		if (!b)
			return NULL;
		b->next = s->blocks;
		b->used = 0;
		b->size = bsize;
		s->blocks = b;
	}
	sym = (struct symbol *)(b->mem + b->used);
	b->used += need;
	symbol__init(sym, start, size, binding, name, len, true);
	if (symbols__add(s, sym) < 0)
		return NULL;
	return sym;
}

int symbols__add(struct symbols *s, struct symbol *sym)
{
	if (ALLOC_GROW(s->syms, s->nr + 1, s->alloc, 256)) {
		symbol__free(sym);
		return -ENOMEM;
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
			symbol__free(s->syms[i]);
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

/*
 * perf 6.1's preference between two symbols at one address, applied after
 * zero sizes were stretched: a symbol with a size, then not weak, then
 * global, then fewer leading '_', then the longer name, else the one
 * first in tree order (@a).
 */
int symbol__choose(const struct symbol *a, const struct symbol *b)
{
	bool az = a->end == a->start, bz = b->end == b->start;
	size_t al, bl;
	int au, bu;

	if (az != bz)
		return az ? 1 : -1;
	if ((a->binding == STB_WEAK) != (b->binding == STB_WEAK))
		return a->binding == STB_WEAK ? 1 : -1;
	if ((a->binding == STB_GLOBAL) != (b->binding == STB_GLOBAL))
		return a->binding == STB_GLOBAL ? -1 : 1;
	au = leading_underscores(a->name);
	bu = leading_underscores(b->name);
	if (au != bu)
		return au < bu ? -1 : 1;
	al = strlen(a->name);
	bl = strlen(b->name);
	if (al != bl)
		return al > bl ? -1 : 1;
	return -1;
}

static int start_seq_cmp(const void *pa, const void *pb)
{
	const struct symbol *a = *(struct symbol * const *)pa;
	const struct symbol *b = *(struct symbol * const *)pb;

	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/*
 * Every caller's array is the table's, or its sorted survivors followed
 * by the PLT's: a stable byte-wise radix sort by start, passing over the
 * bytes all starts share. qsort's compares were a tenth of a small report
 * (a libc's 10K symbols, twice).
 */
void symbols__sort_start(struct symbol **v, size_t n)
{
	struct symbol **tmp;
	uint64_t *key, *ktmp, diff = 0;

	if (n < 64) {
		qsort(v, n, sizeof(*v), start_seq_cmp);
		return;
	}
	tmp = malloc(n * sizeof(*tmp));
	key = malloc(2 * n * sizeof(*key));
	if (!tmp || !key) {
		free(tmp);
		free(key);
		qsort(v, n, sizeof(*v), start_seq_cmp);
		return;
	}
	ktmp = key + n;
	for (size_t i = 0; i < n; i++) {
		key[i] = v[i]->start;
		diff |= key[i] ^ key[0];
	}
	for (int shift = 0; shift < 64; shift += 8) {
		size_t count[256] = { 0 }, pos = 0;

		if (!((diff >> shift) & 0xff))
			continue;
		for (size_t i = 0; i < n; i++)
			count[(key[i] >> shift) & 0xff]++;
		for (int b = 0; b < 256; b++) {
			size_t c = count[b];

			count[b] = pos;
			pos += c;
		}
		for (size_t i = 0; i < n; i++) {
			size_t d = count[(key[i] >> shift) & 0xff]++;

			tmp[d] = v[i];
			ktmp[d] = key[i];
		}
		memcpy(v, tmp, n * sizeof(*v));
		memcpy(key, ktmp, n * sizeof(*key));
	}
	free(tmp);
	free(key);
}

/*
 * Where symbols overlap, perf's answer depends on its tree's shape, which
 * depends on the order it built the tree in: the table's symbols in table
 * order, the erasures of aliases in the order perf makes them, then the
 * PLT symbols. That replay waits for the first lookup that needs it (a
 * report of a few samples seldom does; a whole libc's tree was most of
 * such a report), and then answers for every cluster of overlapping
 * symbols at once.
 */
struct sym_replay {
	/* the build's order: the table's symbols, then the PLT's (the
	 * loader's array), and the aliases erased between */
	struct symbol **order, **gone;
	size_t nr_table, nr_plt, nr_gone;
	bool done;
	struct sym_range *pieces;		/* the clusters' answers */
	size_t nr_pieces, alloc_pieces;
};

static void sym_replay__delete(struct sym_replay *rp)
{
	if (!rp)
		return;
	for (size_t i = 0; i < rp->nr_gone; i++)
		symbol__free(rp->gone[i]);
	free(rp->order);
	free(rp->gone);
	free(rp->pieces);
	free(rp);
}

/* How far a symbol matches in perf's search: a zero-size one at its
 * start alone */
static uint64_t symbol__reach(const struct symbol *sym)
{
	return sym->end > sym->start ? sym->end : sym->start + 1;
}

/* Build the tree and answer for each cluster (a range of s->ranges
 * without a symbol): pieces, sorted. Done once; on failure the clusters
 * answer nothing. */
static void symbols__replay(const struct symbols *s, struct sym_replay *rp)
{
	struct symtree *t = symtree__new(rp->nr_table + rp->nr_plt);
	size_t i, k = 0;
	int err = 0;

	rp->done = true;
	if (!t)
		return;
	for (i = 0; i < rp->nr_table && !err; i++)
		err = symtree__insert(t, rp->order[i]);
	for (i = 0; i < rp->nr_gone && !err; i++)
		err = symtree__erase(t, rp->gone[i]);
	for (i = rp->nr_table; i < rp->nr_table + rp->nr_plt && !err; i++)
		err = symtree__insert(t, rp->order[i]);
	for (i = 0; i < s->nr_ranges && !err; i++) {
		const struct sym_range *c = &s->ranges[i];
		size_t first;

		if (c->sym)
			continue;
		/* its members: the symbols that start in it (s->syms is
		 * sorted by start, and so are the clusters) */
		while (k < s->nr && s->syms[k]->start < c->start)
			k++;
		first = k;
		while (k < s->nr && s->syms[k]->start < c->end)
			k++;
		err = symtree__ranges_of(t, s->syms + first, k - first, c->start, c->end,
					 &rp->pieces, &rp->nr_pieces, &rp->alloc_pieces);
	}
	if (err)
		rp->nr_pieces = 0;
	symtree__delete(t);
	free(rp->order);
	rp->order = NULL;
}

/*
 * s->ranges for symbols sorted by (start, seq) of which some overlap:
 * a symbol that shares no address and no start with another is its own
 * range (perf's search finds it for each of its addresses, whatever the
 * tree's shape), a cluster of the others one range without a symbol,
 * answered by the replay.
 */
static int symbols__cluster_ranges(struct symbols *s, struct symbol **ord, size_t nr)
{
	struct sym_range *r = malloc((nr ? nr : 1) * sizeof(*r));
	size_t i = 0, n = 0;

	if (!r)
		return -ENOMEM;
	while (i < nr) {
		uint64_t end = symbol__reach(ord[i]);
		size_t k = i + 1;

		while (k < nr && (ord[k]->start < end || ord[k]->start == ord[k - 1]->start)) {
			if (symbol__reach(ord[k]) > end)
				end = symbol__reach(ord[k]);
			k++;
		}
		r[n++] = (struct sym_range){ ord[i]->start, end, k == i + 1 ? ord[i] : NULL };
		i = k;
	}
	s->ranges = r;
	s->nr_ranges = n;
	return 0;
}

int symbols__fixup_elf(struct symbols *s, size_t nr_table)
{
	struct symbol **ord, **gone;
	size_t nr_plt = s->nr - nr_table, nr_gone = 0, i, j;
	uint64_t max_end = 0;
	bool overlap = false;
	int err = 0;

	if (nr_table > s->nr)
		return -EINVAL;
	ord = malloc((s->nr + 1) * sizeof(*ord));
	gone = malloc((nr_table + 1) * sizeof(*gone));
	if (!ord || !gone) {
		free(ord);
		free(gone);
		symbols__fixup(s);
		return -ENOMEM;
	}
	for (i = 0; i < s->nr; i++)
		s->syms[i]->seq = (uint32_t)i;
	memcpy(ord, s->syms, nr_table * sizeof(*ord));
	symbols__sort_start(ord, nr_table);
	/* a zero size reaches the next symbol in tree order (an alias at the
	 * same address keeps it zero) */
	for (i = 0; i < nr_table; i++) {
		struct symbol *sym = ord[i];

		if (sym->end != sym->start)
			continue;
		if (i + 1 < nr_table)
			sym->end = ord[i + 1]->start;
		else
			sym->end = ((sym->start + 4095) & ~4095ULL) + 4096;
	}
	/* aliases: each survivor meets the next symbol at its address */
	for (i = 0, j = 0; i < nr_table; i++) {
		if (j && ord[j - 1]->start == ord[i]->start) {
			/* perf chooses by the names it shows */
			symbol__demangle(ord[j - 1]);
			symbol__demangle(ord[i]);
			if (symbol__choose(ord[j - 1], ord[i]) <= 0) {
				gone[nr_gone++] = ord[i];
				continue;
			}
			gone[nr_gone++] = ord[j - 1];
			ord[j - 1] = ord[i];
			continue;
		}
		ord[j++] = ord[i];
	}
	/* the PLT symbols join without any of this */
	memcpy(ord + j, s->syms + nr_table, nr_plt * sizeof(*ord));
	j += nr_plt;
	symbols__sort_start(ord, j);
	for (i = 0; i < j; i++) {
		if (i && ord[i]->start < max_end)
			overlap = true;
		if (ord[i]->end > max_end)
			max_end = ord[i]->end;
	}
	free(s->ranges);
	s->ranges = NULL;
	s->nr_ranges = 0;
	sym_replay__delete(s->replay);
	s->replay = NULL;
	if (overlap) {
		struct sym_replay *rp = calloc(1, sizeof(*rp));

		err = rp ? symbols__cluster_ranges(s, ord, j) : -ENOMEM;
		if (!err) {
			*rp = (struct sym_replay){ .order = s->syms, .gone = gone,
						   .nr_table = nr_table, .nr_plt = nr_plt,
						   .nr_gone = nr_gone };
			s->replay = rp;
			s->syms = NULL;
			gone = NULL;
		} else {
			free(rp);
		}
	}
	for (i = 0; gone && i < nr_gone; i++)
		symbol__free(gone[i]);
	free(s->syms);
	s->syms = ord;
	s->nr = j;
	s->alloc = j + 1;
	s->sorted = true;
	free(gone);
	return err;
}

int symbols__fixup_jit(struct symbols *s)
{
	struct symbol **ord = malloc((s->nr + 1) * sizeof(*ord));
	uint64_t max_end = 0;
	bool overlap = false;
	size_t i;
	int err = 0;

	if (!ord)
		return -ENOMEM;
	for (i = 0; i < s->nr; i++)
		s->syms[i]->seq = (uint32_t)i;
	memcpy(ord, s->syms, s->nr * sizeof(*ord));
	symbols__sort_start(ord, s->nr);
	for (i = 0; i < s->nr; i++) {
		/* a zero size matches at its start: a range of its own */
		if ((i && ord[i]->start < max_end) || ord[i]->end == ord[i]->start ||
		    (i && ord[i]->start == ord[i - 1]->start))
			overlap = true;
		if (ord[i]->end > max_end)
			max_end = ord[i]->end;
	}
	if (overlap) {
		struct sym_replay *rp = calloc(1, sizeof(*rp));

		err = rp ? symbols__cluster_ranges(s, ord, s->nr) : -ENOMEM;
		if (!err) {
			*rp = (struct sym_replay){ .order = s->syms, .nr_table = s->nr };
			s->replay = rp;
			s->syms = NULL;
		} else {
			free(rp);
		}
	}
	free(s->syms);
	s->syms = ord;
	s->alloc = s->nr + 1;
	s->sorted = true;
	return err;
}

static const struct sym_range *sym_ranges__find(const struct sym_range *r, size_t nr,
						uint64_t addr)
{
	size_t lo = 0, hi = nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (r[mid].start <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo && addr < r[lo - 1].end ? &r[lo - 1] : NULL;
}

static struct symbol *symbols__find_raw(const struct symbols *s, uint64_t addr)
{
	size_t lo = 0, hi;

	if (s->ranges) {
		const struct sym_range *r = sym_ranges__find(s->ranges, s->nr_ranges, addr);

		if (!r || r->sym)
			return r ? r->sym : NULL;
		/* in a cluster: perf's tree answers */
		if (!s->replay->done)
			symbols__replay(s, s->replay);
		r = sym_ranges__find(s->replay->pieces, s->replay->nr_pieces, addr);
		return r ? r->sym : NULL;
	}
	hi = s->nr;
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

struct symbol *symbols__find(const struct symbols *s, uint64_t addr)
{
	struct symbol *sym = symbols__find_raw(s, addr);

	if (sym && sym->mangled)
		symbol__demangle(sym);
	return sym;
}

struct symbol *symbols__find_by_name(const struct symbols *s, const char *name)
{
	size_t i;

	for (i = 0; i < s->nr; i++)
		symbol__demangle(s->syms[i]);
	for (i = 0; i < s->nr; i++)
		if (!strcmp(s->syms[i]->name, name))
			return s->syms[i];
	return NULL;
}

void symbols__exit(struct symbols *s)
{
	size_t i;

	for (i = 0; i < s->nr; i++)
		symbol__free(s->syms[i]);
	free(s->syms);
	free(s->ranges);
	sym_replay__delete(s->replay);
	while (s->blocks) {
		struct sym_block *next = s->blocks->next;

		free(s->blocks);
		s->blocks = next;
	}
	memset(s, 0, sizeof(*s));
}

int symbol_opts__check_vmlinux(const struct symbol_opts *opts, const char *cmd)
{
	if (!opts->vmlinux || !access(opts->vmlinux, R_OK))
		return 0;
	pr_err("%s: -k %s: %s; give the recorded kernel's vmlinux, or --kallsyms FILE\n",
	       cmd, opts->vmlinux, strerror(errno));
	return -errno;
}
