// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "alloc.h"
#include "event.h"
#include "hist.h"
#include "dso.h"
#include "map.h"
#include "maps.h"
#include "srcline.h"
#include "symbol.h"
#include "thread.h"

int hists__init(struct hists *hists, const struct sort_key **keys, int nr_keys,
		const struct hists_opts *opts)
{
	bool line_key = false;

	memset(hists, 0, sizeof(*hists));
	hists->keys = keys;
	hists->nr_keys = nr_keys;
	if (opts)
		hists->opts = *opts;
	hists->opts.key_same = NULL;
	if (opts && opts->key_same && nr_keys > 0) {
		hists->key_same = malloc(nr_keys * sizeof(*hists->key_same));
		if (!hists->key_same)
			return -ENOMEM;
		memcpy(hists->key_same, opts->key_same, nr_keys * sizeof(*hists->key_same));
	}
	hists->live = malloc(((size_t)nr_keys + 1) * sizeof(*hists->live));
	if (!hists->live) {
		free(hists->key_same);
		hists->key_same = NULL;
		return -ENOMEM;
	}
	for (int i = 0; i < nr_keys; i++)
		if (!hists->key_same || !hists->key_same[i])
			hists->live[hists->nr_live++] = i;
	hists->src_key = -1;
	hists->trace_key = -1;
	for (int i = 0; i < nr_keys; i++) {
		hists->dyn_loc |= keys[i]->dynamic && keys[i]->dyn_loc;
		if (keys[i]->need_trace && hists->trace_key < 0)
			hists->trace_key = i;
		if (keys[i]->need_srcline && hists->src_key < 0)
			hists->src_key = i;
		if (keys[i]->need_srcline && strcmp(keys[i]->name, "srcfile"))
			line_key = true;
		if (!strcmp(keys[i]->name, "sym") && !hists->opts.sym_not_sorted)
			hists->sym_key = keys[i];
	}
	hists->src_file_only = hists->src_key >= 0 && !line_key;
	hists->src_groups.prefix = hists->src_key;
	hists->src_file_first = hists->src_key >= 0 &&
				!strcmp(keys[hists->src_key]->name, "srcfile");
	hists->file_key = hists->line_key = -1;
	for (int i = hists->src_key + 1; hists->src_key >= 0 && i < nr_keys; i++) {
		if (!strcmp(keys[i]->name, "srcfile") && hists->file_key < 0)
			hists->file_key = i;
		if (hists->src_file_first && keys[i]->need_srcline &&
		    strcmp(keys[i]->name, "srcfile") && hists->line_key < 0)
			hists->line_key = i;
	}
	hists->file_groups.prefix = hists->file_key;
	{
		bool dso = false, sym = false;

		for (int i = 0; i < nr_keys; i++) {
			dso |= !strcmp(keys[i]->name, "dso");
			sym |= !strcmp(keys[i]->name, "sym") || !strcmp(keys[i]->name, "ipc_null");
		}
		/* without a dso key, the symbol key compares dsos for
		 * resolved symbols but not for unresolved addresses: not a
		 * total order */
		dso &= !hists->opts.dso_not_sorted;
		hists->opts.sort.has_dso = dso;
		hists->tree_merge = (sym && !dso) || hists->opts.walk;
		hists->has_sym = sym;
		hists->tree_inl = sym && dso;
	}
	{
		int nr_sign = 0;

		for (int i = 0; i < nr_keys; i++) {
			hists->dup_by_tmp |= keys[i]->sample_only;
			nr_sign += keys[i]->addr_sign;
		}
		hists->hash_resolved = hists->tree_inl && !hists->dup_by_tmp &&
				       hists->src_key < 0 && nr_sign == 1 && !hists->opts.walk;
	}
	hists->table_size = 1024;
	hists->table = calloc(hists->table_size, sizeof(*hists->table));
	if (!hists->table) {
		free(hists->key_same);
		free(hists->live);
		hists->key_same = NULL;
		hists->live = NULL;
		return -ENOMEM;
	}
	return 0;
}

/* key @i compares every two entries equal: passed over */
static inline bool hists__key_same(const struct hists *hists, int i)
{
	return hists->key_same && hists->key_same[i];
}

static void hist_entry__delete(struct hist_entry *he)
{
	free(he->br);
	if (he->callchain) {
		callchain_root__exit(he->callchain);
		free(he->callchain);
	}
	free(he);
}

void hists__exit(struct hists *hists)
{
	uint64_t i;

	if (hists->table) {
		for (i = 0; i < hists->table_size; i++) {
			struct hist_entry *he = hists->table[i], *n;

			for (; he; he = n) {
				n = he->hnext;
				hist_entry__delete(he);
			}
		}
	}
	free(hists->table);
	free(hists->key_same);
	free(hists->live);
	free(hists->sorted);
	free(hists->src_groups.t);
	free(hists->found_log);
	free(hists->file_groups.t);
	rbt__release(&hists->tree);
	callchain_arena__exit(&hists->arena);
	memset(hists, 0, sizeof(*hists));
}

int64_t hist_entry__cmp_ctx(const struct hists *hists, const struct sort_ctx *ctx,
			    const struct hist_entry *a, const struct hist_entry *b)
{
	for (int j = 0; j < hists->nr_live; j++) {
		int i = hists->live[j], r;

		r = hists->keys[i]->cmp(hists->keys[i], ctx, a, b);
		if (r)
			return r;
	}
	return 0;
}

int64_t hist_entry__cmp(const struct hists *hists, const struct hist_entry *a,
			const struct hist_entry *b)
{
	return hist_entry__cmp_ctx(hists, &hists->opts.sort, a, b);
}

/* A comparison of @e reached key @i: perf computes the entry's line, its
 * file or its trace text there (src_key, file_key, line_key, trace_key) */
static void hist_entry__reached(const struct hists *h, const struct hist_entry *e, int i)
{
	struct hist_entry *w = (struct hist_entry *)e;

	if (i == h->src_key)
		w->src_seen = true;
	if (i == h->file_key)
		w->file_seen = true;
	if (i == h->line_key)
		w->line_seen = true;
	if (i == h->trace_key)
		w->trace_looks = 2;
}

int64_t hist_entry__cmp_reach(const struct hists *hists, const struct sort_ctx *ctx,
			      const struct hist_entry *a, const struct hist_entry *b,
			      bool both)
{
	for (int j = 0; j < hists->nr_live; j++) {
		int i = hists->live[j], r;

		if (both)
			hist_entry__reached(hists, a, i);
		hist_entry__reached(hists, b, i);
		r = hists->keys[i]->cmp(hists->keys[i], ctx, a, b);
		if (r)
			return r;
	}
	return 0;
}

void hist_entry__count_seen(const struct hists *hists, struct hist_entry *he)
{
	he->src_counted |= hists->line_key >= 0 ? he->line_seen : he->src_seen;
	he->file_counted |= hists->file_key >= 0 ? he->file_seen : he->src_seen;
	he->trace_counted |= he->trace_looks > 1;
}

/* The same for a -F column's key @key (any srcline key: perf computes
 * the line at each) */
static void hist_entry__reached_key(const struct hists *h, const struct hist_entry *e,
				    const struct sort_key *key)
{
	struct hist_entry *w = (struct hist_entry *)e;

	if (key->need_srcline)
		w->src_seen = true;
	if (h->file_key >= 0 && key == h->keys[h->file_key])
		w->file_seen = true;
	if (h->line_key >= 0 && key == h->keys[h->line_key])
		w->line_seen = true;
}

static uint64_t hists__hash(const struct hists *hists, const struct hist_entry *he)
{
	uint64_t h = 0x84222325cbf29ce4ULL;

	for (int j = 0; j < hists->nr_live; j++) {
		const struct sort_key *k = hists->keys[hists->live[j]];

		h ^= k->hash(k, &hists->opts.sort, he);
		h *= 0x100000001b3ULL;
		h ^= h >> 29;
	}
	return h;
}

static void hists__grow(struct hists *hists)
{
	uint64_t nsize = hists->table_size * 2, i;
	struct hist_entry **n = calloc(nsize, sizeof(*n));

	if (!n)
		return;
	for (i = 0; i < hists->table_size; i++) {
		struct hist_entry *he = hists->table[i], *next;

		for (; he; he = next) {
			next = he->hnext;
			he->hnext = n[he->hash & (nsize - 1)];
			n[he->hash & (nsize - 1)] = he;
		}
	}
	free(hists->table);
	hists->table = n;
	hists->table_size = nsize;
}

static void rb_rotate(struct hists *hists, struct hist_entry *x, bool left)
{
	struct hist_entry *y = left ? x->rb_r : x->rb_l;
	struct hist_entry *inner = left ? y->rb_l : y->rb_r;

	if (left)
		x->rb_r = inner;
	else
		x->rb_l = inner;
	if (inner)
		inner->rb_p = x;
	y->rb_p = x->rb_p;
	if (!x->rb_p)
		hists->rb_root = y;
	else if (x == x->rb_p->rb_l)
		x->rb_p->rb_l = y;
	else
		x->rb_p->rb_r = y;
	if (left)
		y->rb_l = x;
	else
		y->rb_r = x;
	x->rb_p = y;
}

static void rb_insert_fixup(struct hists *hists, struct hist_entry *z)
{
	while (z->rb_p && z->rb_p->rb_red) {
		struct hist_entry *p = z->rb_p, *g = p->rb_p;
		bool pleft = p == g->rb_l;
		struct hist_entry *u = pleft ? g->rb_r : g->rb_l;

		if (u && u->rb_red) {
			p->rb_red = u->rb_red = false;
			g->rb_red = true;
			z = g;
			continue;
		}
		if (z == (pleft ? p->rb_r : p->rb_l)) {
			z = p;
			rb_rotate(hists, z, pleft);
			p = z->rb_p;
			g = p->rb_p;
		}
		p->rb_red = false;
		g->rb_red = true;
		rb_rotate(hists, g, !pleft);
	}
	hists->rb_root->rb_red = false;
}

/*
 * A sample (or frame) of another map than the entry's latest one, with a
 * symbol key: perf looks the entry's symbol up again at its start in the
 * new map, so an inlined function's entry (its range the caller's) takes
 * the name of the function it was inlined into. Other symbols find
 * themselves again; they are left alone.
 */
static void hist_entry__map_seen(const struct hists *hists, struct hist_entry *he,
				 const struct hist_entry *tmpl)
{
	if (!hists->sym_key || (he->map_id == tmpl->map_id && he->maps_id == tmpl->maps_id))
		return;
	if (he->sym && he->sym->inlined && tmpl->dso)
		he->sym = symbols__find(&tmpl->dso->syms, he->sym->start);
	he->map_id = tmpl->map_id;
	he->maps_id = tmpl->maps_id;
}

/* entries are found by perf's tree walk, not by hash (see struct hists) */
static bool hists__walks(const struct hists *hists)
{
	return hists->tree_merge || (hists->tree_inl && (hists->inl_seen || hists->wrap_seen));
}

/* @tmpl's entry, if any, is the one the hash finds although the entries
 * are walked to (see hash_resolved) */
static bool hists__hash_finds(const struct hists *hists, const struct hist_entry *tmpl)
{
	return hists->hash_resolved && !hists->inl_seen && tmpl->sym;
}

/* An entry of @tmpl's keys is looked for: an inlined symbol or an
 * unresolved address that widens the window of those seen to 2^63 or more
 * makes the key comparison no total order (see struct hists) */
static void hists__note_keys(struct hists *hists, const struct hist_entry *tmpl)
{
	if (tmpl->sym) {
		if (tmpl->sym->inlined)
			hists->inl_seen = true;
		return;
	}
	if (hists->wrap_seen || !hists->has_sym)
		return;
	if (!hists->addr_seen) {
		hists->addr_seen = true;
		hists->addr_lo = hists->addr_hi = tmpl->addr;
		return;
	}
	if (tmpl->addr < hists->addr_lo)
		hists->addr_lo = tmpl->addr;
	if (tmpl->addr > hists->addr_hi)
		hists->addr_hi = tmpl->addr;
	hists->wrap_seen = hists->addr_hi - hists->addr_lo >= (1ULL << 63);
}

/* The entry of @tmpl's keys (hash @h) in the hash table, or NULL */
static struct hist_entry *hists__find_hashed(const struct hists *hists,
					     const struct hist_entry *tmpl, uint64_t h)
{
	struct hist_entry *he;

	for (he = hists->table[h & (hists->table_size - 1)]; he; he = he->hnext)
		if (he->hash == h && hist_entry__cmp(hists, he, tmpl) == 0)
			return he;
	return NULL;
}

/* perf walked its input tree to @he, found again: logged for
 * rb_replay_found (ENOMEM: not replayed) */
static void hists__log_found(struct hists *hists, const struct hist_entry *he)
{
	if (ALLOC_GROW(hists->found_log, hists->nr_found_log + 1, hists->found_log_alloc, 256))
		return;
	hists->found_log[hists->nr_found_log][0] = he->seq;
	hists->found_log[hists->nr_found_log++][1] = hists->nr_entries;
}

/* @he found for @tmpl: perf's walk compared down to it (its srcline is
 * computed), and perf points the entry at the map of the latest sample
 * (an unresolved address keeps the object it was last seen in) */
static struct hist_entry *hist_entry__found(struct hists *hists, struct hist_entry *he,
					    const struct hist_entry *tmpl)
{
	if (hists->dyn_loc)
		hists__log_found(hists, he);
	he->src_seen |= hists->src_key >= 0;
	he->file_seen |= hists->file_key >= 0;
	if (he->trace_looks < 2)
		he->trace_looks++;
	he->line_seen |= hists->line_key >= 0;
	he->dso = tmpl->dso;
	he->map_size = tmpl->map_size;
	he->map_delta = tmpl->map_delta;
	hist_entry__map_seen(hists, he, tmpl);
	return he;
}

struct hist_entry *hists__findnew(struct hists *hists, const struct hist_entry *tmpl)
{
	uint64_t h = hists__hash(hists, tmpl);
	struct hist_entry *he, *parent = NULL;
	bool left = false;

	hists__note_keys(hists, tmpl);
	if (hists__walks(hists) && !hists__hash_finds(hists, tmpl)) {
		for (he = hists->rb_root; he; he = left ? he->rb_l : he->rb_r) {
			int64_t r = hist_entry__cmp(hists, tmpl, he);

			if (!r)
				return hist_entry__found(hists, he, tmpl);
			parent = he;
			left = r < 0;
		}
	} else {
		he = hists__find_hashed(hists, tmpl, h);
		if (he)
			return hist_entry__found(hists, he, tmpl);
		/* not found: its place in the tree, which perf's walks
		 * will take once an inlined entry exists */
		if (hists->tree_inl)
			for (he = hists->rb_root; he; he = left ? he->rb_l : he->rb_r) {
				parent = he;
				left = hist_entry__cmp(hists, tmpl, he) < 0;
			}
	}
	if (hists->nr_entries >= hists->table_size)
		hists__grow(hists);
	he = malloc(sizeof(*he));
	if (!he)
		return NULL;
	*he = *tmpl;
	he->period = he->period_sys = he->period_us = 0;
	he->period_guest_sys = he->period_guest_us = 0;
	he->nr_events = he->period_acc = he->nr_events_acc = 0;
	he->depth = 0;
	he->last_sample = 0;
	he->hash = h;
	he->seq = hists->nr_entries;
	he->src_seen = tmpl->src_seen;
	he->src_counted = false;
	he->trace_looks = 1;
	he->trace_counted = false;
	he->callchain = NULL;	/* built when needed (he__add_chain) */
	he->chain_refs = NULL;
	he->nr_chain_refs = 0;
	if (tmpl->br) {
		he->br = malloc(sizeof(*he->br));
		if (!he->br) {
			free(he);
			return NULL;
		}
		*he->br = *tmpl->br;
	}
	if (hists->opts.entry_new && !hists->opts.entry_new(hists->opts.entry_arg, he)) {
		free(he->br);
		free(he);
		return NULL;
	}
	he->hnext = hists->table[h & (hists->table_size - 1)];
	hists->table[h & (hists->table_size - 1)] = he;
	hists->nr_entries++;
	he->rb_l = he->rb_r = NULL;
	he->rb_p = parent;
	he->rb_red = true;
	if (hists->tree_merge || hists->tree_inl) {
		if (!parent)
			hists->rb_root = he;
		else if (left)
			parent->rb_l = he;
		else
			parent->rb_r = he;
		rb_insert_fixup(hists, he);
	}
	return he;
}

/*
 * An entry's first HE_CHAIN_REFS chains are kept as references to a copy
 * of their sample's frames, and its tree is built from them (in their
 * order: the tree appending each would have built) only when it is read,
 * merged into or appended to once more. perf keeps apart some entries of
 * equal keys and merges them at collapse: an inlined function's entry
 * renamed by another process's sample is one per process (and exec) with
 * a chain or two, and a tree each would have cost more than their
 * samples' frames. An entry merged into another one gets a tree only for
 * the merge (hist_entry__merge).
 */
#define HE_CHAIN_REFS 2

/* One sample's frames in display order, and their copy in the arena once
 * an entry keeps a chain of them */
struct sample_chain {
	const struct callchain_cursor_node *frames;
	const struct callchain_cursor_node *kept;
	uint32_t nr;
};

/* @t as perf's duplicate check has it: none of the sample's own fields */
static const struct hist_entry *hists__dup_tmpl(const struct hists *hists,
						const struct hist_entry *t, struct hist_entry *t0)
{
	if (!hists->dup_by_tmp)
		return t;
	*t0 = *t;
	t0->weight = t0->ins_lat = 0;
	t0->transaction = 0;
	t0->cgroup = t0->code_page_size = 0;
	t0->cgns_dev = t0->cgns_ino = 0;
	t0->time = 0;
	t0->socket = 0;
	return t0;
}

/* Whether frame template @t equals one of the @n entries @seen (those its
 * sample added), compared as perf's duplicate check compares them */
static bool hists__seen_in(const struct hists *hists, const struct hist_entry *t,
			   struct hist_entry **seen, uint32_t n)
{
	struct hist_entry t0;

	t = hists__dup_tmpl(hists, t, &t0);
	for (uint32_t k = 0; k < n; k++)
		/* (the entry in the tree: its line computed where reached) */
		if (!hist_entry__cmp_reach(hists, &hists->opts.sort, t, seen[k], false))
			return true;
	return false;
}

/*
 * Source lines as perf computes them. perf looks an entry's line up only
 * when a comparison reaches the srcline key (the keys before it equal),
 * and each look-up counts towards its giving up on the object's lines
 * (srcline__get): which look-ups happen, and when, decides what they
 * give. An entry is the first of its group (the entries equal in the keys
 * before the srcline key) until another one of the group is looked for:
 * perf added it without a line (src_seen false), and computes that line
 * when it first compares it so, at that time. The others get theirs as
 * they are looked for.
 */
static uint64_t hist_groups__hash(const struct hists *hists, const struct hist_groups *g,
				  const struct hist_entry *he)
{
	uint64_t h = 0x84222325cbf29ce4ULL;

	for (int i = 0; i < g->prefix; i++) {
		h ^= hists->keys[i]->hash(hists->keys[i], &hists->opts.sort, he);
		h *= 0x100000001b3ULL;
		h ^= h >> 29;
	}
	return h;
}

static bool hist_groups__eq(const struct hists *hists, const struct hist_groups *g,
			    const struct hist_entry *a, const struct hist_entry *b)
{
	for (int i = 0; i < g->prefix; i++)
		if (!hists__key_same(hists, i) &&
		    hists->keys[i]->cmp(hists->keys[i], &hists->opts.sort, a, b))
			return false;
	return true;
}

/* The slot of @he's group in @g (empty: none yet) */
static struct hist_entry **hist_groups__slot(const struct hists *hists,
					     const struct hist_groups *g,
					     const struct hist_entry *he)
{
	uint64_t mask = g->size - 1;
	uint64_t i = hist_groups__hash(hists, g, he) & mask;

	while (g->t[i] && !hist_groups__eq(hists, g, g->t[i], he))
		i = (i + 1) & mask;
	return &g->t[i];
}

/* A new entry @he, the first of its group in @g; false: no memory (then
 * the group's later entries take it for another group's) */
static bool hist_groups__add(const struct hists *hists, struct hist_groups *g,
			     struct hist_entry *he)
{
	if ((g->nr + 1) * 2 > g->size) {
		struct hist_entry **old = g->t;
		uint64_t osize = g->size, n = osize ? osize * 2 : 64;

		g->t = calloc(n, sizeof(*g->t));
		if (!g->t) {
			g->t = old;
			return false;
		}
		g->size = n;
		for (uint64_t i = 0; i < osize; i++)
			if (old[i])
				*hist_groups__slot(hists, g, old[i]) = old[i];
		free(old);
	}
	*hist_groups__slot(hists, g, he) = he;
	g->nr++;
	return true;
}

static struct hist_entry *hist_groups__find(const struct hists *hists,
					    const struct hist_groups *g,
					    const struct hist_entry *he)
{
	return g->size ? *hist_groups__slot(hists, g, he) : NULL;
}

/* @he's srcline is now @line: its place in the hash table follows */
static void hists__src_rekey(struct hists *hists, struct hist_entry *he, const char *line)
{
	struct hist_entry **pp = &hists->table[he->hash & (hists->table_size - 1)];

	while (*pp && *pp != he)
		pp = &(*pp)->hnext;
	if (*pp)
		*pp = he->hnext;
	he->srcline = line;
	he->hash = hists__hash(hists, he);
	pp = &hists->table[he->hash & (hists->table_size - 1)];
	he->hnext = *pp;
	*pp = he;
}

/* perf looks @he's file up (at the file_key), or a template's (@seen:
 * the entry keeps it, and the column's width counts it) */
static void hists__file_look_up(struct hists *hists, struct hist_entry *he, bool seen)
{
	if (seen)
		he->file_seen = true;
	if (he->file_kind != HE_SRC_NONE && hists->opts.srcfile_count)
		hists->opts.srcfile_count(hists->opts.srcline_arg, he);
}

/* @he's line is settled: with a file_key, it may head the run of
 * entries equal before that key */
static void hists__file_group_add(struct hists *hists, struct hist_entry *he)
{
	if (hists->file_key >= 0 && !hist_groups__find(hists, &hists->file_groups, he))
		hist_groups__add(hists, &hists->file_groups, he);
}

/* perf looks @he's line up now */
static void hists__src_look_up(struct hists *hists, struct hist_entry *he)
{
	he->src_seen = true;
	if (he->src_kind != HE_SRC_NONE) {
		const char *line = hists->opts.srcline_of(hists->opts.srcline_arg, he, true);

		if (line != he->srcline)
			hists__src_rekey(hists, he, line);
	}
	hists__file_group_add(hists, he);
}

/*
 * The same for the file of template @t (its line settled) at a file_key:
 * when entries equal to @t before that key exist, perf's walk reaches it,
 * computing the file of the first of them and of the one it finds (if
 * they had none), then @t's.
 */
static void hists__file_walk(struct hists *hists, struct hist_entry *t)
{
	struct hist_entry *fg, *e;

	t->file_seen = false;
	if (hists->file_key < 0 || !t->src_seen)
		return;
	fg = hist_groups__find(hists, &hists->file_groups, t);
	if (!fg)
		return;
	if (!fg->file_seen)
		hists__file_look_up(hists, fg, true);
	e = hists__find_hashed(hists, t, hists__hash(hists, t));
	if (e && !e->file_seen)
		hists__file_look_up(hists, e, true);
	hists__file_look_up(hists, t, true);
}

static bool hists__src_counts(const struct hists *hists)
{
	return hists->src_key >= 0 && hists->opts.srcline_of;
}

/*
 * hists__findnew() for a sample's entry or a frame's (@tmpl->src_kind),
 * with perf's look-ups: when its group has entries, perf's walk reaches
 * the srcline key (the group's entries lie next to @tmpl's place in the
 * order, on the walk's way), computing the line of its first entry if it
 * had none, then @tmpl's.
 */
static struct hist_entry *hists__findnew_src(struct hists *hists, const struct hist_entry *tmpl)
{
	struct hist_entry t, *g, *he;

	if (!hists__src_counts(hists))
		return hists__findnew(hists, tmpl);
	t = *tmpl;
	g = hist_groups__find(hists, &hists->src_groups, &t);
	if (g && !g->src_seen)
		hists__src_look_up(hists, g);
	/* without a group, added without a line: the one it would get
	 * stands in */
	t.src_seen = g || t.src_kind == HE_SRC_NONE;
	if (t.src_kind != HE_SRC_NONE)
		t.srcline = hists->opts.srcline_of(hists->opts.srcline_arg, &t, g != NULL);
	hists__file_walk(hists, &t);
	he = hists__findnew(hists, &t);
	if (he && !g)
		hist_groups__add(hists, &hists->src_groups, he);
	if (he && he->src_seen)
		hists__file_group_add(hists, he);
	return he;
}

/*
 * perf's duplicate check of frame template @t: it compares @t with the
 * @n entries its sample added (@seen) in turn until one is equal, with a
 * sym key only those of @t's symbol (or, unresolved, address); each
 * comparison that reaches the srcline key computes the line of that
 * entry if it had none, and @t's at the first one.
 */
static void hists__src_dup_check(struct hists *hists, struct hist_entry *t,
				 struct hist_entry **seen, uint32_t n)
{
	struct sort_ctx ctx = hists->opts.sort;
	struct hist_entry t0;
	const struct hist_entry *c = hists__dup_tmpl(hists, t, &t0);
	bool done = false, file_done = false;

	ctx.has_dso = true;	/* the symbols alone */
	for (uint32_t k = 0; k < n; k++) {
		if (hists->sym_key && hists->sym_key->cmp(hists->sym_key, &ctx, seen[k], c))
			continue;
		if (!hist_groups__eq(hists, &hists->src_groups, seen[k], c))
			continue;
		if (!seen[k]->src_seen)
			hists__src_look_up(hists, seen[k]);
		if (!done && t->src_kind != HE_SRC_NONE) {
			t->srcline = hists->opts.srcline_of(hists->opts.srcline_arg, t, true);
			t0.srcline = t->srcline;
		}
		done = true;
		/* on to a file_key: that file of each, @t's once */
		if (hists->file_key >= 0 &&
		    hist_groups__eq(hists, &hists->file_groups, seen[k], c)) {
			if (!seen[k]->file_seen)
				hists__file_look_up(hists, seen[k], true);
			if (!file_done)
				hists__file_look_up(hists, t, false);
			file_done = true;
		}
		if (!hist_entry__cmp(hists, seen[k], c))
			break;
	}
}

/* The lines perf computes after the samples (comparing for the output,
 * printing) of the entries it had added without one: what its look-up
 * gives then (src_seen stays: the column's width counts them as perf
 * does, by when it computes them) */
static void hists__src_settle(struct hists *hists)
{
	if (!hists__src_counts(hists))
		return;
	for (uint64_t i = 0; i < hists->nr_sorted; i++) {
		struct hist_entry *he = hists->sorted[i];

		if (!he->src_seen && he->src_kind != HE_SRC_NONE)
			he->srcline = hists->opts.srcline_of(hists->opts.srcline_arg, he, true);
	}
}

/* Append @he's kept chains to @root (a new one); 0 or -ENOMEM */
static int hist_entry__chain_replay(const struct hist_entry *he, struct callchain_root *root)
{
	for (uint8_t i = 0; i < he->nr_chain_refs; i++) {
		const struct callchain_ref *r = &he->chain_refs[i];
		int err = callchain_root__append(root, r->frames, r->nr, r->period);

		if (err)
			return err;
	}
	return 0;
}

/* @he's tree (-g), built from its kept chains; 0 or -ENOMEM */
static int hist_entry__chain_build(struct hists *hists, struct hist_entry *he)
{
	struct callchain_root *root;
	int err;

	if (he->callchain || !hists->opts.callchain)
		return 0;
	root = malloc(sizeof(*root));
	if (!root)
		return -ENOMEM;
	callchain_root__init(root);
	root->arena = &hists->arena;
	/* on ENOMEM the tree keeps what fitted, as appending it would */
	err = hist_entry__chain_replay(he, root);
	he->callchain = root;
	he->nr_chain_refs = 0;
	return err;
}

/* Keep @sc's chain from frame @from on for @he; false: no room (or
 * ENOMEM), the chain goes to its tree */
static bool hist_entry__chain_keep(struct hists *hists, struct hist_entry *he,
				   struct sample_chain *sc, uint32_t from, uint64_t period)
{
	struct callchain_ref *r;

	if (he->callchain || he->nr_chain_refs == HE_CHAIN_REFS)
		return false;
	if (!he->chain_refs) {
		he->chain_refs = callchain_arena__alloc(&hists->arena,
							HE_CHAIN_REFS * sizeof(*he->chain_refs));
		if (!he->chain_refs)
			return false;
	}
	if (sc->nr && !sc->kept) {
		struct callchain_cursor_node *k;

		k = callchain_arena__alloc(&hists->arena, sc->nr * sizeof(*k));
		if (!k)
			return false;
		memcpy(k, sc->frames, sc->nr * sizeof(*k));
		sc->kept = k;
	}
	r = &he->chain_refs[he->nr_chain_refs++];
	r->frames = sc->nr ? sc->kept + from : NULL;
	r->nr = sc->nr - from;
	r->period = period;
	return true;
}

static int he__add_chain(struct hists *hists, struct hist_entry *he,
			 struct sample_chain *sc, uint32_t from, uint64_t period)
{
	uint32_t nr = sc->nr - from;
	int err;

	if (nr > he->depth)
		he->depth = nr;
	if (!hists->opts.callchain || hist_entry__chain_keep(hists, he, sc, from, period))
		return 0;
	err = hist_entry__chain_build(hists, he);
	if (err)
		return err;
	return callchain_root__append(he->callchain, sc->frames + from, nr, period);
}

/* One sample's @period into @he and the totals */
static inline void hists__add_period(struct hists *hists, struct hist_entry *he,
				     uint64_t period, uint8_t cpumode)
{
	hists->total_period += period;
	hists->nr_samples++;
	he->period += period;
	he->nr_events++;
	switch (cpumode) {
	case PERF_RECORD_MISC_KERNEL:
		he->period_sys += period;
		break;
	case PERF_RECORD_MISC_USER:
		he->period_us += period;
		break;
	case PERF_RECORD_MISC_GUEST_KERNEL:
		he->period_guest_sys += period;
		break;
	case PERF_RECORD_MISC_GUEST_USER:
		he->period_guest_us += period;
		break;
	default:
		break;
	}
}

struct hist_entry *hists__add_branch(struct hists *hists, const struct hist_entry *tmpl,
				     uint64_t period, uint8_t cpumode)
{
	struct hist_entry *he = hists__findnew(hists, tmpl);

	if (he) {
		++hists->sample_seq;
		hists__add_period(hists, he, period, cpumode);
	}
	return he;
}

int hists__add_sample(struct hists *hists, const struct hist_entry *tmpl,
		      const struct callchain_cursor *cursor, uint64_t period,
		      uint8_t cpumode, bool ref_chain)
{
	struct callchain_cursor_node stackbuf[128], *ordered = stackbuf;
	struct sample_chain sc = { .kept = NULL };
	struct hist_entry *he = hists__findnew_src(hists, tmpl);
	uint32_t nr = cursor ? cursor->nr : 0, i;
	uint64_t seq = ++hists->sample_seq;
	int err = 0;

	if (!he)
		return -ENOMEM;
	hists__add_period(hists, he, period, cpumode);
	if (!hists->opts.children && !hists->opts.callchain)
		return 0;

	/* the frames in display order: caller order reverses the cursor */
	if (nr > 128) {
		ordered = malloc(nr * sizeof(*ordered));
		if (!ordered)
			return -ENOMEM;
	}
	for (i = 0; i < nr; i++)
		ordered[i] = hists->opts.cc.order == ORDER_CALLER ?
			     cursor->nodes[nr - 1 - i] : cursor->nodes[i];

	if (hists->opts.children) {
		he->period_acc += period;
		he->nr_events_acc++;
	}
	he->last_sample = seq;
	sc.frames = ordered;
	sc.nr = nr;
	if (!ref_chain)
		err = he__add_chain(hists, he, &sc, 0, period);

	/* children: every frame's entry gets the period once per sample,
	 * with the chain from that frame on. perf skips a frame equal to an
	 * entry this sample added already by comparing it with each of
	 * them: when the keys are no total order its tree walk could miss
	 * that entry, so the frame is compared the same way (else the
	 * entry the walk finds tells) */
	if (hists->opts.children && !err) {
		struct hist_entry *cachebuf[128], **cache = cachebuf;
		uint32_t ncache = 0;
		char level = tmpl->level;

		/* the entries this sample added, kept whenever a walk may
		 * be needed (a tree_inl walk starts at the first inlined
		 * frame, maybe in the middle of this sample) */
		bool keep = hists->tree_merge || hists->dup_by_tmp || hists->tree_inl ||
			    hists__src_counts(hists);

		if (keep) {
			if (nr + 1 > 128) {
				cache = malloc((nr + 1) * sizeof(*cache));
				if (!cache)
					err = -ENOMEM;
			}
			if (cache)
				cache[ncache++] = he;
		}
		/* the frames' template: the sample's, each frame's fields
		 * set below (a copy per frame cost 10% of a -a -g report) */
		struct hist_entry t = *tmpl;

		for (i = 0; i < nr && !err; i++) {
			struct hist_entry *fe;
			const struct callchain_cursor_node *f = &ordered[i];

			t.dso = f->dso;
			t.sym = f->sym;
			t.map_size = f->map ? map__size(f->map) : 0;
			t.obj_ip = f->ip;
			t.map_delta = f->map ? map__unmap_ip(f->map, 0) : 0;
			t.map_id = f->map ? f->map->id : 0;
			/* (the chain's thread's maps: a sample without a
			 * chain of its own takes another's frames over) */
			t.maps_id = f->map && f->level != 'k' ? cursor->maps_id : 0;
			/* perf takes a frame's address for a map-relative
			 * one and maps it out once more (not the kernel's) */
			t.ip = f->map ? map__unmap_ip(f->map, f->ip) : f->ip;
			/* perf keys unresolved callchain entries by raw ip */
			t.addr = f->sym ? f->addr : f->ip;
			/* a frame outside every map keeps the level of the one
			 * before it (perf reuses its location) */
			t.level = f->map ? f->level : level;
			level = t.level;
			t.srcline = NULL;
			t.src_kind = HE_SRC_NONE;
			/* perf looks a frame's line up at its raw address
			 * where the frame carries none, and its file there
			 * always: with a srcfile key alone, the line the
			 * file comes from is the raw one */
			if (hists__src_counts(hists) && f->map && f->dso &&
			    (!f->srcline || hists->src_file_only))
				t.src_kind = HE_SRC_RAW;
			else if (hists__src_counts(hists) && f->map && f->dso &&
				 hists->src_file_first)
				t.src_kind = HE_SRC_FILE;
			/* a line the frame carries is there from the start */
			t.line_seen = t.src_kind != HE_SRC_RAW;
			/* its file, perf looks up at the raw address */
			t.file_kind = f->map && f->dso ? HE_SRC_RAW : HE_SRC_NONE;
			if (t.src_kind == HE_SRC_RAW)
				t.srcline = hists->opts.srcline_of(hists->opts.srcline_arg, &t, false);
			else if (hists->opts.frame_srcline)
				t.srcline = hists->opts.frame_srcline(hists->opts.srcline_arg, f);
			if (cache && hists__src_counts(hists))
				hists__src_dup_check(hists, &t, cache, ncache);
			/* the file of the raw look-up: none with a symbol
			 * ("+off"), the object's fallback name without one
			 * (see srcfile_len) */
			t.srcfile_none = f->sym != NULL && !hists->src_file_only;
			if (hists->tree_inl)
				hists__note_keys(hists, &t);
			if (hists->tree_merge || hists->dup_by_tmp || hists__walks(hists)) {
				if (hists__hash_finds(hists, &t)) {
					/* the entry found is among this
					 * sample's if it is one of them */
					fe = hists__find_hashed(hists, &t,
								hists__hash(hists, &t));
					if (fe && fe->last_sample == seq)
						continue;
				} else if (hists__seen_in(hists, &t, cache, ncache)) {
					continue;
				}
			} else if (hists__src_counts(hists)) {
				/* perf's check finds it: no look-up to add */
				fe = hists__find_hashed(hists, &t, hists__hash(hists, &t));
				if (fe && fe->last_sample == seq)
					continue;
			}
			fe = hists__findnew_src(hists, &t);
			if (!fe) {
				err = -ENOMEM;
				break;
			}
			/* perf adds a frame again to an entry its check did
			 * not find among this sample's */
			if (fe->last_sample == seq && !hists->dup_by_tmp)
				continue;
			fe->last_sample = seq;
			if (keep)
				cache[ncache++] = fe;
			fe->period_acc += period;
			fe->nr_events_acc++;
			err = he__add_chain(hists, fe, &sc, i, period);
		}
		if (cache != cachebuf)
			free(cache);
	}
	if (ordered != stackbuf)
		free(ordered);
	return err;
}

#define CMP_DESC(x, y) do { if ((x) != (y)) return (x) > (y) ? -1 : 1; } while (0)

/* equal children periods: callers before callees of the same thread (by
 * the depth of their callchains, as perf) */
static int depth_tie(const struct hists *h, const struct hist_entry *a,
		     const struct hist_entry *b)
{
	if (a->thread != b->thread || !h->opts.callchain || a->depth == b->depth)
		return 0;
	if (h->opts.cc.order == ORDER_CALLER)
		return a->depth > b->depth ? -1 : 1;
	return a->depth < b->depth ? -1 : 1;
}

/* entries @a and @b by column @f, in perf's output order (greater first) */
static int output_cmp_field(const struct hists *h, const struct sort_field *f,
			    const struct hist_entry *a, const struct hist_entry *b)
{
	int r;

	switch (f->kind) {
	case FIELD_OVERHEAD:
		CMP_DESC(a->period, b->period);
		break;
	case FIELD_CHILDREN:
		CMP_DESC(a->period_acc, b->period_acc);
		/* (callers before callees only where children cumulate;
		 * else the column is N/A and the next one decides) */
		if (!h->opts.children)
			break;
		return depth_tie(h, a, b);
	case FIELD_OVERHEAD_SYS:
		CMP_DESC(a->period_sys, b->period_sys);
		break;
	case FIELD_OVERHEAD_US:
		CMP_DESC(a->period_us, b->period_us);
		break;
	case FIELD_OVERHEAD_GUEST_SYS:
		CMP_DESC(a->period_guest_sys, b->period_guest_sys);
		break;
	case FIELD_OVERHEAD_GUEST_US:
		CMP_DESC(a->period_guest_us, b->period_guest_us);
		break;
	case FIELD_SAMPLE:
		CMP_DESC(a->nr_events, b->nr_events);
		break;
	case FIELD_PERIOD:
		CMP_DESC(a->period, b->period);
		break;
	case FIELD_KEY:
		hist_entry__reached_key(h, a, f->key);
		hist_entry__reached_key(h, b, f->key);
		/* perf's output walk reads the new entry's length */
		if (h->dyn_loc && f->key->dynamic)
			sort_key__dyn_len_seen(f->key, (struct hist_entry *)a);
		r = f->key->sort(f->key, &h->opts.sort, a, b);
		if (r)
			return r;
		break;
	}
	return 0;
}

/* the -F columns in their order, as perf's output sort with a -F list */
static int output_cmp_fields(const struct hists *h, const struct hist_entry *a,
			     const struct hist_entry *b)
{
	for (int i = 0; i < h->opts.nr_order; i++) {
		int r = output_cmp_field(h, &h->opts.order[i], a, b);

		if (r)
			return r;
	}
	return 0;
}

static int output_cmp(const void *pa, const void *pb, void *arg)
{
	const struct hist_entry *a = *(struct hist_entry * const *)pa;
	const struct hist_entry *b = *(struct hist_entry * const *)pb;
	const struct hists *h = arg;
	int i, r;

	if (h->opts.nr_order)
		return output_cmp_fields(h, a, b);
	if (h->opts.children) {
		if (a->period_acc != b->period_acc)
			return a->period_acc > b->period_acc ? -1 : 1;
		r = depth_tie(h, a, b);
		if (r)
			return r;
	}
	if (a->period != b->period)
		return a->period > b->period ? -1 : 1;
	if (h->ties_by_cpos)
		return a->cpos < b->cpos ? -1 : a->cpos > b->cpos;
	for (int j = 0; j < h->nr_live; j++) {
		i = h->live[j];
		if (hists_opts__out_skip(&h->opts, i))
			continue;
		hist_entry__reached(h, a, i);
		hist_entry__reached(h, b, i);
		if (h->dyn_loc && h->keys[i]->dynamic)
			sort_key__dyn_len_seen(h->keys[i], (struct hist_entry *)a);
		r = h->keys[i]->sort(h->keys[i], &h->opts.sort, a, b);
		if (r)
			return r;
	}
	for (int k = 0; k < h->opts.nr_tail; k++) {
		const struct sort_field *f = &h->opts.tail[k];

		if (f->kind == FIELD_KEY || f->kind == FIELD_OVERHEAD || f->kind == FIELD_CHILDREN)
			continue;
		r = output_cmp_field(h, f, a, b);
		if (r)
			return r;
	}
	return 0;
}

/*
 * perf inserts entries one by one into a red-black tree with its output
 * comparison (equal ones go right), in the order of its merge tree (the
 * sort keys). The comparison is not a total order (callchain depth only
 * breaks ties within a thread), so the exact tree decides where equal
 * entries land: build the same tree.
 */
static void rbt_rotate(struct rbt *t, uint32_t x, bool left)
{
	uint32_t *a = left ? t->right : t->left, *b = left ? t->left : t->right;
	uint32_t y = a[x];

	a[x] = b[y];
	if (b[y] != RB_NIL)
		t->parent[b[y]] = x;
	t->parent[y] = t->parent[x];
	if (t->parent[x] == RB_NIL)
		t->root = y;
	else if (x == t->left[t->parent[x]])
		t->left[t->parent[x]] = y;
	else
		t->right[t->parent[x]] = y;
	b[y] = x;
	t->parent[x] = y;
}

static void rbt_fixup(struct rbt *t, uint32_t z)
{
	while (t->parent[z] != RB_NIL && t->red[t->parent[z]]) {
		uint32_t p = t->parent[z], g = t->parent[p];
		bool pleft = p == t->left[g];
		uint32_t u = pleft ? t->right[g] : t->left[g];

		if (u != RB_NIL && t->red[u]) {
			t->red[p] = 0;
			t->red[u] = 0;
			t->red[g] = 1;
			z = g;
			continue;
		}
		if (z == (pleft ? t->right[p] : t->left[p])) {
			z = p;
			rbt_rotate(t, z, pleft);
			p = t->parent[z];
			g = t->parent[p];
		}
		t->red[p] = 0;
		t->red[g] = 1;
		rbt_rotate(t, g, !pleft);
	}
	t->red[t->root] = 0;
}

static int output_cmp(const void *pa, const void *pb, void *arg);

static int collapse_cmp(const void *pa, const void *pb, void *arg)
{
	const struct hist_entry *a = *(struct hist_entry * const *)pa;
	const struct hist_entry *b = *(struct hist_entry * const *)pb;
	const struct hists *h = arg;
	int i, r;

	for (int j = 0; j < h->nr_live; j++) {
		i = h->live[j];
		hist_entry__reached(h, a, i);
		hist_entry__reached(h, b, i);
		/* perf's input and collapse walks read the length of the
		 * entry in the tree (@b here) */
		if (h->dyn_loc && h->keys[i]->dynamic)
			sort_key__dyn_len_seen(h->keys[i], (struct hist_entry *)b);
		r = h->keys[i]->cmp(h->keys[i], &h->opts.sort, a, b);
		if (r)
			return r;
	}
	return 0;
}

/* perf's collapse merges an entry into the equal one already in its tree:
 * periods add up, callchain paths are appended to the survivor's tree (in
 * a walk of the merged entry's tree: one without a tree gets a passing
 * one, out of the arena) */
static int hist_entry__merge(struct hists *hists, struct hist_entry *into,
			     struct hist_entry *he)
{
	int err;

	into->trace_looks = 2;	/* compared: perf has its text */
	into->period += he->period;
	into->period_sys += he->period_sys;
	into->period_us += he->period_us;
	into->period_guest_sys += he->period_guest_sys;
	into->period_guest_us += he->period_guest_us;
	into->nr_events += he->nr_events;
	into->period_acc += he->period_acc;
	into->nr_events_acc += he->nr_events_acc;
	if (!hists->opts.callchain)
		return 0;
	err = hist_entry__chain_build(hists, into);
	if (err)
		return err;
	return hist_entry__chain_merge(he, into->callchain);
}

int hist_entry__chain_merge(const struct hist_entry *he, struct callchain_root *dst)
{
	struct callchain_root tmp;
	int err;

	if (he->callchain)
		return callchain_root__merge(dst, he->callchain);
	callchain_root__init(&tmp);
	err = hist_entry__chain_replay(he, &tmp);
	if (!err)
		err = callchain_root__merge(dst, &tmp);
	callchain_root__exit(&tmp);
	return err;
}

static int seq_cmp(const void *pa, const void *pb)
{
	const struct hist_entry *a = *(struct hist_entry * const *)pa;
	const struct hist_entry *b = *(struct hist_entry * const *)pb;

	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

bool rbt__alloc(struct rbt *t, uint64_t n, uint32_t **stack)
{
	t->left = malloc(n * sizeof(uint32_t));
	t->right = malloc(n * sizeof(uint32_t));
	t->parent = malloc(n * sizeof(uint32_t));
	t->red = malloc(n);
	if (stack)
		*stack = malloc((n + 1) * sizeof(uint32_t));
	if (t->left && t->right && t->parent && t->red && (!stack || *stack))
		return true;
	free(t->left);
	free(t->right);
	free(t->parent);
	free(t->red);
	if (stack)
		free(*stack);
	memset(t, 0, sizeof(*t));
	return false;
}

static void rbt__free(struct rbt *t, uint32_t *stack)
{
	free(t->left);
	free(t->right);
	free(t->parent);
	free(t->red);
	free(stack);
}

/* Hang new node @z under @y (RB_NIL: as the root), then rebalance. */
void rbt_link(struct rbt *t, uint32_t z, uint32_t y, bool goleft)
{
	t->left[z] = t->right[z] = RB_NIL;
	t->parent[z] = y;
	t->red[z] = 1;
	if (y == RB_NIL)
		t->root = z;
	else if (goleft)
		t->left[y] = z;
	else
		t->right[y] = z;
	rbt_fixup(t, z);
}

/* The tree's in-order walk: res[k] = in[k-th node]; back into in[], and
 * how many there are. @rank (may be NULL): rank[node] = k. */
static uint64_t rbt_walk(const struct rbt *t, uint32_t *stack, void **in, void **res,
			 uint32_t *rank)
{
	uint32_t x = t->root, sp = 0;
	uint64_t out = 0;

	while (x != RB_NIL || sp) {
		while (x != RB_NIL) {
			stack[sp++] = x;
			x = t->left[x];
		}
		x = stack[--sp];
		if (rank)
			rank[x] = (uint32_t)out;
		res[out++] = in[x];
		x = t->right[x];
	}
	memcpy(in, res, out * sizeof(*res));
	return out;
}

/*
 * The walks perf's input tree made to the entries it found again (each
 * logged with the number of entries there were then, hists->found_log),
 * replayed on the tree being built in creation order (@in by seq, @nr
 * inserted): their comparisons read lengths (sort_key.dyn_loc). @pos is
 * the next record.
 */
static void rb_replay_found(struct rbt *t, struct hist_entry **in, uint64_t nr,
			    struct hists *hists, uint64_t *pos,
			    int (*cmp)(const void *, const void *, void *))
{
	for (; *pos < hists->nr_found_log && hists->found_log[*pos][1] <= nr; (*pos)++) {
		uint64_t s = hists->found_log[*pos][0];
		uint32_t cur = t->root;

		if (s >= nr || in[s]->seq != s)
			continue;
		while (cur != RB_NIL) {
			int r = cmp(&in[s], &in[cur], hists);

			if (!r)
				break;
			cur = r < 0 ? t->left[cur] : t->right[cur];
		}
	}
}

/* Insert in[0..n) one by one into a red-black tree (left when @cmp(new,
 * node) < 0, else right) and write its in-order walk back to in[]. With
 * @merge, an entry equal to one on its walk is merged into that one and
 * left out (perf's collapse). Returns the number of entries kept. */
static uint64_t rb_pass(struct rbt *t, uint32_t *stack, struct hist_entry **in,
			struct hist_entry **res, uint64_t n,
			int (*cmp)(const void *, const void *, void *), struct hists *hists,
			bool output, bool merge, uint32_t *rank)
{
	uint64_t i, log = 0;
	/* the input tree, in creation order: with its walks to entries
	 * found again */
	bool replay = hists->dyn_loc && !output && !merge && hists->nr_found_log;

	t->root = RB_NIL;
	for (i = 0; i < n; i++) {
		uint32_t z = (uint32_t)i, y = RB_NIL, cur = t->root;
		bool goleft = false, merged = false;

		if (replay)
			rb_replay_found(t, in, i, hists, &log, cmp);

		while (cur != RB_NIL) {
			int r = cmp(&in[z], &in[cur], hists);

			if (!r && merge) {
				/* ENOMEM: the tree lacks the paths, the
				 * periods are right */
				(void)hist_entry__merge(hists, in[cur], in[z]);
				merged = true;
				break;
			}
			y = cur;
			goleft = r < 0;
			cur = goleft ? t->left[cur] : t->right[cur];
		}
		if (merged)
			continue;
		rbt_link(t, z, y, goleft);
		if (output) {
			in[z]->src_counted = hists->line_key >= 0 ? in[z]->line_seen :
							   in[z]->src_seen;
			in[z]->file_counted = hists->file_key >= 0 ? in[z]->file_seen :
							   in[z]->src_seen;
		}
	}
	if (replay)
		rb_replay_found(t, in, n, hists, &log, cmp);
	return rbt_walk(t, stack, (void **)in, (void **)res, rank);
}

void rbt__insert_all(struct rbt *t, void **items, uint64_t n,
		     int (*cmp)(const void *a, const void *b, void *arg), void *arg)
{
	t->root = RB_NIL;
	for (uint64_t i = 0; i < n; i++) {
		uint32_t z = (uint32_t)i, y = RB_NIL, cur = t->root;
		bool goleft = false;

		while (cur != RB_NIL) {
			y = cur;
			goleft = cmp(items[z], items[cur], arg) < 0;
			cur = goleft ? t->left[cur] : t->right[cur];
		}
		rbt_link(t, z, y, goleft);
	}
}

uint64_t rbt__inorder(const struct rbt *t, uint32_t *stack, uint32_t *out)
{
	uint32_t x = t->root, sp = 0;
	uint64_t n = 0;

	while (x != RB_NIL || sp) {
		while (x != RB_NIL) {
			stack[sp++] = x;
			x = t->left[x];
		}
		x = stack[--sp];
		out[n++] = x;
		x = t->right[x];
	}
	return n;
}

int rb_insert_order(void **items, uint64_t n,
		    int (*cmp)(const void *a, const void *b, void *arg), void *arg)
{
	struct rbt t;
	uint32_t *stack;
	void **res;

	if (n >= RB_NIL)
		return -E2BIG;
	if (!n)
		return 0;
	res = malloc(n * sizeof(*res));
	if (!res || !rbt__alloc(&t, n, &stack)) {
		free(res);
		return -ENOMEM;
	}
	rbt__insert_all(&t, items, n, cmp, arg);
	rbt_walk(&t, stack, items, res, NULL);
	rbt__free(&t, stack);
	free(res);
	return 0;
}

/* perf's input tree is the one kept while adding (tree_merge, tree_inl):
 * its in-order walk is the order, also where a key changed after
 * insertion (an inlined entry renamed by a sample of another map), which
 * a rebuilt tree would not show. Left alone unless it holds @n entries. */
static bool hists__tree_order(const struct hists *hists, struct hist_entry **in, uint64_t n)
{
	struct hist_entry *he = hists->rb_root, **walk = malloc(n * sizeof(*walk));
	uint64_t k = 0;
	bool ok;

	if (!walk)
		return false;
	while (he->rb_l)
		he = he->rb_l;
	while (he && k < n) {
		walk[k++] = he;
		if (he->rb_r) {
			he = he->rb_r;
			while (he->rb_l)
				he = he->rb_l;
		} else {
			while (he->rb_p && he == he->rb_p->rb_r)
				he = he->rb_p;
			he = he->rb_p;
		}
	}
	ok = k == n && !he;
	if (ok)
		memcpy(in, walk, n * sizeof(*in));
	free(walk);
	return ok;
}

void rbt__release(struct rbt *t)
{
	free(t->left);
	free(t->right);
	free(t->parent);
	free(t->red);
	memset(t, 0, sizeof(*t));
}

/* hists->tree (by cpos) from the tree @t of the last pass over @n_in
 * entries, whose node x took place rank[x] in its walk (RB_NIL: merged
 * away) and @n places in all; false on ENOMEM */
static bool hists__keep_rbt(struct hists *hists, const struct rbt *t, const uint32_t *rank,
			    uint64_t n_in, uint64_t n)
{
	struct rbt *k = &hists->tree;

	if (!rbt__alloc(k, n ? n : 1, NULL))
		return false;
	for (uint64_t x = 0; x < n_in; x++) {
		uint32_t i = rank[x];

		if (i == RB_NIL)
			continue;
		k->left[i] = t->left[x] == RB_NIL ? RB_NIL : rank[t->left[x]];
		k->right[i] = t->right[x] == RB_NIL ? RB_NIL : rank[t->right[x]];
		k->parent[i] = t->parent[x] == RB_NIL ? RB_NIL : rank[t->parent[x]];
		k->red[i] = t->red[x];
	}
	k->root = n ? rank[t->root] : RB_NIL;
	return true;
}

/* hists->tree (by cpos) from the input tree kept while adding */
static bool hists__keep_entries(struct hists *hists, struct hist_entry **in, uint64_t n)
{
	struct rbt *k = &hists->tree;

	if (!rbt__alloc(k, n ? n : 1, NULL))
		return false;
	for (uint64_t i = 0; i < n; i++) {
		const struct hist_entry *he = in[i];

		k->left[i] = he->rb_l ? (uint32_t)he->rb_l->cpos : RB_NIL;
		k->right[i] = he->rb_r ? (uint32_t)he->rb_r->cpos : RB_NIL;
		k->parent[i] = he->rb_p ? (uint32_t)he->rb_p->cpos : RB_NIL;
		k->red[i] = he->rb_red;
	}
	k->root = n ? (uint32_t)hists->rb_root->cpos : RB_NIL;
	return true;
}

/* Whether the keys order the entries as the collapse order does, and
 * totally (hists->ties_by_cpos) */
static bool hists__keys_total(const struct hists *hists)
{
	if (hists->opts.nr_order || hists->opts.out_skip || hists->src_key >= 0 ||
	    hists->tree_merge || hists->tree_inl || hists->has_sym || hists->dyn_loc)
		return false;
	for (int i = 0; i < hists->nr_keys; i++) {
		const struct sort_key *k = hists->keys[i];

		if (k->sort != k->cmp || k->addr_sign || k->need_srcline ||
		    k->mem || k->sample_only || k->need_callchain)
			return false;
	}
	return true;
}

/*
 * perf's three trees: entries enter its input tree as they are created
 * (merge order of the keys), are re-inserted in that tree's order into its
 * collapse tree when a key collapses (comm), then into the output tree.
 * The merge comparison is not a total order (unresolved addresses compare
 * by address, symbols by dso first), so the trees are built as perf
 * builds them, not sorted.
 */
static bool hists__rb_order(struct hists *hists, uint64_t *nr)
{
	struct hist_entry **in = hists->sorted;
	struct rbt t;
	uint32_t *stack;
	struct hist_entry **res;
	bool collapse = false, kept = false;
	uint64_t n = *nr, n_in = *nr;
	uint32_t *rank = NULL;
	int i;

	if (n >= RB_NIL)
		return false;
	res = malloc(n * sizeof(*res));
	if (!res || !rbt__alloc(&t, n, &stack)) {
		free(res);
		return false;
	}
	for (i = 0; i < hists->nr_keys && !hists->opts.no_collapse; i++)
		collapse |= hists->keys[i]->collapse;
	rbt__release(&hists->tree);
	if (hists->opts.keep_tree) {
		rank = malloc(n * sizeof(*rank));
		for (uint64_t k = 0; rank && k < n; k++)
			rank[k] = RB_NIL;
	}
	qsort(in, n, sizeof(*in), seq_cmp);
	rb_pass(&t, stack, in, res, n, collapse_cmp, hists, false, false, rank);
	if ((hists->tree_merge || hists->tree_inl) && hists->rb_root)
		kept = hists__tree_order(hists, in, n);
	for (uint64_t k = 0; k < n; k++)
		in[k]->ipos = k;
	if (collapse) {
		for (uint64_t k = 0; rank && k < n; k++)
			rank[k] = RB_NIL;
		n = rb_pass(&t, stack, in, res, n_in, collapse_cmp, hists, false, true, rank);
	}
	for (uint64_t k = 0; k < n; k++)
		in[k]->cpos = k;
	/* perf's last tree before the output one, for a group view */
	if (rank && !collapse && kept)
		hists__keep_entries(hists, in, n);
	else if (rank)
		hists__keep_rbt(hists, &t, rank, n_in, n);
	hists->keys_total = hists__keys_total(hists);
	hists->ties_by_cpos = hists->keys_total;
	rb_pass(&t, stack, in, res, n, output_cmp, hists, true, false, NULL);
	hists->ties_by_cpos = false;
	*nr = n;
	rbt__free(&t, stack);
	free(res);
	free(rank);
	return true;
}

/*
 * Which entries' trace texts perf has when it sizes the column: those
 * looked for more than once, or merged, and those of groups (the entries
 * equal in the keys before the trace key) of two or more, whose entries
 * its walks compared down to that key (a new entry's walk passes next to
 * the entries of its group: it meets one). ENOMEM, or a formatted field
 * key of the event: all of them.
 */
static void hists__trace_settle(struct hists *hists)
{
	struct hist_groups g = { .prefix = hists->trace_key };
	bool ok = true;

	if (hists->trace_key < 0)
		return;
	/* a formatted field key of this event: perf formats every entry's
	 * text as it places it in the output (that column's width is read
	 * off the text), so it has all of them */
	for (int j = 0; j < hists->nr_live && ok; j++)
		ok = !hists->keys[hists->live[j]]->dyn_pretty;
	for (uint64_t i = 0; i < hists->nr_sorted; i++) {
		struct hist_entry *he = hists->sorted[i], *first;

		he->trace_counted = he->trace_looks > 1 || !ok;
		first = ok ? hist_groups__find(hists, &g, he) : NULL;
		if (first)
			first->trace_counted = he->trace_counted = true;
		else if (ok)
			ok = hist_groups__add(hists, &g, he);
	}
	if (!ok)
		for (uint64_t i = 0; i < hists->nr_sorted; i++)
			hists->sorted[i]->trace_counted = true;
	free(g.t);
}

void hists__output_resort(struct hists *hists)
{
	uint64_t i, n = 0;

	free(hists->sorted);
	hists->sorted = malloc((hists->nr_entries ? hists->nr_entries : 1) * sizeof(*hists->sorted));
	hists->nr_sorted = 0;
	if (!hists->sorted)
		return;
	for (i = 0; i < hists->table_size; i++) {
		struct hist_entry *he;

		for (he = hists->table[i]; he; he = he->hnext)
			hists->sorted[n++] = he;
	}
	hists->nr_sorted = n;
	hists->keys_total = false;
	hists__src_settle(hists);
	if (!hists__rb_order(hists, &n))
		qsort_r(hists->sorted, n, sizeof(*hists->sorted), output_cmp, hists);
	hists->nr_sorted = n;
	hists__trace_settle(hists);
	/* ENOMEM: an entry shows what its tree got (none: no chain) */
	for (i = 0; i < n; i++)
		(void)hist_entry__chain_build(hists, hists->sorted[i]);
}
