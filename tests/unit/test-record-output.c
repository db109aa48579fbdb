// SPDX-License-Identifier: GPL-2.0
/*
 * util/record-output + record-features: write a perf.data as record does
 * (file and pipe mode) and read it back with util/header: the attrs, ids,
 * event names and features come back, and the data section holds exactly
 * the bytes written.
 */
#include "unit.h"
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include "util/cpumap.h"
#include "util/event.h"
#include "util/evlist.h"
#include "util/evsel.h"
#include "util/header.h"
#include "util/record-dsos.h"
#include "util/record-output.h"

#define NFD 2

struct fixture {
	struct evlist *evlist;
	struct evsel *evsel;
	int fds[NFD];
	uint64_t ids[NFD];
};

static struct fixture *fixture_new(void)
{
	struct fixture *f = calloc(1, sizeof(*f));
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_CPU_CLOCK;
	attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
			   PERF_SAMPLE_PERIOD;
	attr.read_format = PERF_FORMAT_ID;
	attr.freq = 1;
	attr.sample_freq = 4000;
	attr.sample_id_all = 1;
	f->evlist = evlist__new();
	f->evsel = evsel__new(&attr, "cpu-clock:ppp");
	evlist__add(f->evlist, f->evsel);
	f->evlist->cpus = cpumap__new("0");
	f->evlist->threads = threadmap__new_one(getpid());
	/* pretend two opened fds: -1 is a hole the writer must skip */
	f->evsel->cpus = f->evlist->cpus;
	f->evsel->threads = f->evlist->threads;
	f->fds[0] = 100;
	f->ids[0] = 4242;
	f->evsel->fds = f->fds;
	f->evsel->ids = f->ids;
	return f;
}

static void fixture_delete(struct fixture *f)
{
	f->evsel->fds = NULL;	/* not ours to close or free */
	f->evsel->ids = NULL;
	evlist__delete(f->evlist);
	free(f);
}

/* a COMM record with the 16-byte id tail, as synthesized */
static size_t make_comm(unsigned char *buf, const char *name)
{
	struct perf_event_header *h = (void *)buf;
	size_t n = (strlen(name) + 1 + 7) & ~7UL;

	memset(buf, 0, 8 + 8 + n + 16);
	h->type = PERF_RECORD_COMM;
	h->size = (uint16_t)(8 + 8 + n + 16);
	((uint32_t *)(h + 1))[0] = 7;
	((uint32_t *)(h + 1))[1] = 7;
	strcpy((char *)(h + 1) + 8, name);
	return h->size;
}

static void *map_file(const char *path, size_t *size)
{
	struct stat st;
	int fd = open(path, O_RDONLY);
	void *p;

	assert_true(fd >= 0);
	assert_int_equal(fstat(fd, &st), 0);
	p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	assert_true(p != MAP_FAILED);
	*size = (size_t)st.st_size;
	return p;
}

static void test_file_roundtrip(void **state)
{
	struct fixture *f = fixture_new();
	struct record_output o;
	struct record_dsos dsos;
	const char *argv[] = { "record", "-o", "x.data", "--", "true" };
	struct record_output_info info = {
		.argc = 5, .argv = argv, .dsos = &dsos,
		.first_sample_time = 1000, .last_sample_time = 2000,
	};
	char path[] = "/tmp/mperf-test-out.XXXXXX";
	unsigned char recs[256];
	size_t len = 0, size;
	unsigned char *base;
	struct header h;
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	close(fd);
	unlink(path);
	record_dsos__init(&dsos, f->evsel->attr.sample_type);
	info.output = &o;
	assert_int_equal(record_output__open(&o, path, 0, -1), 0);
	assert_int_equal(record_output__begin(&o, f->evlist, &info), 0);
	len += make_comm(recs + len, "first");
	len += make_comm(recs + len, "second-task");
	assert_int_equal(record_output__write(&o, recs, len), 0);
	assert_int_equal(record_output__round(&o), 0);
	assert_int_equal(record_output__end(&o, f->evlist, &info), 0);
	record_output__close(&o);
	record_dsos__exit(&dsos);

	base = map_file(path, &size);
	header__init(&h);
	assert_int_equal(header__read_file(&h, base, size, path), 0);
	assert_int_equal(h.nr_attrs, 1);
	assert_int_equal(h.attrs[0].attr.sample_type, f->evsel->attr.sample_type);
	assert_int_equal(h.attrs[0].attr.sample_freq, 4000);
	assert_int_equal(h.attrs[0].attr.size, 128);
	assert_int_equal(h.attrs[0].nr_ids, 1);	/* the hole is skipped */
	assert_int_equal(h.attrs[0].ids[0], 4242);
	/* the data: our records byte for byte, then FINISHED_ROUND */
	assert_int_equal(h.data_size, len + 8);
	assert_memory_equal(base + h.data_offset, recs, len);
	assert_int_equal(((struct perf_event_header *)(base + h.data_offset + len))->type,
			 PERF_RECORD_FINISHED_ROUND);
	assert_true(header__has_feat(&h, HEADER_HOSTNAME));
	assert_true(header__has_feat(&h, HEADER_CMDLINE));
	assert_true(header__has_feat(&h, HEADER_EVENT_DESC));
	assert_true(header__has_feat(&h, HEADER_SAMPLE_TIME));
	assert_false(header__has_feat(&h, HEADER_TRACING_DATA));
	assert_false(header__has_feat(&h, HEADER_COMPRESSED));
	assert_int_equal(h.env.first_sample_time, 1000);
	assert_int_equal(h.env.last_sample_time, 2000);
	assert_int_equal(h.env.nr_cmdline, 6);
	assert_string_equal(h.env.cmdline_argv[1], "record");
	assert_string_equal(h.env.cmdline_argv[5], "true");
	assert_int_equal(h.env.nr_event_desc, 1);
	assert_string_equal(h.env.event_desc[0].name, "cpu-clock:ppp");
	header__exit(&h);
	munmap(base, size);

	/* an existing file becomes PATH.old */
	assert_int_equal(record_output__open(&o, path, 0, -1), 0);
	record_output__close(&o);
	{
		char old[64];
		struct stat st;

		snprintf(old, sizeof(old), "%s.old", path);
		assert_int_equal(stat(old, &st), 0);
		assert_true(st.st_size > 0);
		unlink(old);
	}
	unlink(path);
	fixture_delete(f);
}

static void test_pipe_header(void **state)
{
	struct fixture *f = fixture_new();
	struct record_output o;
	const char *argv[] = { "record" };
	struct record_output_info info = { .argc = 1, .argv = argv };
	char path[] = "/tmp/mperf-test-pipe.XXXXXX";
	unsigned char recs[64];
	size_t size, off;
	unsigned char *base;
	int fd = mkstemp(path), attrs = 0, feats = 0, comm = 0;

	assert_true(fd >= 0);
	info.output = &o;
	assert_int_equal(record_output__open(&o, "-", 0, fd), 0);
	assert_int_equal(record_output__begin(&o, f->evlist, &info), 0);
	assert_int_equal(record_output__write(&o, recs, make_comm(recs, "p")), 0);
	assert_int_equal(record_output__round(&o), 0);
	assert_int_equal(record_output__end(&o, f->evlist, &info), 0);
	record_output__close(&o);	/* closes fd */

	base = map_file(path, &size);
	assert_int_equal(header__probe(base, size), 2);
	/* every record whole and 8-aligned: attr, features, then data */
	for (off = 16; off + 8 <= size;) {
		struct perf_event_header *h = (void *)(base + off);

		assert_true(h->size >= 8 && off + h->size <= size);
		assert_int_equal(h->size % 8, 0);
		if (h->type == PERF_RECORD_HEADER_ATTR)
			attrs++;
		else if (h->type == PERF_RECORD_HEADER_FEATURE)
			feats++;
		else if (h->type == PERF_RECORD_COMM)
			comm++;
		off += h->size;
	}
	assert_int_equal(off, size);
	assert_int_equal(attrs, 1);
	assert_true(feats >= 8);
	assert_int_equal(comm, 1);
	munmap(base, size);
	unlink(path);
	fixture_delete(f);
}

/*
 * A recorder killed (SIGKILL) after a round and in the middle of the next
 * one: the header on disk already covers the complete round, and nothing
 * else (no features yet), so readers stop there.
 */
static void test_killed_after_round(void **state)
{
	struct fixture *f = fixture_new();
	struct record_output o;
	const char *argv[] = { "record" };
	struct record_output_info info = { .argc = 1, .argv = argv };
	char path[] = "/tmp/mperf-test-kill.XXXXXX";
	unsigned char recs[256];
	size_t len, more, size;
	unsigned char *base;
	struct header h;
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	close(fd);
	unlink(path);
	info.output = &o;
	assert_int_equal(record_output__open(&o, path, 0, -1), 0);
	assert_int_equal(record_output__begin(&o, f->evlist, &info), 0);
	len = make_comm(recs, "round-one");
	assert_int_equal(record_output__write(&o, recs, len), 0);
	assert_int_equal(record_output__round(&o), 0);
	/* half of the next round reaches the disk, then the kill */
	more = make_comm(recs, "round-two");
	assert_int_equal(record_output__write(&o, recs, more), 0);
	assert_int_equal(record_output__flush(&o), 0);
	record_output__close(&o);	/* what the kernel does for a dead process */

	base = map_file(path, &size);
	header__init(&h);
	assert_int_equal(header__read_file(&h, base, size, path), 0);
	assert_int_equal(h.data_size, len + 8);	/* the round and its FINISHED_ROUND */
	assert_int_equal(size, h.data_offset + len + 8 + more);
	for (int i = 0; i < HEADER_FEAT_BITS; i++)
		assert_false(header__has_feat(&h, i));
	header__exit(&h);
	munmap(base, size);
	unlink(path);
	fixture_delete(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_file_roundtrip),
		cmocka_unit_test(test_pipe_header),
		cmocka_unit_test(test_killed_after_round),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
