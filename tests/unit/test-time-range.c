// SPDX-License-Identifier: GPL-2.0
/* util/time-range: --time's absolute and percent forms, the ranges they
 * make and the samples they keep; malformed strings refused. */
#include "unit.h"
#include <string.h>
#include "util/time-range.h"

#define S(x) ((uint64_t)(x) * 1000000000ULL)

/* the ranges of @str as "start-end ..." in ns, or "EINVAL" */
static const char *ranges(const char *str, uint64_t first, uint64_t last, char *buf,
			  size_t size)
{
	struct time_ranges tr;
	size_t n = 0;

	if (time_ranges__parse(&tr, str, first, last)) {
		assert_int_equal(tr.nr, 0);
		snprintf(buf, size, "EINVAL");
		return buf;
	}
	buf[0] = 0;
	for (int i = 0; i < tr.nr; i++)
		n += (size_t)snprintf(buf + n, size - n, "%s%llu-%llu", i ? " " : "",
				      (unsigned long long)tr.r[i].start,
				      (unsigned long long)tr.r[i].end);
	time_ranges__exit(&tr);
	return buf;
}

static void test_absolute(void **state)
{
	static const struct { const char *in, *out; } cases[] = {
		{ "10,20", "10000000000-20000000000" },
		{ "10.5,", "10500000000-0" },
		{ ",1.000000001", "0-1000000001" },
		{ "1,2 3,4", "1000000000-2000000000 3000000000-4000000000" },
		/* blanks after a comma belong to its range, as perf reads them */
		{ "1,  2 3, 4", "1000000000-2000000000 3000000000-4000000000" },
		/* as perf reads them: ns past 2^64 wrap around, seconds past
		 * 2^64 are 2^64 - 1 */
		{ ",99999999999", "0-7766279630452241920" },
		{ "99999999999.5,", "7766279630952241920-0" },
		{ "18446744074,", "290448384-0" },
		{ ",99999999999999999999", "0-18446744072709551616" },
		{ ",18446744072.999999999", "0-18446744072999999999" },
		/* refused: no comma, two commas, unordered, overlapping, junk,
		 * more than 9 fraction digits */
		{ "", "EINVAL" }, { " ", "EINVAL" }, { "10", "EINVAL" }, { "1,2,3", "EINVAL" },
		{ "2,1", "EINVAL" }, { "1,3 2,4", "EINVAL" }, { "3,4 1,2", "EINVAL" },
		{ "a,", "EINVAL" }, { "1x,", "EINVAL" }, { "-1,", "EINVAL" },
		{ "1.0000000001,", "EINVAL" }, { "1,2 ", "EINVAL" },
	};
	char b[256];

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		assert_string_equal(ranges(cases[i].in, 0, 0, b, sizeof(b)), cases[i].out);
}

static void test_percent(void **state)
{
	char b[256];

	(void)state;
	/* of the span 100 s .. 200 s */
	assert_string_equal(ranges("10%/2", S(100), S(200), b, sizeof(b)),
			    "110000000000-119999999999");
	assert_string_equal(ranges("0%-50%", S(100), S(200), b, sizeof(b)),
			    "100000000000-149999999999");
	assert_string_equal(ranges("50%-100%", S(100), S(200), b, sizeof(b)),
			    "150000000000-200000000000");
	assert_string_equal(ranges("25%", S(100), S(200), b, sizeof(b)),
			    "100000000000-124999999999");
	assert_string_equal(ranges("10%/1,10%/3", S(100), S(200), b, sizeof(b)),
			    "100000000000-109999999999 120000000000-129999999999");
	for (const char *bad[] = { "0%/1", "10%/", "10%-", "110%-120%", "10%,20%", "10%x" },
	     **p = bad; p < bad + sizeof(bad) / sizeof(bad[0]); p++)
		assert_string_equal(ranges(*p, S(100), S(200), b, sizeof(b)), "EINVAL");
}

static void test_skip(void **state)
{
	struct time_ranges tr;

	(void)state;
	assert_int_equal(time_ranges__parse(&tr, "1,2 3,", 0, 0), 0);
	assert_false(time_ranges__skip(&tr, 0));		/* no timestamp: kept */
	assert_true(time_ranges__skip(&tr, S(1) - 1));
	assert_false(time_ranges__skip(&tr, S(1)));
	assert_false(time_ranges__skip(&tr, S(2)));		/* ends are inclusive */
	assert_true(time_ranges__skip(&tr, S(2) + 1));
	assert_false(time_ranges__skip(&tr, UINT64_MAX));	/* open end */
	time_ranges__exit(&tr);
	assert_int_equal(time_ranges__parse(&tr, ",99999999999", 0, 0), 0);
	assert_false(time_ranges__skip(&tr, S(1734)));
	time_ranges__exit(&tr);
	assert_int_equal(time_ranges__parse(&tr, "99999999999,", 0, 0), 0);
	assert_true(time_ranges__skip(&tr, S(1734)));
	time_ranges__exit(&tr);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_absolute),
		cmocka_unit_test(test_percent),
		cmocka_unit_test(test_skip),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
