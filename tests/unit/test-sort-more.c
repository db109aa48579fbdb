// SPDX-License-Identifier: GPL-2.0
/*
 * The sort keys report-more added: "time" (perf's 100 ms slots printed in
 * microseconds, or nanoseconds with --ns, in a 12 or 16 wide column) and
 * "socket" (perf's "%.3d" in 6 columns).
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_time_key),
		cmocka_unit_test(test_socket_key),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
