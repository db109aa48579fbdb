// SPDX-License-Identifier: GPL-2.0
/*
 * The in-memory stack profile (see profile.h). Three open-addressing hash
 * tables keep it O(1) per sample: interned strings, frames keyed by their
 * interned fields, and stacks keyed by (event, comm, pid, frame pointers).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "alloc.h"
#include "profile.h"

#define UNKNOWN "[unknown]"
#define ARRAY_SIZE_PROFILE(a) (sizeof(a) / sizeof((a)[0]))

static uint64_t hash_bytes(uint64_t h, const void *data, size_t len)
{
	const unsigned char *s = data;

	/* FNV-1a, 64 bit */
	for (size_t i = 0; i < len; i++) {
		h ^= s[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

#define HASH_SEED 0xcbf29ce484222325ULL

static uint64_t hash_u64(uint64_t h, uint64_t v)
{
	return hash_bytes(h, &v, sizeof(v));
}

static uint64_t hash_ptr(uint64_t h, const void *p)
{
	return hash_u64(h, (uintptr_t)p);
}

/*
 * Find the slot for a key: either the slot holding an equal entry or the
 * empty slot where it would go.
 */
typedef bool (*hash_eq_fn)(const void *entry, const void *key);

static void **hash__slot(struct profile_hash *h, uint64_t hv, hash_eq_fn eq,
			 const void *key)
{
	size_t mask = h->size - 1;

	for (size_t i = hv & mask;; i = (i + 1) & mask) {
		if (!h->slots[i] || eq(h->slots[i], key))
			return &h->slots[i];
	}
}

typedef uint64_t (*hash_fn)(const void *entry);

static int hash__grow(struct profile_hash *h, hash_fn fn)
{
	size_t nsize = h->size ? h->size * 2 : 256;
	void **nslots = calloc(nsize, sizeof(*nslots));

	if (!nslots)
		return -ENOMEM;
	for (size_t i = 0; i < h->size; i++) {
		void *e = h->slots[i];
		size_t j;

		if (!e)
			continue;
		for (j = fn(e) & (nsize - 1); nslots[j]; j = (j + 1) & (nsize - 1))
			;
		nslots[j] = e;
	}
	free(h->slots);
	h->slots = nslots;
	h->size = nsize;
	return 0;
}

static int hash__reserve(struct profile_hash *h, hash_fn fn)
{
	if ((h->used + 1) * 2 > h->size)
		return hash__grow(h, fn);
	return 0;
}

/* ---- strings ------------------------------------------------------------ */

static uint64_t str_hash(const void *e)
{
	const char *s = e;

	return hash_bytes(HASH_SEED, s, strlen(s));
}

static bool str_eq(const void *e, const void *key)
{
	return !strcmp(e, key);
}

const char *profile__intern(struct profile *p, const char *s)
{
	void **slot;
	char *copy;

	if (!s)
		return NULL;
	if (hash__reserve(&p->strings, str_hash))
		return NULL;
	slot = hash__slot(&p->strings, str_hash(s), str_eq, s);
	if (*slot)
		return *slot;
	copy = strdup(s);
	if (!copy)
		return NULL;
	*slot = copy;
	p->strings.used++;
	return copy;
}

/* ---- frames ------------------------------------------------------------- */

static uint64_t frame_hash(const void *e)
{
	const struct profile_frame *f = e;
	uint64_t h = HASH_SEED;

	h = hash_ptr(h, f->name);
	h = hash_ptr(h, f->dso);
	h = hash_u64(h, f->kind);
	h = hash_u64(h, f->addr);
	h = hash_ptr(h, f->srcfile);
	h = hash_u64(h, f->line);
	return h;
}

static bool frame_eq(const void *e, const void *key)
{
	const struct profile_frame *a = e, *b = key;

	return a->name == b->name && a->dso == b->dso && a->kind == b->kind && a->sym == b->sym &&
	       a->addr == b->addr && a->srcfile == b->srcfile &&
	       a->line == b->line && a->unresolved == b->unresolved &&
	       a->build_id == b->build_id && a->map_start == b->map_start;
}

static struct profile_frame *profile__frame(struct profile *p,
					    const struct profile_frame_desc *d)
{
	struct profile_frame key = {
		.name = profile__intern(p, d->name ? d->name : UNKNOWN),
		.unresolved = !d->name,
		.dso = profile__intern(p, d->dso ? d->dso : UNKNOWN),
		.sym = profile__intern(p, d->sym),
		.kind = d->kind < PROFILE_FRAME__MAX ? d->kind : PROFILE_FRAME_USER,
		.addr = d->addr,
		.srcfile = profile__intern(p, d->srcfile),
		.line = d->line,
		.build_id = profile__intern(p, d->build_id),
		.map_start = d->map_start,
		.map_end = d->map_end,
		.map_pgoff = d->map_pgoff,
	};
	struct profile_frame *f;
	void **slot;

	if (!key.name || !key.dso || (d->srcfile && !key.srcfile) || (d->sym && !key.sym) ||
	    (d->build_id && !key.build_id))
		return NULL;
	if (hash__reserve(&p->frame_hash, frame_hash))
		return NULL;
	slot = hash__slot(&p->frame_hash, frame_hash(&key), frame_eq, &key);
	if (*slot)
		return *slot;
	if (ALLOC_GROW(p->frames, p->nr_frames + 1, p->alloc_frames, 256))
		return NULL;
	f = malloc(sizeof(*f));
	if (!f)
		return NULL;
	*f = key;
	f->display = f->name;
	if (f->unresolved && strcmp(f->dso, UNKNOWN)) {
		const char *base = strrchr(f->dso, '/');
		char tmp[512];

		snprintf(tmp, sizeof(tmp), "[%s]", base ? base + 1 : f->dso);
		f->display = profile__intern(p, tmp);
		if (!f->display) {
			free(f);
			return NULL;
		}
	}
	f->idx = p->nr_frames;
	p->frames[p->nr_frames++] = f;
	*slot = f;
	p->frame_hash.used++;
	return f;
}

/* ---- stacks ------------------------------------------------------------- */

static uint64_t stack_hash(const void *e)
{
	const struct profile_stack *s = e;
	uint64_t h = HASH_SEED;

	h = hash_u64(h, s->event);
	h = hash_ptr(h, s->comm);
	h = hash_u64(h, (uint32_t)s->pid);
	h = hash_u64(h, s->nr);
	return hash_bytes(h, s->frames, s->nr * sizeof(s->frames[0]));
}

static bool stack_eq(const void *e, const void *key)
{
	const struct profile_stack *a = e, *b = key;

	return a->event == b->event && a->comm == b->comm && a->pid == b->pid &&
	       a->nr == b->nr &&
	       !memcmp(a->frames, b->frames, a->nr * sizeof(a->frames[0]));
}

struct profile *profile__new(void)
{
	struct profile *p = calloc(1, sizeof(struct profile));

	if (p)
		p->first_sampled = -1;
	return p;
}

void profile__delete(struct profile *p)
{
	if (!p)
		return;
	for (unsigned int i = 0; i < p->nr_events; i++)
		free(p->events[i].name);
	free(p->events);
	for (uint32_t i = 0; i < p->nr_frames; i++)
		free(p->frames[i]);
	free(p->frames);
	for (uint32_t i = 0; i < p->nr_stacks; i++) {
		free(p->stacks[i]->frames);
		free(p->stacks[i]);
	}
	free(p->stacks);
	for (size_t i = 0; i < p->strings.size; i++)
		free(p->strings.slots[i]);
	free(p->strings.slots);
	free(p->frame_hash.slots);
	free(p->stack_hash.slots);
	free(p->title);
	free(p);
}

int profile__set_title(struct profile *p, const char *title)
{
	char *t = strdup(title);

	if (!t)
		return -ENOMEM;
	free(p->title);
	p->title = t;
	return 0;
}

int profile__event(struct profile *p, const char *name)
{
	struct profile_event *ne;

	for (unsigned int i = 0; i < p->nr_events; i++) {
		if (!strcmp(p->events[i].name, name))
			return i;
	}
	ne = realloc(p->events, (p->nr_events + 1) * sizeof(*ne));
	if (!ne)
		return -ENOMEM;
	p->events = ne;
	ne = &p->events[p->nr_events];
	memset(ne, 0, sizeof(*ne));
	ne->name = strdup(name);
	if (!ne->name)
		return -ENOMEM;
	ne->time_based = !strncmp(name, "cpu-clock", 9) || !strncmp(name, "task-clock", 10);
	return p->nr_events++;
}

int profile__add(struct profile *p, int event, const char *comm, int pid,
		 const struct profile_frame_desc *frames, unsigned int nr,
		 uint64_t samples, uint64_t period)
{
	struct profile_frame *small[128], **fr = small;
	struct profile_stack key, *s;
	void **slot;
	int err = -ENOMEM;

	if (event < 0 || (unsigned int)event >= p->nr_events || (nr && !frames))
		return -EINVAL;
	if (nr > ARRAY_SIZE_PROFILE(small)) {
		fr = malloc(nr * sizeof(*fr));
		if (!fr)
			return -ENOMEM;
	}
	for (unsigned int i = 0; i < nr; i++) {
		fr[i] = profile__frame(p, &frames[i]);
		if (!fr[i])
			goto out;
	}
	key.event = event;
	key.comm = profile__intern(p, comm ? comm : UNKNOWN);
	key.pid = pid;
	key.nr = nr;
	key.frames = fr;
	if (!key.comm || hash__reserve(&p->stack_hash, stack_hash))
		goto out;
	slot = hash__slot(&p->stack_hash, stack_hash(&key), stack_eq, &key);
	s = *slot;
	if (!s) {
		if (ALLOC_GROW(p->stacks, p->nr_stacks + 1, p->alloc_stacks, 256))
			goto out;
		s = malloc(sizeof(*s));
		if (!s)
			goto out;
		*s = key;
		s->samples = s->period = 0;
		s->frames = malloc((nr ? nr : 1) * sizeof(*fr));
		if (!s->frames) {
			free(s);
			goto out;
		}
		memcpy(s->frames, fr, nr * sizeof(*fr));
		p->stacks[p->nr_stacks++] = s;
		*slot = s;
		p->stack_hash.used++;
	}
	s->samples += samples;
	s->period += period;
	if (p->first_sampled < 0)
		p->first_sampled = event;
	p->events[event].samples += samples;
	p->events[event].period += period;
	err = 0;
out:
	if (fr != small)
		free(fr);
	return err;
}

bool profile__dso_is_kernel(const char *dso)
{
	if (!dso)
		return false;
	return !strncmp(dso, "[kernel.kallsyms]", 17) || !strncmp(dso, "[guest.kernel", 13) ||
	       (dso[0] == '[' && strcmp(dso, "[vdso]") && strcmp(dso, "[unknown]") &&
		strcmp(dso, "[vsyscall]") && strcmp(dso, "[heap]") && strcmp(dso, "[stack]") &&
		strcmp(dso, "[uprobes]") && strncmp(dso, "[anon", 5));
}

const char *profile_frame_kind__name(int kind)
{
	switch (kind) {
	case PROFILE_FRAME_USER:	return "user";
	case PROFILE_FRAME_KERNEL:	return "kernel";
	case PROFILE_FRAME_INLINED:	return "inlined";
	case PROFILE_NODE_ROOT:		return "root";
	case PROFILE_NODE_COMM:		return "comm";
	default:			return "unknown";
	}
}

static int stack_cmp(const void *a, const void *b)
{
	const struct profile_stack *x = *(struct profile_stack * const *)a;
	const struct profile_stack *y = *(struct profile_stack * const *)b;
	int r;

	if (x->event != y->event)
		return x->event < y->event ? -1 : 1;
	r = strcmp(x->comm, y->comm);
	if (r)
		return r;
	if (x->pid != y->pid)
		return x->pid < y->pid ? -1 : 1;
	/* root first */
	for (uint32_t i = 0; i < x->nr && i < y->nr; i++) {
		const struct profile_frame *fx = x->frames[x->nr - 1 - i];
		const struct profile_frame *fy = y->frames[y->nr - 1 - i];

		if (fx == fy)
			continue;
		r = strcmp(fx->name, fy->name);
		if (r)
			return r;
		if (fx->addr != fy->addr)
			return fx->addr < fy->addr ? -1 : 1;
		return fx->idx < fy->idx ? -1 : 1;
	}
	if (x->nr != y->nr)
		return x->nr < y->nr ? -1 : 1;
	return 0;
}

void profile__sort_stacks(struct profile *p)
{
	if (p->nr_stacks > 1)
		qsort(p->stacks, p->nr_stacks, sizeof(p->stacks[0]), stack_cmp);
}

/* ---- tree --------------------------------------------------------------- */

static struct profile_node *node__new(const char *name, int kind, const char *dso,
				      unsigned int depth)
{
	struct profile_node *n = calloc(1, sizeof(*n));

	if (n) {
		n->name = name;
		n->kind = kind;
		n->dso = dso;
		n->depth = depth;
	}
	return n;
}

void profile_node__delete(struct profile_node *n)
{
	if (!n)
		return;
	for (unsigned int i = 0; i < n->nr_children; i++)
		profile_node__delete(n->children[i]);
	free(n->children);
	free(n);
}

static int node_name_cmp(const struct profile_node *n, const char *name, int kind)
{
	int r = strcmp(n->name, name);

	if (r)
		return r;
	return n->kind - kind;
}

/* Find or insert the child (name, kind), keeping children sorted by name. */
static struct profile_node *node__child(struct profile_node *n, const char *name,
					int kind, const char *dso)
{
	unsigned int lo = 0, hi = n->nr_children;
	struct profile_node *c;

	while (lo < hi) {
		unsigned int mid = (lo + hi) / 2;
		int r = node_name_cmp(n->children[mid], name, kind);

		if (!r)
			return n->children[mid];
		if (r < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (ALLOC_GROW(n->children, n->nr_children + 1, n->alloc_children, 4))
		return NULL;
	c = node__new(name, kind, dso, n->depth + 1);
	if (!c)
		return NULL;
	memmove(&n->children[lo + 1], &n->children[lo],
		(n->nr_children - lo) * sizeof(c));
	n->children[lo] = c;
	n->nr_children++;
	return c;
}

static int tree__add_stack(struct profile_node *root, const struct profile_stack *s,
			   unsigned int flags, bool base)
{
	struct profile_node *n = root;

#define ACCOUNT(node) do {						\
		if (base) {						\
			(node)->base_samples += s->samples;		\
			(node)->base_period += s->period;		\
		} else {						\
			(node)->samples += s->samples;			\
			(node)->period += s->period;			\
		}							\
	} while (0)

	ACCOUNT(n);
	if (flags & PROFILE_TREE_COMM) {
		n = node__child(n, s->comm, PROFILE_NODE_COMM, NULL);
		if (!n)
			return -ENOMEM;
		ACCOUNT(n);
	}
	for (uint32_t i = 0; i < s->nr; i++) {
		const struct profile_frame *f;

		f = (flags & PROFILE_TREE_CALLERS) ? s->frames[i] : s->frames[s->nr - 1 - i];
		n = node__child(n, f->display, f->kind, f->dso);
		if (!n)
			return -ENOMEM;
		ACCOUNT(n);
	}
	if (!base) {
		n->self_samples += s->samples;
		n->self_period += s->period;
	}
#undef ACCOUNT
	return 0;
}

struct profile_node *profile__tree(struct profile *p, int event, unsigned int flags)
{
	struct profile_node *root = node__new("all", PROFILE_NODE_ROOT, NULL, 0);

	if (!root)
		return NULL;
	for (uint32_t i = 0; i < p->nr_stacks; i++) {
		const struct profile_stack *s = p->stacks[i];

		if ((int)s->event != event)
			continue;
		if (tree__add_stack(root, s, flags, false)) {
			profile_node__delete(root);
			return NULL;
		}
	}
	return root;
}

int profile__tree_add_base(struct profile *p, struct profile_node *root,
			   const struct profile *base, unsigned int flags)
{
	int event = -1;

	/* the base event of the same name, else the base's first event */
	for (unsigned int i = 0; i < base->nr_events && p->nr_events; i++) {
		if (!strcmp(base->events[i].name, p->events[0].name))
			event = i;
	}
	if (event < 0 && base->nr_events)
		event = 0;
	for (uint32_t i = 0; i < base->nr_stacks; i++) {
		const struct profile_stack *s = base->stacks[i];
		struct profile_stack copy = *s;
		struct profile_frame *small[128], **fr = small;
		int err;

		if ((int)s->event != event)
			continue;
		/* the base's strings are its own: intern them in @p */
		if (s->nr > ARRAY_SIZE_PROFILE(small)) {
			fr = malloc(s->nr * sizeof(*fr));
			if (!fr)
				return -ENOMEM;
		}
		copy.comm = profile__intern(p, s->comm);
		for (uint32_t j = 0; j < s->nr; j++) {
			const struct profile_frame *bf = s->frames[j];
			struct profile_frame_desc d = {
				.name = bf->unresolved ? NULL : bf->name, .dso = bf->dso,
				.sym = bf->sym,
				.kind = bf->kind, .addr = bf->addr,
				.srcfile = bf->srcfile, .line = bf->line,
				.build_id = bf->build_id, .map_start = bf->map_start,
				.map_end = bf->map_end, .map_pgoff = bf->map_pgoff,
			};

			fr[j] = profile__frame(p, &d);
			if (!fr[j]) {
				if (fr != small)
					free(fr);
				return -ENOMEM;
			}
		}
		copy.frames = fr;
		err = copy.comm ? tree__add_stack(root, &copy, flags, true) : -ENOMEM;
		if (fr != small)
			free(fr);
		if (err)
			return err;
	}
	return 0;
}

unsigned int profile_node__max_depth(const struct profile_node *n)
{
	unsigned int d = n->depth;

	for (unsigned int i = 0; i < n->nr_children; i++) {
		unsigned int c = profile_node__max_depth(n->children[i]);

		if (c > d)
			d = c;
	}
	return d;
}

/* ---- entries ------------------------------------------------------------ */

const char *profile__dso_short(const char *dso)
{
	const char *base = strrchr(dso, '/');

	return base && base[1] ? base + 1 : dso;
}

struct entry_ref {
	const char *comm, *dso, *sym;
	int kind;
	bool self;
	uint64_t samples, period;
};

static int entry_ref_cmp(const void *a, const void *b)
{
	const struct entry_ref *x = a, *y = b;

	if (x->comm != y->comm)
		return (uintptr_t)x->comm < (uintptr_t)y->comm ? -1 : 1;
	if (x->dso != y->dso)
		return (uintptr_t)x->dso < (uintptr_t)y->dso ? -1 : 1;
	if (x->sym != y->sym)
		return (uintptr_t)x->sym < (uintptr_t)y->sym ? -1 : 1;
	return x->kind - y->kind;
}

static int entry_cmp(const void *a, const void *b)
{
	const struct profile_entry *x = a, *y = b;
	int r;

	if (x->self_period != y->self_period)
		return x->self_period > y->self_period ? -1 : 1;
	if (x->children_period != y->children_period)
		return x->children_period > y->children_period ? -1 : 1;
	r = strcmp(x->sym, y->sym);
	if (r)
		return r;
	r = strcmp(x->dso, y->dso);
	if (r || !x->comm || !y->comm)
		return r;
	return strcmp(x->comm, y->comm);
}

int profile__entries(struct profile *p, int event, unsigned int flags,
		     struct profile_entry **out)
{
	struct entry_ref *refs = NULL;
	size_t nr = 0, alloc = 0;
	struct profile_entry *ents = NULL;
	int n = 0;

	*out = NULL;
	for (uint32_t i = 0; i < p->nr_stacks; i++) {
		const struct profile_stack *s = p->stacks[i];
		size_t first = nr;
		bool self_done = false;

		if ((int)s->event != event)
			continue;
		for (uint32_t j = 0; j < s->nr; j++) {
			const struct profile_frame *f = s->frames[j];
			struct entry_ref r;
			bool dup = false;

			/* inlined frames belong to the function they were inlined into */
			if (f->kind == PROFILE_FRAME_INLINED && j + 1 < s->nr &&
			    s->frames[j + 1]->addr == f->addr)
				continue;
			r.comm = flags & PROFILE_ENTRY_NO_COMM ? NULL : s->comm;
			r.dso = f->dso;
			r.sym = f->kind == PROFILE_FRAME_INLINED && f->sym ? f->sym : f->display;
			r.kind = f->kind == PROFILE_FRAME_KERNEL ? PROFILE_FRAME_KERNEL :
				 PROFILE_FRAME_USER;
			r.self = !self_done;
			r.samples = s->samples;
			r.period = s->period;
			self_done = true;
			for (size_t k = first; k < nr && !dup; k++)
				dup = !entry_ref_cmp(&refs[k], &r);
			if (dup)
				continue;
			if (ALLOC_GROW(refs, nr + 1, alloc, 1024)) {
				free(refs);
				return -ENOMEM;
			}
			refs[nr++] = r;
		}
	}
	if (nr)
		qsort(refs, nr, sizeof(*refs), entry_ref_cmp);
	ents = calloc(nr ? nr : 1, sizeof(*ents));
	if (!ents) {
		free(refs);
		return -ENOMEM;
	}
	for (size_t i = 0; i < nr; i++) {
		struct profile_entry *e;

		if (!n || entry_ref_cmp(&refs[i - 1], &refs[i])) {
			e = &ents[n++];
			e->comm = refs[i].comm;
			e->dso = refs[i].dso;
			e->sym = refs[i].sym;
			e->kind = refs[i].kind;
		}
		e = &ents[n - 1];
		if (refs[i].self) {
			e->self_samples += refs[i].samples;
			e->self_period += refs[i].period;
		}
		e->children_samples += refs[i].samples;
		e->children_period += refs[i].period;
	}
	free(refs);
	if (n)
		qsort(ents, n, sizeof(*ents), entry_cmp);
	*out = ents;
	return n;
}

/*
 * Names come from binaries and comms are arbitrary bytes: invalid UTF-8
 * becomes '?' so that the document always parses. Returns @s itself when
 * it is clean (the common case), else @buf.
 */
const char *profile__utf8_clean(const char *s, char *buf, size_t size)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t o = 0;
	bool dirty = false;

	if (!s)
		return NULL;
	while (*p && o + 5 < size) {
		int n = *p < 0x80 ? 1 : *p >= 0xf0 && *p <= 0xf4 ? 4 :
			*p >= 0xe0 && *p < 0xf0 ? 3 : *p >= 0xc2 && *p < 0xe0 ? 2 : 0;

		for (int i = 1; i < n; i++) {
			if ((p[i] & 0xc0) != 0x80)
				n = 0;
		}
		if (!n) {
			buf[o++] = '?';
			p++;
			dirty = true;
			continue;
		}
		memcpy(buf + o, p, n);
		o += n;
		p += n;
	}
	if (!dirty && !*p)
		return s;
	buf[o] = '\0';
	return buf;
}

