// SPDX-License-Identifier: GPL-2.0
/*
 * The session reader on real perf 6.1 files: record counts per type must
 * equal what `perf report --stats` says for the same file, samples must
 * arrive in time order, and per-evsel counts must match.
 */
#include "unit.h"
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>
#include "util/event.h"
#include "util/evlist.h"
#include "util/evsel.h"
#include "util/header.h"
#include "util/session.h"

#define D TEST_DATA "/perf-6.1/"

struct counter {
	struct tool tool;
	uint64_t samples, events, user;
	uint64_t per_evsel[8];
	uint64_t last_time;
	uint64_t out_of_order;
	uint64_t callchains;
};

static int count_sample(struct tool *tool, const union perf_event *event,
			const struct perf_sample *sample, struct evsel *evsel,
			struct session *session)
{
	struct counter *c = (struct counter *)tool;

	c->samples++;
	if (evsel->idx < 8)
		c->per_evsel[evsel->idx]++;
	if (sample->time < c->last_time)
		c->out_of_order++;
	c->last_time = sample->time;
	if (sample->callchain && sample->callchain->nr)
		c->callchains++;
	return 0;
}

static int count_event(struct tool *tool, const union perf_event *event,
		       const struct perf_sample *sample, struct session *session)
{
	((struct counter *)tool)->events++;
	return 0;
}

static int count_user(struct tool *tool, const union perf_event *event,
		      struct session *session)
{
	((struct counter *)tool)->user++;
	return 0;
}

static struct session *walk(const char *path, struct counter *c)
{
	struct session *s;

	memset(c, 0, sizeof(*c));
	c->tool.sample = count_sample;
	c->tool.event = count_event;
	c->tool.user_event = count_user;
	c->tool.ordered_events = true;
	s = session__new(path, &c->tool);
	assert_non_null(s);
	assert_int_equal(session__process_events(s), 0);
	return s;
}

/* Numbers from `perf report --stats -i FILE` (perf 6.1). */
struct expect {
	const char *file;
	uint64_t total, sample, mmap, comm, exit, fork, mmap2, round;
	int nr_evsels;
	const char *evsel0;
};

static const struct expect expects[] = {
	{ "cpuburn-fp.data",	1014, 1001, 1, 2, 1, 0, 4, 1, 1, "cpu-clock:ppp" },
	{ "cpuburn-plain.data",	0, 1001, 1, 2, 1, 0, 0, 0, 1, "cpu-clock:ppp" },
	{ "cpuburn-zstd.data",	1015, 1001, 1, 2, 1, 0, 4, 1, 1, "cpu-clock:ppp" },
	{ "cpuburn-pipe.data",	536, 502, 1, 2, 1, 0, 4, 1, 1, "cpu-clock:ppp" },
	{ "sched-switch.data",	655, 316, 1, 85, 15, 89, 143, 2, 2, "sched:sched_switch" },
	{ "raw-syscalls.data",	11190, 9038, 1, 2, 1, 0, 4, 2140, 1, "raw_syscalls:sys_enter" },
	{ "multi-event.data",	2026, 2010, 1, 2, 1, 0, 5, 1, 2, "cpu-clock" },
	{ "syswide-fp.data",	1239, 996, 1, 72, 3, 70, 91, 2, 2, "cpu-clock:ppp" },
	{ "cpuburn-dwarf.data",	287, 250, 1, 2, 1, 0, 24, 5, 1, "cpu-clock:ppp" },
};

static void test_stats_match_perf(void **state)
{
	for (size_t i = 0; i < sizeof(expects) / sizeof(expects[0]); i++) {
		const struct expect *e = &expects[i];
		const struct session_stats *st;
		struct counter c;
		struct session *s;
		char path[256];

		snprintf(path, sizeof(path), D "%s", e->file);
		s = walk(path, &c);
		st = session__stats(s);
		if (e->total)
			assert_int_equal(st->nr_total, e->total);
		assert_int_equal(st->nr_events[PERF_RECORD_SAMPLE], e->sample);
		assert_int_equal(c.samples, e->sample);
		assert_int_equal(st->nr_events[PERF_RECORD_MMAP], e->mmap);
		assert_int_equal(st->nr_events[PERF_RECORD_COMM], e->comm);
		assert_int_equal(st->nr_events[PERF_RECORD_EXIT], e->exit);
		assert_int_equal(st->nr_events[PERF_RECORD_FORK], e->fork);
		if (e->mmap2)
			assert_int_equal(st->nr_events[PERF_RECORD_MMAP2], e->mmap2);
		if (e->round)
			assert_int_equal(st->nr_events[PERF_RECORD_FINISHED_ROUND], e->round);
		assert_int_equal(st->nr_unknown_events, 0);
		assert_int_equal(st->nr_unknown_id, 0);
		assert_int_equal(st->nr_invalid_samples, 0);
		assert_int_equal(st->truncated_bytes, 0);
		assert_int_equal(c.out_of_order, 0);
		assert_int_equal(session__evlist(s)->nr, e->nr_evsels);
		assert_string_equal(session__evlist(s)->entries[0]->name, e->evsel0);
		session__delete(s);
	}
}

static void test_multi_event_per_evsel(void **state)
{
	struct counter c;
	struct session *s = walk(D "multi-event.data", &c);
	struct evlist *el = session__evlist(s);

	assert_int_equal(el->nr, 2);
	assert_string_equal(el->entries[1]->name, "page-faults");
	/* perf report --stats: cpu-clock 2003, page-faults 7 */
	assert_int_equal(c.per_evsel[0], 2003);
	assert_int_equal(c.per_evsel[1], 7);
	session__delete(s);
}

static void test_callchains_and_env(void **state)
{
	struct counter c;
	struct session *s = walk(D "cpuburn-fp.data", &c);
	struct env *env = session__env(s);

	assert_int_equal(c.callchains, 1001);
	assert_string_equal(env->hostname, "vm");
	assert_string_equal(env->arch, "x86_64");
	assert_int_equal(env->nr_cpus_online, 2);
	assert_string_equal(env->cpuid, "AuthenticAMD,26,2,1");
	assert_int_equal(env->total_mem, 24684092);
	assert_true(env->nr_build_ids > 0);
	session__delete(s);
}

/* kernel-mode samples of a walk, for session__kernel_samples_likely */
static uint64_t nr_kernel;

static int count_kernel(struct tool *tool, const union perf_event *event,
			const struct perf_sample *sample, struct evsel *evsel,
			struct session *session)
{
	nr_kernel += sample->cpumode == PERF_RECORD_MISC_KERNEL;
	return 0;
}

/*
 * With a window of the whole data: true exactly when some sample is of
 * kernel mode (a full walk says), callchains or not (a user-mode sample's
 * chain has no kernel frames); compressed files and pipe-mode data: true;
 * a window too short for a record: false.
 */
static void test_kernel_samples_likely(void **state)
{
	static const char *const files[] = {
		"cpuburn-fp.data", "cpuburn-plain.data", "raw-syscalls.data",
		"sched-switch.data", "multi-event.data", "syswide-fp.data",
		"cpuburn-dwarf.data", "cpuburn-pipe.data",
	};
	int nr_true = 0, nr_false = 0;

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		struct tool tool = { .sample = count_kernel };
		struct session *s = session__new(D "cpuburn-zstd.data", NULL);
		bool likely, want;
		char path[512];

		assert_non_null(s);
		assert_true(session__kernel_samples_likely(s, SIZE_MAX));
		session__delete(s);

		snprintf(path, sizeof(path), D "%s", files[i]);
		nr_kernel = 0;
		s = session__new(path, &tool);
		assert_non_null(s);
		likely = session__kernel_samples_likely(s, SIZE_MAX);
		assert_int_equal(session__process_events(s), 0);
		/* a pipe's attrs come as records: nothing to go by */
		want = session__is_pipe(s) || nr_kernel > 0;
		if (likely != want)
			fail_msg("%s: likely %d, %llu kernel samples", files[i], likely,
				 (unsigned long long)nr_kernel);
		if (!session__is_pipe(s) && session__kernel_samples_likely(s, 16))
			fail_msg("%s: likely with a 16-byte window", files[i]);
		nr_true += likely;
		nr_false += !likely;
		session__delete(s);
	}
	/* -g and dwarf files of a program alone (cpuburn-fp, cpuburn-dwarf)
	 * are false now */
	assert_true(nr_true > 0);
	assert_true(nr_false > 0);
	/* user-mode samples only (a copy of cpuburn-plain.data whose kernel
	 * samples are made user ones): no kernel symbols are likely */
	{
		char path[] = "/tmp/mperf-usermode.XXXXXX";
		int fd = mkstemp(path);
		FILE *in = fopen(D "cpuburn-plain.data", "rb");
		static char buf[1 << 20];
		uint64_t off, end;
		size_t n;
		struct tool tool = { .sample = count_kernel };
		struct session *s;

		assert_true(fd >= 0);
		assert_non_null(in);
		n = fread(buf, 1, sizeof(buf), in);
		fclose(in);
		assert_true(n > 104 && n < sizeof(buf));
		/* perf_file_header: magic, size, attr_size, attrs, data */
		memcpy(&off, buf + 40, 8);
		memcpy(&end, buf + 48, 8);
		end += off;
		assert_true(end <= n);
		while (off + sizeof(struct perf_event_header) <= end) {
			struct perf_event_header h;

			memcpy(&h, buf + off, sizeof(h));
			assert_true(h.size >= sizeof(h));
			if (h.type == PERF_RECORD_SAMPLE) {
				h.misc = (h.misc & ~PERF_RECORD_MISC_CPUMODE_MASK) |
					 PERF_RECORD_MISC_USER;
				memcpy(buf + off, &h, sizeof(h));
			}
			off += h.size;
		}
		assert_int_equal(write(fd, buf, n), (ssize_t)n);
		close(fd);
		nr_kernel = 0;
		s = session__new(path, &tool);
		assert_non_null(s);
		assert_false(session__kernel_samples_likely(s, SIZE_MAX));
		assert_int_equal(session__process_events(s), 0);
		assert_int_equal(nr_kernel, 0);
		session__delete(s);
		unlink(path);
	}
}

static void test_not_perf_data(void **state)
{
	char path[] = "/tmp/mperf-notdata.XXXXXX";
	int fd = mkstemp(path);
	FILE *f;

	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	fputs("this is not a perf.data file at all, just text\n", f);
	fclose(f);
	errno = 0;
	assert_null(session__new(path, NULL));
	assert_int_equal(errno, EINVAL);
	assert_null(session__new("/nonexistent/perf.data", NULL));
	assert_int_equal(errno, ENOENT);
	unlink(path);
}

/* A copy of a file cut in the middle of its data section: the records
 * before the cut are delivered, the cut is reported. */
static void test_truncated(void **state)
{
	char path[] = "/tmp/mperf-trunc.XXXXXX";
	int fd = mkstemp(path);
	FILE *in = fopen(D "cpuburn-fp.data", "rb");
	char *buf = malloc(100000);
	size_t n;
	struct counter c;
	struct session *s;

	assert_non_null(in);
	n = fread(buf, 1, 100000, in);
	fclose(in);
	assert_int_equal(n, 100000);
	assert_int_equal(write(fd, buf, n), (ssize_t)n);
	close(fd);
	free(buf);
	s = walk(path, &c);
	assert_true(c.samples > 400 && c.samples < 1001);
	assert_true(session__stats(s)->truncated_bytes > 0);
	session__delete(s);
	unlink(path);
}

struct stat_seen {
	struct tool tool;
	int stat, round, cpu_map, any_cpu;
};

static int stat_user(struct tool *t, const union perf_event *ev, struct session *s)
{
	struct stat_seen *c = (struct stat_seen *)t;
	int cpus[8];

	if (ev->header.type == PERF_RECORD_STAT)
		c->stat++;
	if (ev->header.type == PERF_RECORD_STAT_ROUND)
		c->round++;
	if (ev->header.type == PERF_RECORD_CPU_MAP) {
		c->cpu_map++;
		if (event__cpu_map_decode(ev->raw + 8, ev->header.size - 8, cpus, 8) == 1 &&
		    cpus[0] == -1)
			c->any_cpu++;
	}
	return 0;
}

/* perf stat record's file: counting attrs and stat records */
static void test_stat_record_file(void **state)
{
	struct stat_seen c = { .tool = { .user_event = stat_user, .ordered_events = true } };
	struct session *s = session__new(D "stat-record.data", &c.tool);
	struct evlist *el;

	assert_non_null(s);
	assert_int_equal(session__process_events(s), 0);
	el = session__evlist(s);
	assert_int_equal(el->nr, 2);
	assert_string_equal(el->entries[0]->name, "task-clock");
	assert_string_equal(el->entries[1]->name, "page-faults");
	assert_int_equal(c.stat, 2);
	assert_int_equal(c.round, 1);
	assert_int_equal(c.cpu_map, 1);
	assert_int_equal(c.any_cpu, 1);
	assert_true(header__has_feat(session__header(s), HEADER_STAT));
	assert_int_equal(session__stats(s)->nr_events[PERF_RECORD_EVENT_UPDATE], 2);
	session__delete(s);
}

/* Records of a type nobody knows are skipped and counted. */
static void test_unknown_records(void **state)
{
	char path[] = "/tmp/mperf-unknown.XXXXXX";
	int fd = mkstemp(path);
	FILE *in = fopen(D "cpuburn-plain.data", "rb");
	size_t n;
	char *buf = malloc(60000);
	uint64_t data_off, data_size;
	struct counter c;
	struct session *s;

	n = fread(buf, 1, 60000, in);
	fclose(in);
	memcpy(&data_off, buf + 40, 8);
	memcpy(&data_size, buf + 48, 8);
	/* turn the first record of the data (an 8-aligned kernel MMAP) into
	 * type 200 and another into type 63 */
	{
		uint32_t t = 200;

		memcpy(buf + data_off, &t, 4);
	}
	assert_int_equal(write(fd, buf, n), (ssize_t)n);
	close(fd);
	free(buf);
	s = walk(path, &c);
	assert_int_equal(session__stats(s)->nr_unknown_events, 1);
	assert_int_equal(c.samples, 1001);
	session__delete(s);
	unlink(path);
}

/* An other-endian file is refused with one clear line. */
static void test_other_endian(void **state)
{
	char path[] = "/tmp/mperf-swap.XXXXXX";
	int fd = mkstemp(path);
	uint64_t hdr[13] = { 0x50455246494c4532ULL, __builtin_bswap64(104) };

	assert_int_equal(write(fd, hdr, sizeof(hdr)), (ssize_t)sizeof(hdr));
	close(fd);
	errno = 0;
	assert_null(session__new(path, NULL));
	assert_int_equal(errno, EPROTONOSUPPORT);
	unlink(path);
}

/* Damaged files (random bytes overwritten anywhere: header, attrs,
 * features, records) never crash the reader or make it read out of
 * bounds (run under `make sanitize` to check the latter). */
static void test_corrupted_files(void **state)
{
	static const char *const files[] = {
		"cpuburn-fp.data", "cpuburn-pipe.data", "cpuburn-zstd.data",
		"sched-switch.data", "stat-record.data",
	};
	unsigned int seed = 12345;

	for (size_t fi = 0; fi < sizeof(files) / sizeof(files[0]); fi++) {
		char src[256];
		FILE *in;
		long n;
		char *orig;

		snprintf(src, sizeof(src), D "%s", files[fi]);
		in = fopen(src, "rb");
		assert_non_null(in);
		fseek(in, 0, SEEK_END);
		n = ftell(in);
		fseek(in, 0, SEEK_SET);
		orig = malloc(n);
		assert_int_equal(fread(orig, 1, n, in), (size_t)n);
		fclose(in);
		for (int iter = 0; iter < 40; iter++) {
			char path[] = "/tmp/mperf-fuzz.XXXXXX";
			int fd = mkstemp(path);
			char *buf = malloc(n);
			struct counter c;
			struct session *s;

			memcpy(buf, orig, n);
			for (int k = 0; k < 8; k++) {
				long at = rand_r(&seed) % n;

				/* half the hits in the first 4K: header, attrs */
				if (k & 1)
					at %= n < 4096 ? n : 4096;
				buf[at] = (char)rand_r(&seed);
			}
			assert_int_equal(write(fd, buf, n), n);
			close(fd);
			memset(&c, 0, sizeof(c));
			c.tool.sample = count_sample;
			c.tool.event = count_event;
			c.tool.user_event = count_user;
			c.tool.ordered_events = true;
			s = session__new(path, &c.tool);
			if (s) {
				session__process_events(s);
				session__delete(s);
			}
			unlink(path);
			free(buf);
		}
		free(orig);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stats_match_perf),
		cmocka_unit_test(test_multi_event_per_evsel),
		cmocka_unit_test(test_callchains_and_env),
		cmocka_unit_test(test_kernel_samples_likely),
		cmocka_unit_test(test_not_perf_data),
		cmocka_unit_test(test_truncated),
		cmocka_unit_test(test_stat_record_file),
		cmocka_unit_test(test_unknown_records),
		cmocka_unit_test(test_other_endian),
		cmocka_unit_test(test_corrupted_files),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
