// SPDX-License-Identifier: GPL-2.0
/*
 * report --hierarchy --stdio: the entries folded by their sort keys, one
 * level per key (the first key's values at the top), each node with the
 * overhead of everything below it, laid out as perf 6.1 prints them.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "ui/stdio-hist.h"
#include "util/alloc.h"
#include "util/callchain.h"
#include "util/symbol.h"
#include "util/color.h"
#include "util/debug.h"

#define LEVEL_INDENT 3
/* the most keys (columns of the levels) a hierarchy shows; more are
 * refused (report) rather than left out */
#define HIER_MAX_KEYS 256
/* the longest dotted line under a hierarchy header perf prints (its line
 * is cut from a string of that many dots) */
#define HIER_DOTS_MAX 207
/* perf 6.1 widens its line buffer by the bytes its colour codes could
 * take (7 columns, 32 each), --stdio or not */
#define PERF_COLOR_ROOM 224

/* a node --symbol-filter hides (beside the HE_FILTER_* bits) */
#define HNODE_SYMBOL_FILTER (1u << 8)

/* a member's sums at a node */
struct hval {
	uint64_t period, period_sys, period_us, period_guest_sys, period_guest_us, nr_events;
};

/* an entry that made kid @kid of a node, or joined it */
struct hnode_visit {
	const struct hist_entry *he;
	uint32_t kid;
	bool created;
};

struct hnode {
	const struct hist_entry *he;	/* the first entry of the node: its keys */
	uint64_t period, period_sys, period_us, period_guest_sys, period_guest_us;
	uint64_t nr_events;	/* its entries' samples ("weight" prints per node) */
	/* its first entry in the order perf makes the levels' entries in
	 * (its input tree's: perf's hierarchy is its collapse) */
	const struct hist_entry *first;
	uint64_t seq;		/* and that one's place there (ipos) */
	/* the filters that hide the node (HE_FILTER_*): at first those that
	 * hid its first entry, then as perf's hierarchy settles them */
	unsigned int types;
	bool shown;		/* not hidden by a filter */
	/* a leaf's call graph (-g): its entries' merged into a new tree in
	 * perf's order, as perf makes a leaf (siblings of equal weight come
	 * out in that tree's order) */
	struct callchain_root *chain;
	/* a group view's members 1..N-1 (NULL: none of their samples):
	 * their nodes' sums, paired by the keys as perf pairs its levels */
	struct hval *mv;
	/* (a group view) a node of a member's the leader lacks: that
	 * member's keys of its level kl show and compare it (perf's dummy
	 * entry keeps the member's level); NULL: the view's at its depth */
	struct hctx *kc;
	int kl;
	struct hnode *kids;
	size_t nr, alloc;
	/* while the tree is built: the kids by the hash of their level's
	 * keys (open addressing, kid index + 1; NULL: found by a scan) */
	uint32_t *hidx;
	size_t hsize;
	/* (building, a level with a __data_loc field) the entries that
	 * reached the kids, in order: hnode__replay_loc */
	struct hnode_visit *visits;
	size_t nr_visits, alloc_visits;
};

struct hctx {
	const struct sort_key *keys[HIER_MAX_KEYS];	/* the sort keys, in order */
	/* the levels: keys lv_first..+lv_nr each (perf's '{a,b}' groups of
	 * -s, and the fields one name gives, are one level) */
	int lv_first[HIER_MAX_KEYS], lv_nr[HIER_MAX_KEYS], nr_levels;
	int lv_key_field;	/* (building: the field of the last key) */
	bool lv_hash[HIER_MAX_KEYS];	/* a level's nodes are found by hash (level_hashes) */
	bool lv_loc[HIER_MAX_KEYS];	/* a level has a __data_loc field (sort_key.dyn_var) */
	unsigned int key_filter[HIER_MAX_KEYS];	/* the kind of filter judged on each level */
	unsigned int filters;	/* the kinds of filters given */
	int nr_keys;
	int width[HIER_MAX_KEYS];		/* text width per key */
	uint64_t total;
	double limit;
	FILE *fp;
	int ovh_width;
	/* the columns after the overhead (sys, usr, samples, period) */
	const struct sort_field *cols[8];
	int nr_cols;
	int cols_width;		/* theirs, with the 2 spaces before each */
	bool color;		/* --stdio-color */
	const char *sep;	/* -t */
	/* -g: each leaf's call graph, as in the flat table */
	const struct hists *hists;
	const struct stdio_hist_opts *o;
	const struct sort_ctx *sort;	/* the hists' (hists_opts.sort) */
	bool chains;		/* build the leaves' call graphs */
	/* a group view (--group): its hists, leader first (NULL: a member
	 * without samples), and the members whose values order siblings:
	 * first, then 1..nr_cmp-1, as the flat group view */
	struct hists *const *group;
	int nr_members, first, nr_cmp;
	uint64_t nr_dummies;	/* nodes of members only, made so far */
	/* siblings in order of overhead, then of their first entries' cpos
	 * (hctx__set_by_cpos) */
	bool by_cpos;
	/* a group view of tracepoint field keys, as perf's: a node's level
	 * compares the fields of its own event (sort); the pairing walk
	 * the leader node's fields (match_sort), the stand-in walk those
	 * of the leader tree's node (link_sort), the other records' bytes
	 * too; the output order the leader's fields (out_sort). NULL: sort.
	 * The header has the leader's fields (own), a node shows its own
	 * event's. */
	const struct sort_ctx *out_sort, *match_sort, *link_sort;
	/* (a group view of field keys) the fields of this hists' event (the
	 * view's: the leader's), by field key index: a level with none of
	 * them and no other key is none of its levels (perf leaves it out
	 * of that event's hierarchy, and a group view has the leader's);
	 * NULL: all, and no such view */
	const bool *own;
	/* (a group view) the leader has no level (another event's fields
	 * alone): the tree is a member's, its values in that member's
	 * column; perf pads its rows by 3 more and shows no key header */
	bool lead_none;
	/* (a group view) the members' (by member, 0 unused): what their
	 * nodes the leader lacks show, and the widths of their keys */
	struct hctx *mcs;
	/* (a member's) perf's pairing walk reads the word at a __data_loc
	 * field's place in another event's record as the field's length
	 * (garb: the largest, by key), and pads the field's text to it in
	 * a line of linesz bytes (the leader's columns' widths, 4 and
	 * perf's room for colours; 0: not known) */
	uint32_t garb[HIER_MAX_KEYS];
	int linesz;
};

/* the keys that show and compare node @n at @level of @c's view: its
 * member's (hnode.kc) or @c's; the level's index there in *kl */
static const struct hctx *hnode__kc(const struct hctx *c, const struct hnode *n, int level,
				     int *kl)
{
	*kl = n->kc ? n->kl : level;
	return n->kc ? n->kc : c;
}

/* a key left out of the header: another event's field than the leader's */
static bool hctx__key_hidden(const struct hctx *c, const struct sort_key *key)
{
	return c->own && key->dynamic && !c->own[key->dyn_idx];
}

static int same_upto(const struct hctx *c, const struct hist_entry *a,
		     const struct hist_entry *b, int level)
{
	for (int k = c->lv_first[level]; k < c->lv_first[level] + c->lv_nr[level]; k++)
		if (c->keys[k]->cmp(c->keys[k], c->sort, a, b))
			return 0;
	return 1;
}

/* a new kid of @n for entry @he (its first); NULL when out of memory */
static struct hnode *hnode__new_kid(const struct hctx *c, struct hnode *n,
				    const struct hist_entry *he)
{
	if (ALLOC_GROW(n->kids, n->nr + 1, n->alloc, 4))
		return NULL;
	memset(&n->kids[n->nr], 0, sizeof(n->kids[0]));
	n->kids[n->nr].he = he;
	n->kids[n->nr].first = he;
	n->kids[n->nr].seq = he->ipos;
	n->kids[n->nr].types = he->filter_types & c->filters;
	return &n->kids[n->nr++];
}

/*
 * Whether a level's kids can be found by hash: its keys' hashes agree
 * with their comparisons (equal entries, equal hashes). The symbol keys'
 * do not always (an inlined symbol equals an overlapping one of its
 * name), nor a tracepoint field's in a group view (another event's entry
 * equals any value): those levels are scanned.
 */
static bool level_hashes(const struct hctx *c, int level)
{
	static const char *const ok[] = { "comm", "pid", "tid", "cpu", "socket", "dso",
					  "srcline", "srcfile", "trace", NULL };

	for (int k = c->lv_first[level]; k < c->lv_first[level] + c->lv_nr[level]; k++) {
		const struct sort_key *key = c->keys[k];
		int i;

		if (key->dynamic) {
			if (c->group)
				return false;
			continue;
		}
		for (i = 0; ok[i] && strcmp(ok[i], key->name); i++)
			;
		if (!ok[i])
			return false;
	}
	return true;
}

static uint64_t level_hash(const struct hctx *c, int level, const struct hist_entry *he)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (int k = c->lv_first[level]; k < c->lv_first[level] + c->lv_nr[level]; k++)
		h = (h ^ c->keys[k]->hash(c->keys[k], c->sort, he)) * 0x100000001b3ULL;
	return h ^ (h >> 31);
}

/* kid @i of @n in its hash index */
static void hnode__index(const struct hctx *c, struct hnode *n, int level, size_t i)
{
	size_t mask = n->hsize - 1, j = level_hash(c, level, n->kids[i].he) & mask;

	while (n->hidx[j])
		j = (j + 1) & mask;
	n->hidx[j] = (uint32_t)i + 1;
}

/* @n's hash index, made or grown for one kid more; false: none (out of
 * memory, or too many kids: scanned) */
static bool hnode__index_room(const struct hctx *c, struct hnode *n, int level)
{
	size_t size = n->hsize ? n->hsize : 64;

	if (n->nr + 1 >= UINT32_MAX / 2)
		return false;
	while ((n->nr + 1) * 2 > size)
		size *= 2;
	if (size == n->hsize)
		return true;
	free(n->hidx);
	n->hidx = calloc(size, sizeof(*n->hidx));
	n->hsize = n->hidx ? size : 0;
	if (!n->hidx)
		return false;
	for (size_t i = 0; i < n->nr; i++)
		hnode__index(c, n, level, i);
	return true;
}

/* the kid of @n (at @level) that @he belongs to, made if new (*created) */
static struct hnode *hnode__child(const struct hctx *c, struct hnode *n,
				  const struct hist_entry *he, int level, bool *created)
{
	struct hnode *kid;
	bool indexed = n->nr >= 16 && c->lv_hash[level] && hnode__index_room(c, n, level);

	*created = false;
	if (indexed) {
		size_t mask = n->hsize - 1, j = level_hash(c, level, he) & mask;

		for (; n->hidx[j]; j = (j + 1) & mask)
			if (same_upto(c, n->kids[n->hidx[j] - 1].he, he, level))
				return &n->kids[n->hidx[j] - 1];
	} else {
		for (size_t i = 0; i < n->nr; i++)
			if (same_upto(c, n->kids[i].he, he, level))
				return &n->kids[i];
	}
	*created = true;
	kid = hnode__new_kid(c, n, he);
	if (kid && indexed)
		hnode__index(c, n, level, n->nr - 1);
	return kid;
}

static void hnode__free(struct hnode *n)
{
	for (size_t i = 0; i < n->nr; i++)
		hnode__free(&n->kids[i]);
	free(n->mv);
	free(n->hidx);
	free(n->visits);
	if (n->chain) {
		callchain_root__exit(n->chain);
		free(n->chain);
	}
	free(n->kids);
	/* (freed twice on an error path: nothing left the second time) */
	memset(n, 0, sizeof(*n));
}

static int nr_members(const struct hctx *c)
{
	return c->nr_members > 1 ? c->nr_members : 1;
}

/* member @m's sums at @n (the leader's: the node's own) */
static struct hval hnode__val(const struct hnode *n, int m)
{
	struct hval v = { 0 };

	if (!m)
		return (struct hval){ n->period, n->period_sys, n->period_us,
				      n->period_guest_sys, n->period_guest_us, n->nr_events };
	return n->mv ? n->mv[m] : v;
}

struct hnode_order {
	const struct hctx *c;
	int level;
	const struct sort_ctx *sort;	/* NULL: the hctx's */
};

/* perf's tree of a level: a node goes left of one its key (of the first
 * entry that made it) orders after it, by the keys of the tree's node @b
 * (a member's node the leader lacks: its member's) */
static int hnode_in_cmp(const void *pa, const void *pb, void *arg)
{
	const struct hnode *a = pa, *b = pb;
	const struct hnode_order *o = arg;
	int level;
	const struct hctx *c = hnode__kc(o->c, b, o->level, &level);
	const struct sort_ctx *sort = o->sort ? o->sort : c->sort;

	for (int k = c->lv_first[level]; k < c->lv_first[level] + c->lv_nr[level]; k++) {
		int r = c->keys[k]->cmp(c->keys[k], sort, a->first, b->first);

		if (r)
			return r;
	}
	return 0;
}

/*
 * and its output tree: by overhead, then by every key's output order in
 * turn (perf sorts a level's entries with its whole sort list, so the keys
 * of the levels below compare the node's first entry: an unresolved address
 * whose srcline is "cc1plus[65a070]" goes after those of "??:0"), then the
 * sample and period columns
 */
static int hnode_out_cmp(const void *pa, const void *pb, void *arg)
{
	const struct hnode *a = pa, *b = pb;
	const struct hctx *c = ((const struct hnode_order *)arg)->c;
	int r;

	/* a group: the leader's overhead, then the members' (perf's) */
	for (int j = 0; j < (c->nr_members > 1 ? c->nr_cmp : 1); j++) {
		int m = j ? j : c->first;
		uint64_t pa = hnode__val(a, m).period, pb = hnode__val(b, m).period;

		if (pa != pb)
			return pa > pb ? -1 : 1;
	}
	for (int k = 0; k < c->nr_keys; k++) {
		enum sort_field_kind v = c->keys[k]->node_value;

		/* (a level of -s sample or period: the nodes' sums, more
		 * first; a group's member by member, as perf) */
		for (int m = 0; v && m < nr_members(c); m++) {
			struct hval va = hnode__val(a, m), vb = hnode__val(b, m);
			uint64_t x = v == FIELD_SAMPLE ? va.nr_events : va.period;
			uint64_t y = v == FIELD_SAMPLE ? vb.nr_events : vb.period;

			if (x != y)
				return x > y ? -1 : 1;
		}
		r = c->keys[k]->sort(c->keys[k], c->out_sort ? c->out_sort : c->sort,
				     a->first, b->first);
		if (r)
			return r;
	}
	for (int k = 0; k < c->nr_cols; k++) {
		if (c->cols[k]->kind == FIELD_SAMPLE && a->nr_events != b->nr_events)
			return a->nr_events > b->nr_events ? -1 : 1;
		if (c->cols[k]->kind == FIELD_PERIOD && a->period != b->period)
			return a->period > b->period ? -1 : 1;
	}
	return 0;
}

static int hnode_seq_cmp(const void *pa, const void *pb)
{
	const struct hnode *a = *(const struct hnode * const *)pa;
	const struct hnode *b = *(const struct hnode * const *)pb;

	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/*
 * Siblings in perf's order. perf's comparisons are no total order (an
 * unresolved address compares by address with another, by dso with a
 * symbol), so the order is the one perf's trees give: the nodes enter the
 * level's tree as perf makes them (its first entry's place in perf's
 * order), then, in that tree's order, the output tree.
 */
static int hnode__order(const struct hctx *c, struct hnode *n, int level)
{
	struct hnode_order o = { .c = c, .level = level };
	struct hnode **items = malloc(n->nr * sizeof(*items));
	struct hnode *kids = malloc(n->nr * sizeof(*kids));
	int err = -ENOMEM;

	if (!items || !kids)
		goto out;
	for (size_t i = 0; i < n->nr; i++)
		items[i] = &n->kids[i];
	qsort(items, n->nr, sizeof(*items), hnode_seq_cmp);
	err = rb_insert_order((void **)items, n->nr, hnode_in_cmp, &o);
	if (!err)
		err = rb_insert_order((void **)items, n->nr, hnode_out_cmp, &o);
	if (err)
		goto out;
	for (size_t i = 0; i < n->nr; i++)
		kids[i] = *items[i];
	memcpy(n->kids, kids, n->nr * sizeof(*kids));
out:
	free(items);
	free(kids);
	return err;
}

/* overhead, then the first entries' order by all the keys (cpos) */
static int hnode_cpos_cmp(const void *pa, const void *pb)
{
	const struct hnode *a = pa, *b = pb;

	if (a->period != b->period)
		return a->period > b->period ? -1 : 1;
	return a->first->cpos < b->first->cpos ? -1 : a->first->cpos > b->first->cpos;
}

/*
 * Whether hnode__order's two trees give the order of hnode_cpos_cmp. They
 * do outside a group view when the hists' keys order totally
 * (hists->keys_total) and are the levels' keys, in turn, but for keys
 * every entry has equal (hists->key_same: another event's fields):
 * siblings differ in their level's keys, so the output tree's compare of
 * all the keys of their first entries, which is their cpos order, never
 * ties, and a total order with no ties is the same whatever the
 * insertion order (the level's tree). Two passes of pointer-chasing key
 * compares made a large trace_fields --hierarchy report 1.6x perf's speed.
 */
static void hctx__set_by_cpos(struct hctx *c, const struct hists *hists)
{
	int k = 0;

	c->by_cpos = false;
	if (!hists->keys_total || c->nr_members > 1)
		return;
	for (int i = 0; i < hists->nr_keys; i++) {
		if (k < c->nr_keys && c->keys[k] == hists->keys[i])
			k++;
		else if (!hists->key_same || !hists->key_same[i])
			return;
	}
	c->by_cpos = k == c->nr_keys;
}

static void hnode__sort(const struct hctx *c, struct hnode *n, int level)
{
	struct hnode_order o = { .c = c, .level = level };

	/* the kids move: their index is for building only */
	free(n->hidx);
	n->hidx = NULL;
	n->hsize = 0;
	/* (below the leader's levels: a member's node it lacks, its own) */
	if (level >= c->nr_levels && !(n->nr && n->kids[0].kc))
		return;
	if (n->nr > 1 && c->by_cpos)
		qsort(n->kids, n->nr, sizeof(*n->kids), hnode_cpos_cmp);
	else if (n->nr > 1 && hnode__order(c, n, level))
		qsort_r(n->kids, n->nr, sizeof(*n->kids), hnode_out_cmp, &o);
	for (size_t i = 0; i < n->nr; i++)
		hnode__sort(c, &n->kids[i], level + 1);
}

/* perf trims the padding keys put before their text (pid's "%7d") */
static const char *ltrim(const char *s)
{
	while (*s == ' ')
		s++;
	return s;
}

/* perf pads these to the column's width before it trims what is before
 * the text (pid's "%7d:COMM" keeps the comm's tail, a comm "  lead" reads
 * "lead " in a column of 7); the names that may start with blanks */
static bool key_padded(const struct sort_key *key)
{
	return !key->dynamic && (!strcmp(key->name, "pid") || !strcmp(key->name, "comm") ||
				 !strcmp(key->name, "dso"));
}

/* the key's text, padded to @pad first (0: not), then trimmed */
static int key_text(const struct hctx *c, const struct sort_key *key,
		    const struct hist_entry *he, char *buf, size_t size, int pad)
{
	const char *t;
	int n;

	key->snprintf(key, c->sort, he, buf, size);
	sort__strip_clip_end(key, buf);
	n = (int)strlen(buf);
	/* (a right-aligned key's padding goes before: all trimmed) */
	if (n < pad && (size_t)pad < size && !key->right) {
		memset(buf + n, ' ', pad - n);
		buf[pad] = '\0';
	} else if (pad && n > pad && key->clip) {
		buf[pad] = '\0';	/* perf's "%-*.*s": cut, then trimmed */
	}
	t = ltrim(buf);
	memmove(buf, t, strlen(t) + 1);
	return (int)strlen(buf);
}

static bool hnode__any_shown(const struct hctx *c, const struct hnode *n)
{
	for (size_t i = 0; i < n->nr; i++)
		if (n->kids[i].shown &&
		    (!c->limit || (c->total && n->kids[i].period * 100.0 / c->total >= c->limit)))
			return true;
	return false;
}

static int col_width(const struct sort_field *f)
{
	return f->kind == FIELD_SAMPLE || f->kind == FIELD_PERIOD ? 12 :
	       f->kind == FIELD_OVERHEAD_GUEST_SYS || f->kind == FIELD_OVERHEAD_GUEST_US ? 9 : 8;
}

/* the kind of filter a key's level is judged by: perf's thread filter
 * (comm, pid, tid) on the comm and pid levels, and so on */
static unsigned int key_filter(const struct sort_key *key)
{
	static const struct { const char *name; unsigned int type; } map[] = {
		{ "comm", HE_FILTER_THREAD }, { "pid", HE_FILTER_THREAD },
		{ "tid", HE_FILTER_THREAD }, { "tgid", HE_FILTER_THREAD },
		{ "dso", HE_FILTER_DSO }, { "sym", HE_FILTER_SYM },
		{ "socket", HE_FILTER_SOCKET },
	};

	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (!key->dynamic && !strcmp(key->name, map[i].name))
			return map[i].type;
	return 0;
}

/*
 * The filters of node @k at @level, made now below @path[0..level-1], as
 * perf's hierarchy settles them when it makes a node: a thread, dso or
 * symbol filter the node's own key is judged on (comm or pid, dso, sym)
 * keeps the first entry's verdict, and a pass shows every node above it;
 * on another level the node is hidden at the top, and below it hidden
 * also when its parent is hidden just then. A socket filter hides by
 * the first entry alone.
 */
static void hnode__filter_new(const struct hctx *c, struct hnode **path, int level,
			      struct hnode *k)
{
	static const unsigned int types[] = { HE_FILTER_THREAD, HE_FILTER_DSO, HE_FILTER_SYM };
	const char *sf = c->o->symbol_filter;

	/* --symbol-filter: the node's first entry's symbol, on any level */
	if (sf && !(k->he->sym && strstr(k->he->sym->name, sf)))
		k->types |= HNODE_SYMBOL_FILTER;

	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		unsigned int t = types[i];

		if (!(c->filters & t))
			continue;
		if (c->key_filter[level] & t) {
			for (int l = level - 1; l >= 0 && !(k->types & t); l--)
				path[l]->types &= ~t;
		} else if (!level) {
			k->types |= t;
		} else {
			k->types |= path[level - 1]->types & t;
		}
	}
}

static void hnode__mark(struct hnode *n)
{
	for (size_t i = 0; i < n->nr; i++) {
		n->kids[i].shown = !n->kids[i].types;
		hnode__mark(&n->kids[i]);
	}
}

/* member @m's total (the leader's: the one the report shows) */
static uint64_t hctx__total(const struct hctx *c, int m)
{
	if (!m)
		return c->total;
	return c->group[m] ? c->group[m]->total_period : 0;
}

/* member @m's value of column @f at @k, as text; its percentage in @pct
 * (-1 for a number) */
static void hnode__value(const struct hctx *c, const struct hnode *k, int m,
			 const struct sort_field *f, char *buf, size_t size, double *pct)
{
	struct hval v = hnode__val(k, m);
	uint64_t total = hctx__total(c, m), p;

	*pct = -1;
	switch (f->kind) {
	case FIELD_OVERHEAD:
	case FIELD_OVERHEAD_SYS:
	case FIELD_OVERHEAD_US:
	case FIELD_OVERHEAD_GUEST_SYS:
	case FIELD_OVERHEAD_GUEST_US:
		p = f->kind == FIELD_OVERHEAD ? v.period :
		    f->kind == FIELD_OVERHEAD_SYS ? v.period_sys :
		    f->kind == FIELD_OVERHEAD_US ? v.period_us :
		    f->kind == FIELD_OVERHEAD_GUEST_SYS ? v.period_guest_sys : v.period_guest_us;
		*pct = total ? p * 100.0 / total : 0.0;
		snprintf(buf, size, "%.2f%%", *pct);
		return;
	case FIELD_SAMPLE:
		snprintf(buf, size, "%" PRIu64, v.nr_events);
		return;
	case FIELD_PERIOD:
		snprintf(buf, size, "%" PRIu64, v.period);
		return;
	default:
		buf[0] = '\0';
		return;
	}
}

/* a column for node @k, right-aligned: each member's percentage " %7s"
 * (coloured), each number "%12s" */
static void hnode__cell(const struct hctx *c, const struct hnode *k, const struct sort_field *f)
{
	for (int m = 0; m < nr_members(c); m++) {
		char num[32], cell[40];
		double pct;

		hnode__value(c, k, m, f, num, sizeof(num), &pct);
		if (pct < 0) {
			fprintf(c->fp, "%*s", col_width(f), num);
			continue;
		}
		snprintf(cell, sizeof(cell), " %*s", col_width(f) - 1, num);
		percent_fputs(c->fp, c->color, pct, cell);
	}
}

/* -t: a column's cell as perf prints it there, each member's value at
 * the least width (" 1200", " 64.00%"), padded to the column's width */
static void hnode__sep_cell(const struct hctx *c, const struct hnode *k,
			    const struct sort_field *f)
{
	char cell[512];
	int n = 0;

	cell[0] = '\0';
	for (int m = 0; m < nr_members(c) && n < (int)sizeof(cell) - 40; m++) {
		char num[32];
		double pct;

		hnode__value(c, k, m, f, num, sizeof(num), &pct);
		if (num[0])
			n += snprintf(cell + n, sizeof(cell) - n, " %s", num);
	}
	fprintf(c->fp, "%-*s", col_width(f) * nr_members(c), cell);
}

/* the text of a level of -s sample or period (@key) for node @k of view
 * @c: the node's sum, a group's each member's after the first in its
 * width (perf's column trimmed); with -t, or at a node of members only:
 * each after a blank */
static void hnode__value_key(const struct hctx *c, const struct hnode *k,
			     const struct sort_key *key)
{
	const struct sort_field f = { .kind = key->node_value };
	bool blank = c->sep || !hnode__val(k, 0).nr_events;
	char buf[32];

	for (int m = 0; m < nr_members(c); m++) {
		double pct;

		hnode__value(c, k, m, &f, buf, sizeof(buf), &pct);
		if (!m)
			fputs(buf, c->fp);
		else if (blank)
			fprintf(c->fp, " %s", buf);
		else
			fprintf(c->fp, "%*s", col_width(&f), buf);
	}
}

/* key @ki's text for node @k (its first entry's, with the node's
 * samples), as perf prints it in a hierarchy: trimmed of the padding
 * before it; an empty one leaves nothing; a right-aligned key (a
 * tracepoint field, a size) nothing after it either */
static void hnode__key(const struct hctx *c, const struct hnode *k, int ki)
{
	const struct sort_key *key = c->keys[ki];
	int w = c->width[ki];
	struct hist_entry node = *k->he;
	char buf[4096];

	node.nr_events = k->nr_events;
	if (c->sep && c->sep[0] == ' ' && !key->dynamic) {
		/* -t ' ...': the blanks of perf's text, its padding too (a
		 * key it pads to the column, the socket's own), are the
		 * separator's first character: dots, so none is trimmed */
		int n;

		key->snprintf(key, c->sort, &node, buf, sizeof(buf));
		n = sort__strip_clip_end(key, buf);
		if (sort_key__perf_pads(key) && n < w && w < (int)sizeof(buf)) {
			char t[sizeof(buf)];

			snprintf(t, sizeof(t), key->right ? "%*s" : "%-*s", w, buf);
			memcpy(buf, t, sizeof(buf));
		} else if (key->clip && n > w) {
			buf[w] = '\0';
		}
		for (char *p = strchr(buf, ' '); p; p = strchr(p + 1, ' '))
			*p = '.';
		fputs(buf, c->fp);
		return;
	}
	key_text(c, key, &node, buf, sizeof(buf), key_padded(key) ? w : 0);
	/* -t: the separator's first character in it reads '.' */
	for (char *p = c->sep && c->sep[0] && !key->dynamic ? strchr(buf, c->sep[0]) : NULL; p;
	     p = strchr(p + 1, c->sep[0]))
		*p = '.';
	if (!buf[0])
		;
	else if (key->dynamic && c->linesz && (int)c->garb[ki] > w) {
		/* perf's "%*.*s" to that length, in its line: the blanks
		 * before the text can fill it (then it trims them all) */
		int n = (int)strlen(buf), room = c->linesz - 1, pad;

		if (n > (int)c->garb[ki])
			n = (int)c->garb[ki];
		pad = (int)c->garb[ki] - n;

		if (pad < room)
			fprintf(c->fp, "%.*s", room - pad < n ? room - pad : n, buf);
	} else if (key->right && key->clip) {
		/* perf's "%*.*s": the text cut at the width, then trimmed
		 * (a field's value that starts with a blank is cut there) */
		char raw[sizeof(buf)];
		const char *t;

		key->snprintf(key, c->sort, &node, raw, sizeof(raw));
		if ((int)sort__strip_clip_end(key, raw) > w && w >= 0)
			raw[w] = '\0';
		t = ltrim(raw);
		fputs(t, c->fp);
	} else if (key->right)
		fputs(buf, c->fp);
	else if (key_padded(key) && strcmp(key->name, "pid"))
		fputs(buf, c->fp);	/* padded, cut and trimmed as perf's */
	else if (key->clip && key->pad_last)
		fprintf(c->fp, "%-*.*s", w, w, buf);
	else if (key->clip)
		fprintf(c->fp, "%.*s", w, buf);
	else if (key->pad_last && !key_padded(key))
		fprintf(c->fp, "%-*s", w, buf);
	else
		fputs(buf, c->fp);
}

/* the width perf gives the columns before the first key (its overhead
 * width: the overhead, -n's samples, ... and levels of -s sample or
 * period that come first), each at least its name, -w's width if given
 * (a group's: its members' each), 2 between them */
static int hctx__lead_width(const struct hctx *c)
{
	const struct stdio_hist_opts *o = c->o;
	int w = 0;

	for (int i = 0; i < o->nr_fields; i++) {
		const struct sort_field *f = &o->fields[i];
		struct sort_field v = { .kind = f->kind };
		int base, len;

		if (f->kind == FIELD_KEY && !f->key->node_value)
			break;
		if (f->kind == FIELD_KEY)
			v.kind = f->key->node_value;
		base = v.kind == FIELD_OVERHEAD ? 8 : col_width(&v);
		len = i < o->nr_col_widths && o->col_widths[i] ? o->col_widths[i] : base;
		if (len < base * nr_members(c) && nr_members(c) > 1)
			len = base * nr_members(c);
		if (len < (int)strlen(stdio__field_header(&v, false, false)))
			len = (int)strlen(stdio__field_header(&v, false, false));
		w += (i ? 2 : 0) + len;
	}
	return w;
}

static void hnode__print(const struct hctx *c, const struct hnode *n, int level)
{
	for (size_t i = 0; i < n->nr; i++) {
		const struct hnode *k = &n->kids[i];
		double pct = c->total ? k->period * 100.0 / c->total : 0.0;
		static const struct sort_field ovh = { .kind = FIELD_OVERHEAD };
		int indent = level * LEVEL_INDENT, kl;
		const struct hctx *kc;

		/* perf walks into a hidden node: a node below it shows when
		 * its own filters pass (--symbol-filter judges each node
		 * apart; a group's member-only node keeps the member's) */
		if (!k->shown && k->nr && (level + 1 < c->nr_levels || k->kc))
			hnode__print(c, k, level + 1);
		if (!k->shown || (c->limit && pct < c->limit))
			continue;
		if (c->sep) {
			/* -t: the level's indent, " P%" padded to the width
			 * of "Overhead", the separator, the keys as aligned */
			fprintf(c->fp, "%*s", indent, "");
			hnode__sep_cell(c, k, &ovh);
			for (int j = 0; j < c->nr_cols; j++) {
				fputs(c->sep, c->fp);
				hnode__sep_cell(c, k, c->cols[j]);
			}
			fputs(c->sep, c->fp);
			goto key;
		}
		fprintf(c->fp, "  %*s", indent, "");
		hnode__cell(c, k, &ovh);
		for (int j = 0; j < c->nr_cols; j++) {
			fputs("  ", c->fp);
			hnode__cell(c, k, c->cols[j]);
		}
		/* (as perf: the levels' indent before the keys, at any depth) */
		fprintf(c->fp, "%*s", 2 + (c->lead_none ? LEVEL_INDENT :
						c->ovh_width - 8 * nr_members(c)), "");
key:
		/* the level's keys, each after the separator or two blanks
		 * (a group view's node: those of its own event) */
		kc = hnode__kc(c, k, level, &kl);
		for (int ki = kc->lv_first[kl], any = 0; ki < kc->lv_first[kl] + kc->lv_nr[kl];
		     ki++) {
			if (c->own && !sort_key__dyn_native(kc->keys[ki], k->he))
				continue;
			if (any++)
				fputs(c->sep ? c->sep : "  ", c->fp);
			if (kc->keys[ki]->node_value)
				hnode__value_key(c, k, kc->keys[ki]);
			else
				hnode__key(kc, k, ki);
		}
		fputc('\n', c->fp);
		if (level == c->nr_levels - 1 && c->o->show_callchain && k->chain) {
			callchain__fprintf(c->fp, k->chain, &c->hists->opts.cc,
					   c->o->chain_total ? c->o->chain_total : c->total,
					   c->o->chain_min_total, k->period, c->o->skip_first);
			continue;
		}
		if (hnode__any_shown(c, k))
			hnode__print(c, k, level + 1);
		else if (k->nr && c->sep)	/* perf says so past the columns */
			fprintf(c->fp, "%*sno entry >= %.2f%%\n",
				8 * nr_members(c) + c->cols_width + 4, "", c->limit);
		else if (k->nr)	/* and where the level would be */
			fprintf(c->fp, "%*sno entry >= %.2f%%\n",
				(c->nr_levels + level) * LEVEL_INDENT + hctx__lead_width(c) + 4, "",
				c->limit);
	}
}

/* @kc's keys (its fields only: @fields_only) widened by entry @he's texts;
 * @c the view's */
static void hctx__widen(struct hctx *kc, const struct hctx *c, const struct hist_entry *he,
			bool fields_only)
{
	char buf[4096];

	for (int l = 0; l < kc->nr_keys; l++) {
		const struct sort_key *key = kc->keys[l];
		int w;

		/* (a group view's node: its own event's fields) */
		if ((c->own && !sort_key__dyn_native(key, he)) ||
		    (fields_only && !key->dynamic))
			continue;
		/* (a key with a width of its own is not printed here: a
		 * field's text can depend on the rows printed before, as
		 * perf's libtraceevent) */
		if (key_padded(key) && !key->width)
			w = key->snprintf(key, kc->sort, he, buf, sizeof(buf));
		else if (key->width)	/* (comm: the thread's last, as perf) */
			w = key->width(key, kc->sort, he);
		else
			w = key_text(kc, key, he, buf, sizeof(buf), 0);
		if (w > kc->width[l])
			kc->width[l] = w;
	}
}

/* the levels' widths: every key of the first entry of each node shown
 * (as perf sizes its columns by each level's entry, whose keys are its
 * first sample's); without filters, every entry's. A member's node the
 * leader lacks widens the leader's columns, and its member's fields,
 * which it shows. */
static void hnode__widths(struct hctx *c, const struct hnode *n, bool *unresolved)
{
	for (size_t i = 0; i < n->nr; i++) {
		const struct hnode *k = &n->kids[i];

		/* (a hidden node can hold a shown one in a group view) */
		if (k->shown) {
			*unresolved |= !k->first->sym;
			hctx__widen(c, c, k->first, false);
			if (k->kc)
				hctx__widen(k->kc, c, k->first, true);
		} else {
			/* perf's tracepoint fields are as wide as the
			 * entries before the filters */
			hctx__widen(c, c, k->first, true);
		}
		hnode__widths(c, k, unresolved);
	}
}



static int ipos_cmp(const void *pa, const void *pb)
{
	const struct hist_entry *a = *(const struct hist_entry * const *)pa;
	const struct hist_entry *b = *(const struct hist_entry * const *)pb;

	return a->ipos < b->ipos ? -1 : a->ipos > b->ipos;
}

/* @he's call graph into leaf @n's; 0 or -ENOMEM */
static int hnode__chain_add(struct hnode *n, const struct hist_entry *he)
{
	if (!he->callchain && !he->nr_chain_refs)
		return 0;
	if (!n->chain) {
		n->chain = malloc(sizeof(*n->chain));
		if (!n->chain)
			return -ENOMEM;
		callchain_root__init(n->chain);
	}
	return hist_entry__chain_merge(he, n->chain);
}

/* @he reached kid @kid of @n (made it: @created); false: no memory */
static bool hnode__visit(struct hnode *n, const struct hist_entry *he, size_t kid, bool created)
{
	if (ALLOC_GROW(n->visits, n->nr_visits + 1, n->alloc_visits, 8))
		return false;
	n->visits[n->nr_visits++] = (struct hnode_visit){ he, (uint32_t)kid, created };
	return true;
}

/*
 * perf's level trees, replayed where a level has a __data_loc field: each
 * entry, in the order perf makes the levels, walks the tree of its
 * parent's kids as it was then; each node whose comparison reaches such
 * a field has that field's length read (its first entry's), which widens
 * the column as in the flat table (sort_key.dyn_var). 0 or -ENOMEM.
 */
static int hnode__replay_loc(const struct hctx *c, struct hnode *n, int level)
{
	int err = 0;

	if (level >= c->nr_levels)
		return 0;
	if (n->nr_visits && n->nr < RB_NIL) {
		struct rbt t;

		if (!rbt__alloc(&t, n->nr, NULL))
			return -ENOMEM;
		t.root = RB_NIL;
		for (size_t v = 0; v < n->nr_visits; v++) {
			const struct hnode_visit *e = &n->visits[v];
			uint32_t cur = t.root, parent = RB_NIL;
			bool goleft = false;

			while (cur != RB_NIL) {
				struct hist_entry *node = (struct hist_entry *)n->kids[cur].first;
				int r = 0;

				for (int k = c->lv_first[level];
				     !r && k < c->lv_first[level] + c->lv_nr[level]; k++) {
					if (c->keys[k]->dynamic && c->keys[k]->dyn_var)
						sort_key__dyn_len_seen(c->keys[k], node);
					r = c->keys[k]->cmp(c->keys[k], c->sort, e->he, node);
				}
				if (!r)
					break;
				parent = cur;
				goleft = r < 0;
				cur = goleft ? t.left[cur] : t.right[cur];
			}
			if (e->created && cur == RB_NIL)
				rbt_link(&t, e->kid, parent, goleft);
		}
		rbt__release(&t);
	}
	free(n->visits);
	n->visits = NULL;
	n->nr_visits = n->alloc_visits = 0;
	for (size_t i = 0; i < n->nr && !err; i++)
		err = hnode__replay_loc(c, &n->kids[i], level + 1);
	return err;
}

/* the levels' tree of @hists' entries in @root, sorted, nodes marked shown
 * or hidden by the filters; 0, -EINVAL without keys, -ENOMEM */
static int hctx__build(struct hctx *c, struct hnode *root, const struct hists *hists,
		       const struct stdio_hist_opts *o)
{
	const struct hist_entry **ents;
	int k;

	/* (a view's context is built again for another hists: hctx__lead_none) */
	c->nr_keys = c->nr_levels = c->nr_cols = c->cols_width = 0;
	memset(c->lv_nr, 0, sizeof(c->lv_nr));
	memset(c->key_filter, 0, sizeof(c->key_filter));
	memset(c->lv_loc, 0, sizeof(c->lv_loc));
	for (k = 0; k < o->nr_fields; k++) {
		const struct sort_field *f = &o->fields[k];

		if (f->kind == FIELD_KEY) {
			if (!sort_fields__have_key(o->fields, o->nr_fields, f->level, c->own))
				continue;
			if (c->nr_keys == HIER_MAX_KEYS) {
				static bool said;

				if (!said)
					pr_err("report: --hierarchy shows at most %d key columns of an "
					       "event, and the -s list makes more; name fewer keys "
					       "(each trace_fields is every field again)\n", HIER_MAX_KEYS);
				said = true;
				return -E2BIG;
			}
			/* a new level unless the key is of the last one's */
			if (!c->nr_keys || f->level != o->fields[c->lv_key_field].level) {
				c->lv_first[c->nr_levels] = c->nr_keys;
				c->nr_levels++;
			}
			c->lv_key_field = k;
			c->lv_nr[c->nr_levels - 1]++;
			c->key_filter[c->nr_levels - 1] |= key_filter(f->key);
			c->keys[c->nr_keys++] = f->key;
		} else if (f->kind != FIELD_OVERHEAD && f->kind != FIELD_CHILDREN && c->nr_cols < 8) {
			c->cols[c->nr_cols++] = f;
			c->cols_width += 2 + col_width(f) * nr_members(c);
		}
	}
	/* no key (another event's fields alone): no level, nothing below */
	if (!c->nr_keys)
		return 0;
	for (k = 0; k < c->nr_levels; k++) {
		c->lv_hash[k] = level_hashes(c, k);
		for (int i = c->lv_first[k]; i < c->lv_first[k] + c->lv_nr[k]; i++)
			c->lv_loc[k] |= c->keys[i]->dynamic && c->keys[i]->dyn_var;
	}
	/* the entries in the order perf makes the levels from them */
	ents = malloc((hists->nr_sorted ? hists->nr_sorted : 1) * sizeof(*ents));
	if (!ents)
		return -ENOMEM;
	memcpy(ents, hists->sorted, hists->nr_sorted * sizeof(*ents));
	qsort(ents, hists->nr_sorted, sizeof(*ents), ipos_cmp);
	for (uint64_t i = 0; i < hists->nr_sorted; i++) {
		const struct hist_entry *he = ents[i];
		struct hnode *n = root, *path[HIER_MAX_KEYS];
		bool created;

		/* hidden by other means than the filters above: not there */
		if (he->filtered && !he->filter_types)
			continue;
		for (k = 0; k < c->nr_levels; k++) {
			struct hnode *p = n;

			n = hnode__child(c, n, he, k, &created);
			if (n && c->lv_loc[k] && !hnode__visit(p, he, (size_t)(n - p->kids), created))
				n = NULL;
			if (!n || (k == c->nr_levels - 1 && c->chains && hnode__chain_add(n, he))) {
				free(ents);
				hnode__free(root);
				return -ENOMEM;
			}
			if (created)
				hnode__filter_new(c, path, k, n);
			path[k] = n;
			n->period += he->period;
			n->period_sys += he->period_sys;
			n->period_us += he->period_us;
			n->period_guest_sys += he->period_guest_sys;
			n->period_guest_us += he->period_guest_us;
			n->nr_events += he->nr_events;

		}
	}
	free(ents);
	if (hnode__replay_loc(c, root, 0)) {
		hnode__free(root);
		return -ENOMEM;
	}
	hctx__set_by_cpos(c, hists);
	return 0;
}

/* the built tree sorted, its nodes marked shown or not */
static void hctx__finish(const struct hctx *c, struct hnode *root)
{
	hnode__sort(c, root, 0);
	hnode__mark(root);
}

/* the level's keys compare nodes @a and @b (their first entries), by
 * @sort (NULL: the hctx's) */
static int hnode__level_cmp(const struct hctx *c, int level, const struct hnode *a,
			    const struct hnode *b, const struct sort_ctx *sort)
{
	struct hnode_order o = { .c = c, .level = level, .sort = sort };

	return hnode_in_cmp(a, b, &o);
}

/* the length perf reads for member field @key from @he's record (the
 * upper half of the word at the field's place); 0 past its end */
static uint32_t hctx__loc_len(const struct sort_key *key, const struct hist_entry *he)
{
	const struct dyn_row *r = he->dyn;
	uint32_t w;

	if (!r || !r->rec || (uint64_t)key->dyn_off + 4 > r->rec_len)
		return 0;
	memcpy(&w, r->rec + key->dyn_off, 4);
	return w >> 16;
}

/* perf's pairing walk: leader tree node @a against member node @b by
 * @a's keys (as hnode__level_cmp), noting in @a's member's garb the
 * lengths its __data_loc fields read from @b's record */
static int hnode__match_cmp(const struct hctx *c, int level, const struct hnode *a,
			    const struct hnode *b)
{
	int kl;
	const struct hctx *kc = hnode__kc(c, a, level, &kl);
	const struct sort_ctx *sort = c->match_sort ? c->match_sort : kc->sort;

	for (int k = kc->lv_first[kl]; k < kc->lv_first[kl] + kc->lv_nr[kl]; k++) {
		const struct sort_key *key = kc->keys[k];
		int r;

		if (a->kc && key->dynamic && key->dyn_var && sort_key__dyn_native(key, a->first)) {
			uint32_t n = hctx__loc_len(key, b->first);

			if (n > a->kc->garb[k])
				a->kc->garb[k] = n;
		}
		r = key->cmp(key, sort, a->first, b->first);
		if (r)
			return r;
	}
	return 0;
}

/* perf's tree of @p's kids (as made: in their order, which is perf's) in
 * @t of @cap nodes; false when out of memory */
static bool hnode__kids_tree(const struct hctx *c, int level, const struct hnode *p,
			     struct rbt *t, size_t cap)
{
	struct hnode_order o = { .c = c, .level = level };
	void **items = malloc((p->nr ? p->nr : 1) * sizeof(*items));

	if (!items || !rbt__alloc(t, cap ? cap : 1, NULL)) {
		free(items);
		return false;
	}
	for (size_t i = 0; i < p->nr; i++)
		items[i] = (void *)&p->kids[i];
	rbt__insert_all(t, items, p->nr, hnode_in_cmp, &o);
	free(items);
	return true;
}

/*
 * Member @m's nodes below @mem paired with the leader's below @lead at
 * @level, as perf links a group's hierarchies, by walks in the levels'
 * trees (the keys are no total order: unresolved addresses): each leader
 * node, in its tree's order, is looked for in the member's tree; then
 * each member node, in its tree's order, takes its pair, else an equal
 * node its walk meets in the leader's tree, else a node of its own there
 * (perf's dummy entry: no leader value, the member's first entry and
 * filters, made after the leader's), and its level below is linked the
 * same way. 0 or -ENOMEM.
 */
static int hnode__link(struct hctx *c, struct hctx *mc, struct hnode *lead,
		       const struct hnode *mem, int m, int level)
{
	size_t nm = mem->nr, cap = lead->nr + nm, n;
	struct rbt tl = { 0 }, tm = { 0 };
	uint32_t *order = malloc((cap ? cap : 1) * sizeof(*order));
	uint32_t *stack = malloc((cap + 1) * sizeof(*stack));
	uint32_t *pair = malloc((nm ? nm : 1) * sizeof(*pair));
	int err = -ENOMEM;

	if (!nm) {
		err = 0;
		goto out;
	}
	if (!order || !stack || !pair || !hnode__kids_tree(c, level, lead, &tl, cap) ||
	    !hnode__kids_tree(mc, level, mem, &tm, nm))
		goto out;
	for (size_t y = 0; y < nm; y++)
		pair[y] = RB_NIL;
	/* the match: the first leader node a member node meets has it */
	n = rbt__inorder(&tl, stack, order);
	for (size_t i = 0; i < n; i++) {
		uint32_t cur = tm.root;

		while (cur != RB_NIL) {
			int r = hnode__match_cmp(c, level, &lead->kids[order[i]], &mem->kids[cur]);

			if (!r) {
				if (pair[cur] == RB_NIL)
					pair[cur] = order[i];
				break;
			}
			cur = r < 0 ? tm.left[cur] : tm.right[cur];
		}
	}
	/* the link */
	n = rbt__inorder(&tm, stack, order);
	for (size_t i = 0; i < n; i++) {
		const struct hnode *mk = &mem->kids[order[i]];
		uint32_t x = pair[order[i]];
		struct hnode *lk;

		if (x == RB_NIL) {
			uint32_t cur = tl.root, y = RB_NIL;
			bool goleft = false;

			while (cur != RB_NIL) {
				int r = hnode__level_cmp(c, level, mk, &lead->kids[cur],
							 c->link_sort);

				if (!r)
					break;
				y = cur;
				goleft = r < 0;
				cur = goleft ? tl.left[cur] : tl.right[cur];
			}
			x = cur;
			if (x == RB_NIL) {
				x = (uint32_t)lead->nr;
				lk = hnode__new_kid(c, lead, mk->he);
				if (!lk)
					goto out;
				lk->seq = UINT64_MAX / 2 + c->nr_dummies++;
				lk->types = mk->types;
				lk->kc = mc;
				lk->kl = level;
				rbt_link(&tl, x, y, goleft);
			}
		}
		lk = &lead->kids[x];
		if (!lk->mv && !(lk->mv = calloc((size_t)c->nr_members, sizeof(*lk->mv))))
			goto out;
		lk->mv[m] = hnode__val(mk, 0);
		/* (perf links below a leaf of the leader's too, and never
		 * shows it; a member's node it lacks shows its own levels) */
		if ((level + 1 < c->nr_levels || lk->kc) &&
		    hnode__link(c, mc, lk, mk, m, level + 1))
			goto out;
	}
	err = 0;
out:
	if (tl.left)
		rbt__release(&tl);
	if (tm.left)
		rbt__release(&tm);
	free(order);
	free(stack);
	free(pair);
	return err;
}

uint64_t hists__hierarchy_shown_period(const struct hists *hists, const struct stdio_hist_opts *o)
{
	struct hctx c = { .hists = hists, .o = o, .sort = &hists->opts.sort, .filters = o->filters };
	struct hnode root = { 0 };
	uint64_t period = 0;

	if (hctx__build(&c, &root, hists, o))
		return hists->total_period;
	hctx__finish(&c, &root);
	for (size_t i = 0; i < root.nr; i++)
		if (root.kids[i].shown)
			period += root.kids[i].period;
	hnode__free(&root);
	return period;
}

/* the keys' headers: a level's joined by '+', the levels by " / " */
static void hctx__key_headers(const struct hctx *c)
{
	for (int l = 0; l < c->nr_levels && !c->lead_none; l++)
		for (int k = c->lv_first[l], any = 0; k < c->lv_first[l] + c->lv_nr[l]; k++)
			if (!hctx__key_hidden(c, c->keys[k]))
				fprintf(c->fp, "%s%s", any++ ? "+" : l ? " / " : "",
					ltrim(c->keys[k]->header));
}

/* the bytes of perf's line for a group view's node: its sort list's width
 * (the leader's columns), 4, and its room for colours; 0 where a leader's
 * __data_loc field makes the width perf's reads (hctx.garb) */
static int hctx__linesz(const struct hctx *c)
{
	int w = 8 * nr_members(c) + c->cols_width;

	for (int k = 0; k < c->nr_keys; k++) {
		const struct sort_key *key = c->keys[k];

		if (hctx__key_hidden(c, key))
			continue;
		if (key->dynamic && key->dyn_var)
			return 0;
		w += 2 + (key->dynamic ? key->min_width : c->width[k]);
	}
	return w + 4 + PERF_COLOR_ROOM;
}

/* key @k is as wide as its header too (as perf sizes the column, its
 * leading blanks included), and a field as its size */
static void hctx__width_floor(struct hctx *c, int k)
{
	if ((int)strlen(c->keys[k]->header) > c->width[k])
		c->width[k] = (int)strlen(c->keys[k]->header);
	if (c->keys[k]->min_width > c->width[k])
		c->width[k] = c->keys[k]->min_width;
	/* (a value's level: its column's width, a member's each) */
	if (c->keys[k]->node_value && c->width[k] < c->keys[k]->min_width * nr_members(c))
		c->width[k] = c->keys[k]->min_width * nr_members(c);
}

/* the header, the rows and their call graphs of the sorted tree @root */
static void hctx__print(struct hctx *c, struct hnode *root)
{
	const struct stdio_hist_opts *o = c->o;
	FILE *fp = c->fp;
	int k, line = 0, hlen = 0, nr = nr_members(c), linesz;
	bool unresolved = false;

	c->ovh_width = 8 * nr + (c->nr_levels > 1 && !c->lead_none ?
				 (c->nr_levels - 1) * LEVEL_INDENT : 0);
	hnode__widths(c, root, &unresolved);
	/* and by the entries no node holds (-x, --parent): perf sizes its
	 * tracepoint fields by those too */
	for (uint64_t i = 0; c->hists && i < c->hists->nr_sorted; i++) {
		const struct hist_entry *he = c->hists->sorted[i];

		if (he->filtered && !he->filter_types)
			hctx__widen(c, c, he, true);
	}
	/* as the flat table: an entry without a symbol widens the dso
	 * level to an address's 16 digits (not with -t or --dsos) */
	for (k = 0; unresolved && !c->sep && !o->dso_list && k < c->nr_keys; k++)
		if (!c->keys[k]->dynamic && !strcmp(c->keys[k]->name, "dso") && c->width[k] < 16)
			c->width[k] = 16;
	for (k = 0; k < c->nr_keys; k++)
		hctx__width_floor(c, k);
	linesz = hctx__linesz(c);
	for (int m = 1; c->mcs && m < nr; m++) {
		struct hctx *mc = &c->mcs[m];

		mc->linesz = linesz;
		for (k = 0; k < mc->nr_keys; k++) {
			/* (the leader's columns: other keys than fields) */
			for (int j = 0; !mc->keys[k]->dynamic && j < c->nr_keys; j++)
				if (c->keys[j] == mc->keys[k])
					mc->width[k] = c->width[j];
			hctx__width_floor(mc, k);
		}
	}
	/* the dotted line as the widest level (its indent, its keys and a
	 * '+' between them) or the joined headers (trimmed) */
	for (int l = 0; l < c->nr_levels; l++) {
		int w = l * LEVEL_INDENT, any = 0;

		for (k = c->lv_first[l]; k < c->lv_first[l] + c->lv_nr[l]; k++) {
			if (hctx__key_hidden(c, c->keys[k]))
				continue;
			w += c->width[k] + (any > 0);
			hlen += (any ? 1 : l ? 3 : 0) + (int)strlen(ltrim(c->keys[k]->header));
			any++;
		}
		if (w > line)
			line = w;
	}
	if (hlen > line)
		line = hlen;
	if (c->lead_none)
		line = 0;
	/* perf 6.1 cuts that line from a fixed string of dots */
	if (line > HIER_DOTS_MAX)
		line = HIER_DOTS_MAX;
	if (!o->quiet && c->sep) {
		/* the columns' headers as wide as the columns (a group's: a
		 * member's width each), each followed by the separator; as
		 * many dots */
		fprintf(fp, "# %*s%s", 8 * nr, "Overhead", c->sep);
		for (k = 0; k < c->nr_cols; k++)
			fprintf(fp, "%*s%s", col_width(c->cols[k]) * nr,
				stdio__field_header(c->cols[k], false, false), c->sep);
		hctx__key_headers(c);
		fputs("\n# ", fp);
		for (k = 0; k < 8 * nr; k++)
			fputc('.', fp);
		fputs(c->sep, fp);
		for (k = 0; k < c->nr_cols; k++) {
			for (int d = 0; d < col_width(c->cols[k]) * nr; d++)
				fputc('.', fp);
			fputs(c->sep, fp);
		}
		for (k = 0; k < line; k++)
			fputc('.', fp);
		fputs("\n#\n", fp);
	} else if (!o->quiet) {
		int dots = c->ovh_width;

		fprintf(fp, "# %*s", c->ovh_width, "Overhead");
		for (k = 0; k < c->nr_cols; k++) {
			fprintf(fp, "  %*s", col_width(c->cols[k]) * nr,
				stdio__field_header(c->cols[k], false, false));
			dots += 2 + col_width(c->cols[k]) * nr;
		}
		fputs("  ", fp);
		hctx__key_headers(c);
		fputs("\n# ", fp);
		for (k = 0; k < dots; k++)
			fputc('.', fp);
		fputs("  ", fp);
		for (k = 0; k < line; k++)
			fputc('.', fp);
		fputs("\n#\n", fp);
	}
	hnode__print(c, root, 0);
}

int hists__fprintf_hierarchy(FILE *fp, struct hists *hists, const struct stdio_hist_opts *o)
{
	struct hctx c = { .fp = fp, .limit = o->percent_limit, .total = hists->total_period,
			  .color = o->color, .sep = o->field_sep, .hists = hists, .o = o,
			  .sort = &hists->opts.sort, .filters = o->filters,
			  .chains = o->show_callchain };
	struct hnode root = { 0 };
	int err;

	err = hctx__build(&c, &root, hists, o);
	if (err)
		return err;
	hctx__finish(&c, &root);
	hctx__print(&c, &root);
	hnode__free(&root);
	return 0;
}

/* @n's values and its kids' as member @m's, the leader's none; -ENOMEM */
static int hnode__to_member(struct hnode *n, int m, int nr)
{
	for (size_t i = 0; i < n->nr; i++) {
		struct hnode *k = &n->kids[i];

		free(k->mv);
		k->mv = calloc((size_t)nr, sizeof(*k->mv));
		if (!k->mv)
			return -ENOMEM;
		k->mv[m] = hnode__val(k, 0);
		k->period = k->period_sys = k->period_us = k->nr_events = 0;
		k->period_guest_sys = k->period_guest_us = 0;
		if (hnode__to_member(k, m, nr))
			return -ENOMEM;
	}
	return 0;
}

/*
 * A group view whose leader has none of the levels (its event lacks every
 * field asked): perf's leader tree is empty, and takes the nodes of the
 * first member with levels whole (its keys, its levels below); the later
 * members link to them. @c and @root become that member's, *@m the next
 * member to link. 0 or -ENOMEM.
 */
static int hctx__lead_none(struct hctx *c, struct hnode *root, int *m,
			   const struct stdio_hist_opts *o)
{
	for (; *m < c->nr_members; (*m)++) {
		if (!c->group[*m])
			continue;
		c->own = o->dyn_own[*m];
		c->hists = c->group[*m];
		c->sort = &c->group[*m]->opts.sort;
		if (hctx__build(c, root, c->group[*m], o))
			return -ENOMEM;
		if (c->nr_levels)
			break;
	}
	c->lead_none = true;
	c->total = 0;
	if (*m >= c->nr_members)
		return 0;
	return hnode__to_member(root, (*m)++, c->nr_members);
}

int hists__fprintf_hierarchy_group(FILE *fp, struct hists *const *group, int nr,
				   const struct stdio_hist_opts *o)
{
	struct hists *lead = group[0];
	struct hctx c = { .fp = fp, .limit = o->percent_limit, .color = o->color,
			  .sep = o->field_sep, .o = o, .filters = o->filters,
			  .chains = o->show_callchain, .group = group, .nr_members = nr,
			  .nr_cmp = nr };
	struct hnode root = { 0 };
	struct stdio_hist_opts mo;
	struct sort_ctx match, link, out;
	bool *any_own = NULL;
	int err, m;

	/* a leader without samples: perf links the members' levels to an
	 * empty tree; the flat view has their rows the same way */
	if (!lead) {
		hists__fprintf_stdio_group(fp, group, nr, o);
		return 0;
	}
	c.hists = lead;
	c.total = lead->total_period;
	c.sort = &lead->opts.sort;
	if (o->dyn_own) {
		any_own = calloc((size_t)o->nr_dyn + 1, sizeof(*any_own));
		if (!any_own)
			return -ENOMEM;
		for (m = 0; m < nr; m++)
			for (int k = 0; k < o->nr_dyn; k++)
				any_own[k] |= o->dyn_own[m][k];
		match = lead->opts.sort;
		match.dyn_only = any_own;
		match.dyn_side = DYN_SIDE_A;
		link = match;
		link.dyn_side = DYN_SIDE_B;
		out = lead->opts.sort;
		out.dyn_only = o->dyn_own[0];
		c.match_sort = &match;
		c.link_sort = &link;
		c.out_sort = &out;
		c.own = o->dyn_own[0];
	}
	/* --group-sort-idx: as the flat group view */
	if (o->group_sort_set) {
		if (o->group_sort_idx >= 0 && o->group_sort_idx < nr)
			c.first = o->group_sort_idx;
		else
			c.nr_cmp = 1;
	}
	c.mcs = calloc((size_t)nr, sizeof(*c.mcs));
	if (!c.mcs) {
		free(any_own);
		return -ENOMEM;
	}
	err = hctx__build(&c, &root, lead, o);
	/* (perf's members have no --symbol-filter: it is the first event's) */
	mo = *o;
	mo.symbol_filter = NULL;
	m = 1;
	if (!err && o->dyn_own && !c.nr_levels)
		err = hctx__lead_none(&c, &root, &m, o);
	for (; !err && m < nr; m++) {
		struct hctx *mc = &c.mcs[m];
		struct hnode mroot = { 0 };

		if (!group[m])
			continue;
		*mc = (struct hctx){ .hists = group[m], .o = &mo, .filters = o->filters,
				     .fp = fp, .sep = o->field_sep, .color = o->color,
				     .sort = &group[m]->opts.sort,
				     .own = o->dyn_own ? o->dyn_own[m] : NULL };
		err = hctx__build(mc, &mroot, group[m], o);
		if (!err)
			err = hnode__link(&c, mc, &root, &mroot, m, 0);
		hnode__free(&mroot);
	}
	if (!err) {
		hctx__finish(&c, &root);
		hctx__print(&c, &root);
	}
	hnode__free(&root);
	free(c.mcs);
	free(any_own);
	return err;
}
