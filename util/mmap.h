/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_MMAP_H
#define MPERF_MMAP_H

/*
 * One perf ring buffer: the control page plus 2^n data pages mapped from a
 * perf event fd. Two ways to read it:
 *
 * - forward (normal): mapped read-write; the kernel writes at data_head,
 *   we consume up to it and publish data_tail so it can reuse the space.
 *   When the reader falls behind the kernel drops records (LOST).
 *
 * - backward (overwrite, flight recorder): the event has write_backward
 *   set and the buffer is mapped read-only, so the kernel never waits for
 *   us and overwrites the oldest records. data_head then points at the
 *   newest record; walking forward in memory from it visits records from
 *   newest to oldest, and the walk stops at the first never-written
 *   (zero) header or where a record would run past one buffer length
 *   (the oldest one, partly overwritten). Output is paused with
 *   PERF_EVENT_IOC_PAUSE_OUTPUT while a snapshot is read so the walk sees
 *   a stable buffer.
 *
 * Owned by the record helper (issue 4).
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <linux/perf_event.h>

struct mmap {
	void *base;		/* control page (struct perf_event_mmap_page) */
	unsigned char *data;	/* first data page */
	size_t mask;		/* data size - 1 (data size is a power of 2) */
	size_t len;		/* bytes mapped, control page included */
	int fd;			/* the event fd the buffer belongs to */
	int cpu;		/* cpu it collects, -1 for per-thread */
	bool overwrite;		/* backward, read-only */
	bool paused;
	uint64_t prev;		/* head at the end of the last read */
	uint64_t start, end;	/* the range being read (ring offsets) */
	uint64_t head;		/* head seen by the last read_init */
	uint64_t bytes_read;	/* total pushed, for statistics */
	unsigned char *copy;	/* one record that wraps the buffer end */
};

/*
 * mmap__map - map @fd with @pages data pages (a power of 2, >= 1).
 * @overwrite: read-only mapping for a write_backward event.
 * Return: 0 or -errno (EINVAL when @pages is not a power of two, EPERM when
 * the size exceeds perf_event_mlock_kb for an unprivileged user).
 */
int mmap__map(struct mmap *map, int fd, size_t pages, bool overwrite, int cpu);
void mmap__unmap(struct mmap *map);

/* Send @fd's records into the ring buffer of @target_fd (same cpu). */
int mmap__set_output(int fd, int target_fd);

/* Pause (true) or resume the kernel's writes into the buffer. 0/-errno. */
int mmap__pause(struct mmap *map, bool pause);

uint64_t mmap__read_head(const struct mmap *map);
size_t mmap__size(const struct mmap *map);	/* data bytes */

/*
 * mmap__read_init - fix the range of unread records [start, end).
 * Forward: from the last tail to the current head. Backward: from the head
 * back to the previous snapshot's head, or the whole valid buffer when it
 * has wrapped since (found by walking the records from the head).
 * Return: 0, or -EAGAIN when there is nothing new.
 */
int mmap__read_init(struct mmap *map);

/*
 * mmap__read_event - the next record of the range, or NULL at its end. A
 * record that wraps the buffer end is copied so it is always contiguous;
 * the pointer is valid until the next call.
 */
struct perf_event_header *mmap__read_event(struct mmap *map);

/*
 * mmap__consume - done with the range: forward mode publishes the tail
 * (the kernel may reuse the space); backward remembers the head.
 */
void mmap__consume(struct mmap *map);

typedef int (*mmap_push_fn)(void *ctx, const void *buf, size_t size);

/*
 * mmap__push - hand the whole unread range to @push as at most two
 * contiguous chunks (the ring wraps once), then consume it. Records are
 * never split across calls' logical range, only across the two chunks.
 * Return: bytes pushed (0: nothing new) or the first negative @push result
 * (the range is then left unconsumed).
 */
ssize_t mmap__push(struct mmap *map, void *ctx, mmap_push_fn push);

/*
 * mmap__push_range - the same for a range mmap__read_init() already set
 * (e.g. after walking it with mmap__read_event() and rewinding ->start).
 */
ssize_t mmap__push_range(struct mmap *map, void *ctx, mmap_push_fn push);

#endif
