// SPDX-License-Identifier: GPL-2.0
/*
 * util/mmap.c against the real kernel: a software dummy event on this
 * thread with attr.comm makes every prctl(PR_SET_NAME) a COMM record, so
 * the ring buffer's content is known exactly.
 */
#include "unit.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <linux/perf_event.h>
#include "util/mmap.h"

struct comm_rec {
	struct perf_event_header h;
	uint32_t pid, tid;
	char comm[];
};

static int open_dummy_fd(bool backward)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_DUMMY;
	attr.comm = 1;
	attr.write_backward = backward;
	return (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1,
			    PERF_FLAG_FD_CLOEXEC);
}

/* in a case: skipped where perf_event_open does not exist (qemu-user) */
static int open_dummy(bool backward)
{
	need_perf_event_open();
	return open_dummy_fd(backward);
}

static void rename_n(int from, int n)
{
	char name[16];

	for (int i = from; i < from + n; i++) {
		snprintf(name, sizeof(name), "mp-%d", i);
		prctl(PR_SET_NAME, name);
	}
}

static int comm_num(const struct perf_event_header *h)
{
	const struct comm_rec *c = (const void *)h;
	int n = -1;

	if (h->type != PERF_RECORD_COMM || sscanf(c->comm, "mp-%d", &n) != 1) {
		fprintf(stderr, "# record type %u size %u\n", h->type, h->size);
		return -1;
	}
	return n;
}

static int setup(void **state)
{
	int fd = open_dummy_fd(false);

	if (fd < 0 && errno == ENOSYS)
		return 0;	/* each case skips itself */
	if (fd < 0) {
		fprintf(stderr, "perf_event_open: %s\n", strerror(errno));
		return -1;
	}
	close(fd);
	return 0;
}

static void test_forward_wraps(void **state)
{
	struct mmap map;
	struct perf_event_header *h;
	int fd = open_dummy(false), next = 0, wrapped = 0;

	assert_true(fd >= 0);
	assert_int_equal(mmap__map(&map, fd, 3, false, -1), -EINVAL);
	assert_int_equal(mmap__map(&map, fd, 1, false, -1), 0);
	assert_int_equal(mmap__read_init(&map), -EAGAIN);
	/* 24-byte records into 4096 bytes: three passes wrap the end */
	for (int pass = 0; pass < 3; pass++) {
		rename_n(next, 150);
		assert_int_equal(mmap__read_init(&map), 0);
		while ((h = mmap__read_event(&map))) {
			if ((void *)h == (void *)map.copy)
				wrapped++;
			assert_int_equal(comm_num(h), next);
			next++;
		}
		mmap__consume(&map);
		assert_int_equal(next, 150 * (pass + 1));
	}
	assert_true(wrapped >= 1);
	mmap__unmap(&map);
	close(fd);
}

struct sink {
	unsigned char buf[16384];
	size_t len;
	int calls;
};

static int sink_push(void *ctx, const void *buf, size_t size)
{
	struct sink *s = ctx;

	memcpy(s->buf + s->len, buf, size);
	s->len += size;
	s->calls++;
	return 0;
}

static void test_push_two_chunks(void **state)
{
	struct mmap map;
	struct sink s = { .len = 0 };
	int fd = open_dummy(false), next = 0;
	size_t off = 0;

	assert_true(fd >= 0);
	assert_int_equal(mmap__map(&map, fd, 1, false, -1), 0);
	rename_n(0, 100);
	assert_true(mmap__push(&map, &s, sink_push) > 0);
	rename_n(100, 100);	/* crosses the end of the 4096-byte ring */
	assert_true(mmap__push(&map, &s, sink_push) > 0);
	assert_int_equal(s.calls, 3);
	assert_int_equal(mmap__push(&map, &s, sink_push), 0);
	while (off < s.len) {
		struct perf_event_header *h = (void *)(s.buf + off);

		assert_int_equal(comm_num(h), next);
		next++;
		off += h->size;
	}
	assert_int_equal(next, 200);
	assert_int_equal(off, s.len);
	mmap__unmap(&map);
	close(fd);
}

static void test_backward_overwrite(void **state)
{
	struct mmap map;
	struct perf_event_header *h;
	int fd = open_dummy(true), expect, count = 0, lost = 0;

	assert_true(fd >= 0);
	assert_int_equal(mmap__map(&map, fd, 1, true, -1), 0);
	rename_n(0, 1000);	/* ~6 times the buffer: only the newest stay */
	assert_int_equal(mmap__pause(&map, true), 0);
	rename_n(5000, 10);	/* paused: must not appear */
	assert_int_equal(mmap__read_init(&map), 0);
	expect = 999;
	while ((h = mmap__read_event(&map))) {
		assert_int_equal(comm_num(h), expect);
		expect--;
		count++;
	}
	/* 4096 / 24 = 170 whole records fit */
	assert_in_range(count, 160, 171);
	mmap__consume(&map);
	assert_int_equal(mmap__read_init(&map), -EAGAIN);
	assert_int_equal(mmap__pause(&map, false), 0);

	/* the next snapshot holds only what came since the last one */
	rename_n(2000, 5);
	assert_int_equal(mmap__read_init(&map), 0);
	expect = 2004;
	count = 0;
	while ((h = mmap__read_event(&map))) {
		if (h->type == PERF_RECORD_LOST) {
			/* the kernel reports what it dropped while paused */
			assert_int_equal(((uint64_t *)(h + 1))[1], 10);
			lost++;
			continue;
		}
		assert_int_equal(comm_num(h), expect);
		expect--;
		count++;
	}
	assert_int_equal(count, 5);
	assert_int_equal(lost, 1);
	mmap__consume(&map);
	mmap__unmap(&map);
	close(fd);
}

static void test_backward_not_full(void **state)
{
	struct mmap map;
	struct perf_event_header *h;
	int fd = open_dummy(true), expect = 29;

	assert_true(fd >= 0);
	assert_int_equal(mmap__map(&map, fd, 2, true, -1), 0);
	rename_n(0, 30);
	assert_int_equal(mmap__read_init(&map), 0);
	while ((h = mmap__read_event(&map)))
		assert_int_equal(comm_num(h), expect--);
	assert_int_equal(expect, -1);
	mmap__unmap(&map);
	close(fd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_forward_wraps),
		cmocka_unit_test(test_push_two_chunks),
		cmocka_unit_test(test_backward_overwrite),
		cmocka_unit_test(test_backward_not_full),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
