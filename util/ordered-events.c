// SPDX-License-Identifier: GPL-2.0
/* Time ordering of records between FINISHED_ROUNDs. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "alloc.h"
#include "ordered-events.h"

struct oe_chunk *oe_chunk__new(size_t cap)
{
	struct oe_chunk *c = malloc(sizeof(*c) + cap);

	if (!c)
		return NULL;
	c->refs = 1;
	c->used = 0;
	c->cap = cap;
	return c;
}

struct oe_chunk *oe_chunk__get(struct oe_chunk *c)
{
	if (c)
		c->refs++;
	return c;
}

void oe_chunk__put(struct oe_chunk *c)
{
	if (c && --c->refs == 0)
		free(c);
}

void ordered_events__init(struct ordered_events *oe, oe_deliver_fn deliver,
			  void *priv)
{
	memset(oe, 0, sizeof(*oe));
	oe->deliver = deliver;
	oe->priv = priv;
}

void ordered_events__exit(struct ordered_events *oe)
{
	for (size_t i = 0; i < oe->nr; i++)
		oe_chunk__put(oe->q[i].chunk);
	free(oe->q);
	oe->q = NULL;
	oe->nr = oe->cap = 0;
}

int ordered_events__queue(struct ordered_events *oe,
			  const union perf_event *event, uint64_t time,
			  struct oe_chunk *chunk, uint64_t file_offset)
{
	struct oe_entry *e;

	if (ALLOC_GROW(oe->q, oe->nr + 1, oe->cap, 4096))
		return -ENOMEM;
	if (time < oe->last_flush)
		oe->nr_unordered++;
	e = &oe->q[oe->nr++];
	e->time = time;
	e->seq = oe->seq++;
	e->event = event;
	e->chunk = oe_chunk__get(chunk);
	e->file_offset = file_offset;
	if (time > oe->max_timestamp)
		oe->max_timestamp = time;
	return 0;
}

static int entry_cmp(const void *a, const void *b)
{
	const struct oe_entry *x = a, *y = b;

	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Is the queue already sorted? Records mostly arrive in order per buffer,
 * so this saves the sort for single-CPU recordings. */
static int is_sorted(const struct ordered_events *oe)
{
	for (size_t i = 1; i < oe->nr; i++)
		if (oe->q[i - 1].time > oe->q[i].time)
			return 0;
	return 1;
}

static int flush_upto(struct ordered_events *oe, uint64_t limit)
{
	size_t i;
	int err = 0;

	if (!oe->nr)
		return 0;
	if (!is_sorted(oe))
		qsort(oe->q, oe->nr, sizeof(*oe->q), entry_cmp);
	for (i = 0; i < oe->nr && oe->q[i].time <= limit; i++) {
		struct oe_entry *e = &oe->q[i];

		if (!err)
			err = oe->deliver(oe, e->event, e->file_offset);
		oe->last_flush = e->time;
		oe_chunk__put(e->chunk);
	}
	memmove(oe->q, oe->q + i, (oe->nr - i) * sizeof(*oe->q));
	oe->nr -= i;
	return err;
}

int ordered_events__flush_round(struct ordered_events *oe)
{
	int err = 0;

	if (oe->next_flush)
		err = flush_upto(oe, oe->next_flush);
	oe->next_flush = oe->max_timestamp;
	return err;
}

int ordered_events__flush_all(struct ordered_events *oe)
{
	int err = flush_upto(oe, UINT64_MAX);

	oe->next_flush = oe->max_timestamp;
	return err;
}
