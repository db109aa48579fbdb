// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "event.h"
#include "hist.h"
#include "thread.h"

int hists__init(struct hists *hists, const struct sort_key **keys, int nr_keys,
		const struct hists_opts *opts)
{
	memset(hists, 0, sizeof(*hists));
	hists->keys = keys;
	hists->nr_keys = nr_keys;
	if (opts)
		hists->opts = *opts;
	hists->table_size = 1024;
	hists->table = calloc(hists->table_size, sizeof(*hists->table));
	return hists->table ? 0 : -ENOMEM;
}

static void hist_entry__delete(struct hist_entry *he)
{
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
	free(hists->sorted);
	callchain_arena__exit(&hists->arena);
	memset(hists, 0, sizeof(*hists));
}

int64_t hist_entry__cmp(const struct hists *hists, const struct hist_entry *a,
			const struct hist_entry *b)
{
	int i, r;

	for (i = 0; i < hists->nr_keys; i++) {
		r = hists->keys[i]->cmp(a, b);
		if (r)
			return r;
	}
	return 0;
}

static uint64_t hists__hash(const struct hists *hists, const struct hist_entry *he)
{
	uint64_t h = 0x84222325cbf29ce4ULL;
	int i;

	for (i = 0; i < hists->nr_keys; i++) {
		h ^= hists->keys[i]->hash(he);
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

struct hist_entry *hists__findnew(struct hists *hists, const struct hist_entry *tmpl)
{
	uint64_t h = hists__hash(hists, tmpl);
	struct hist_entry *he;

	for (he = hists->table[h & (hists->table_size - 1)]; he; he = he->hnext)
		if (he->hash == h && hist_entry__cmp(hists, he, tmpl) == 0)
			return he;
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
	he->callchain = NULL;
	if (hists->opts.callchain) {
		he->callchain = malloc(sizeof(*he->callchain));
		if (!he->callchain) {
			free(he);
			return NULL;
		}
		callchain_root__init(he->callchain);
		he->callchain->arena = &hists->arena;
	}
	he->hnext = hists->table[h & (hists->table_size - 1)];
	hists->table[h & (hists->table_size - 1)] = he;
	hists->nr_entries++;
	return he;
}

static int he__add_chain(struct hists *hists, struct hist_entry *he,
			 const struct callchain_cursor_node *frames, uint32_t nr,
			 uint64_t period)
{
	if (nr > he->depth)
		he->depth = nr;
	if (!he->callchain)
		return 0;
	return callchain_root__append(he->callchain, frames, nr, period);
}

int hists__add_sample(struct hists *hists, const struct hist_entry *tmpl,
		      const struct callchain_cursor *cursor, uint64_t period,
		      uint8_t cpumode)
{
	struct callchain_cursor_node stackbuf[128], *ordered = stackbuf;
	struct hist_entry *he = hists__findnew(hists, tmpl);
	uint32_t nr = cursor ? cursor->nr : 0, i;
	uint64_t seq = ++hists->sample_seq;
	int err = 0;

	if (!he)
		return -ENOMEM;
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
	err = he__add_chain(hists, he, ordered, nr, period);

	/* children: every frame's entry gets the period once per sample,
	 * with the chain from that frame on */
	if (hists->opts.children && !err) {
		char level = tmpl->level;

		for (i = 0; i < nr; i++) {
			struct hist_entry t = *tmpl, *fe;
			const struct callchain_cursor_node *f = &ordered[i];

			t.dso = f->dso;
			t.sym = f->sym;
			/* perf keys unresolved callchain entries by raw ip */
			t.addr = f->sym ? f->addr : f->ip;
			/* a frame outside every map keeps the level of the one
			 * before it (perf reuses its location) */
			t.level = f->map ? f->level : level;
			level = t.level;
			t.srcline = NULL;
			fe = hists__findnew(hists, &t);
			if (!fe) {
				err = -ENOMEM;
				break;
			}
			if (fe->last_sample == seq)
				continue;
			fe->last_sample = seq;
			fe->period_acc += period;
			fe->nr_events_acc++;
			err = he__add_chain(hists, fe, ordered + i, nr - i, period);
			if (err)
				break;
		}
	}
	if (ordered != stackbuf)
		free(ordered);
	return err;
}

static int output_cmp(const void *pa, const void *pb, void *arg)
{
	const struct hist_entry *a = *(struct hist_entry * const *)pa;
	const struct hist_entry *b = *(struct hist_entry * const *)pb;
	const struct hists *h = arg;
	int i, r;

	if (h->opts.children) {
		if (a->period_acc != b->period_acc)
			return a->period_acc > b->period_acc ? -1 : 1;
		/* equal: callers before callees of the same thread */
		if (a->thread == b->thread && h->opts.callchain && a->depth != b->depth) {
			if (h->opts.cc.order == ORDER_CALLER)
				return a->depth > b->depth ? -1 : 1;
			return a->depth < b->depth ? -1 : 1;
		}
	}
	if (a->period != b->period)
		return a->period > b->period ? -1 : 1;
	for (i = 0; i < h->nr_keys; i++) {
		r = h->keys[i]->sort(a, b);
		if (r)
			return r;
	}
	return 0;
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
	qsort_r(hists->sorted, n, sizeof(*hists->sorted), output_cmp, hists);
	hists->nr_sorted = n;
}
