// SPDX-License-Identifier: GPL-2.0
/*
 * Sample records: every sample_type bit synthesized then parsed back,
 * records shorter than their sample_type refused; TRACING_DATA read from a
 * perf 6.1 file and built from tracefs format a sched_switch sample as
 * perf script prints it. read_format payloads of every layout split into
 * their times, values, ids and lost counts.
 */
#include "unit.h"
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util/compress.h"
#include "util/event.h"
#include "util/evlist.h"
#include "util/evsel.h"
#include "util/header.h"
#include "util/record-tracing.h"
#include "util/session.h"
#include "util/trace-event.h"

static void test_every_bit_roundtrip(void **state)
{
	struct perf_event_attr a = { 0 };
	struct perf_sample in = { 0 }, out;
	uint64_t chain[] = { 3, 0x11, 0x22, 0x33 };
	uint64_t uregs[] = { 1, 2, 3 }, iregs[] = { 4, 5 };
	struct branch_stack_entry br[2] = { { 1, 2, 3 }, { 4, 5, 6 } };
	uint64_t readv[] = { 77, 1000, 900, 55 };
	char raw[13] = "hello, raw!!", stack[64];
	char buf[2048];
	int n;

	for (size_t i = 0; i < sizeof(stack); i++)
		stack[i] = i;
	a.sample_type = PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID |
		PERF_SAMPLE_TIME | PERF_SAMPLE_ADDR | PERF_SAMPLE_ID |
		PERF_SAMPLE_STREAM_ID | PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD |
		PERF_SAMPLE_READ | PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_RAW |
		PERF_SAMPLE_BRANCH_STACK | PERF_SAMPLE_REGS_USER |
		PERF_SAMPLE_STACK_USER | PERF_SAMPLE_WEIGHT | PERF_SAMPLE_DATA_SRC |
		PERF_SAMPLE_TRANSACTION | PERF_SAMPLE_REGS_INTR |
		PERF_SAMPLE_PHYS_ADDR | PERF_SAMPLE_CGROUP |
		PERF_SAMPLE_DATA_PAGE_SIZE | PERF_SAMPLE_CODE_PAGE_SIZE;
	a.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING |
			PERF_FORMAT_ID;
	a.sample_regs_user = 0x7;
	a.sample_regs_intr = 0x3;
	a.branch_sample_type = PERF_SAMPLE_BRANCH_ANY;
	in.id = 42; in.ip = 0xffffffff81000010ULL; in.pid = 7; in.tid = 8;
	in.time = 123456789; in.addr = 0xdead; in.stream_id = 43; in.cpu = 1;
	in.period = 1000; in.read_data = readv; in.read_size = sizeof(readv);
	in.callchain = (const struct ip_callchain *)chain;
	in.raw_data = raw; in.raw_size = 13;
	in.branch_nr = 2; in.branch_stack = br;
	in.user_regs.abi = 2; in.user_regs.regs = uregs;
	in.user_stack.size = 64; in.user_stack.data = stack; in.user_stack.dyn_size = 40;
	in.weight = 5; in.data_src = 6; in.transaction = 7;
	in.intr_regs.abi = 2; in.intr_regs.regs = iregs;
	in.phys_addr = 0x1000; in.cgroup = 9; in.data_page_size = 4096;
	in.code_page_size = 2097152; in.cpumode = PERF_RECORD_MISC_KERNEL;

	n = event__synthesize_sample(buf, sizeof(buf), &a, &in);
	assert_true(n > 0);
	assert_int_equal(n % 8, 0);
	assert_int_equal(event__parse_sample((void *)buf, &a, &out), 0);
	assert_int_equal(out.id, 42);
	assert_int_equal(out.ip, in.ip);
	assert_int_equal(out.pid, 7);
	assert_int_equal(out.tid, 8);
	assert_int_equal(out.time, 123456789);
	assert_int_equal(out.addr, 0xdead);
	assert_int_equal(out.stream_id, 43);
	assert_int_equal(out.cpu, 1);
	assert_int_equal(out.period, 1000);
	assert_int_equal(out.read_size, sizeof(readv));
	assert_memory_equal(out.read_data, readv, sizeof(readv));
	assert_int_equal(out.callchain->nr, 3);
	assert_int_equal(out.callchain->ips[2], 0x33);
	assert_int_equal(out.raw_size, 13);
	assert_memory_equal(out.raw_data, raw, 13);
	assert_int_equal(out.branch_nr, 2);
	assert_int_equal(out.branch_stack[1].to, 5);
	assert_int_equal(out.user_regs.abi, 2);
	assert_int_equal(out.user_regs.regs[2], 3);
	assert_int_equal(out.user_stack.size, 64);
	assert_int_equal(out.user_stack.dyn_size, 40);
	assert_memory_equal(out.user_stack.data, stack, 64);
	assert_int_equal(out.weight, 5);
	assert_int_equal(out.data_src, 6);
	assert_int_equal(out.transaction, 7);
	assert_int_equal(out.intr_regs.regs[1], 5);
	assert_int_equal(out.phys_addr, 0x1000);
	assert_int_equal(out.cgroup, 9);
	assert_int_equal(out.data_page_size, 4096);
	assert_int_equal(out.code_page_size, 2097152);
	assert_int_equal(out.cpumode, PERF_RECORD_MISC_KERNEL);

	/* every shorter record is refused, never read past */
	for (int len = 8; len < n; len += 8) {
		((struct perf_event_header *)buf)->size = len;
		assert_int_equal(event__parse_sample((void *)buf, &a, &out), -EFAULT);
	}
	/* a callchain claiming more entries than the record holds */
	((struct perf_event_header *)buf)->size = n;
	{
		struct perf_event_attr c = { .sample_type = PERF_SAMPLE_CALLCHAIN };
		uint64_t rec[4] = { 0 };
		struct perf_event_header h = { PERF_RECORD_SAMPLE, 0, sizeof(rec) };

		memcpy(rec, &h, sizeof(h));
		rec[1] = 1ULL << 60;
		assert_int_equal(event__parse_sample((void *)rec, &c, &out), -EFAULT);
	}
}

static void test_sample_id_all_tail(void **state)
{
	struct perf_event_attr a = { 0 };
	struct perf_sample s = { .pid = 5, .tid = 6, .time = 99, .id = 1234, .cpu = 3 }, out;
	char buf[256];
	struct perf_record_comm *c = (void *)buf;
	size_t len;

	a.sample_id_all = 1;
	a.sample_type = PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU |
			PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_PERIOD;
	memset(buf, 0, sizeof(buf));
	c->header.type = PERF_RECORD_COMM;
	strcpy(c->comm, "abc");
	len = sizeof(*c) + 8;
	len += event__write_sample_id(buf + len, &a, &s);
	c->header.size = len;
	assert_int_equal(event__sample_id_size(&a), 32);
	assert_int_equal(event__parse_sample((void *)buf, &a, &out), 0);
	assert_int_equal(out.pid, 5);
	assert_int_equal(out.tid, 6);
	assert_int_equal(out.time, 99);
	assert_int_equal(out.cpu, 3);
	assert_int_equal(out.id, 1234);
	assert_int_equal(event__is_pos(&a), 1);
	assert_int_equal(event__id_pos(&a), 0);
	assert_string_equal(event__type_name(PERF_RECORD_FINISHED_ROUND), "FINISHED_ROUND");
	assert_string_equal(event__type_name(PERF_RECORD_MMAP2), "MMAP2");
	assert_string_equal(event__type_name(999), "UNKNOWN");
}

struct first_raw {
	struct tool tool;
	char raw[512];
	uint32_t size, cpu;
	uint64_t config;
};

static int grab(struct tool *t, const union perf_event *ev, const struct perf_sample *s,
		struct evsel *evsel, struct session *session)
{
	struct first_raw *f = (struct first_raw *)t;

	if (!f->size && s->raw_size < sizeof(f->raw)) {
		memcpy(f->raw, s->raw_data, s->raw_size);
		f->size = s->raw_size;
		f->cpu = s->cpu;
		f->config = evsel->attr.config;
	}
	return 0;
}

static char *fmt(struct trace_event *te, struct first_raw *f)
{
	static char out[1024];
	FILE *m = fmemopen(out, sizeof(out), "w");

	trace_event__fprintf(te, m, f->config, f->cpu, f->raw, f->size);
	fclose(m);
	return out;
}

static void test_tracing_data(void **state)
{
	/* the first line of sched-switch.script.txt (perf script, 6.1) */
	static const char expect[] = "prev_comm=perf prev_pid=23707 prev_prio=120 prev_state=D ==> "
				     "next_comm=migration/0 next_pid=18 next_prio=0";
	struct first_raw f = { .tool = { .sample = grab, .ordered_events = true } };
	struct session *s = session__new(TEST_DATA "/perf-6.1/sched-switch.data", &f.tool);
	struct env *env;
	struct trace_event *te;
	char name[128];
	void *blob;
	size_t size;
	uint64_t id;
	FILE *idf;
	const char *sched_switch = "sched:sched_switch";

	assert_non_null(s);
	assert_int_equal(session__process_events(s), 0);
	env = session__env(s);
	assert_non_null(env->tracing_data);
	te = trace_event__parse(env->tracing_data, env->tracing_data_size);
	assert_non_null(te);
	assert_int_equal(trace_event__name(te, f.config, name, sizeof(name)), 0);
	assert_string_equal(name, "sched:sched_switch");
	assert_string_equal(fmt(te, &f), expect);
	trace_event__delete(te);
	/* a damaged blob is refused, not read past */
	assert_null(trace_event__parse(env->tracing_data, 40));

	/* built from this machine's tracefs: same fields for the same raw
	 * data (sched_switch's layout is the same on this kernel) */
	idf = fopen("/sys/kernel/tracing/events/sched/sched_switch/id", "r");
	if (!idf || fscanf(idf, "%" SCNu64, &id) != 1) {
		if (idf)
			fclose(idf);
		session__delete(s);
		skip();
		return;
	}
	fclose(idf);
	assert_int_equal(record_tracing__data_of(&sched_switch, 1, &blob, &size), 0);
	te = trace_event__parse(blob, size);
	assert_non_null(te);
	assert_int_equal(trace_event__name(te, id, name, sizeof(name)), 0);
	assert_string_equal(name, "sched:sched_switch");
	f.config = id;
	assert_string_equal(fmt(te, &f), expect);
	trace_event__delete(te);
	free(blob);
	session__delete(s);
}

/*
 * A format is parsed when its event is first looked up (the trial child
 * parses them all): events looked up last to first, by id and by name,
 * give what this machine's tracefs says of them.
 */
static void test_tracing_data_lazy(void **state)
{
	static const char *const names[] = {
		"sched:sched_switch", "sched:sched_wakeup", "syscalls:sys_enter_close",
		"syscalls:sys_exit_close", "irq:irq_handler_entry",
	};
	enum { N = sizeof(names) / sizeof(names[0]) };
	uint64_t ids[N];
	struct trace_field tf[64];
	struct trace_event *te;
	char name[128], path[256];
	size_t size;
	void *blob;
	int i;

	for (i = 0; i < N; i++) {
		FILE *f;
		int ok;

		snprintf(path, sizeof(path), "/sys/kernel/tracing/events/%s/id", names[i]);
		*strchr(path + strlen("/sys/kernel/tracing/events/"), ':') = '/';
		f = fopen(path, "r");
		ok = f && fscanf(f, "%" SCNu64, &ids[i]) == 1;
		if (f)
			fclose(f);
		if (!ok) {
			skip();
			return;
		}
	}
	assert_int_equal(record_tracing__data_of(names, N, &blob, &size), 0);
	te = trace_event__parse(blob, size);
	assert_non_null(te);
	for (i = N - 1; i >= 0; i--) {
		assert_int_equal(trace_event__name(te, ids[i], name, sizeof(name)), 0);
		assert_string_equal(name, names[i]);
	}
	assert_true(trace_event__name(te, 0x7fffffff, name, sizeof(name)) < 0);
	trace_event__delete(te);
	/* by name first: every format parsed for the walk */
	te = trace_event__parse(blob, size);
	assert_non_null(te);
	for (i = 0; i < N; i++)
		assert_true(trace_event__id(te, names[i]) == (int64_t)ids[i]);
	assert_true(trace_event__id(te, "sched_wakeup") == (int64_t)ids[1]);
	trace_event__delete(te);
	/* fields of an event never named */
	te = trace_event__parse(blob, size);
	assert_non_null(te);
	int nf = trace_event__fields(te, ids[3], tf, 64);
	bool found = false;

	assert_true(nf > 0);
	for (i = 0; i < nf; i++)
		found |= !strcmp(tf[i].name, "ret");
	assert_true(found);
	assert_true(trace_event__fields(te, ids[0], tf, 64) > 5);
	trace_event__delete(te);
	free(blob);
}

/* record -z: records compressed into COMPRESSED records decompress back;
 * incompressible input in small records takes many, most of them made of
 * output zstd held after the input was used up */
static void zstd_roundtrip(const char *src, size_t size, size_t max_record, size_t min_records)
{
	struct zstd_data z;
	static char dst[400000];
	char *out = NULL;
	size_t len = 0, cap = 0, pos = 0, records = 0;
	ssize_t n;

	assert_int_equal(zstd__init(&z, 1), 0);
	n = zstd__compress_records(&z, dst, sizeof(dst), src, size, max_record);
	assert_true(n > 0);
	while (pos < (size_t)n) {
		struct perf_event_header h;

		memcpy(&h, dst + pos, sizeof(h));
		assert_int_equal(h.type, PERF_RECORD_COMPRESSED);
		assert_true(h.size > sizeof(h) && h.size <= max_record);
		assert_true(zstd__decompress(&z, dst + pos + sizeof(h), h.size - sizeof(h),
					     &out, &len, &cap, 1 << 24) >= 0);
		pos += h.size;
		records++;
	}
	assert_int_equal(pos, (size_t)n);
	assert_true(records >= min_records);
	assert_int_equal(len, size);
	assert_memory_equal(out, src, len);
	free(out);
	zstd__exit(&z);
}

static void test_zstd_roundtrip(void **state)
{
	static char src[200000];
	uint64_t x = 88172645463325252ULL;

	for (size_t i = 0; i < sizeof(src); i++)
		src[i] = (char)(i * 7 / 13);
	zstd_roundtrip(src, sizeof(src), 65535, 1);
	for (size_t i = 0; i < sizeof(src); i++) {	/* xorshift: incompressible */
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		src[i] = (char)x;
	}
	zstd_roundtrip(src, sizeof(src), 4096, sizeof(src) / 4096);
}

/*
 * Build a read payload of every read_format (alone, and a group of 3) the
 * way the kernel lays it out, split it, and check every part; one word
 * short is refused.
 */
static void test_read_values_every_format(void **state)
{
	static const uint64_t bits[] = {
		PERF_FORMAT_TOTAL_TIME_ENABLED, PERF_FORMAT_TOTAL_TIME_RUNNING,
		PERF_FORMAT_ID, PERF_FORMAT_LOST, PERF_FORMAT_GROUP,
	};

	for (unsigned m = 0; m < 32; m++) {
		uint64_t rf = 0, buf[16], nr;
		struct read_values rv;
		size_t n = 0;

		for (unsigned b = 0; b < 5; b++)
			if (m & (1u << b))
				rf |= bits[b];
		nr = (rf & PERF_FORMAT_GROUP) ? 3 : 1;
		buf[n++] = (rf & PERF_FORMAT_GROUP) ? nr : 1000;
		if (rf & PERF_FORMAT_TOTAL_TIME_ENABLED)
			buf[n++] = 77;
		if (rf & PERF_FORMAT_TOTAL_TIME_RUNNING)
			buf[n++] = 66;
		for (uint64_t k = 0; k < nr; k++) {
			if (rf & PERF_FORMAT_GROUP)
				buf[n++] = 1000 + k;
			if (rf & PERF_FORMAT_ID)
				buf[n++] = 500 + k;
			if (rf & PERF_FORMAT_LOST)
				buf[n++] = 9 + k;
		}
		assert_int_equal(n * 8, event__read_size(rf, nr));
		assert_int_equal(read_values__parse(&rv, rf, buf, n * 8), 0);
		assert_int_equal(rv.nr, nr);
		assert_int_equal(rv.ena, (rf & PERF_FORMAT_TOTAL_TIME_ENABLED) ? 77 : 0);
		assert_int_equal(rv.run, (rf & PERF_FORMAT_TOTAL_TIME_RUNNING) ? 66 : 0);
		for (uint64_t k = 0; k < nr; k++) {
			struct read_value v = read_values__get(&rv, k);

			assert_int_equal(v.value, 1000 + k);
			assert_int_equal(v.id, (rf & PERF_FORMAT_ID) ? 500 + k : 0);
			assert_int_equal(v.lost, (rf & PERF_FORMAT_LOST) ? 9 + k : 0);
		}
		assert_int_equal(read_values__parse(&rv, rf, buf, n * 8 - 8), -EFAULT);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_bit_roundtrip),
		cmocka_unit_test(test_sample_id_all_tail),
		cmocka_unit_test(test_tracing_data),
		cmocka_unit_test(test_tracing_data_lazy),
		cmocka_unit_test(test_zstd_roundtrip),
		cmocka_unit_test(test_read_values_every_format),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
