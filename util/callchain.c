// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <linux/perf_event.h>

#include "alloc.h"
#include "callchain.h"
#include "color.h"
#include "dso.h"
#include "map.h"
#include "symbol.h"

void callchain_cursor__reset(struct callchain_cursor *c)
{
	c->nr = 0;
	c->truncated = false;
	c->from_dwarf = false;
}

int callchain_cursor__append(struct callchain_cursor *c,
			     const struct callchain_cursor_node *node)
{
	if (ALLOC_GROW(c->nodes, c->nr + 1, c->alloc, 64))
		return -ENOMEM;
	c->nodes[c->nr++] = *node;
	return 0;
}

void callchain_cursor__exit(struct callchain_cursor *c)
{
	free(c->nodes);
	memset(c, 0, sizeof(*c));
}

/* An order or key word of -g (perf's abbreviations): true when @tok is one */
static bool parse_order_key(struct callchain_param *p, const char *tok, size_t n)
{
	if (!strncmp(tok, "caller", n) || !strncmp(tok, "callee", n)) {
		p->order = !strncmp(tok, "caller", n) ? ORDER_CALLER : ORDER_CALLEE;
		p->order_set = true;
	} else if (!strncmp(tok, "address", n)) {
		p->key = KEY_ADDRESS;
	} else if (!strncmp(tok, "srcline", n)) {
		p->key = KEY_SRCLINE;
	} else if (!strncmp(tok, "function", n)) {
		p->key = KEY_FUNCTION;
	} else if (!strncmp(tok, "branch", n)) {
		/* as perf: it only matters for samples with branch stacks */
		p->branch = true;
	} else {
		return false;
	}
	return true;
}

/* "percent", "period" or "count" (a prefix of one): the value shown */
static bool parse_value(struct callchain_param *p, const char *tok, size_t n)
{
	if (!strncmp(tok, "percent", n))
		p->value = VALUE_PERCENT;
	else if (!strncmp(tok, "period", n))
		p->value = VALUE_PERIOD;
	else if (!strncmp(tok, "count", n))
		p->value = VALUE_COUNT;
	else
		return false;
	return true;
}

/* A mode word of -g (but none): true when @tok is one */
static bool parse_mode(struct callchain_param *p, const char *tok, size_t n)
{
	static const struct { const char *name; enum chain_mode mode; } modes[] = {
		{ "graph", CHAIN_GRAPH_ABS }, { "flat", CHAIN_FLAT },
		{ "fractal", CHAIN_GRAPH_REL }, { "folded", CHAIN_FOLDED },
	};

	for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
		if (!strncmp(tok, modes[i].name, n)) {
			p->mode = modes[i].mode;
			p->mode_set = true;
			return true;
		}
	return false;
}

/*
 * Words are taken by their prefixes, in perf's order: modes, order, key,
 * value. Any other item is a number, as perf reads them: the first one
 * anywhere is the threshold (strtod), every later one the print limit
 * (strtoul, 0x too); what follows the digits is ignored ("0.5x"). Record's
 * unwinding modes (fp, dwarf) are refused here, as perf report does.
 */
int callchain_param__parse(struct callchain_param *p, const char *arg)
{
	char *s = strdup(arg), *tok, *save = NULL;
	bool threshold_set = false;
	int err = 0;

	if (!s)
		return -ENOMEM;
	p->mode_set = false;
	for (tok = strtok_r(s, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		size_t n = strlen(tok);
		char *end;

		if (!strncmp(tok, "none", n)) {
			/* as perf: nothing after "none" is taken (a later
			 * -g keeps its own threshold, order and key) */
			p->mode = CHAIN_NONE;
			p->mode_set = true;
			break;
		}
		if (parse_mode(p, tok, n) || parse_order_key(p, tok, n) || parse_value(p, tok, n))
			continue;
		if (!threshold_set) {
			p->min_percent = strtod(tok, &end);
			threshold_set = true;
		} else {
			p->print_limit = (uint32_t)strtoul(tok, &end, 0);
		}
		if (end == tok) {
			err = -EINVAL;
			break;
		}
	}
	free(s);
	return err;
}

struct arena_chunk {
	struct arena_chunk *next;
	char data[];
};

#define ARENA_CHUNK (1024 * 1024)

void *callchain_arena__alloc(struct callchain_arena *a, size_t size)
{
	void *p;

	size = (size + 15) & ~(size_t)15;
	if (size > a->left) {
		size_t csize = size > ARENA_CHUNK ? size : ARENA_CHUNK;
		struct arena_chunk *c = malloc(sizeof(*c) + csize);

		if (!c)
			return NULL;
		c->next = a->chunks;
		a->chunks = c;
		a->cur = c->data;
		a->left = csize;
	}
	p = a->cur;
	a->cur += size;
	a->left -= size;
	memset(p, 0, size);
	return p;
}

void callchain_arena__exit(struct callchain_arena *a)
{
	struct arena_chunk *c = a->chunks, *n;

	for (; c; c = n) {
		n = c->next;
		free(c);
	}
	memset(a, 0, sizeof(*a));
}

void callchain_root__init(struct callchain_root *root)
{
	memset(root, 0, sizeof(*root));
}

#define RB_NONE UINT32_MAX

/* A node's position in its parent's tree of children, with the child's
 * comparison key (a walk reads these links only) */
struct cc_link {
	uint32_t left, right, parent;
	uint32_t order;			/* of dso */
	const struct dso *dso;
	uint64_t start, ip;		/* symbol start, raw address */
	bool red, sym, inlined;
};

/* A node's index of its children: a hash (many children of one kind per
 * object) or perf's red-black tree (kinds mixed) */
struct callchain_index {
	uint32_t *hash;		/* child index + 1 by frame hash */
	uint32_t hash_size;
	uint32_t rb_root;	/* RB_NONE: no tree */
	struct cc_link *links;	/* by child index */
	uint32_t links_alloc;
	bool tree;		/* kinds mixed: perf's walk decides */
};

static void node__free_children(struct callchain_node *node)
{
	uint32_t i;

	for (i = 0; i < node->nr_children; i++) {
		node__free_children(node->children[i]);
		free(node->children[i]);
	}
	free(node->children);
	if (node->ix) {
		free(node->ix->hash);
		free(node->ix->links);
		free(node->ix);
	}
}

void callchain_root__exit(struct callchain_root *root)
{
	if (!root->arena)
		node__free_children(&root->node);
	memset(root, 0, sizeof(*root));
}

/* A frame's comparison key: perf orders objects by their dso pointers,
 * which follow the order it created them (dso.h); no object sorts first. */
struct frame_key {
	const struct callchain_cursor_node *f;
	uint32_t order;
	bool inlined;
	uint64_t start;
};

/* The symbol a frame merges by: none for a frame keyed by its address,
 * or by a source line it has */
static inline const struct symbol *frame__ksym(const struct callchain_cursor_node *f)
{
	if (f->key == KEY_ADDRESS || (f->key == KEY_SRCLINE && f->srcline))
		return NULL;
	return f->sym;
}

static void frame_key__init(struct frame_key *k, const struct callchain_cursor_node *f)
{
	const struct symbol *sym = frame__ksym(f);

	k->f = f;
	k->order = f->dso ? f->dso->order : 0;
	k->inlined = sym && sym->inlined;
	k->start = sym ? sym->start : 0;
}

static int dso_value__cmp(const struct dso *ld, uint32_t lo, uint64_t lv,
			  const struct dso *rd, uint32_t ro, uint64_t rv)
{
	if (ld != rd) {
		if (lo != ro)
			return lo < ro ? -1 : 1;
		return (uintptr_t)ld < (uintptr_t)rd ? -1 : 1;
	}
	return lv < rv ? -1 : lv > rv;
}

/*
 * perf's frame comparison, @n a child already in the tree, @k the frame
 * looked up: <0 (@n before it) sends the frame down the left subtree, 0 is
 * a match. By function: two symbols compare by object, then start (inlined
 * ones by name only); when either frame has no symbol, both compare by
 * object, then raw address. By address (-g address): as frames without a
 * symbol. By line (-g srcline): as strings when either has one, else as by
 * function.
 */
static int frame__cmp(const struct callchain_node *n, const struct frame_key *k)
{
	const struct callchain_cursor_node *e = &n->key, *f = k->f;
	const struct symbol *es = frame__ksym(e), *fs = frame__ksym(f);
	uint32_t eo = e->dso ? e->dso->order : 0;
	int r;

	/* -g srcline: by line where either has one (one without first),
	 * else as by function */
	if (f->key == KEY_SRCLINE && (e->srcline || f->srcline)) {
		if (!e->srcline || !f->srcline)
			return e->srcline ? -1 : 1;
		r = strcmp(e->srcline, f->srcline);
		return r < 0 ? -1 : r > 0;
	}
	if (es && fs) {
		if (es->inlined || k->inlined) {
			r = strcmp(es->name, fs->name);
			return r < 0 ? -1 : r > 0;
		}
		return dso_value__cmp(e->dso, eo, es->start, f->dso, k->order, k->start);
	}
	return dso_value__cmp(e->dso, eo, e->ip, f->dso, k->order, f->ip);
}

static void *node__alloc(struct callchain_arena *arena, size_t size)
{
	return arena ? callchain_arena__alloc(arena, size) : calloc(1, size);
}

static void node__free(struct callchain_arena *arena, void *p)
{
	if (!arena)
		free(p);
}

/*
 * Within one object, frames that all have a symbol (none inlined) compare
 * by start and frames that all lack one by address, and objects compare
 * by their order: a total order, in which a walk down the tree finds the
 * equal child if there is one, and whose tree's in-order walk is the
 * descending order. Such children are found by their hash (an index for
 * nodes with many). The first child that mixes the kinds of an object, or
 * is inlined, gets the node perf's tree, built by inserting the children
 * in creation order as perf did; from then on perf's walk decides.
 */
#define CHILD_HASH_MIN	16
#define INLINED_BIT	(1U << 31)

static uint32_t frame_key__bit(const struct frame_key *k)
{
	return 1U << (k->order % 31);
}

/* @k would mix kinds among @n's children */
static bool node__mixes(const struct callchain_node *n, const struct frame_key *k)
{
	/* -g srcline: perf's walk always (lines, names and addresses mix) */
	return k->inlined || k->f->key == KEY_SRCLINE ||
	       (frame_key__bit(k) & (frame__ksym(k->f) ? n->addr_dsos : n->sym_dsos));
}

/* by symbol start or address, and object (perf compares symbols by start:
 * a JIT's map can hold several at one start, which are one frame) */
static uint64_t frame_key__hash(const struct frame_key *k)
{
	const struct symbol *sym = frame__ksym(k->f);
	uint64_t v = sym ? sym->start : k->f->ip;

	v ^= (uint64_t)(uintptr_t)k->f->dso * 0x9e3779b97f4a7c15ULL;
	v ^= v >> 31;
	v *= 0xbf58476d1ce4e5b9ULL;
	return v ^ (v >> 29);
}

/* A node's children: the pointer array and, after it, each child's hash,
 * so a lookup scans one contiguous array of keys. */
static inline uint64_t *node__keys(const struct callchain_node *node)
{
	/* no array yet: no keys (NULL + 0 is undefined behaviour) */
	if (!node->children)
		return NULL;
	return (uint64_t *)(node->children + node->alloc_children);
}

static struct callchain_index *node__ix(struct callchain_arena *arena, struct callchain_node *n)
{
	if (!n->ix) {
		n->ix = node__alloc(arena, sizeof(*n->ix));
		if (n->ix)
			n->ix->rb_root = RB_NONE;
	}
	return n->ix;
}

static void node__hash_add(struct callchain_index *ix, uint64_t h, uint32_t idx)
{
	uint32_t mask = ix->hash_size - 1, s = (uint32_t)h & mask;

	while (ix->hash[s])
		s = (s + 1) & mask;
	ix->hash[s] = idx + 1;
}

/* (Re)build the hash when it gets half full; 0 or -ENOMEM */
static int node__hash_build(struct callchain_arena *arena, struct callchain_node *node)
{
	struct callchain_index *ix = node__ix(arena, node);
	uint64_t *keys = node__keys(node);
	uint32_t size = 64, i;

	if (!ix)
		return -ENOMEM;
	while (size < node->nr_children * 4)
		size *= 2;
	node__free(arena, ix->hash);
	ix->hash = node__alloc(arena, size * sizeof(*ix->hash));
	ix->hash_size = ix->hash ? size : 0;
	if (!ix->hash)
		return -ENOMEM;
	for (i = 0; i < node->nr_children; i++)
		node__hash_add(ix, keys[i], i);
	return 0;
}

/* Equality without the walk, for children of one kind per object (no
 * inlined ones): symbols by start, as perf's comparison */
static bool frame__same(const struct callchain_node *n, const struct frame_key *k)
{
	const struct callchain_cursor_node *e = &n->key, *f = k->f;

	const struct symbol *es = frame__ksym(e), *fs = frame__ksym(f);

	if (e->dso != f->dso || !es != !fs)
		return false;
	return es ? es->start == fs->start : e->ip == f->ip;
}

/* The equal child of a node of one kind per object, by hash; NULL: none */
static struct callchain_node *node__find_hashed(const struct callchain_node *node,
						const struct frame_key *k, uint64_t h)
{
	const uint64_t *keys = node__keys(node);
	const struct callchain_index *ix = node->ix;
	uint32_t i;

	if (ix && ix->hash) {
		uint32_t mask = ix->hash_size - 1, sl;

		for (sl = (uint32_t)h & mask; ix->hash[sl]; sl = (sl + 1) & mask) {
			i = ix->hash[sl] - 1;
			if (keys[i] == h && frame__same(node->children[i], k))
				return node->children[i];
		}
		return NULL;
	}
	for (i = 0; i < node->nr_children; i++)
		if (keys[i] == h && frame__same(node->children[i], k))
			return node->children[i];
	return NULL;
}

/* perf's tree of children: indexes into the children and ix->links */
static void rb_rotate(struct callchain_index *ix, uint32_t x, bool left)
{
	struct cc_link *L = ix->links;
	uint32_t y = left ? L[x].right : L[x].left, inner;

	inner = left ? L[y].left : L[y].right;
	if (left)
		L[x].right = inner;
	else
		L[x].left = inner;
	if (inner != RB_NONE)
		L[inner].parent = x;
	L[y].parent = L[x].parent;
	if (L[x].parent == RB_NONE)
		ix->rb_root = y;
	else if (L[L[x].parent].left == x)
		L[L[x].parent].left = y;
	else
		L[L[x].parent].right = y;
	if (left)
		L[y].left = x;
	else
		L[y].right = x;
	L[x].parent = y;
}

static void rb_fixup(struct callchain_index *ix, uint32_t z)
{
	struct cc_link *L = ix->links;

	while (L[z].parent != RB_NONE && L[L[z].parent].red) {
		uint32_t par = L[z].parent, g = L[par].parent;
		bool pleft = par == L[g].left;
		uint32_t u = pleft ? L[g].right : L[g].left;

		if (u != RB_NONE && L[u].red) {
			L[par].red = false;
			L[u].red = false;
			L[g].red = true;
			z = g;
			continue;
		}
		if (z == (pleft ? L[par].right : L[par].left)) {
			z = par;
			rb_rotate(ix, z, pleft);
			par = L[z].parent;
			g = L[par].parent;
		}
		L[par].red = false;
		L[g].red = true;
		rb_rotate(ix, g, !pleft);
	}
	L[ix->rb_root].red = false;
}

/* frame__cmp() from a child's link */
static int link__cmp(const struct callchain_node *node, uint32_t i, const struct frame_key *k)
{
	const struct cc_link *l = &node->ix->links[i];
	const struct callchain_cursor_node *f = k->f;

	if (f->key == KEY_SRCLINE)
		return frame__cmp(node->children[i], k);
	if (l->sym && frame__ksym(f)) {
		if (l->inlined || k->inlined)
			return frame__cmp(node->children[i], k);
		return dso_value__cmp(l->dso, l->order, l->start, f->dso, k->order, k->start);
	}
	return dso_value__cmp(l->dso, l->order, l->ip, f->dso, k->order, f->ip);
}

/* perf's walk for @k: the equal child, or NULL and where a new one goes */
static struct callchain_node *rb_walk(const struct callchain_node *node, const struct frame_key *k,
				      uint32_t *up, int *dir)
{
	const struct cc_link *L = node->ix->links;
	uint32_t cur = node->ix->rb_root;

	*up = RB_NONE;
	*dir = 0;
	while (cur != RB_NONE) {
		int r = link__cmp(node, cur, k);

		if (!r)
			return node->children[cur];
		*up = cur;
		*dir = r;
		cur = r < 0 ? L[cur].left : L[cur].right;
	}
	return NULL;
}

static void rb_link(struct callchain_index *ix, uint32_t idx, const struct frame_key *k,
		    uint32_t up, int dir)
{
	struct cc_link *l = &ix->links[idx];

	l->dso = k->f->dso;
	l->order = k->order;
	l->start = k->start;
	l->ip = k->f->ip;
	l->sym = frame__ksym(k->f) != NULL;
	l->inlined = k->inlined;
	l->left = l->right = RB_NONE;
	l->parent = up;
	l->red = true;
	if (up == RB_NONE)
		ix->rb_root = idx;
	else if (dir < 0)
		ix->links[up].left = idx;
	else
		ix->links[up].right = idx;
	rb_fixup(ix, idx);
}

static int node__links_room(struct callchain_arena *arena, struct callchain_index *ix, uint32_t n)
{
	struct cc_link *p;

	if (n <= ix->links_alloc)
		return 0;
	p = node__alloc(arena, n * sizeof(*p));
	if (!p)
		return -ENOMEM;
	if (ix->links_alloc)
		memcpy(p, ix->links, ix->links_alloc * sizeof(*p));
	node__free(arena, ix->links);
	ix->links = p;
	ix->links_alloc = n;
	return 0;
}

/* The node's children so far of one kind per object: perf's tree is the
 * one they make when inserted in creation order */
static int node__tree_build(struct callchain_arena *arena, struct callchain_node *node)
{
	struct callchain_index *ix = node__ix(arena, node);
	uint32_t i, up;
	int dir;

	if (!ix || node__links_room(arena, ix, node->alloc_children ? node->alloc_children : 2))
		return -ENOMEM;
	ix->tree = true;
	ix->rb_root = RB_NONE;
	for (i = 0; i < node->nr_children; i++) {
		struct frame_key k;

		frame_key__init(&k, &node->children[i]->key);
		/* distinct in a total order: the walk ends at a leaf */
		rb_walk(node, &k, &up, &dir);
		rb_link(ix, i, &k, up, dir);
	}
	return 0;
}

/* The child @f goes to: the one perf's walk meets as equal, or a new one
 * where the walk ends. */
static inline __attribute__((always_inline)) struct callchain_node *node__child(struct callchain_arena *arena,
					  struct callchain_node *node,
					  const struct callchain_cursor_node *f,
					  bool *walked)
{
	struct callchain_node *c;
	struct frame_key k;
	uint32_t idx, up = RB_NONE;
	uint64_t h;
	bool tree;
	int dir = 0;

	frame_key__init(&k, f);
	h = frame_key__hash(&k);
	tree = node->ix && node->ix->tree;
	if (!tree && !node__mixes(node, &k)) {
		c = node__find_hashed(node, &k, h);
		if (c)
			return c;
	} else {
		*walked = true;
		if (!tree && node__tree_build(arena, node))
			return NULL;
		tree = true;
		c = rb_walk(node, &k, &up, &dir);
		if (c)
			return c;
	}
	if (node->nr_children == node->alloc_children) {
		uint32_t n = node->alloc_children ? node->alloc_children * 2 : 2;
		uint64_t *keys = node__keys(node);
		struct callchain_node **p = node__alloc(arena, n * (sizeof(*p) + sizeof(*keys)));

		if (!p)
			return NULL;
		if (node->nr_children) {
			memcpy(p, node->children, node->nr_children * sizeof(*p));
			memcpy(p + n, keys, node->nr_children * sizeof(*keys));
		}
		node__free(arena, node->children);
		node->children = p;
		node->alloc_children = n;
		if (tree && node__links_room(arena, node->ix, n))
			return NULL;
	}
	c = node__alloc(arena, sizeof(*c));
	if (!c)
		return NULL;
	c->parent = node;
	c->key = *f;
	idx = node->nr_children++;
	node->children[idx] = c;
	node__keys(node)[idx] = h;
	if (k.inlined)
		node->sym_dsos |= INLINED_BIT;
	if (frame__ksym(f))
		node->sym_dsos |= frame_key__bit(&k);
	else
		node->addr_dsos |= frame_key__bit(&k);
	if (tree) {
		rb_link(node->ix, idx, &k, up, dir);
	} else if (node->ix && node->ix->hash && node->nr_children * 2 <= node->ix->hash_size) {
		node__hash_add(node->ix, h, idx);
	} else if (node->nr_children >= CHILD_HASH_MIN && node__hash_build(arena, node)) {
		return NULL;
	}
	return c;
}

/* children of one kind per object: the descending order of the walk */
static int tree_order_cmp(const void *a, const void *b)
{
	const struct callchain_node *l = *(struct callchain_node * const *)a;
	const struct callchain_node *r = *(struct callchain_node * const *)b;
	struct frame_key k;

	frame_key__init(&k, &r->key);
	return -frame__cmp(l, &k);
}

void callchain_node__tree_order(const struct callchain_node *node,
				struct callchain_node **out)
{
	const struct callchain_index *ix = node->ix;
	uint32_t n = 0, cur, i;

	if (!ix || !ix->tree) {
		for (i = 0; i < node->nr_children; i++)
			out[i] = node->children[i];
		qsort(out, node->nr_children, sizeof(*out), tree_order_cmp);
		return;
	}
	/* in-order: leftmost, then successors */
	cur = ix->rb_root;
	while (cur != RB_NONE && ix->links[cur].left != RB_NONE)
		cur = ix->links[cur].left;
	while (cur != RB_NONE) {
		out[n++] = node->children[cur];
		if (ix->links[cur].right != RB_NONE) {
			cur = ix->links[cur].right;
			while (ix->links[cur].left != RB_NONE)
				cur = ix->links[cur].left;
		} else {
			uint32_t up = ix->links[cur].parent;

			while (up != RB_NONE && ix->links[up].right == cur) {
				cur = up;
				up = ix->links[cur].parent;
			}
			cur = up;
		}
	}
}

/*
 * @frames (@nr) are the chain that ended at root->last: each frame is the
 * key of the node on that way (the hash finds it: same object, same
 * symbol or address, same kind of key, so no walk either)
 */
static bool root__same_as_last(const struct callchain_root *root,
			       const struct callchain_cursor_node *frames, uint32_t nr)
{
	const struct callchain_node *n = root->last;

	if (!n || root->last_nr != nr || !nr)
		return false;
	for (uint32_t i = nr; i-- > 0; n = n->parent) {
		const struct callchain_cursor_node *f = &frames[i];

		if (!frame__same(n, &(struct frame_key){ .f = f }) || n->key.key != f->key)
			return false;
	}
	return true;
}

int callchain_root__append(struct callchain_root *root,
			   const struct callchain_cursor_node *frames, uint32_t nr,
			   uint64_t period)
{
	struct callchain_node *node = &root->node;
	bool walked = false;
	uint32_t i;

	/* a chain appended twice in a row (idle loops, a hot path): the
	 * nodes of the last one, found again without a look-up each */
	if (root__same_as_last(root, frames, nr)) {
		node = root->last;
		node->hit += period;
		node->count++;
		for (; node; node = node->parent) {
			node->cumul += period;
			node->cumul_count++;
		}
		return 0;
	}
	root->last = NULL;
	node->cumul += period;
	node->cumul_count++;
	for (i = 0; i < nr; i++) {
		node = node__child(root->arena, node, &frames[i], &walked);
		if (!node)
			return -ENOMEM;
		node->cumul += period;
		node->cumul_count++;
	}
	node->hit += period;
	node->count++;
	if (!walked) {
		root->last = node;
		root->last_nr = nr;
	}
	return 0;
}

const char *callchain_frame__name(const struct callchain_cursor_node *f,
				  char *buf, size_t size)
{
	if (f->sym && f->key != KEY_FUNCTION && f->srcline)
		snprintf(buf, size, "%s %s%s", f->sym->name, f->srcline,
			 f->sym->inlined ? " (inlined)" : "");
	else if (f->sym && f->sym->inlined)
		snprintf(buf, size, "%s (inlined)", f->sym->name);
	else if (f->sym)
		snprintf(buf, size, "%s", f->sym->name);
	else
		snprintf(buf, size, "%#" PRIx64, f->ip);
	return buf;
}

/* ---- printing ------------------------------------------------------- */

struct print_ctx {
	FILE *fp;
	const struct callchain_param *param;
	uint64_t min_hit;
	size_t ret;
};

struct ranked {
	struct callchain_node *node;
	uint32_t pos;
};

static int ranked_cmp(const void *a, const void *b)
{
	const struct ranked *l = a, *r = b;

	if (l->node->cumul != r->node->cumul)
		return l->node->cumul > r->node->cumul ? -1 : 1;
	return l->pos < r->pos ? -1 : l->pos > r->pos;
}

/* perf inserts the children in tree order into a tree by weight where
 * equal ones go right: heaviest first, equal ones in tree order. A node
 * with one child and no own hits is one "compressed" node in perf's tree:
 * its frames print as a list. */
uint32_t callchain_node__sorted_children(const struct callchain_node *node, uint64_t min_hit,
					 struct callchain_node ***out)
{
	struct callchain_node **v, *c;
	struct ranked *rk;
	uint32_t i, n = 0;

	*out = NULL;
	if (!node->nr_children)
		return 0;
	v = malloc(node->nr_children * sizeof(*v));
	rk = malloc(node->nr_children * sizeof(*rk));
	if (!v || !rk) {
		free(v);
		free(rk);
		return 0;
	}
	callchain_node__tree_order(node, v);
	for (i = 0; i < node->nr_children; i++)
		if ((c = v[i])->cumul >= min_hit && c->cumul) {
			rk[n].node = c;
			rk[n].pos = n;
			n++;
		}
	qsort(rk, n, sizeof(*rk), ranked_cmp);
	for (i = 0; i < n; i++)
		v[i] = rk[i].node;
	free(rk);
	*out = v;
	return n;
}

struct merge_ctx {
	struct callchain_root *dst;
	struct callchain_cursor_node *path;
	uint32_t nr, alloc;
	int err;
};

static void merge_walk(struct merge_ctx *m, const struct callchain_node *n);

/* @n's children in tree order */
static void merge_children(struct merge_ctx *m, const struct callchain_node *n)
{
	struct callchain_node **v;
	uint32_t i;

	if (!n->nr_children)
		return;
	v = malloc(n->nr_children * sizeof(*v));
	if (!v) {
		m->err = -ENOMEM;
		return;
	}
	callchain_node__tree_order(n, v);
	for (i = 0; i < n->nr_children && !m->err; i++)
		merge_walk(m, v[i]);
	free(v);
}

static void merge_walk(struct merge_ctx *m, const struct callchain_node *n)
{

	if (ALLOC_GROW(m->path, m->nr + 1, m->alloc, 64)) {
		m->err = -ENOMEM;
		return;
	}
	m->path[m->nr++] = n->key;
	if (n->hit)
		m->err = callchain_root__append(m->dst, m->path, m->nr, n->hit);
	if (!m->err)
		merge_children(m, n);
	m->nr--;
}

int callchain_root__merge(struct callchain_root *dst, const struct callchain_root *src)
{
	struct merge_ctx m = { .dst = dst };

	/* an empty chain's period sits on the root */
	if (src->node.hit)
		m.err = callchain_root__append(dst, NULL, 0, src->node.hit);
	if (!m.err)
		merge_children(&m, &src->node);
	free(m.path);
	return m.err;
}

/* Follow single-child, no-hit links: the end of a compressed node. */
static const struct callchain_node *node__chain_end(const struct callchain_node *n)
{
	while (n->nr_children == 1 && n->hit == 0)
		n = n->children[0];
	return n;
}

/* @pre, a node's value (-g's percent, period or count: of @period of
 * @total, its @count samples; the percentage coloured with
 * --stdio-color), @post */
static size_t chain_value(FILE *fp, const struct callchain_param *p, const char *pre,
			  uint64_t period, uint64_t count, uint64_t total, const char *post)
{
	double pct = total ? period * 100.0 / total : 0.0;
	char num[32];

	if (p->value == VALUE_PERIOD)
		snprintf(num, sizeof(num), "%" PRIu64, period);
	else if (p->value == VALUE_COUNT)
		snprintf(num, sizeof(num), "%u", (unsigned int)count);
	else
		snprintf(num, sizeof(num), "%.2f%%", pct);
	fputs(pre, fp);
	if (p->value == VALUE_PERCENT)
		percent_fputs(fp, p->color, pct, num);
	else
		fputs(num, fp);
	fputs(post, fp);
	return strlen(pre) + strlen(num) + strlen(post);
}

static void margin(struct print_ctx *c, int left)
{
	c->ret += (size_t)fprintf(c->fp, "            %*s", left, "");
}

/* perf's graph keeps the '|' columns in a 32-bit mask and shifts by the
 * depth: past 32 levels the bits come round again (x86 takes the shift
 * count modulo 32), and so do perf's '|' columns */
#define GRAPH_BIT(i) (1U << ((unsigned)(i) & 31))

static void graph_line(struct print_ctx *c, int depth, uint32_t mask, int left)
{
	int i;

	margin(c, left);
	for (i = 0; i < depth; i++)
		c->ret += (size_t)fputs(mask & GRAPH_BIT(i) ? "|          " : "           ", c->fp);
	c->ret += (size_t)fputs("\n", c->fp);
}

uint64_t callchain__min_hit(double total, double percent, bool round_up)
{
	double v = total * (percent / 100.0);

	if (round_up)
		v = ceil(v);
	/* out of range, as perf's output comes out on x86-64: a negative
	 * threshold or nan a huge count (no chain shown), one past 2^64
	 * (inf) none (every chain) */
	if (isnan(v))
		return UINT64_C(1) << 63;
	if (v < 0.0)
		return v > -9.2e18 ? (uint64_t)(int64_t)v : UINT64_C(1) << 63;
	if (!(v < 18446744073709551616.0))
		return 0;
	return (uint64_t)v;
}

/* fractal's threshold in hits, of the hits below a node: rounded up,
 * as perf rounds it (graph's, of the entry's total, is rounded down) */
static uint64_t rel_min_hit(uint64_t below, const struct callchain_param *param)
{
	return callchain__min_hit((double)below, param->min_percent, true);
}

static void print_graph(struct print_ctx *c, const struct callchain_node *parent,
			uint64_t total, int depth, uint32_t mask, int left)
{
	struct callchain_node **kids;
	/* fractal: the threshold is a share of the hits below @parent (as
	 * perf's), the percentages of @total (the entry's for the first
	 * level): a node with much self time keeps its small children */
	uint32_t n = callchain_node__sorted_children(parent, c->param->mode == CHAIN_GRAPH_REL ?
					   rel_min_hit(parent->cumul - parent->hit, c->param) :
					   c->min_hit, &kids);
	uint64_t remaining = total, counted = 0;
	uint32_t k, printed = 0;
	char buf[1024];	/* perf cuts a name at 1023 */

	for (k = 0; k < n; k++) {
		const struct callchain_node *child = kids[k], *f, *end;
		uint32_t newmask = mask;
		int i, idx = 0;

		remaining -= child->cumul;
		counted += child->cumul_count;
		if (k + 1 == n && (c->param->mode != CHAIN_GRAPH_REL || !remaining))
			newmask &= ~GRAPH_BIT(depth - 1);
		graph_line(c, depth, mask, left);
		end = node__chain_end(child);
		for (f = child;; f = f->children[0]) {
			margin(c, left);
			for (i = 0; i < depth; i++) {
				fputc(newmask & GRAPH_BIT(i) ? '|' : ' ', c->fp);
				if (!idx && i == depth - 1)
					c->ret += chain_value(c->fp, c->param, "--", child->cumul,
							      child->cumul_count, total, "--");
				else
					c->ret += (size_t)fputs("          ", c->fp);
			}
			c->ret += (size_t)fprintf(c->fp, "%s\n",
					callchain_frame__name(&f->key, buf, sizeof(buf)));
			idx++;
			if (f == end)
				break;
		}
		print_graph(c, end, c->param->mode == CHAIN_GRAPH_REL ? end->cumul - end->hit +
			    0 : total, depth + 1, newmask | GRAPH_BIT(depth), left);
		if (++printed == c->param->print_limit)
			break;
	}
	if (c->param->mode == CHAIN_GRAPH_REL && remaining && remaining != total) {
		/* -g count: the samples below @parent the children shown
		 * leave (@parent's own are not), none: no remainder; without
		 * a child shown, perf's remainder counts 0 */
		uint64_t rest = parent->cumul_count - parent->count - counted;
		int i;

		if (c->param->value == VALUE_COUNT && printed && !rest) {
			free(kids);
			return;
		}
		if (!printed)
			rest = 0;
		mask &= ~GRAPH_BIT(depth - 1);
		margin(c, left);
		for (i = 0; i < depth; i++) {
			fputc(mask & GRAPH_BIT(i) ? '|' : ' ', c->fp);
			if (i == depth - 1)
				c->ret += chain_value(c->fp, c->param, "--", remaining, rest,
						      total, "--");
			else
				c->ret += (size_t)fputs("          ", c->fp);
		}
		/* perf 6.1 follows its "[...]" remainder with " (inlined)"
		 * or not, from a flag it never sets (uninitialised memory,
		 * changes from run to run): not followed */
		c->ret += (size_t)fputs("[...]\n", c->fp);
	}
	free(kids);
}

static void print_path(struct print_ctx *c, const struct callchain_node *n, bool folded,
		       bool *first)
{
	char buf[1024];

	if (!n->parent)
		return;
	print_path(c, n->parent, folded, first);
	/* perf's flat and folded lines leave out a frame at an address
	 * among its context markers: the ffffffffffffffff one of a DWARF
	 * stack that ran past its copy (the graph shows it) */
	if (n->key.ip >= PERF_CONTEXT_MAX)
		return;
	if (folded) {
		c->ret += (size_t)fprintf(c->fp, "%s%s", *first ? "" :
					  c->param->folded_sep ? c->param->folded_sep : ";",
					  callchain_frame__name(&n->key, buf, sizeof(buf)));
		*first = false;
	} else {
		c->ret += (size_t)fprintf(c->fp, "                %s\n",
					  callchain_frame__name(&n->key, buf, sizeof(buf)));
	}
}

static void collect_flat(const struct callchain_node *n, uint64_t min_hit,
			 const struct callchain_node ***v, uint32_t *nr, uint32_t *alloc)
{
	struct callchain_node **kids = n->nr_children ? malloc(n->nr_children * sizeof(*kids)) : NULL;
	uint32_t i;

	if (kids) {
		callchain_node__tree_order(n, kids);
		for (i = 0; i < n->nr_children; i++)
			collect_flat(kids[i], min_hit, v, nr, alloc);
		free(kids);
	}
	if (n->parent && n->hit && n->hit >= min_hit) {
		if (ALLOC_GROW(*v, *nr + 1, *alloc, 16))
			return;
		(*v)[(*nr)++] = n;
	}
}

/* stable: equal hits keep the collection order */
static void flat_sort(const struct callchain_node **v, uint32_t nr)
{
	uint32_t i, j;

	for (i = 1; i < nr; i++) {
		const struct callchain_node *x = v[i];

		for (j = i; j > 0 && v[j - 1]->hit < x->hit; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

size_t callchain__fprintf(FILE *fp, struct callchain_root *root,
			  const struct callchain_param *param, uint64_t total,
			  uint64_t min_total, uint64_t parent_total, bool skip_first)
{
	struct print_ctx c = {
		.fp = fp, .param = param,
		.min_hit = callchain__min_hit((double)(min_total ? min_total : total),
					      param->min_percent, false),
	};
	const struct callchain_node *start = &root->node;
	char buf[1024];
	int left = 0;

	if (param->mode == CHAIN_FLAT || param->mode == CHAIN_FOLDED) {
		const struct callchain_node **v = NULL;
		uint32_t nr = 0, alloc = 0, i;

		collect_flat(&root->node, c.min_hit, &v, &nr, &alloc);
		flat_sort(v, nr);
		for (i = 0; i < nr; i++) {
			bool first = true;

			if (param->mode == CHAIN_FLAT) {
				c.ret += chain_value(fp, param, "           ", v[i]->cumul,
						     v[i]->cumul_count, total, "\n");
				print_path(&c, v[i], false, &first);
				c.ret += (size_t)fputs("\n", fp);
			} else {
				c.ret += chain_value(fp, param, "", v[i]->hit, v[i]->count, total,
						     " ");
				print_path(&c, v[i], true, &first);
				c.ret += (size_t)fputs("\n", fp);
			}
			if (i + 1 == param->print_limit)
				break;
		}
		free(v);
		return c.ret;
	}
	if (param->mode != CHAIN_GRAPH_ABS && param->mode != CHAIN_GRAPH_REL)
		return 0;

	{
		struct callchain_node **kids;
		uint32_t n = callchain_node__sorted_children(&root->node, param->mode == CHAIN_GRAPH_REL ?
						   rel_min_hit(parent_total, param) :
						   c.min_hit, &kids);

		/* a single root reaching the entry's whole period: no
		 * percentage, frames listed after "---" */
		if (n == 1 && kids[0]->cumul == parent_total) {
			const struct callchain_node *f, *end = node__chain_end(kids[0]);
			bool printed = false;
			int i = 0;
			uint32_t entries = 0;

			for (f = kids[0];; f = f->children[0]) {
				if (!(i++ == 0 && skip_first)) {
					if (!printed) {
						margin(&c, left);
						c.ret += (size_t)fputs("|\n", fp);
						margin(&c, left);
						c.ret += (size_t)fputs("---", fp);
						left += 3;
						printed = true;
					} else {
						margin(&c, left);
					}
					c.ret += (size_t)fprintf(fp, "%s\n",
						callchain_frame__name(&f->key, buf, sizeof(buf)));
					if (++entries == param->print_limit)
						break;
				}
				if (f == end)
					break;
			}
			start = end;
		}
		free(kids);
	}
	print_graph(&c, start, param->mode == CHAIN_GRAPH_REL ? parent_total : total,
		    1, 1, left);
	if (c.ret)
		c.ret += (size_t)fputs("\n", fp);
	return c.ret;
}
