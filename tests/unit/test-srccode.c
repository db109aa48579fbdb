// SPDX-License-Identifier: GPL-2.0
/* util/srccode: lines of source files (script's srccode field) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "unit.h"
#include "util/srccode.h"

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void expect_line(struct srccode *sc, const char *path, unsigned int line,
			const char *text)
{
	size_t len = 99;
	const char *l = srccode__line(sc, path, line, &len);

	if (!text) {
		assert_null(l);
		return;
	}
	assert_non_null(l);
	assert_int_equal(len, strlen(text));
	assert_memory_equal(l, text, len);
}

static void test_srccode_lines(void **state)
{
	char dir[] = "/tmp/test-srccode.XXXXXX", a[64], b[64], e[64];
	struct srccode *sc = srccode__new();

	(void)state;
	assert_non_null(sc);
	assert_non_null(mkdtemp(dir));
	snprintf(a, sizeof(a), "%s/a.c", dir);
	snprintf(b, sizeof(b), "%s/b.c", dir);
	snprintf(e, sizeof(e), "%s/e.c", dir);
	write_file(a, "int x;\n\n\tfor (;;)\n}\n");
	write_file(b, "one\ntwo");		/* no newline at the end */
	write_file(e, "");
	expect_line(sc, a, 1, "int x;");
	expect_line(sc, a, 2, "");
	expect_line(sc, a, 3, "\tfor (;;)");
	expect_line(sc, a, 4, "}");
	expect_line(sc, a, 5, NULL);
	expect_line(sc, a, 0, NULL);
	expect_line(sc, b, 2, "two");
	expect_line(sc, b, 1, "one");
	expect_line(sc, b, 3, NULL);
	expect_line(sc, e, 1, NULL);
	expect_line(sc, dir, 1, NULL);			/* a directory */
	expect_line(sc, "/nonexistent/x.c", 1, NULL);
	expect_line(NULL, a, 1, NULL);
	/* more files than the cache keeps: the first is mapped again */
	for (int i = 0; i < 40; i++) {
		char p[80];

		snprintf(p, sizeof(p), "%s/missing%d.c", dir, i);
		expect_line(sc, p, 1, NULL);
	}
	expect_line(sc, a, 4, "}");
	srccode__delete(sc);
	srccode__delete(NULL);
	unlink(a);
	unlink(b);
	unlink(e);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_srccode_lines),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
