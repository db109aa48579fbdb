// SPDX-License-Identifier: GPL-2.0
/* The metric expression evaluator: arithmetic, precedence, if/else,
 * functions, escaped ids, and errors that name the column. */
#include "unit.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "util/expr.h"

static int lookup(void *ctx, const char *id, double *val)
{
	static const struct { const char *id; double v; } vars[] = {
		{ "INST_RETIRED.ANY", 1000 },
		{ "CPU_CLK_UNHALTED.THREAD", 2500 },
		{ "#SYSTEM_TSC_FREQ", 2e9 },
		{ "duration_time", 0.5e9 },
		{ "cha@UNC_CHA_TOR_INSERTS.IA_MISS,config1=0x40433@", 64 },
		{ "cpu_core@INST_RETIRED.ANY@", 7 },
		{ "source_count(UNC_CHA_CLOCKTICKS)", 28 },
		{ "UNC_CHA_CLOCKTICKS", 56 },
		{ "ZERO", 0 },
		{ "#smt_on", 1 },
	};

	for (size_t i = 0; i < sizeof(vars) / sizeof(vars[0]); i++)
		if (!strcmp(vars[i].id, id)) {
			*val = vars[i].v;
			return 0;
		}
	return -ENOENT;
}

static double eval(const char *s)
{
	double v = -12345;
	char err[256];
	int ret = expr__eval(s, lookup, NULL, &v, err, sizeof(err));

	if (ret)
		fail_msg("'%s': %d %s", s, ret, err);
	return v;
}

static void test_arith(void **state)
{
	assert_float_equal(eval("1 + 2 * 3"), 7, 0);
	assert_float_equal(eval("(1 + 2) * 3"), 9, 0);
	assert_float_equal(eval("10 - 4 - 3"), 3, 0);
	assert_float_equal(eval("64 / 8 / 2"), 4, 0);
	assert_float_equal(eval("-3 + 5"), 2, 0);
	assert_float_equal(eval("2 * -3"), -6, 0);
	assert_float_equal(eval("7 % 4"), 3, 0);
	assert_float_equal(eval("64 / 9.0"), 64 / 9.0, 1e-12);
	assert_float_equal(eval("1e9 / 1000000000"), 1, 0);
	assert_float_equal(eval(".5 * 4"), 2, 0);
	assert_float_equal(eval("min(3, 4) + max(3, 4)"), 7, 0);
	assert_float_equal(eval("d_ratio(1, 0)"), 0, 0);
	assert_float_equal(eval("d_ratio(1, 4)"), 0.25, 0);
	assert_true(isnan(eval("1 / ZERO")));
}

static void test_ids(void **state)
{
	assert_float_equal(eval("CPU_CLK_UNHALTED.THREAD / INST_RETIRED.ANY"), 2.5, 0);
	assert_float_equal(eval("(CPU_CLK_UNHALTED.THREAD / INST_RETIRED.ANY * #SYSTEM_TSC_FREQ) / 1000000000"),
			   5, 1e-12);
	assert_float_equal(eval("cha@UNC_CHA_TOR_INSERTS.IA_MISS\\,config1\\=0x40433@ / 2"), 32, 0);
	assert_float_equal(eval("cpu_core@INST_RETIRED.ANY@ * 2"), 14, 0);
	assert_float_equal(eval("UNC_CHA_CLOCKTICKS / source_count(UNC_CHA_CLOCKTICKS)"), 2, 0);
	assert_float_equal(eval("INST_RETIRED.ANY / duration_time"), 1000 / 0.5e9, 1e-18);
}

static void test_cond(void **state)
{
	assert_float_equal(eval("1 if #smt_on else 2"), 1, 0);
	assert_float_equal(eval("1 if ZERO else 2"), 2, 0);
	assert_float_equal(eval("3 if 1 < 2 else 4"), 3, 0);
	assert_float_equal(eval("3 if 2 <= 1 else 4 if 1 == 1 else 5"), 4, 0);
	assert_float_equal(eval("(2 > 1) + (2 >= 2) + (1 != 1)"), 2, 0);
	assert_float_equal(eval("1 & 0 | 1"), 1, 0);
}

struct ids {
	char seen[8][64];
	int nr, sc;
};

static int collect(void *ctx, const char *id, int source_count)
{
	struct ids *ids = ctx;

	snprintf(ids->seen[ids->nr++], 64, "%s", id);
	ids->sc += source_count;
	return 0;
}

static void test_collect(void **state)
{
	struct ids ids = { .nr = 0 };

	assert_int_equal(expr__ids("(A.B / C) if #smt_on else source_count(D) / 0",
				   collect, &ids, NULL, 0), 0);
	assert_int_equal(ids.nr, 4);
	assert_string_equal(ids.seen[0], "A.B");
	assert_string_equal(ids.seen[1], "C");
	assert_string_equal(ids.seen[2], "#smt_on");
	assert_string_equal(ids.seen[3], "D");
	assert_int_equal(ids.sc, 1);
}

static void test_errors(void **state)
{
	char err[256];
	double v;

	assert_int_equal(expr__eval("1 +", lookup, NULL, &v, err, sizeof(err)), -EINVAL);
	assert_string_equal(err, "unexpected end of expression at column 4 of '1 +'");
	assert_int_equal(expr__eval("(1 + 2", lookup, NULL, &v, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "expected ')'"));
	assert_int_equal(expr__eval("1 2", lookup, NULL, &v, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "column 3"));
	assert_int_equal(expr__eval("NOPE.X * 2", lookup, NULL, &v, err, sizeof(err)), -ENOENT);
	assert_non_null(strstr(err, "'NOPE.X'"));
	assert_int_equal(expr__eval("1 = 2", lookup, NULL, &v, err, sizeof(err)), -EINVAL);
	assert_int_equal(expr__eval("1 if 2", lookup, NULL, &v, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "expected 'else'"));
	assert_int_equal(expr__eval("min(1)", lookup, NULL, &v, err, sizeof(err)), -EINVAL);
	assert_int_equal(expr__eval("$", lookup, NULL, &v, err, sizeof(err)), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_arith),
		cmocka_unit_test(test_ids),
		cmocka_unit_test(test_cond),
		cmocka_unit_test(test_collect),
		cmocka_unit_test(test_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
