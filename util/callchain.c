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
}

static void node__free_children(struct callchain_node *node)
{
	uint32_t i;

	for (i = 0; i < node->nr_children; i++) {
		node__free_children(node->children[i]);
		free(node->children[i]);
	}
	free(node->children);
	free(node->hash);
}

void callchain_root__exit(struct callchain_root *root)
{
	if (!root->arena)
		node__free_children(&root->node);
	memset(root, 0, sizeof(*root));
}

static inline uint64_t frame__key(const struct callchain_cursor_node *f)
{
	return f->sym ? (uint64_t)(uintptr_t)f->sym : f->ip;
}

/* CCKEY_FUNCTION: frames match by symbol; unresolved ones by address */
static bool frame__match(const struct callchain_cursor_node *a,
			 const struct callchain_cursor_node *b)
{
	if (a->sym || b->sym)
		return a->sym == b->sym && a->dso == b->dso;
	return a->ip == b->ip;
}

/*
 * A node's children: the pointer array and, after it, each child's match
 * key, so a lookup scans one contiguous array of keys. Nodes with many
 * children also get an open-addressed index (slot: child number + 1).
 */
#define CHILD_HASH_MIN 16

static inline uint64_t *node__keys(const struct callchain_node *node)
{
	/* no array yet: no keys (NULL + 0 is undefined behaviour) */
	if (!node->children)
		return NULL;
	return (uint64_t *)(node->children + node->alloc_children);
}

static inline uint32_t key__slot(uint64_t key, uint32_t mask)
{
	key ^= key >> 31;
	key *= 0x9e3779b97f4a7c15ULL;
	return (uint32_t)(key >> 40) & mask;
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

static void node__index_add(struct callchain_node *node, uint64_t key, uint32_t nr)
{
	uint32_t mask = node->hash_size - 1, s = key__slot(key, mask);

	while (node->hash[s])
		s = (s + 1) & mask;
	node->hash[s] = nr + 1;
}

/* (Re)build the index for the children when it gets half full. */
static int node__index(struct callchain_arena *arena, struct callchain_node *node)
{
	uint32_t size = 64, i;
	uint64_t *keys = node__keys(node);

	while (size < node->nr_children * 4)
		size *= 2;
	node__free(arena, node->hash);
	node->hash = node__alloc(arena, size * sizeof(*node->hash));
	if (!node->hash) {
		node->hash_size = 0;
		return -ENOMEM;
	}
	node->hash_size = size;
	for (i = 0; i < node->nr_children; i++)
		node__index_add(node, keys[i], i);
	return 0;
}

static struct callchain_node *node__child(struct callchain_arena *arena,
					  struct callchain_node *node,
					  const struct callchain_cursor_node *f)
{
	struct callchain_node *c;
	uint64_t key = frame__key(f), *keys = node__keys(node);
	uint32_t i;

	if (node->hash) {
		uint32_t mask = node->hash_size - 1, s = key__slot(key, mask);

		for (; node->hash[s]; s = (s + 1) & mask) {
			i = node->hash[s] - 1;
			if (keys[i] == key && frame__match(&node->children[i]->key, f))
				return node->children[i];
		}
	} else {
		for (i = 0; i < node->nr_children; i++)
			if (keys[i] == key && frame__match(&node->children[i]->key, f))
				return node->children[i];
	}
	if (node->nr_children == node->alloc_children) {
		uint32_t n = node->alloc_children ? node->alloc_children * 2 : 2;
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
		keys = node__keys(node);
	}
	c = node__alloc(arena, sizeof(*c));
	if (!c)
		return NULL;
	c->parent = node;
	c->key = *f;
	keys[node->nr_children] = key;
	node->children[node->nr_children++] = c;
	if (node->hash && node->nr_children * 2 <= node->hash_size)
		node__index_add(node, key, node->nr_children - 1);
	else if (node->nr_children >= CHILD_HASH_MIN && node__index(arena, node))
		return NULL;
	return c;
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

static uint64_t sym_key(const struct callchain_node *n)
{
	return n->key.sym ? n->key.sym->start : n->key.ip;
}

/* perf's children tree (rb_root_in) order: descending dso (its pointers:
 * the order it created them, dso.h), then descending symbol address (raw
 * ip when either is unresolved) */
static int child_key_cmp(const struct callchain_node *l, const struct callchain_node *r)
{
	uint32_t lo = l->key.dso ? l->key.dso->order : 0, ro = r->key.dso ? r->key.dso->order : 0;

	if (lo != ro)
		return lo > ro ? -1 : 1;
	if (l->key.sym && r->key.sym) {
		if (sym_key(l) != sym_key(r))
			return sym_key(l) > sym_key(r) ? -1 : 1;
		return 0;
	}
	if (l->key.ip != r->key.ip)
		return l->key.ip > r->key.ip ? -1 : 1;
	return 0;
}

static int child_in_cmp(const void *a, const void *b)
{
	return child_key_cmp(*(struct callchain_node * const *)a, *(struct callchain_node * const *)b);
}

/* graph modes: by weight, then in perf's children-tree order */
static int child_cmp(const void *a, const void *b)
{
	const struct callchain_node *l = *(struct callchain_node * const *)a;
	const struct callchain_node *r = *(struct callchain_node * const *)b;

	if (l->cumul != r->cumul)
		return l->cumul > r->cumul ? -1 : 1;
	return child_key_cmp(l, r);
}

/* The children shown: above the threshold, sorted. A node with one child
 * and no own hits is one "compressed" node in perf's tree: its frames print
 * as a list; @chain returns them. */
static uint32_t node__sorted_children(const struct callchain_node *node, uint64_t min_hit,
				      struct callchain_node ***out)
{
	struct callchain_node **v;
	uint32_t i, n = 0;

	*out = NULL;
	if (!node->nr_children)
		return 0;
	v = malloc(node->nr_children * sizeof(*v));
	if (!v)
		return 0;
	for (i = 0; i < node->nr_children; i++)
		if (node->children[i]->cumul >= min_hit && node->children[i]->cumul)
			v[n++] = node->children[i];
	qsort(v, n, sizeof(*v), child_cmp);
	*out = v;
	return n;
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
	struct callchain_node **kids;
	uint32_t i;

	/* perf inserts flat chains walking each children tree in its key
	 * order (post-order); equal hits then keep that order */
	if (n->nr_children > 1) {
		kids = malloc(n->nr_children * sizeof(*kids));
		if (!kids)
			return;
		memcpy(kids, n->children, n->nr_children * sizeof(*kids));
		qsort(kids, n->nr_children, sizeof(*kids), child_in_cmp);
		for (i = 0; i < n->nr_children; i++)
			collect_flat(kids[i], min_hit, v, nr, alloc);
		free(kids);
	} else if (n->nr_children) {
		collect_flat(n->children[0], min_hit, v, nr, alloc);
	}
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
