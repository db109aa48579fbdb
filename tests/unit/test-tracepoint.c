// SPDX-License-Identifier: GPL-2.0
/* tracefs discovery on the fake tree tests/data/sysfs/kernel/tracing. */
#include "unit.h"
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util/tracepoint.h"

#define FAKE TEST_DATA "/sysfs/kernel/tracing"

static int setup(void **state)
{
	return setenv("MPERF_TRACEFS", FAKE, 1);
}

static void test_find(void **state)
{
	const char *const paths[] = { "/nonexistent/tracing", FAKE };
	const char *const none[] = { "/nonexistent/a", "/nonexistent/b" };

	/* first candidate with an events/ directory wins */
	assert_string_equal(tracepoint__find_tracefs(paths, 2, 0), FAKE);
	errno = 0;
	assert_null(tracepoint__find_tracefs(none, 2, 0));
	assert_int_equal(errno, ENOENT);
	assert_string_equal(tracepoint__tracefs(), FAKE);
}

static void test_ids_and_paths(void **state)
{
	char p[PATH_MAX];

	assert_int_equal(tracepoint__id("sched", "sched_switch"), 316);
	assert_int_equal(tracepoint__id("syscalls", "sys_exit_read"), 701);
	assert_int_equal(tracepoint__id("sched", "nope"), -ENOENT);
	assert_int_equal(tracepoint__id("ftrace", "bprint"), -ENOENT);	/* no id */
	assert_int_equal(tracepoint__id("..", "sched"), -EINVAL);
	assert_int_equal(tracepoint__id("sched/../sched", "sched_switch"), -EINVAL);
	assert_int_equal(tracepoint__format_path("sched", "sched_switch", p, sizeof(p)), 0);
	assert_string_equal(p, FAKE "/events/sched/sched_switch/format");
	assert_int_equal(access(p, R_OK), 0);
	assert_int_equal(tracepoint__format_path("sched", "sched_switch", p, 10), -ENAMETOOLONG);
}

static void test_list(void **state)
{
	static const char *const want[] = {
		"ftrace:function", "irq:irq_handler_entry", "irq_vectors:local_timer_entry",
		"sched:sched_process_exit", "sched:sched_switch", "sched:sched_wakeup",
		"syscalls:sys_enter_read", "syscalls:sys_enter_write", "syscalls:sys_exit_read",
	};
	struct tracepoint_name *l;
	char buf[128];
	int n = tracepoint__list(NULL, NULL, &l);

	/* sorted as "sys:name" strings; ftrace:bprint (no id) and the
	 * enable/filter files are not events */
	assert_int_equal(n, 9);
	for (int i = 0; i < n; i++) {
		snprintf(buf, sizeof(buf), "%s:%s", l[i].sys, l[i].name);
		assert_string_equal(buf, want[i]);
	}
	tracepoint__list_free(l, n);

	n = tracepoint__list("syscalls", "sys_enter_*", &l);
	assert_int_equal(n, 2);
	assert_string_equal(l[1].name, "sys_enter_write");
	tracepoint__list_free(l, n);

	n = tracepoint__list("*", "*_read", &l);
	assert_int_equal(n, 2);
	tracepoint__list_free(l, n);

	n = tracepoint__list("sched", "nothing*", &l);
	assert_int_equal(n, 0);
	tracepoint__list_free(l, n);
}

static void test_no_tracefs(void **state)
{
	struct tracepoint_name *l;

	setenv("MPERF_TRACEFS", "/nonexistent", 1);
	assert_null(tracepoint__tracefs());
	assert_int_equal(tracepoint__id("sched", "sched_switch"), -ENOENT);
	assert_int_equal(tracepoint__list(NULL, NULL, &l), -ENOENT);
	assert_null(l);
	setenv("MPERF_TRACEFS", FAKE, 1);
}

static void test_host(void **state)
{
	struct tracepoint_name *l;
	int n;

	unsetenv("MPERF_TRACEFS");
	if (!tracepoint__tracefs()) {
		setenv("MPERF_TRACEFS", FAKE, 1);
		skip();
	}
	n = tracepoint__list("sched", "sched_switch", &l);
	assert_int_equal(n, 1);
	tracepoint__list_free(l, n);
	assert_true(tracepoint__id("sched", "sched_switch") > 0);
	setenv("MPERF_TRACEFS", FAKE, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_find),
		cmocka_unit_test(test_ids_and_paths),
		cmocka_unit_test(test_list),
		cmocka_unit_test(test_no_tracefs),
		cmocka_unit_test(test_host),
	};
	return cmocka_run_group_tests(tests, setup, NULL);
}
