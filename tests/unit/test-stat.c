// SPDX-License-Identifier: GPL-2.0
/*
 * util/stat*: scaling, running mean/stddev, metric formulas, number
 * formatting, and the row layouts of the std, CSV and JSON outputs (the
 * expected strings were measured on perf 6.1 output).
 */
#include "unit.h"
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/perf_event.h>
#include "util/stat.h"
#include "util/stat-display.h"

static void test_scale(void **state)
{
	struct stat_count c = { 1000, 300, 100 };

	assert_int_equal(stat__scale_count(&c, true), 1);
	assert_int_equal(c.val, 3000);

	c = (struct stat_count){ 1000, 300, 100 };
	assert_int_equal(stat__scale_count(&c, false), 1);
	assert_int_equal(c.val, 1000);	/* --no-scale keeps it raw */

	c = (struct stat_count){ 1000, 300, 300 };
	assert_int_equal(stat__scale_count(&c, true), 0);
	assert_int_equal(c.val, 1000);

	c = (struct stat_count){ 1000, 300, 0 };
	assert_int_equal(stat__scale_count(&c, true), -1);	/* not counted */
	assert_int_equal(c.val, 0);

	/* large values keep their precision within a double's */
	c = (struct stat_count){ 10000000000ULL, 3, 2 };
	assert_int_equal(stat__scale_count(&c, true), 1);
	assert_int_equal(c.val, 15000000000ULL);
}

static void test_stats(void **state)
{
	struct stats s;
	const uint64_t v[] = { 10, 12, 14, 16, 18 };

	stats__init(&s);
	assert_true(stats__stddev(&s) == 0.0);
	for (size_t i = 0; i < 5; i++)
		stats__update(&s, v[i]);
	assert_true(fabs(stats__avg(&s) - 14.0) < 1e-12);
	/* sample variance 10, stddev of the mean sqrt(10 / 5) */
	assert_true(fabs(stats__stddev(&s) - sqrt(2.0)) < 1e-12);
	assert_true(fabs(stats__rel_stddev(stats__stddev(&s), 14.0) -
			 100.0 * sqrt(2.0) / 14.0) < 1e-12);
	assert_int_equal(s.min, 10);
	assert_int_equal(s.max, 18);

	stats__init(&s);
	stats__update(&s, 5);
	assert_true(stats__stddev(&s) == 0.0);	/* one run: no noise */
	assert_true(stats__rel_stddev(1.0, 0.0) == 0.0);
}

static void test_counter_repeat_and_interval(void **state)
{
	struct stat_counter c;
	struct stat_count r1 = { 100, 10, 10 }, r2 = { 300, 10, 10 };
	double val, noise;
	uint64_t ena, run;

	assert_int_equal(stat_counter__init(&c, "x", NULL, 0, 1), 0);
	stat_counter__add(&c, 0, &r1);
	stat_counter__process(&c, true, false);
	stat_counter__reset_cur(&c);
	stat_counter__add(&c, 0, &r2);
	stat_counter__process(&c, true, false);
	stat_counter__display(&c, 0, true, &val, &ena, &run, &noise);
	assert_true(val == 200.0);
	assert_int_equal(ena, 10);
	/* stddev of the mean: sqrt(20000 / 2) = 100 -> 50% of 200 */
	assert_true(fabs(noise - 50.0) < 1e-9);
	stat_counter__display(&c, 0, false, &val, &ena, &run, &noise);
	assert_true(val == 300.0);
	stat_counter__exit(&c);

	/* interval mode: cumulative reads become deltas */
	assert_int_equal(stat_counter__init(&c, "x", NULL, 0, 1), 0);
	stat_counter__add(&c, 0, &r1);
	stat_counter__process(&c, true, true);
	assert_true(c.aggr[0].val == 100.0);
	stat_counter__reset_cur(&c);
	stat_counter__add(&c, 0, &(struct stat_count){ 250, 20, 15 });
	stat_counter__process(&c, true, true);
	/* delta 150 over ena 10 run 5: scaled to 300 */
	assert_true(c.aggr[0].val == 300.0);
	assert_int_equal(c.aggr[0].scaled, 1);
	stat_counter__exit(&c);
}

static void test_kind(void **state)
{
	assert_int_equal(stat__kind(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK), STAT_NSECS);
	assert_int_equal(stat__kind(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS), STAT_NONE);
	assert_int_equal(stat__kind(PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS), STAT_INSTRUCTIONS);
	assert_int_equal(stat__kind(PERF_TYPE_HW_CACHE,
				    PERF_COUNT_HW_CACHE_L1D |
				    PERF_COUNT_HW_CACHE_OP_READ << 8 |
				    (uint64_t)PERF_COUNT_HW_CACHE_RESULT_MISS << 16),
			 STAT_L1_DCACHE_MISS);
	assert_int_equal(stat__kind(PERF_TYPE_HW_CACHE,
				    PERF_COUNT_HW_CACHE_LL |
				    PERF_COUNT_HW_CACHE_OP_READ << 8),
			 STAT_LL_CACHE);
}

static void test_metrics(void **state)
{
	struct stat_shadow sh;
	struct stat_metric m[4];
	int n;

	memset(&sh, 0, sizeof(sh));
	/* task-clock 2.5 msec over 5 ms of wall time: 0.5 CPUs */
	n = stat__metrics(STAT_NSECS, true, 2.5, 1e-6, &sh, 5e6, m, 4);
	assert_int_equal(n, 1);
	assert_string_equal(m[0].unit, "CPUs utilized");
	assert_true(fabs(m[0].val - 0.5) < 1e-12);

	/* 1000 page faults in 2.5 ms of task-clock: 400 K/sec */
	sh.v[STAT_NSECS] = 2.5e6;
	sh.have[STAT_NSECS] = true;
	n = stat__metrics(STAT_NONE, false, 1000, 1, &sh, 5e6, m, 4);
	assert_int_equal(n, 1);
	assert_string_equal(m[0].unit, "K/sec");
	assert_true(fabs(m[0].val - 400.0) < 1e-9);
	n = stat__metrics(STAT_NONE, false, 1, 1, &sh, 5e6, m, 4);
	assert_string_equal(m[0].unit, "/sec");
	assert_true(fabs(m[0].val - 400.0) < 1e-9);

	/* cycles per ns = GHz */
	n = stat__metrics(STAT_CYCLES, false, 7.5e6, 1, &sh, 5e6, m, 4);
	assert_string_equal(m[0].unit, "GHz");
	assert_true(fabs(m[0].val - 3.0) < 1e-9);

	/* IPC and stalled cycles per insn */
	sh.v[STAT_CYCLES] = 2000;
	sh.have[STAT_CYCLES] = true;
	sh.v[STAT_STALLED_FRONT] = 500;
	sh.have[STAT_STALLED_FRONT] = true;
	n = stat__metrics(STAT_INSTRUCTIONS, false, 3000, 1, &sh, 5e6, m, 4);
	assert_int_equal(n, 2);
	assert_string_equal(m[0].unit, "insn per cycle");
	assert_true(fabs(m[0].val - 1.5) < 1e-12);
	assert_string_equal(m[1].unit, "stalled cycles per insn");
	assert_true(fabs(m[1].val - 500.0 / 3000) < 1e-12);

	/* branch misses as a percentage of branches */
	sh.v[STAT_BRANCHES] = 400;
	sh.have[STAT_BRANCHES] = true;
	stat__metrics(STAT_BRANCH_MISSES, false, 10, 1, &sh, 5e6, m, 4);
	assert_string_equal(m[0].unit, "of all branches");
	assert_true(fabs(m[0].val - 2.5) < 1e-12);
	assert_string_equal(m[0].fmt, "%7.2f%%");

	/* no input: a metric line without a value */
	memset(&sh, 0, sizeof(sh));
	stat__metrics(STAT_BRANCH_MISSES, false, 10, 1, &sh, 5e6, m, 4);
	assert_null(m[0].fmt);
	stat__metrics(STAT_NONE, false, 10, 1, &sh, 5e6, m, 4);
	assert_null(m[0].fmt);
	assert_true(m[0].unit_null);
}

static void test_convert_unit(void **state)
{
	char u;

	assert_true(fabs(stat__convert_unit(999.0, &u) - 999.0) < 1e-12);
	assert_int_equal(u, ' ');
	assert_true(fabs(stat__convert_unit(1500.0, &u) - 1.5) < 1e-12);
	assert_int_equal(u, 'K');
	assert_true(fabs(stat__convert_unit(2.5e6, &u) - 2.5) < 1e-12);
	assert_int_equal(u, 'M');
	assert_true(fabs(stat__convert_unit(1.692e9, &u) - 1.692) < 1e-12);
	assert_int_equal(u, 'G');
}

static void test_fmt_num(void **state)
{
	char b[64];

	stat__fmt_num(b, sizeof(b), 1234567.0, 0, 0, ",", ".");
	assert_string_equal(b, "1,234,567");
	stat__fmt_num(b, sizeof(b), 1234567.891, 2, 0, ",", ".");
	assert_string_equal(b, "1,234,567.89");
	stat__fmt_num(b, sizeof(b), 123.0, 0, 0, ",", ".");
	assert_string_equal(b, "123");
	stat__fmt_num(b, sizeof(b), 1000.0, 0, 0, ",", ".");
	assert_string_equal(b, "1,000");
	stat__fmt_num(b, sizeof(b), -1234.5, 2, 0, ",", ".");
	assert_string_equal(b, "-1,234.50");
	/* the C locale: no separator */
	stat__fmt_num(b, sizeof(b), 1234567.0, 0, 18, "", ".");
	assert_string_equal(b, "           1234567");
	stat__fmt_num(b, sizeof(b), 2.33, 2, 18, NULL, NULL);
	assert_string_equal(b, "              2.33");
	/* de_DE style: '.' groups, ',' is the decimal point */
	stat__fmt_num(b, sizeof(b), 1234567.5, 2, 0, ".", ",");
	assert_string_equal(b, "1.234.567,50");
	/* a multibyte separator (narrow no-break space) */
	stat__fmt_num(b, sizeof(b), 1234.0, 0, 0, "\xe2\x80\xaf", ".");
	assert_string_equal(b, "1\xe2\x80\xaf" "234");
}

/* ---- layouts -------------------------------------------------------------- */

struct fixture {
	struct stat_counter c[3];
	struct aggr_id id;
	struct stat_view view;
	struct stat_config config;
	char *buf;
	size_t size;
};

/* task-clock 2.33 msec, page-faults 1053, cycles <not supported> */
static void fixture__init(struct fixture *f, bool csv, bool json)
{
	struct stat_count tc = { 2330000, 2330000, 2330000 };
	struct stat_count pf = { 1053, 2330000, 2330000 };

	memset(f, 0, sizeof(*f));
	stat_counter__init(&f->c[0], "task-clock", "msec", 1e-6, 1);
	f->c[0].kind = STAT_NSECS;
	f->c[0].is_clock = true;
	stat_counter__init(&f->c[1], "page-faults", "", 1, 1);
	stat_counter__init(&f->c[2], "cycles", "", 1, 1);
	f->c[2].kind = STAT_CYCLES;
	f->c[2].supported = false;
	stat_counter__add(&f->c[0], 0, &tc);
	stat_counter__add(&f->c[1], 0, &pf);
	for (int i = 0; i < 3; i++)
		stat_counter__process(&f->c[i], true, false);
	f->id = (struct aggr_id){ -1, -1, -1, -1, -1, 1 };
	f->view.counters = f->c;
	f->view.nr_counters = 3;
	f->view.ids = &f->id;
	f->view.nr_ids = 1;
	stat_config__init(&f->config);
	f->config.output = open_memstream(&f->buf, &f->size);
	stats__update(&f->config.walltime_nsecs_stats, 3130000);
	if (csv) {
		f->config.csv_output = true;
		f->config.csv_sep = ",";
	}
	f->config.json_output = json;
}

static void fixture__exit(struct fixture *f)
{
	free(f->buf);
	for (int i = 0; i < 3; i++)
		stat_counter__exit(&f->c[i]);
}

static void test_std_rows(void **state)
{
	struct fixture f;

	fixture__init(&f, false, false);
	stat_display__counters(&f.config, &f.view, NULL);
	fclose(f.config.output);
	/* perf 6.1: 18-wide count, unit, 32-wide name, '#' metric area of 35 */
	assert_string_equal(f.buf,
		"              2.33 msec task-clock                       #    0.744 CPUs utilized          \n"
		"              1053      page-faults                      #  451.931 K/sec                  \n"
		"   <not supported>      cycles                                                      \n");
	fixture__exit(&f);
}

static void test_csv_rows(void **state)
{
	struct fixture f;

	fixture__init(&f, true, false);
	stat_display__counters(&f.config, &f.view, NULL);
	fclose(f.config.output);
	assert_string_equal(f.buf,
		"2.33,msec,task-clock,2330000,100.00,0.744,CPUs utilized\n"
		"1053,,page-faults,2330000,100.00,451.931,K/sec\n"
		"<not supported>,,cycles,0,100.00,,\n");
	fixture__exit(&f);
}

static void test_json_rows(void **state)
{
	struct fixture f;

	fixture__init(&f, false, true);
	stat_display__counters(&f.config, &f.view, NULL);
	fclose(f.config.output);
	assert_string_equal(f.buf,
		"{\"counter-value\" : \"2.330000\", \"unit\" : \"msec\", \"event\" : \"task-clock\", "
		"\"event-runtime\" : 2330000, \"pcnt-running\" : 100.00, \"metric-value\" : 0.744409, "
		"\"metric-unit\" : \"CPUs utilized\"}\n"
		"{\"counter-value\" : \"1053.000000\", \"unit\" : \"\", \"event\" : \"page-faults\", "
		"\"event-runtime\" : 2330000, \"pcnt-running\" : 100.00, \"metric-value\" : 451.931330, "
		"\"metric-unit\" : \"K/sec\"}\n"
		"{\"counter-value\" : \"<not supported>\", \"unit\" : \"\", \"event\" : \"cycles\", "
		"\"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, "
		"\"metric-unit\" : \"\"}\n");
	fixture__exit(&f);
}

static void test_scaled_and_not_counted(void **state)
{
	struct fixture f;

	fixture__init(&f, false, false);
	/* page-faults ran 2/3 of the time: scaled, "(66.67%)" */
	stat_counter__exit(&f.c[1]);
	stat_counter__init(&f.c[1], "page-faults", "", 1, 1);
	stat_counter__add(&f.c[1], 0, &(struct stat_count){ 1000, 3000, 2000 });
	stat_counter__process(&f.c[1], true, false);
	/* cycles supported but never ran */
	f.c[2].supported = true;
	stat_counter__add(&f.c[2], 0, &(struct stat_count){ 0, 3000, 0 });
	stat_counter__process(&f.c[2], true, false);
	stat_display__counters(&f.config, &f.view, NULL);
	fclose(f.config.output);
	assert_non_null(strstr(f.buf,
		"              1500      page-faults                      #  643.777 K/sec                    (66.67%)\n"));
	/* perf prints the (zero) running share of a counter that never ran */
	assert_non_null(strstr(f.buf,
		"     <not counted>      cycles                                                        (0.00%)\n"));
	fixture__exit(&f);

	/* CSV: perf's integer percentage */
	fixture__init(&f, true, false);
	stat_counter__exit(&f.c[1]);
	stat_counter__init(&f.c[1], "page-faults", "", 1, 1);
	stat_counter__add(&f.c[1], 0, &(struct stat_count){ 1000, 3000, 2000 });
	stat_counter__process(&f.c[1], true, false);
	stat_display__counters(&f.config, &f.view, NULL);
	fclose(f.config.output);
	assert_non_null(strstr(f.buf, "1500,,page-faults,2000,66.00,643.777,K/sec\n"));
	fixture__exit(&f);
}

static void test_repeat_rows_and_footer(void **state)
{
	struct fixture f;

	fixture__init(&f, false, false);
	f.config.run_count = 2;
	/* a second run of task-clock: 2.33 and 2.53 msec */
	stat_counter__reset_cur(&f.c[0]);
	stat_counter__add(&f.c[0], 0, &(struct stat_count){ 2530000, 2530000, 2530000 });
	stat_counter__process(&f.c[0], true, false);
	stats__update(&f.config.walltime_nsecs_stats, 3330000);
	stat_display__counters(&f.config, &f.view, NULL);
	stat_display__footer(&f.config);
	fclose(f.config.output);
	/* mean 2.43, stddev of the mean 0.1 -> 4.12% */
	assert_non_null(strstr(f.buf,
		"              2.43 msec task-clock                       #    0.752 CPUs utilized            ( +-  4.12% )\n"));
	assert_non_null(strstr(f.buf,
		"\n          0.003230 +- 0.000100 seconds time elapsed  ( +-  3.10% )\n\n"));
	fixture__exit(&f);
}

static void test_header_footer(void **state)
{
	struct fixture f;

	fixture__init(&f, false, false);
	f.config.ru_display = true;
	f.config.ru_data.ru_utime.tv_usec = 3167;
	stat_display__header(&f.config, "'tests/workloads/pagetouch 1000'");
	stat_display__footer(&f.config);
	fclose(f.config.output);
	assert_string_equal(f.buf,
		"\n Performance counter stats for 'tests/workloads/pagetouch 1000':\n\n"
		"\n       0.003130000 seconds time elapsed\n\n"
		"       0.003167000 seconds user\n"
		"       0.000000000 seconds sys\n\n\n");
	fixture__exit(&f);
}

static void test_aggr_columns(void **state)
{
	struct fixture f;
	struct aggr_id ids[2] = {
		{ 0, 0, 0, -1, -1, 1 }, { 0, 0, 1, -1, -1, 1 },
	};

	fixture__init(&f, false, false);
	for (int i = 0; i < 3; i++) {
		stat_counter__exit(&f.c[i]);
		stat_counter__init(&f.c[i], i ? "page-faults" : "task-clock",
				   i ? "" : "msec", i ? 1 : 1e-6, 2);
	}
	f.c[0].is_clock = true;
	f.c[0].kind = STAT_NSECS;
	f.view.nr_counters = 1;
	f.view.ids = ids;
	f.view.nr_ids = 2;
	f.config.aggr_mode = AGGR_CORE;
	stat_counter__add(&f.c[0], 0, &(struct stat_count){ 101730000, 101730000, 101730000 });
	stat_counter__add(&f.c[0], 1, &(struct stat_count){ 101730000, 101730000, 101730000 });
	stat_counter__process(&f.c[0], true, false);
	stat_display__counters(&f.config, &f.view, NULL);
	fclose(f.config.output);
	assert_non_null(strstr(f.buf,
		"S0-D0-C0           1             101.73 msec task-clock"));
	assert_non_null(strstr(f.buf,
		"S0-D0-C1           1             101.73 msec task-clock"));
	fixture__exit(&f);
}

static void test_interval_prefix(void **state)
{
	struct fixture f;
	struct timespec ts = { 0, 100188628 };

	fixture__init(&f, false, false);
	f.config.interval = 100;
	f.config.interval_ns = 100e6;
	f.view.nr_counters = 1;
	stat_display__counters(&f.config, &f.view, &ts);
	fclose(f.config.output);
	assert_string_equal(f.buf,
		"#           time             counts unit events\n"
		"     0.100188628               2.33 msec task-clock                       #    0.023 CPUs utilized          \n");
	fixture__exit(&f);
}

/* instructions with cycles and stalled cycles: two metrics, two lines */
static void two_metric_view(struct fixture *f, bool csv, bool json)
{
	fixture__init(f, csv, json);
	for (int i = 0; i < 3; i++)
		stat_counter__exit(&f->c[i]);
	stat_counter__init(&f->c[0], "cycles", "", 1, 1);
	f->c[0].kind = STAT_CYCLES;
	stat_counter__init(&f->c[1], "stalled-cycles-frontend", "", 1, 1);
	f->c[1].kind = STAT_STALLED_FRONT;
	stat_counter__init(&f->c[2], "instructions", "", 1, 1);
	f->c[2].kind = STAT_INSTRUCTIONS;
	stat_counter__add(&f->c[0], 0, &(struct stat_count){ 2000, 10, 10 });
	stat_counter__add(&f->c[1], 0, &(struct stat_count){ 500, 10, 10 });
	stat_counter__add(&f->c[2], 0, &(struct stat_count){ 3000, 10, 10 });
	for (int i = 0; i < 3; i++)
		stat_counter__process(&f->c[i], true, false);
}

static void test_two_metrics(void **state)
{
	struct fixture f;

	two_metric_view(&f, false, false);
	stat_display__counters(&f.config, &f.view, NULL);
	fclose(f.config.output);
	assert_non_null(strstr(f.buf,
		"              3000      instructions                     #    1.50  insn per cycle         \n"
		"                                                  #    0.17  stalled cycles per insn\n"));
	assert_non_null(strstr(f.buf,
		"               500      stalled-cycles-frontend          #   25.00% frontend cycles idle   \n"));
	fixture__exit(&f);

	/* JSON: every line one valid object */
	two_metric_view(&f, false, true);
	stat_display__counters(&f.config, &f.view, NULL);
	fclose(f.config.output);
	assert_non_null(strstr(f.buf,
		"\"metric-value\" : 1.500000, \"metric-unit\" : \"insn per cycle\"}\n"
		"{\"metric-value\" : 0.166667, \"metric-unit\" : \"stalled cycles per insn\"}\n"));
	fixture__exit(&f);
}

static void test_json_doc(void **state)
{
	struct fixture f;

	fixture__init(&f, false, false);
	f.config.json_doc = true;
	stat_doc__begin(&f.config, "'true'", (const char *[]){ "true", NULL }, 1, NULL);
	stat_display__counters(&f.config, &f.view, NULL);
	stat_doc__end(&f.config, 0);
	fclose(f.config.output);
	assert_non_null(strstr(f.buf, "\"schema_version\": 1"));
	assert_non_null(strstr(f.buf, "\"value\": 2.330000"));
	assert_non_null(strstr(f.buf, "\"count\": 1053"));
	assert_non_null(strstr(f.buf, "\"status\": \"not supported\""));
	assert_non_null(strstr(f.buf, "\"exit_status\": 0"));
	fixture__exit(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scale),
		cmocka_unit_test(test_stats),
		cmocka_unit_test(test_counter_repeat_and_interval),
		cmocka_unit_test(test_kind),
		cmocka_unit_test(test_metrics),
		cmocka_unit_test(test_convert_unit),
		cmocka_unit_test(test_fmt_num),
		cmocka_unit_test(test_std_rows),
		cmocka_unit_test(test_csv_rows),
		cmocka_unit_test(test_json_rows),
		cmocka_unit_test(test_scaled_and_not_counted),
		cmocka_unit_test(test_repeat_rows_and_footer),
		cmocka_unit_test(test_header_footer),
		cmocka_unit_test(test_aggr_columns),
		cmocka_unit_test(test_interval_prefix),
		cmocka_unit_test(test_two_metrics),
		cmocka_unit_test(test_json_doc),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
