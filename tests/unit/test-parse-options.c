// SPDX-License-Identifier: GPL-2.0
#include "unit.h"
#include <stdbool.h>
#include <string.h>
#include "util/parse-options.h"
#include "util/levenshtein.h"
#include "util/cpumap.h"

struct o {
	bool all;
	int verbose;
	const char *output;
	int freq;
	uint64_t period;
	const char *cg;
	bool children;
};

static int parse(struct o *o, int argc, const char **argv, int flags)
{
	const struct option opts[] = {
		OPT_BOOLEAN('a', "all-cpus", &o->all, "system-wide"),
		OPT_INCR('v', "verbose", &o->verbose, "verbose"),
		OPT_STRING('o', "output", &o->output, "file", "output"),
		OPT_INTEGER('F', "freq", &o->freq, "frequency"),
		OPT_U64('c', "count", &o->period, "period"),
		OPT_STRING_OPTARG('g', "call-graph", &o->cg, "mode", "cg", "fp"),
		OPT_BOOLEAN(0, "children", &o->children, "children"),
		OPT_UNSUPPORTED('b', "branch-stack", "not here"),
		OPT_UNSUPPORTED(0, "children-sort", "not here"),
		OPT_END()
	};
	static const char *const usage[] = { "t [<options>]", NULL };

	return parse_options(argc, argv, opts, usage, flags);
}

static void test_short_bundle_and_values(void **state)
{
	struct o o = { 0 };
	const char *argv[] = { "t", "-avv", "-F99", "-o", "x.data", "-c", "0x10", NULL };
	int n = parse(&o, 7, argv, 0);

	assert_int_equal(n, 0);
	assert_true(o.all);
	assert_int_equal(o.verbose, 2);
	assert_int_equal(o.freq, 99);
	assert_string_equal(o.output, "x.data");
	assert_int_equal(o.period, 16);
}

static void test_long_forms_and_negation(void **state)
{
	struct o o = { .children = true };
	const char *argv[] = { "t", "--output=a", "--freq", "7", "--no-children",
			       "--all", NULL };
	int n = parse(&o, 6, argv, 0);

	assert_int_equal(n, 0);
	assert_string_equal(o.output, "a");
	assert_int_equal(o.freq, 7);
	assert_false(o.children);
	assert_true(o.all);	/* unique prefix of --all-cpus */
}

static void test_stop_at_non_option(void **state)
{
	struct o o = { 0 };
	const char *argv[] = { "t", "-a", "ls", "-l", NULL };
	int n = parse(&o, 4, argv, PARSE_OPT_STOP_AT_NON_OPTION);

	assert_int_equal(n, 2);
	assert_string_equal(argv[0], "ls");
	assert_string_equal(argv[1], "-l");
	assert_null(argv[2]);
}

static void test_dashdash_and_mixed(void **state)
{
	struct o o = { 0 };
	const char *argv[] = { "t", "file1", "-a", "--", "-v", NULL };
	int n = parse(&o, 5, argv, 0);

	assert_int_equal(n, 2);
	assert_string_equal(argv[0], "file1");
	assert_string_equal(argv[1], "-v");
	assert_int_equal(o.verbose, 0);
}

static void test_optarg(void **state)
{
	struct o o = { 0 };
	const char *argv1[] = { "t", "-g", NULL };
	const char *argv2[] = { "t", "-g", "dwarf", NULL };
	const char *argv3[] = { "t", "-g", "-a", NULL };

	assert_int_equal(parse(&o, 2, argv1, 0), 0);
	assert_string_equal(o.cg, "fp");
	assert_int_equal(parse(&o, 3, argv2, 0), 0);
	assert_string_equal(o.cg, "dwarf");
	o.cg = NULL;
	assert_int_equal(parse(&o, 3, argv3, 0), 0);
	assert_string_equal(o.cg, "fp");
	assert_true(o.all);
}

static void test_errors(void **state)
{
	struct o o = { 0 };
	const char *a1[] = { "t", "--outptu=x", NULL };
	const char *a2[] = { "t", "-F", "abc", NULL };
	const char *a3[] = { "t", "-o", NULL };
	const char *a4[] = { "t", "-Z", NULL };
	const char *a5[] = { "t", "--verbose=3", NULL };

	assert_int_equal(parse(&o, 2, a1, 0), PARSE_OPT_ERROR);
	assert_int_equal(parse(&o, 3, a2, 0), PARSE_OPT_ERROR);
	assert_int_equal(parse(&o, 2, a3, 0), PARSE_OPT_ERROR);
	assert_int_equal(parse(&o, 2, a4, 0), PARSE_OPT_ERROR);
	assert_int_equal(parse(&o, 2, a5, 0), PARSE_OPT_ERROR);
	assert_int_equal(parse_options_exit(PARSE_OPT_ERROR), 129);
}

static void test_sizes(void **state)
{
	uint64_t v;

	assert_int_equal(parse_size("4K", &v), 0);
	assert_int_equal(v, 4096);
	assert_int_equal(parse_size("16M", &v), 0);
	assert_int_equal(v, 16 << 20);
	assert_int_equal(parse_size("100", &v), 0);
	assert_int_equal(v, 100);
	assert_int_not_equal(parse_size("1X", &v), 0);
	assert_int_not_equal(parse_size("-1", &v), 0);
}

/* perf's options mperf lacks: an error by name, short or long; they take
 * no part in prefix matching ('--child' is still --children) */
static void test_unsupported(void **state)
{
	struct o o = { 0 };
	const char *a1[] = { "t", "--branch-stack", NULL };
	const char *a2[] = { "t", "-ab", NULL };
	const char *a3[] = { "t", "--children-sort=x", NULL };
	const char *a4[] = { "t", "--child", NULL };

	(void)state;
	assert_int_equal(parse(&o, 2, a1, 0), PARSE_OPT_ERROR);
	assert_int_equal(parse(&o, 2, a2, 0), PARSE_OPT_ERROR);
	assert_int_equal(parse(&o, 2, a3, 0), PARSE_OPT_ERROR);
	assert_int_equal(parse(&o, 2, a4, 0), 0);
	assert_true(o.children);
}

static void test_levenshtein(void **state)
{
	const char *cands[] = { "record", "report", "stat", "list", "script" };

	assert_int_equal(levenshtein("kitten", "sitting"), 3);
	assert_int_equal(levenshtein("", "abc"), 3);
	assert_int_equal(levenshtein("ab", "ba"), 1);
	assert_string_equal(closest_match("lsit", cands, 5), "list");
	assert_string_equal(closest_match("reprot", cands, 5), "report");
	assert_null(closest_match("zzzzzzzz", cands, 5));
}

static void test_cpumap(void **state)
{
	struct cpumap *m = cpumap__new_any();

	assert_non_null(m);
	assert_int_equal(m->nr, 1);
	assert_int_equal(m->map[0], -1);
	cpumap__delete(m);
	m = cpumap__new("0");
	assert_non_null(m);
	assert_int_equal(m->nr, 1);
	cpumap__delete(m);
	assert_null(cpumap__new("3-1"));
	assert_null(cpumap__new("a"));
	assert_null(cpumap__new("4096"));
	m = cpumap__online();
	assert_non_null(m);
	assert_true(m->nr >= 1);
	cpumap__delete(m);
}

/* "list" parsed (strict or not): its CPUs joined with ',', or "EINVAL" */
static const char *cpus_of(const char *list, bool strict, char *buf, size_t size)
{
	int *v, n;
	size_t o = 0;

	if (cpu_list__parse(list, strict, &v, &n))
		return "EINVAL";
	buf[0] = 0;
	for (int i = 0; i < n; i++)
		o += (size_t)snprintf(buf + o, size - o, "%s%d", i ? "," : "", v[i]);
	free(v);
	return buf;
}

static void test_cpu_list(void **state)
{
	char b[128];

	(void)state;
	assert_string_equal(cpus_of("3,0-1,1", false, b, sizeof(b)), "0,1,3");
	assert_string_equal(cpus_of("0-2\n", false, b, sizeof(b)), "0,1,2");	/* sysfs */
	assert_string_equal(cpus_of(" 0, 1,,2", false, b, sizeof(b)), "0,1,2");
	assert_string_equal(cpus_of("", false, b, sizeof(b)), "EINVAL");
	/* perf's grammar for report and script: a comma at the end only */
	assert_string_equal(cpus_of("3,0-1,1", true, b, sizeof(b)), "0,1,3");
	assert_string_equal(cpus_of("0-1,", true, b, sizeof(b)), "0,1");
	for (const char *bad[] = { "", ",1", " 0", "0 ,1", "0, 1", "0,,1", "+1", "1-0", "0-",
				   "x", "0-1x", "70000" },
	     **p = bad; p < bad + sizeof(bad) / sizeof(bad[0]); p++)
		assert_string_equal(cpus_of(*p, true, b, sizeof(b)), "EINVAL");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_short_bundle_and_values),
		cmocka_unit_test(test_cpu_list),
		cmocka_unit_test(test_long_forms_and_negation),
		cmocka_unit_test(test_stop_at_non_option),
		cmocka_unit_test(test_dashdash_and_mixed),
		cmocka_unit_test(test_optarg),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_sizes),
		cmocka_unit_test(test_unsupported),
		cmocka_unit_test(test_levenshtein),
		cmocka_unit_test(test_cpumap),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
