// SPDX-License-Identifier: GPL-2.0
/*
 * The classic bottom-up red-black tree (insertion with recolouring and at
 * most two rotations; erasure that moves the in-order successor into the
 * erased node's place and restores the black height from the spot that
 * lost a black node). perf's symbol tree is the kernel's rbtree, which is
 * this algorithm, so the same operations give the same shape.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include "alloc.h"
#include "symbol.h"
#include "symbol-tree.h"

struct stnode {
	struct stnode *left, *right, *parent;
	uint64_t start, end;	/* sym's, here: the walks read no symbol */
	struct symbol *sym;
	bool red;
	bool used;
};

struct symtree {
	struct stnode *root;
	struct stnode *nodes;	/* nodes[sym->seq] */
	size_t max;
};

struct symtree *symtree__new(size_t max)
{
	struct symtree *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->nodes = calloc(max ? max : 1, sizeof(*t->nodes));
	if (!t->nodes) {
		free(t);
		return NULL;
	}
	t->max = max;
	return t;
}

void symtree__delete(struct symtree *t)
{
	if (!t)
		return;
	free(t->nodes);
	free(t);
}

static bool is_red(const struct stnode *n)
{
	return n && n->red;
}

/* Put @to where @from hangs under @from's parent (or at the root). */
static void replace_child(struct symtree *t, struct stnode *from, struct stnode *to)
{
	struct stnode *p = from->parent;

	if (!p)
		t->root = to;
	else if (p->left == from)
		p->left = to;
	else
		p->right = to;
	if (to)
		to->parent = p;
}

/* @x's right child takes @x's place, @x becomes its left child. */
static void rotate_left(struct symtree *t, struct stnode *x)
{
	struct stnode *y = x->right;

	x->right = y->left;
	if (y->left)
		y->left->parent = x;
	replace_child(t, x, y);
	y->left = x;
	x->parent = y;
}

static void rotate_right(struct symtree *t, struct stnode *x)
{
	struct stnode *y = x->left;

	x->left = y->right;
	if (y->right)
		y->right->parent = x;
	replace_child(t, x, y);
	y->right = x;
	x->parent = y;
}

int symtree__insert(struct symtree *t, struct symbol *sym)
{
	struct stnode *n, *p = NULL, **link = &t->root;

	if (sym->seq >= t->max || t->nodes[sym->seq].used)
		return -ENOSPC;
	n = &t->nodes[sym->seq];
	/* equal starts go right: in-order is (start, insertion order) */
	while (*link) {
		p = *link;
		link = sym->start < p->start ? &p->left : &p->right;
	}
	*n = (struct stnode){ .parent = p, .start = sym->start, .end = sym->end, .sym = sym,
			      .red = true, .used = true };
	*link = n;

	while (is_red(n->parent)) {
		struct stnode *parent = n->parent, *gp = parent->parent;
		struct stnode *uncle = gp->left == parent ? gp->right : gp->left;

		if (is_red(uncle)) {
			parent->red = false;
			uncle->red = false;
			gp->red = true;
			n = gp;
			continue;
		}
		if (gp->left == parent) {
			if (parent->right == n) {
				rotate_left(t, parent);
				parent = n;
			}
			rotate_right(t, gp);
		} else {
			if (parent->left == n) {
				rotate_right(t, parent);
				parent = n;
			}
			rotate_left(t, gp);
		}
		parent->red = false;
		gp->red = true;
		break;
	}
	t->root->red = false;
	return 0;
}

/* A black node was removed below @parent, on the side where @n (maybe
 * NULL) now is: recolour and rotate until the black heights agree. */
static void erase_fixup(struct symtree *t, struct stnode *n, struct stnode *parent)
{
	while (parent && !is_red(n)) {
		bool left = parent->left == n;
		struct stnode *sib = left ? parent->right : parent->left;

		if (is_red(sib)) {
			sib->red = false;
			parent->red = true;
			if (left)
				rotate_left(t, parent);
			else
				rotate_right(t, parent);
			sib = left ? parent->right : parent->left;
		}
		if (!is_red(sib->left) && !is_red(sib->right)) {
			sib->red = true;
			n = parent;
			parent = n->parent;
			continue;
		}
		if (left && !is_red(sib->right)) {
			sib->left->red = false;
			sib->red = true;
			rotate_right(t, sib);
			sib = parent->right;
		} else if (!left && !is_red(sib->left)) {
			sib->right->red = false;
			sib->red = true;
			rotate_left(t, sib);
			sib = parent->left;
		}
		sib->red = parent->red;
		parent->red = false;
		if (left) {
			sib->right->red = false;
			rotate_left(t, parent);
		} else {
			sib->left->red = false;
			rotate_right(t, parent);
		}
		n = t->root;
		break;
	}
	if (n)
		n->red = false;
}

int symtree__erase(struct symtree *t, struct symbol *sym)
{
	struct stnode *z, *child, *parent;
	bool removed_red;

	if (sym->seq >= t->max || !t->nodes[sym->seq].used)
		return -ENOENT;
	z = &t->nodes[sym->seq];
	if (!z->left || !z->right) {
		child = z->left ? z->left : z->right;
		parent = z->parent;
		removed_red = z->red;
		replace_child(t, z, child);
	} else {
		/* the successor takes z's place and colour */
		struct stnode *y = z->right;

		while (y->left)
			y = y->left;
		removed_red = y->red;
		child = y->right;
		if (y->parent == z) {
			parent = y;
		} else {
			parent = y->parent;
			parent->left = child;
			if (child)
				child->parent = parent;
			y->right = z->right;
			z->right->parent = y;
		}
		y->left = z->left;
		z->left->parent = y;
		replace_child(t, z, y);
		y->red = z->red;
	}
	z->used = false;
	if (!removed_red)
		erase_fixup(t, child, parent);
	return 0;
}

static int check(const struct stnode *n, const struct stnode *parent)
{
	int l, r;

	if (!n)
		return 1;
	if (n->parent != parent || (n->red && is_red(parent)))
		return -1;
	if ((n->left && n->left->sym->start > n->sym->start) ||
	    (n->right && n->right->sym->start < n->sym->start))
		return -1;
	l = check(n->left, n);
	r = check(n->right, n);
	if (l < 0 || l != r)
		return -1;
	return l + !n->red;
}

int symtree__check(const struct symtree *t)
{
	if (is_red(t->root))
		return -1;
	return check(t->root, NULL);
}

/* perf's search: a zero-size symbol matches its own start only */
struct symbol *symtree__find(const struct symtree *t, uint64_t addr)
{
	const struct stnode *n = t->root;

	while (n) {
		if (addr < n->start)
			n = n->left;
		else if (addr > n->end || (addr == n->end && addr != n->start))
			n = n->right;
		else
			return n->sym;
	}
	return NULL;
}

static int u64_cmp(const void *a, const void *b)
{
	uint64_t l = *(const uint64_t *)a, r = *(const uint64_t *)b;

	return l < r ? -1 : l > r;
}

int symtree__ranges_of(const struct symtree *t, struct symbol *const *syms, size_t nr_syms,
		       uint64_t lo, uint64_t hi, struct sym_range **ranges, size_t *nr,
		       size_t *alloc)
{
	uint64_t *b;
	size_t nb = 0, i, j;

	/*
	 * Between two consecutive starts or ends every comparison of the
	 * search with these symbols has the same outcome (and the caller
	 * vouches for the others), so one search per such piece answers
	 * for all of its addresses. A zero-size symbol matches one address:
	 * start + 1 is a boundary too.
	 */
	b = malloc(3 * (nr_syms ? nr_syms : 1) * sizeof(*b));
	if (!b)
		return -ENOMEM;
	for (i = 0; i < nr_syms; i++) {
		const struct symbol *s = syms[i];

		b[nb++] = s->start;
		b[nb++] = s->end;
		if (s->end == s->start)
			b[nb++] = s->start + 1;
	}
	qsort(b, nb, sizeof(*b), u64_cmp);
	for (i = 0, j = 0; i < nb; i++)
		if (b[i] >= lo && b[i] <= hi && (!j || b[j - 1] != b[i]))
			b[j++] = b[i];
	nb = j;
	for (i = 0; i + 1 < nb; i++) {
		struct symbol *s = symtree__find(t, b[i]);
		struct sym_range *r = *ranges;
		size_t n = *nr;

		if (!s)
			continue;
		if (n && r[n - 1].sym == s && r[n - 1].end == b[i]) {
			r[n - 1].end = b[i + 1];
			continue;
		}
		if (ALLOC_GROW(r, n + 1, *alloc, 64)) {
			free(b);
			return -ENOMEM;
		}
		*ranges = r;
		r[n] = (struct sym_range){ b[i], b[i + 1], s };
		*nr = n + 1;
	}
	free(b);
	return 0;
}
