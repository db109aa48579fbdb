// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "callchain.h"
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
	if (c->nr == c->alloc) {
		uint32_t n = c->alloc ? c->alloc * 2 : 64;
		struct callchain_cursor_node *p = realloc(c->nodes, n * sizeof(*p));

		if (!p)
			return -ENOMEM;
		c->nodes = p;
		c->alloc = n;
	}
	c->nodes[c->nr++] = *node;
	return 0;
}

void callchain_cursor__exit(struct callchain_cursor *c)
{
	free(c->nodes);
	memset(c, 0, sizeof(*c));
}

int callchain_param__parse(struct callchain_param *p, const char *arg)
{
	char *s = strdup(arg), *tok, *save = NULL;
	int err = 0;

	if (!s)
		return -ENOMEM;
	for (tok = strtok_r(s, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		size_t n = strlen(tok);
		char *end;
		double v;

		if (!strncmp(tok, "graph", n))
			p->mode = CHAIN_GRAPH_ABS;
		else if (!strncmp(tok, "flat", n))
			p->mode = CHAIN_FLAT;
		else if (!strncmp(tok, "fractal", n))
			p->mode = CHAIN_GRAPH_REL;
		else if (!strncmp(tok, "folded", n))
			p->mode = CHAIN_FOLDED;
		else if (!strncmp(tok, "none", n))
			p->mode = CHAIN_NONE;
		else if (!strncmp(tok, "caller", n)) {
			p->order = ORDER_CALLER;
			p->order_set = true;
		} else if (!strncmp(tok, "callee", n)) {
			p->order = ORDER_CALLEE;
			p->order_set = true;
		} else if (!strncmp(tok, "function", n) || !strncmp(tok, "address", n) ||
			   !strncmp(tok, "percent", n) || !strncmp(tok, "period", n) ||
			   !strncmp(tok, "count", n) || !strncmp(tok, "fp", n)) {
			/* accepted: function key, percent value are what we do */
		} else {
			v = strtod(tok, &end);
			if (end != tok && !*end && v >= 0) {
				if (p->min_percent < 0 || tok == s || 1)
					p->min_percent = v;
			} else {
				err = -EINVAL;
				break;
			}
			/* a second number is the print limit */
			tok = strtok_r(NULL, ",", &save);
			if (!tok)
				break;
			v = strtod(tok, &end);
			if (end != tok && !*end) {
				p->print_limit = (uint32_t)v;
				continue;
			}
			n = strlen(tok);
			if (!strncmp(tok, "caller", n)) {
				p->order = ORDER_CALLER;
				p->order_set = true;
			} else if (!strncmp(tok, "callee", n)) {
				p->order = ORDER_CALLEE;
				p->order_set = true;
			} else if (strncmp(tok, "function", n) && strncmp(tok, "address", n) &&
				   strncmp(tok, "percent", n) && strncmp(tok, "period", n)) {
				err = -EINVAL;
				break;
			}
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
	root->node.rb_root = CALLCHAIN_RB_NONE;
}

static void node__free_children(struct callchain_node *node)
{
	uint32_t i;

	for (i = 0; i < node->nr_children; i++) {
		node__free_children(node->children[i]);
		free(node->children[i]);
	}
	free(node->children);
}

void callchain_root__exit(struct callchain_root *root)
{
	if (!root->arena)
		node__free_children(&root->node);
	memset(root, 0, sizeof(*root));
}

#define RB_NONE CALLCHAIN_RB_NONE

/* perf orders objects by their dso pointers, which follow the order it
 * created them (dso.h); no object sorts first */
static int dso__cmp_order(const struct dso *l, const struct dso *r)
{
	uint32_t lo = l ? l->order : 0, ro = r ? r->order : 0;

	if (lo != ro)
		return lo < ro ? -1 : 1;
	return l == r ? 0 : (uintptr_t)l < (uintptr_t)r ? -1 : 1;
}

static int dso_value__cmp(const struct dso *ld, uint64_t lv, const struct dso *rd, uint64_t rv)
{
	if (ld != rd)
		return dso__cmp_order(ld, rd);
	return lv < rv ? -1 : lv > rv;
}

/*
 * perf's frame comparison with the "function" key, @e a child already in
 * the tree, @f the frame looked up: <0 (@e before @f) sends @f down the
 * left subtree, 0 is a match. Two symbols compare by object, then start
 * (inlined ones by name only); when either frame has no symbol, both
 * compare by object, then raw address.
 */
static int frame__cmp(const struct callchain_cursor_node *e, const struct callchain_cursor_node *f)
{
	if (e->sym && f->sym) {
		if (e->sym->inlined || f->sym->inlined) {
			int r = strcmp(e->sym->name, f->sym->name);

			return r < 0 ? -1 : r > 0;
		}
		return dso_value__cmp(e->dso, e->sym->start, f->dso, f->sym->start);
	}
	return dso_value__cmp(e->dso, e->ip, f->dso, f->ip);
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

/* the children's red-black tree: indexes into p->children */
static void rb_rotate(struct callchain_node *p, uint32_t x, bool left)
{
	struct callchain_node **k = p->children, *X = k[x], *Y;
	uint32_t y = left ? X->rb_right : X->rb_left, inner;

	Y = k[y];
	inner = left ? Y->rb_left : Y->rb_right;
	if (left)
		X->rb_right = inner;
	else
		X->rb_left = inner;
	if (inner != RB_NONE)
		k[inner]->rb_parent = x;
	Y->rb_parent = X->rb_parent;
	if (X->rb_parent == RB_NONE)
		p->rb_root = y;
	else if (k[X->rb_parent]->rb_left == x)
		k[X->rb_parent]->rb_left = y;
	else
		k[X->rb_parent]->rb_right = y;
	if (left)
		Y->rb_left = x;
	else
		Y->rb_right = x;
	X->rb_parent = y;
}

static void rb_fixup(struct callchain_node *p, uint32_t z)
{
	struct callchain_node **k = p->children;

	while (k[z]->rb_parent != RB_NONE && k[k[z]->rb_parent]->rb_red) {
		uint32_t par = k[z]->rb_parent, g = k[par]->rb_parent;
		bool pleft = par == k[g]->rb_left;
		uint32_t u = pleft ? k[g]->rb_right : k[g]->rb_left;

		if (u != RB_NONE && k[u]->rb_red) {
			k[par]->rb_red = false;
			k[u]->rb_red = false;
			k[g]->rb_red = true;
			z = g;
			continue;
		}
		if (z == (pleft ? k[par]->rb_right : k[par]->rb_left)) {
			z = par;
			rb_rotate(p, z, pleft);
			par = k[z]->rb_parent;
			g = k[par]->rb_parent;
		}
		k[par]->rb_red = false;
		k[g]->rb_red = true;
		rb_rotate(p, g, !pleft);
	}
	k[p->rb_root]->rb_red = false;
}

/* The child @f goes to: the one perf's walk meets as equal, or a new one
 * where the walk ends. */
static struct callchain_node *node__child(struct callchain_arena *arena,
					  struct callchain_node *node,
					  const struct callchain_cursor_node *f)
{
	struct callchain_node *c;
	uint32_t cur = node->rb_root, up = RB_NONE, idx;
	int r = 0;

	while (cur != RB_NONE) {
		c = node->children[cur];
		r = frame__cmp(&c->key, f);
		if (!r)
			return c;
		up = cur;
		cur = r < 0 ? c->rb_left : c->rb_right;
	}
	if (node->nr_children == node->alloc_children) {
		uint32_t n = node->alloc_children ? node->alloc_children * 2 : 2;
		struct callchain_node **p = node__alloc(arena, n * sizeof(*p));

		if (!p)
			return NULL;
		if (node->nr_children)
			memcpy(p, node->children, node->nr_children * sizeof(*p));
		node__free(arena, node->children);
		node->children = p;
		node->alloc_children = n;
	}
	c = node__alloc(arena, sizeof(*c));
	if (!c)
		return NULL;
	c->parent = node;
	c->key = *f;
	c->rb_root = RB_NONE;
	c->rb_left = c->rb_right = RB_NONE;
	c->rb_parent = up;
	c->rb_red = true;
	idx = node->nr_children++;
	node->children[idx] = c;
	if (up == RB_NONE)
		node->rb_root = idx;
	else if (r < 0)
		node->children[up]->rb_left = idx;
	else
		node->children[up]->rb_right = idx;
	rb_fixup(node, idx);
	return c;
}

static struct callchain_node *rb_leftmost(const struct callchain_node *p, uint32_t i)
{
	if (i == RB_NONE)
		return NULL;
	while (p->children[i]->rb_left != RB_NONE)
		i = p->children[i]->rb_left;
	return p->children[i];
}

struct callchain_node *callchain_node__first(const struct callchain_node *node)
{
	return rb_leftmost(node, node->rb_root);
}

struct callchain_node *callchain_node__next(const struct callchain_node *child)
{
	const struct callchain_node *p = child->parent;
	uint32_t up;

	if (child->rb_right != RB_NONE)
		return rb_leftmost(p, child->rb_right);
	for (up = child->rb_parent; up != RB_NONE; up = child->rb_parent) {
		const struct callchain_node *u = p->children[up];

		if (u->rb_left != RB_NONE && p->children[u->rb_left] == child)
			return p->children[up];
		child = u;
	}
	return NULL;
}

int callchain_root__append(struct callchain_root *root,
			   const struct callchain_cursor_node *frames, uint32_t nr,
			   uint64_t period)
{
	struct callchain_node *node = &root->node;
	uint32_t i;

	node->cumul += period;
	node->cumul_count++;
	for (i = 0; i < nr; i++) {
		node = node__child(root->arena, node, &frames[i]);
		if (!node)
			return -ENOMEM;
		node->cumul += period;
		node->cumul_count++;
	}
	node->hit += period;
	node->count++;
	return 0;
}

const char *callchain_frame__name(const struct callchain_cursor_node *f,
				  char *buf, size_t size)
{
	if (f->sym && f->sym->inlined) {
		snprintf(buf, size, "%s (inlined)", f->sym->name);
		return buf;
	}
	if (f->sym)
		return f->sym->name;
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
	for (c = callchain_node__first(node); c; c = callchain_node__next(c))
		if (c->cumul >= min_hit && c->cumul) {
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

static uint32_t node__sorted_children(const struct callchain_node *node, uint64_t min_hit,
				      struct callchain_node ***out)
{
	return callchain_node__sorted_children(node, min_hit, out);
}

struct merge_ctx {
	struct callchain_root *dst;
	struct callchain_cursor_node *path;
	uint32_t nr, alloc;
	int err;
};

static void merge_walk(struct merge_ctx *m, const struct callchain_node *n)
{
	const struct callchain_node *c;

	if (m->nr == m->alloc) {
		uint32_t a = m->alloc ? m->alloc * 2 : 64;
		struct callchain_cursor_node *p = realloc(m->path, a * sizeof(*p));

		if (!p) {
			m->err = -ENOMEM;
			return;
		}
		m->path = p;
		m->alloc = a;
	}
	m->path[m->nr++] = n->key;
	if (n->hit)
		m->err = callchain_root__append(m->dst, m->path, m->nr, n->hit);
	for (c = callchain_node__first(n); c && !m->err; c = callchain_node__next(c))
		merge_walk(m, c);
	m->nr--;
}

int callchain_root__merge(struct callchain_root *dst, const struct callchain_root *src)
{
	struct merge_ctx m = { .dst = dst };
	const struct callchain_node *c;

	/* an empty chain's period sits on the root */
	if (src->node.hit)
		m.err = callchain_root__append(dst, NULL, 0, src->node.hit);
	for (c = callchain_node__first(&src->node); c && !m.err; c = callchain_node__next(c))
		merge_walk(&m, c);
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

static void margin(struct print_ctx *c, int left)
{
	c->ret += (size_t)fprintf(c->fp, "            %*s", left, "");
}

static void graph_line(struct print_ctx *c, int depth, uint64_t mask, int left)
{
	int i;

	margin(c, left);
	for (i = 0; i < depth; i++)
		c->ret += (size_t)fputs(mask & (1ULL << i) ? "|          " : "           ", c->fp);
	c->ret += (size_t)fputs("\n", c->fp);
}

static void print_graph(struct print_ctx *c, const struct callchain_node *parent,
			uint64_t total, int depth, uint64_t mask, int left)
{
	struct callchain_node **kids;
	uint32_t n = node__sorted_children(parent, c->param->mode == CHAIN_GRAPH_REL ?
					   (uint64_t)(total * c->param->min_percent / 100) :
					   c->min_hit, &kids);
	uint64_t remaining = total;
	uint32_t k, printed = 0;
	char buf[512];

	for (k = 0; k < n; k++) {
		const struct callchain_node *child = kids[k], *f, *end;
		uint64_t newmask = mask;
		int i, idx = 0;

		remaining -= child->cumul;
		if (k + 1 == n && (c->param->mode != CHAIN_GRAPH_REL || !remaining))
			newmask &= ~(1ULL << (depth - 1));
		graph_line(c, depth, mask, left);
		end = node__chain_end(child);
		for (f = child;; f = f->children[0]) {
			margin(c, left);
			for (i = 0; i < depth; i++) {
				fputc(newmask & (1ULL << i) ? '|' : ' ', c->fp);
				if (!idx && i == depth - 1)
					c->ret += (size_t)fprintf(c->fp, "--%.2f%%--",
						total ? child->cumul * 100.0 / total : 0.0);
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
			    0 : total, depth + 1, newmask | (1ULL << depth), left);
		if (++printed == c->param->print_limit)
			break;
	}
	if (c->param->mode == CHAIN_GRAPH_REL && remaining && remaining != total) {
		int i;

		mask &= ~(1ULL << (depth - 1));
		margin(c, left);
		for (i = 0; i < depth; i++) {
			fputc(mask & (1ULL << i) ? '|' : ' ', c->fp);
			if (i == depth - 1)
				c->ret += (size_t)fprintf(c->fp, "--%.2f%%--",
						total ? remaining * 100.0 / total : 0.0);
			else
				c->ret += (size_t)fputs("          ", c->fp);
		}
		/* perf 6.1 prints its "[...]" remainder with an "(inlined)"
		 * suffix (an uninitialised flag); same text here */
		c->ret += (size_t)fputs("[...] (inlined)\n", c->fp);
	}
	free(kids);
}

static void print_path(struct print_ctx *c, const struct callchain_node *n, bool folded,
		       bool *first)
{
	char buf[512];

	if (!n->parent)
		return;
	print_path(c, n->parent, folded, first);
	if (folded) {
		c->ret += (size_t)fprintf(c->fp, "%s%s", *first ? "" : ";",
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
	const struct callchain_node *c;

	for (c = callchain_node__first(n); c; c = callchain_node__next(c))
		collect_flat(c, min_hit, v, nr, alloc);
	if (n->parent && n->hit && n->hit >= min_hit) {
		if (*nr == *alloc) {
			uint32_t a = *alloc ? *alloc * 2 : 16;
			const struct callchain_node **p = realloc(*v, a * sizeof(*p));

			if (!p)
				return;
			*v = p;
			*alloc = a;
		}
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
			  uint64_t parent_total, bool skip_first)
{
	struct print_ctx c = {
		.fp = fp, .param = param,
		.min_hit = (uint64_t)(total * (param->min_percent / 100.0)),
	};
	const struct callchain_node *start = &root->node;
	char buf[512];
	int left = 0;

	if (param->mode == CHAIN_FLAT || param->mode == CHAIN_FOLDED) {
		const struct callchain_node **v = NULL;
		uint32_t nr = 0, alloc = 0, i;

		collect_flat(&root->node, c.min_hit, &v, &nr, &alloc);
		flat_sort(v, nr);
		for (i = 0; i < nr; i++) {
			bool first = true;

			if (param->mode == CHAIN_FLAT) {
				c.ret += (size_t)fprintf(fp, "           %.2f%%\n",
							 total ? v[i]->cumul * 100.0 / total : 0.0);
				print_path(&c, v[i], false, &first);
				c.ret += (size_t)fputs("\n", fp);
			} else {
				c.ret += (size_t)fprintf(fp, "%.2f%% ",
							 total ? v[i]->hit * 100.0 / total : 0.0);
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
		uint32_t n = node__sorted_children(&root->node, param->mode == CHAIN_GRAPH_REL ?
						   (uint64_t)(parent_total * param->min_percent / 100) :
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
