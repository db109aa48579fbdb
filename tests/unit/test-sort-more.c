// SPDX-License-Identifier: GPL-2.0
/*
 * The sort keys report-more added: "time" (perf's 100 ms slots printed in
 * microseconds, or nanoseconds with --ns, in a 12 or 16 wide column) and
 * "socket" (perf's "%.3d" in 6 columns), "srcfile" (the file of the line).
 */
#include "unit.h"
#include <string.h>
#include "util/hist.h"
#include "util/sort.h"

static void test_time_key(void **state)
{
	const struct sort_key *k = sort_key__find("time");
	struct hist_entry a = { 0 }, b = { 0 };
	char buf[64];

	assert_non_null(k);
	a.time = 12584500000000ULL;
	b.time = 12584300000000ULL;
	sort__set_time_ns(false);
	k->snprintf(&a, buf, sizeof(buf));
	assert_string_equal(buf, "12584.500000");
	assert_int_equal(k->width(&a), 12);
	sort__set_time_ns(true);
	k->snprintf(&a, buf, sizeof(buf));
	assert_string_equal(buf, "12584.500000000");
	assert_int_equal(k->width(&a), 16);
	sort__set_time_ns(false);
	assert_true(k->cmp(&a, &b) > 0);
	assert_true(k->cmp(&b, &a) < 0);
	assert_int_equal(k->cmp(&a, &a), 0);
	assert_true(k->hash(&a) != k->hash(&b));
}

static void test_socket_key(void **state)
{
	const struct sort_key *k = sort_key__find("socket");
	struct hist_entry a = { .socket = -1 }, b = { .socket = 0 };
	char buf[32];

	assert_non_null(k);
	k->snprintf(&a, buf, sizeof(buf));
	assert_string_equal(buf, "  -001");
	k->snprintf(&b, buf, sizeof(buf));
	assert_string_equal(buf, "   000");
	assert_true(k->cmp(&a, &b) < 0);
	assert_null(sort_key__find("dso_size"));	/* not offered: see mperf-report(1) */
}

static void test_srcfile_key(void **state)
{
	const struct sort_key *k = sort_key__find("srcfile");
	struct hist_entry a = { 0 }, b = { 0 };
	char buf[64];

	assert_non_null(k);
	assert_true(k->need_srcline);
	a.srcline = "libmwork.c:8";
	k->snprintf(&a, buf, sizeof(buf));
	assert_string_equal(buf, "libmwork.c");
	b.srcline = "libmwork.c:13";	/* another line of the same file */
	assert_int_equal(k->cmp(&a, &b), 0);
	assert_true(k->hash(&a) == k->hash(&b));
	b.srcline = "libmwork.h:13";
	assert_true(k->cmp(&a, &b) != 0);
	/* no file: perf's unknown line, and "sym+off" (C++ names have ':') */
	b.srcline = "??:0";
	k->snprintf(&b, buf, sizeof(buf));
	assert_string_equal(buf, "");
	b.srcline = "work::Burner::spin+12";
	k->snprintf(&b, buf, sizeof(buf));
	assert_string_equal(buf, "");
	b.srcline = "dir:odd/f.c:3";	/* the last colon splits */
	k->snprintf(&b, buf, sizeof(buf));
	assert_string_equal(buf, "dir:odd/f.c");
	b.srcline = NULL;
	k->snprintf(&b, buf, sizeof(buf));
	assert_string_equal(buf, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_time_key),
		cmocka_unit_test(test_socket_key),
		cmocka_unit_test(test_srcfile_key),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
