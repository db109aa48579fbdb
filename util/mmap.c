// SPDX-License-Identifier: GPL-2.0
/* One perf ring buffer, read forward or backward. See mmap.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>
#include "mmap.h"

#define MMAP_MAX_RECORD	65536	/* header.size is 16 bits */

static size_t page_size(void)
{
	static size_t ps;

	if (!ps)
		ps = (size_t)sysconf(_SC_PAGESIZE);
	return ps;
}

int mmap__map(struct mmap *map, int fd, size_t pages, bool overwrite, int cpu)
{
	int prot = PROT_READ | (overwrite ? 0 : PROT_WRITE);
	void *base;

	memset(map, 0, sizeof(*map));
	map->fd = -1;
	if (!pages || (pages & (pages - 1)))
		return -EINVAL;
	map->len = (pages + 1) * page_size();
	base = mmap(NULL, map->len, prot, MAP_SHARED, fd, 0);
	if (base == MAP_FAILED) {
		map->len = 0;
		return -errno;
	}
	map->base = base;
	map->data = (unsigned char *)base + page_size();
	map->mask = pages * page_size() - 1;
	map->fd = fd;
	map->cpu = cpu;
	map->overwrite = overwrite;
	/* backward heads start at 0 and go down; forward at the tail */
	map->prev = overwrite ? 0 : mmap__read_head(map);
	return 0;
}

void mmap__unmap(struct mmap *map)
{
	if (map->base)
		munmap(map->base, map->len);
	free(map->copy);
	map->base = NULL;
	map->data = NULL;
	map->copy = NULL;
	map->fd = -1;
}

int mmap__set_output(int fd, int target_fd)
{
	return ioctl(fd, PERF_EVENT_IOC_SET_OUTPUT, target_fd) ? -errno : 0;
}

int mmap__pause(struct mmap *map, bool pause)
{
	if (ioctl(map->fd, PERF_EVENT_IOC_PAUSE_OUTPUT, pause ? 1 : 0))
		return -errno;
	map->paused = pause;
	return 0;
}

uint64_t mmap__read_head(const struct mmap *map)
{
	struct perf_event_mmap_page *pc = map->base;

	/* pairs with the kernel's store of data_head after the data */
	return __atomic_load_n(&pc->data_head, __ATOMIC_ACQUIRE);
}

static void mmap__write_tail(struct mmap *map, uint64_t tail)
{
	struct perf_event_mmap_page *pc = map->base;

	/* all our reads of the data happen before the kernel may reuse it */
	__atomic_store_n(&pc->data_tail, tail, __ATOMIC_RELEASE);
}

size_t mmap__size(const struct mmap *map)
{
	return map->mask + 1;
}

/*
 * The buffer wrapped since the last snapshot: keep the records that are
 * whole, walking from the newest (at @start) towards older ones.
 */
static uint64_t backward_valid_end(const struct mmap *map, uint64_t start)
{
	uint64_t size = mmap__size(map), pos = start;

	while (pos - start < size) {
		const struct perf_event_header *h =
			(const void *)(map->data + (pos & map->mask));

		if (h->size < sizeof(*h) || pos - start + h->size > size)
			break;
		pos += h->size;
	}
	return pos;
}

int mmap__read_init(struct mmap *map)
{
	uint64_t head = mmap__read_head(map);

	map->head = head;
	if (!map->overwrite) {
		map->start = map->prev;
		map->end = head;
	} else {
		map->start = head;
		map->end = map->prev;
		if (map->end - map->start > mmap__size(map))
			map->end = backward_valid_end(map, map->start);
	}
	return map->start == map->end ? -EAGAIN : 0;
}

struct perf_event_header *mmap__read_event(struct mmap *map)
{
	struct perf_event_header *h;
	size_t off, size, first;

	if (map->end - map->start < sizeof(*h))
		return NULL;
	off = map->start & map->mask;
	h = (struct perf_event_header *)(map->data + off);
	size = h->size;
	if (size < sizeof(*h) || size > map->end - map->start) {
		/* torn or corrupt: nothing after it can be trusted */
		map->start = map->end;
		return NULL;
	}
	if (off + size > mmap__size(map)) {
		if (!map->copy) {
			map->copy = malloc(MMAP_MAX_RECORD);
			if (!map->copy) {
				map->start = map->end;
				return NULL;
			}
		}
		first = mmap__size(map) - off;
		memcpy(map->copy, map->data + off, first);
		memcpy(map->copy + first, map->data, size - first);
		h = (struct perf_event_header *)map->copy;
	}
	map->start += size;
	return h;
}

void mmap__consume(struct mmap *map)
{
	if (map->overwrite) {
		map->prev = map->head;
		return;
	}
	map->prev = map->end;
	mmap__write_tail(map, map->end);
}

ssize_t mmap__push(struct mmap *map, void *ctx, mmap_push_fn push)
{
	if (mmap__read_init(map))
		return 0;
	return mmap__push_range(map, ctx, push);
}

ssize_t mmap__push_range(struct mmap *map, void *ctx, mmap_push_fn push)
{
	uint64_t start, size;
	size_t off, first;
	int err;

	start = map->start;
	if (start == map->end)
		return 0;
	size = map->end - start;
	off = start & map->mask;
	first = size;
	if (off + size > mmap__size(map))
		first = mmap__size(map) - off;
	err = push(ctx, map->data + off, first);
	if (!err && first < size)
		err = push(ctx, map->data, size - first);
	if (err < 0)
		return err;
	map->start = map->end;
	mmap__consume(map);
	map->bytes_read += size;
	return (ssize_t)size;
}
