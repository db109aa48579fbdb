/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_ORDERED_EVENTS_H
#define MPERF_ORDERED_EVENTS_H

/*
 * Time ordering of records between FINISHED_ROUNDs, as perf does it: a
 * round flush delivers the queued records up to the newest timestamp seen
 * at the previous round, in time order (records with equal timestamps in
 * arrival order); the final flush delivers the rest.
 * Records that do not live in a mapped file are kept in refcounted chunks.
 */

#include <stddef.h>
#include <stdint.h>
#include "event.h"

/* A refcounted buffer holding copied or decompressed records. */
struct oe_chunk {
	size_t refs;
	size_t used, cap;
	char data[];
};

struct oe_chunk *oe_chunk__new(size_t cap);
struct oe_chunk *oe_chunk__get(struct oe_chunk *c);
void oe_chunk__put(struct oe_chunk *c);

struct oe_entry {
	uint64_t time;
	uint64_t seq;
	const union perf_event *event;
	struct oe_chunk *chunk;		/* NULL: in the mapped file */
	uint64_t file_offset;
};

struct ordered_events;
typedef int (*oe_deliver_fn)(struct ordered_events *oe,
			     const union perf_event *event,
			     uint64_t file_offset);

struct ordered_events {
	struct oe_entry *q;
	size_t nr, cap;
	uint64_t seq;
	uint64_t max_timestamp, next_flush, last_flush;
	uint64_t nr_unordered;
	oe_deliver_fn deliver;
	void *priv;
};

void ordered_events__init(struct ordered_events *oe, oe_deliver_fn deliver,
			  void *priv);
void ordered_events__exit(struct ordered_events *oe);
/* Queue @event (takes a reference on @chunk). 0 or -ENOMEM. */
int ordered_events__queue(struct ordered_events *oe,
			  const union perf_event *event, uint64_t time,
			  struct oe_chunk *chunk, uint64_t file_offset);
/* FINISHED_ROUND: deliver up to the previous round's newest time. */
int ordered_events__flush_round(struct ordered_events *oe);
/* End of input: deliver everything. */
int ordered_events__flush_all(struct ordered_events *oe);

#endif
