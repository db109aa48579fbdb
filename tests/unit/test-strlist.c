// SPDX-License-Identifier: GPL-2.0
/* util/strlist: option lists split as perf 6.1 splits them (empty items
 * kept except after the last comma, repeats kept once). */
#include "unit.h"
#include <string.h>
#include "util/strlist.h"

/* @s parsed: its items joined with '|' */
static const char *joined(const char *s, char *buf, size_t size)
{
	struct strlist l = { 0 };
	size_t n = 0;

	assert_int_equal(strlist__parse(&l, s), 0);
	buf[0] = 0;
	for (int i = 0; i < l.nr; i++)
		n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? "|" : "", l.items[i]);
	snprintf(buf + n, size - n, "#%d", l.nr);
	strlist__exit(&l);
	return buf;
}

static void test_split(void **state)
{
	char b[128];

	(void)state;
	assert_string_equal(joined(NULL, b, sizeof(b)), "#0");
	assert_string_equal(joined("", b, sizeof(b)), "#0");
	assert_string_equal(joined("a", b, sizeof(b)), "a#1");
	assert_string_equal(joined("a,b", b, sizeof(b)), "a|b#2");
	assert_string_equal(joined("a,", b, sizeof(b)), "a#1");
	assert_string_equal(joined(",a", b, sizeof(b)), "|a#2");
	assert_string_equal(joined(",", b, sizeof(b)), "#1");
	assert_string_equal(joined(",,", b, sizeof(b)), "#1");
	assert_string_equal(joined("a,,b", b, sizeof(b)), "a||b#3");
	assert_string_equal(joined("b,a,b", b, sizeof(b)), "b|a#2");
	assert_string_equal(joined("a b,c", b, sizeof(b)), "a b|c#2");
}

static void test_has(void **state)
{
	struct strlist l = { 0 };

	(void)state;
	assert_int_equal(strlist__parse(&l, ",perf"), 0);
	assert_true(strlist__has(&l, "perf"));
	assert_true(strlist__has(&l, ""));
	assert_false(strlist__has(&l, "per"));
	assert_false(strlist__has(&l, NULL));
	/* a second list adds to the first */
	assert_int_equal(strlist__parse(&l, "ls,perf"), 0);
	assert_int_equal(l.nr, 3);
	strlist__exit(&l);
	assert_int_equal(l.nr, 0);
	assert_null(l.items);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_split),
		cmocka_unit_test(test_has),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
