// SPDX-License-Identifier: GPL-2.0
/* evsel/evlist: open, group read, ids, error advice, -vv attr printing. */
#include "unit.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include "util/cpumap.h"
#include "util/evlist.h"
#include "util/evsel.h"
#include "util/parse-events.h"
#include "arch/arch.h"
#include <regex.h>
#include <sys/utsname.h>

static volatile unsigned long sink;

static void burn(void)
{
	for (unsigned long i = 0; i < 20000000UL; i++)
		sink += i;
}

static struct evlist *self_evlist(const char *events)
{
	struct parse_events_error err;
	struct evlist *evlist;

	need_perf_event_open();		/* every caller opens the events */
	evlist = evlist__new();
	assert_non_null(evlist);
	assert_int_equal(parse_events(evlist, events, &err), 0);
	evlist__config_stat(evlist, false, false);
	evlist__set_maps(evlist, cpumap__new_any(), threadmap__new_one(getpid()));
	return evlist;
}

static void test_open_read_single(void **state)
{
	struct evlist *evlist;
	struct evsel *e;
	struct evsel *failed;
	struct counts c;

	evlist = self_evlist("task-clock");
	assert_int_equal(evlist__open(evlist, false, &failed), 0);
	e = evlist->entries[0];
	assert_int_equal(evlist__enable(evlist), 0);
	burn();
	assert_int_equal(evlist__disable(evlist), 0);
	assert_int_equal(evlist__read_counts(evlist), 0);
	evsel__sum_counts(e, &c);
	assert_true(c.val > 1000000);		/* > 1 ms of task clock */
	assert_true(c.ena >= c.run);
	assert_true(c.run > 0);
	/* IDENTIFIER sample_type: an id was fetched with PERF_EVENT_IOC_ID */
	assert_true(e->ids[0] != 0);
	evlist__delete(evlist);
}

static void test_group_read(void **state)
{
	struct evlist *evlist;
	struct evsel *a, *b, *d;
	struct counts ca, cb, cd;

	evlist = self_evlist("{task-clock,page-faults,cpu-clock}");
	assert_int_equal(evlist__nr_groups(evlist), 1);
	a = evlist->entries[0];
	b = evlist->entries[1];
	d = evlist->entries[2];
	assert_int_equal(a->attr.read_format,
			 PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING |
			 PERF_FORMAT_ID | PERF_FORMAT_GROUP);
	assert_int_equal(evlist__open(evlist, false, NULL), 0);
	assert_int_equal(evsel__read_size(a), 8 * (3 + 3 * 2));
	assert_int_equal(evlist__enable(evlist), 0);
	burn();
	{
		volatile char *p = malloc(1 << 20);	/* fault some pages in */

		for (int i = 0; i < (1 << 20); i += 4096)
			p[i] = 1;
		free((void *)p);
	}
	assert_int_equal(evlist__disable(evlist), 0);
	assert_int_equal(evlist__read_counts(evlist), 0);
	evsel__sum_counts(a, &ca);
	evsel__sum_counts(b, &cb);
	evsel__sum_counts(d, &cd);
	assert_true(ca.val > 1000000);
	assert_true(cd.val > 1000000);
	assert_true(cb.val > 0 && cb.val < 100000);	/* page faults, not ns */
	/* distinct ids, each found again by id */
	assert_true(a->ids[0] != b->ids[0] && b->ids[0] != d->ids[0]);
	assert_ptr_equal(evlist__id2evsel(evlist, b->ids[0]), b);
	assert_ptr_equal(evlist__id2evsel(evlist, d->ids[0]), d);
	assert_null(evlist__id2evsel(evlist, 0xdeadbeef));
	evlist__delete(evlist);
}

static void test_unsupported_skipped(void **state)
{
	/* ref-cycles needs a hardware PMU; with one it opens, else skipped */
	struct evlist *evlist = self_evlist("task-clock,r1234,page-faults");
	struct evsel *failed = NULL;

	assert_int_equal(evlist__open(evlist, true, &failed), 0);
	assert_true(evlist->entries[0]->supported);
	assert_true(evlist->entries[2]->supported);
	if (access("/sys/bus/event_source/devices/cpu", F_OK)) {
		assert_false(evlist->entries[1]->supported);
		assert_true(evlist->entries[1]->open_errno != 0);
		assert_null(evlist->entries[1]->fds);
	}
	evlist__delete(evlist);
}

/*
 * A single counter's read(2) has its value first, then the times: a
 * count read alone is the number of faults, not a time in ns.
 */
static void test_open_read_single_count(void **state)
{
	struct evlist *evlist;
	struct counts c;
	size_t len = 256 * 4096;
	char *mem;

	evlist = self_evlist("page-faults");
	assert_int_equal(evlist->entries[0]->attr.read_format,
			 PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING);
	assert_int_equal(evlist__open(evlist, false, NULL), 0);
	mem = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	assert_true(mem != MAP_FAILED);
	assert_int_equal(evlist__enable(evlist), 0);
	for (size_t i = 0; i < len; i += 4096)
		mem[i] = 1;
	burn();
	assert_int_equal(evlist__disable(evlist), 0);
	munmap(mem, len);
	assert_int_equal(evlist__read_counts(evlist), 0);
	evsel__sum_counts(evlist->entries[0], &c);
	assert_true(c.val >= 256 && c.val < 100000);
	assert_true(c.ena >= c.run && c.run > 1000000);	/* burn(): > 1 ms */
	evlist__delete(evlist);
}

/* msr/tsc/ refuses exclude_guest: opened after dropping it, as perf */
static void test_exclude_guest_fallback(void **state)
{
	struct evlist *evlist;
	struct evsel *e;
	struct counts c;

	if (access("/sys/bus/event_source/devices/msr/events/tsc", F_OK))
		skip();
	evlist = self_evlist("msr/tsc/");
	e = evlist->entries[0];
	assert_int_equal(e->attr.exclude_guest, 1);
	assert_int_equal(evlist__open(evlist, false, NULL), 0);
	assert_int_equal(e->attr.exclude_guest, 0);
	evlist__enable(evlist);
	burn();
	evlist__disable(evlist);
	assert_int_equal(evlist__read_counts(evlist), 0);
	evsel__sum_counts(e, &c);
	assert_true(c.val > 1000);
	evlist__delete(evlist);
}

/* -a: one fd per online CPU, pid -1 (needs root or paranoid <= 0) */
static void test_system_wide(void **state)
{
	struct parse_events_error err;
	struct evlist *evlist;
	struct cpumap *cpus;
	struct evsel *e;
	struct counts c;

	if (geteuid() != 0)
		skip();
	need_perf_event_open();
	evlist = evlist__new();
	cpus = cpumap__online();
	assert_int_equal(parse_events(evlist, "cpu-clock,cs", &err), 0);
	evlist__config_stat(evlist, false, true);
	evlist__set_maps(evlist, cpus, threadmap__new_any());
	assert_int_equal(evlist__open(evlist, false, NULL), 0);
	e = evlist->entries[0];
	for (int i = 0; i < cpus->nr; i++)
		assert_true(EVSEL_FD(e, i, 0) >= 0);
	evlist__enable(evlist);
	burn();
	evlist__disable(evlist);
	assert_int_equal(evlist__read_counts(evlist), 0);
	evsel__sum_counts(e, &c);
	/* at least the time we burnt on one CPU */
	assert_true(c.val > 1000000);
	assert_true(EVSEL_COUNTS(e, 0, 0).ena > 0);
	evlist__delete(evlist);
}

/* a group with an unsupported leader: nothing of it is opened */
static void test_group_leader_unsupported(void **state)
{
	struct evlist *evlist;

	if (!access("/sys/bus/event_source/devices/cpu", F_OK))
		skip();	/* cycles opens here */
	evlist = self_evlist("{cycles,cpu-clock},task-clock");
	assert_int_equal(evlist__open(evlist, true, NULL), 0);
	assert_false(evlist->entries[0]->supported);
	assert_null(evlist->entries[1]->fds);
	assert_true(evlist->entries[1]->supported);	/* not counted */
	assert_non_null(evlist->entries[2]->fds);
	assert_int_equal(evlist__read_counts(evlist), 0);
	evlist__delete(evlist);
}

static void test_strerror(void **state)
{
	struct perf_event_attr attr = { .type = PERF_TYPE_HARDWARE, .size = sizeof(attr) };
	struct evsel *e = evsel__new(&attr, "cycles");
	char buf[512];

	evsel__strerror_open(e, -EMFILE, buf, sizeof(buf));
	assert_non_null(strstr(buf, "ulimit -n"));
	assert_null(strchr(buf, '\n'));
	evsel__strerror_open(e, -ESRCH, buf, sizeof(buf));
	assert_non_null(strstr(buf, "does not exist"));
	evsel__strerror_open(e, -ENOENT, buf, sizeof(buf));
	assert_non_null(strstr(buf, "not supported by this machine"));
	evsel__strerror_open(e, -ENOSYS, buf, sizeof(buf));
	assert_non_null(strstr(buf, "no perf_event_open (ENOSYS)"));
	assert_null(strchr(buf, '\n'));
	assert_non_null(strstr(buf, "'cycles'"));
	if (geteuid() != 0) {
		evsel__strerror_open(e, -EACCES, buf, sizeof(buf));
		assert_non_null(strstr(buf, "sysctl -w kernel.perf_event_paranoid="));
		assert_non_null(strstr(buf, "CAP_PERFMON"));
	} else {
		evsel__strerror_open(e, -EACCES, buf, sizeof(buf));
		assert_non_null(strstr(buf, "perf_event_paranoid"));
	}
	evsel__delete(e);

	attr.type = PERF_TYPE_TRACEPOINT;
	e = evsel__new(&attr, "sched:sched_switch");
	setenv("MPERF_TRACEFS", "/nonexistent", 1);
	evsel__strerror_open(e, -ENOENT, buf, sizeof(buf));
	unsetenv("MPERF_TRACEFS");
	evsel__delete(e);
}

static void test_fallback(void **state)
{
	struct perf_event_attr attr = { .type = PERF_TYPE_HARDWARE, .size = sizeof(attr),
					.precise_ip = 2 };
	struct evsel *e = evsel__new(&attr, "cycles:pp");
	char msg[256];

	assert_false(evsel__fallback(e, -EACCES, msg, sizeof(msg)));
	assert_true(evsel__fallback(e, -ENOENT, msg, sizeof(msg)));
	assert_int_equal(e->attr.type, PERF_TYPE_SOFTWARE);
	assert_int_equal(e->attr.config, PERF_COUNT_SW_CPU_CLOCK);
	assert_int_equal(e->attr.precise_ip, 0);
	/* the name is the caller's to derive (record: evsel__attr_modifiers) */
	assert_string_equal(e->name, "cycles:pp");
	assert_true(e->auto_fallback);
	evsel__delete(e);
}

/* the suffix perf names an event with from its attr */
static void test_attr_modifiers(void **state)
{
	struct perf_event_attr a = { .size = sizeof(a) };
	char m[16];

	evsel__attr_modifiers(&a, m, sizeof(m));
	assert_string_equal(m, ":HG");		/* exclude_guest 0 is not the default */
	a.exclude_guest = 1;
	evsel__attr_modifiers(&a, m, sizeof(m));
	assert_string_equal(m, "");
	a.precise_ip = 3;			/* record's default cycles:pppH */
	evsel__attr_modifiers(&a, m, sizeof(m));
	assert_string_equal(m, ":pppH");
	a.exclude_kernel = 1;			/* ... without kernel access */
	evsel__attr_modifiers(&a, m, sizeof(m));
	assert_string_equal(m, ":uhpppH");
	a.exclude_hv = 1;
	a.precise_ip = 0;
	a.exclude_guest = 0;
	evsel__attr_modifiers(&a, m, sizeof(m));
	assert_string_equal(m, ":u");		/* guests counted: the default here */
	a.exclude_host = 1;
	evsel__attr_modifiers(&a, m, sizeof(m));
	assert_string_equal(m, ":uG");
	assert_int_equal(evsel__attr_modifiers(&a, m, 2), 3);	/* snprintf's length */
}

/* The exact text perf 6.1 prints for `perf stat -vv -e cpu-clock:u` */
static void test_fprintf_attr(void **state)
{
	static const char want[] =
		"------------------------------------------------------------\n"
		"perf_event_attr:\n"
		"  type                             1\n"
		"  size                             128\n"
		"  sample_type                      IDENTIFIER\n"
		"  read_format                      TOTAL_TIME_ENABLED|TOTAL_TIME_RUNNING|ID|GROUP\n"
		"  disabled                         1\n"
		"  inherit                          1\n"
		"  exclude_kernel                   1\n"
		"  exclude_hv                       1\n"
		"  enable_on_exec                   1\n"
		"  exclude_guest                    1\n"
		"  { wakeup_events, wakeup_watermark } 1\n"
		"  { bp_addr, config1 }             0x1000\n"
		"------------------------------------------------------------\n";
	struct perf_event_attr attr = {
		.type = 1, .size = 128, .sample_type = PERF_SAMPLE_IDENTIFIER,
		.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING |
			       PERF_FORMAT_ID | PERF_FORMAT_GROUP,
		.disabled = 1, .inherit = 1, .exclude_kernel = 1, .exclude_hv = 1,
		.enable_on_exec = 1, .exclude_guest = 1, .wakeup_events = 1,
		.bp_addr = 0x1000,
	};
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	evsel__fprintf_attr(f, &attr);
	fclose(f);
	assert_string_equal(buf, want);
	free(buf);
}

static void test_sample_type_names(void **state)
{
	char b[256];

	evsel__snprintf_sample_type(b, sizeof(b), PERF_SAMPLE_IP | PERF_SAMPLE_TID |
				    PERF_SAMPLE_TIME | PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_PERIOD);
	assert_string_equal(b, "IP|TID|TIME|CALLCHAIN|PERIOD");
	evsel__snprintf_read_format(b, sizeof(b), PERF_FORMAT_ID | PERF_FORMAT_LOST);
	assert_string_equal(b, "ID|LOST");
	evsel__snprintf_sample_type(b, sizeof(b), 1ULL << 40);
	assert_string_equal(b, "0x10000000000");
}

static void test_sample_size(void **state)
{
	struct perf_event_attr attr = { .size = sizeof(attr),
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
			       PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD | PERF_SAMPLE_CALLCHAIN };
	struct evsel *e = evsel__new(&attr, "x");

	assert_int_equal(evsel__sample_size(e), 40);
	evsel__delete(e);
}

/* arch ops: lookup by ARCH feature / uname, and the x86 CPUID string */
static void test_arch(void **state)
{
	struct utsname u;
	char buf[128];

	assert_ptr_equal(arch__by_name("x86"), &arch_x86);
	assert_ptr_equal(arch__by_name("x86_64"), &arch_x86);
	assert_ptr_equal(arch__by_name("arm64"), &arch_arm64);
	assert_ptr_equal(arch__by_name("aarch64"), &arch_arm64);
	assert_null(arch__by_name("mips"));
	assert_null(arch__by_name(NULL));
	assert_int_equal(arch_x86.e_machine, 62);	/* EM_X86_64 */
	assert_int_equal(arch_arm64.e_machine, 183);	/* EM_AARCH64 */
	uname(&u);
	if (!strcmp(u.machine, "aarch64")) {
		/* arm64 (qemu-user shows the emulated machine): MIDR_EL1 from
		 * sysfs as perf writes it, or -errno where there is none */
		int ret = arch_arm64.cpuid(buf, sizeof(buf));

		assert_ptr_equal(arch__for_host(), &arch_arm64);
		if (access("/sys/devices/system/cpu/cpu0/regs/identification/midr_el1", R_OK)) {
			assert_true(ret < 0);
			skip();
		}
		assert_int_equal(ret, 0);
		assert_int_equal(strlen(buf), 18);
		assert_memory_equal(buf, "0x", 2);
		return;
	}
	if (strcmp(u.machine, "x86_64"))
		skip();
	assert_ptr_equal(arch__for_host(), &arch_x86);
	assert_int_equal(arch_x86.cpuid(buf, sizeof(buf)), 0);
	{
		/* vendor-family(dec)-model(HEX)-stepping(HEX), as /proc/cpuinfo */
		regex_t re;
		FILE *f = fopen("/proc/cpuinfo", "r");
		char line[256], want[128] = "", vendor[32] = "";
		int fam = -1, model = -1, step = -1;

		assert_int_equal(regcomp(&re, "^[A-Za-z]+-[0-9]+-[0-9A-F]+-[0-9A-F]+$", REG_EXTENDED), 0);
		assert_int_equal(regexec(&re, buf, 0, NULL, 0), 0);
		regfree(&re);
		while (f && fgets(line, sizeof(line), f)) {
			if (!vendor[0])
				sscanf(line, "vendor_id : %31s", vendor);
			if (fam < 0)
				sscanf(line, "cpu family : %d", &fam);
			if (model < 0)
				sscanf(line, "model : %d", &model);
			if (step < 0)
				sscanf(line, "stepping : %d", &step);
		}
		if (f)
			fclose(f);
		snprintf(want, sizeof(want), "%s-%d-%X-%X", vendor, fam, model, step);
		assert_string_equal(buf, want);
	}
	assert_int_equal(arch_x86.cpuid(buf, 8), -ENAMETOOLONG);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_open_read_single),
		cmocka_unit_test(test_open_read_single_count),
		cmocka_unit_test(test_group_read),
		cmocka_unit_test(test_unsupported_skipped),
		cmocka_unit_test(test_exclude_guest_fallback),
		cmocka_unit_test(test_system_wide),
		cmocka_unit_test(test_group_leader_unsupported),
		cmocka_unit_test(test_strerror),
		cmocka_unit_test(test_fallback),
		cmocka_unit_test(test_attr_modifiers),
		cmocka_unit_test(test_fprintf_attr),
		cmocka_unit_test(test_sample_type_names),
		cmocka_unit_test(test_sample_size),
		cmocka_unit_test(test_arch),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
