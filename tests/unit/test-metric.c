// SPDX-License-Identifier: GPL-2.0
/* Metrics from the compiled SKX/SPR metric JSON: name/group resolution,
 * the events they need, and values computed from counts. */
#include "unit.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/metricgroup.h"
#include "util/stat.h"
#include "util/stat-display.h"

static int counts(void *ctx, const char *id, double *val)
{
	static const struct { const char *id; double v; } c[] = {
		{ "CPU_CLK_UNHALTED.THREAD", 3000000 },
		{ "CPU_CLK_UNHALTED.REF_TSC", 2000000 },
		{ "INST_RETIRED.ANY", 1500000 },
		{ "TSC", 4000000 },
		{ "#SYSTEM_TSC_FREQ", 2.1e9 },
		{ "L1D.REPLACEMENT", 30000 },
	};

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++)
		if (!strcmp(c[i].id, id)) {
			*val = c[i].v;
			return 0;
		}
	return -ENOENT;
}

static void test_cpi(void **state)
{
	const struct pmu_events_table *t = pmu_events__table_for("GenuineIntel-6-55-4");
	struct metric_list ml;
	char err[256], buf[512];
	double v;

	assert_int_equal(metricgroup__parse(t, "CPI", &ml, err, sizeof(err)), 0);
	assert_int_equal(ml.nr, 1);
	assert_string_equal(ml.metrics[0].pm->name, "cpi");
	assert_int_equal(ml.metrics[0].nr_events, 2);
	assert_string_equal(ml.metrics[0].events[0].id, "CPU_CLK_UNHALTED.THREAD");
	assert_string_equal(ml.metrics[0].events[0].event, "cpu_clk_unhalted.thread");
	assert_int_equal(metricgroup__events(&ml, buf, sizeof(buf)), 42);
	assert_int_equal(metricgroup__events(&ml, buf, 10), -ENOSPC);
	metricgroup__events(&ml, buf, sizeof(buf));
	assert_string_equal(buf, "{cpu_clk_unhalted.thread,inst_retired.any}");
	assert_int_equal(metric__compute(&ml.metrics[0], counts, NULL, &v, err, sizeof(err)), 0);
	assert_float_equal(v, 2.0, 1e-12);
	assert_string_equal(ml.metrics[0].unit, "per_instr");
	metric_list__exit(&ml);
}

static void test_several(void **state)
{
	const struct pmu_events_table *t = pmu_events__table_for("GenuineIntel-6-55-4");
	struct metric_list ml;
	char err[256], buf[512];
	double v;

	assert_int_equal(metricgroup__parse(t, "cpu_utilization,cpu_operating_frequency,l1d_mpi,cpi",
					    &ml, err, sizeof(err)), 0);
	assert_int_equal(ml.nr, 4);
	metricgroup__events(&ml, buf, sizeof(buf));
	assert_string_equal(buf, "{cpu_clk_unhalted.ref_tsc,msr/tsc/},"
			    "{cpu_clk_unhalted.thread,cpu_clk_unhalted.ref_tsc},"
			    "{l1d.replacement,inst_retired.any},"
			    "{cpu_clk_unhalted.thread,inst_retired.any}");
	/* REF_TSC / TSC, "100%": 50 % */
	assert_int_equal(metric__compute(&ml.metrics[0], counts, NULL, &v, err, sizeof(err)), 0);
	assert_float_equal(v, 50, 1e-9);
	assert_string_equal(ml.metrics[0].unit, "%");
	/* 3e6 / 2e6 * 2.1e9 / 1e9 = 3.15 GHz */
	assert_int_equal(metric__compute(&ml.metrics[1], counts, NULL, &v, err, sizeof(err)), 0);
	assert_float_equal(v, 3.15, 1e-9);
	assert_string_equal(ml.metrics[1].unit, "GHz");
	assert_int_equal(metric__compute(&ml.metrics[2], counts, NULL, &v, err, sizeof(err)), 0);
	assert_float_equal(v, 0.02, 1e-12);
	metric_list__exit(&ml);

	/* a missing count is an error naming the event */
	assert_int_equal(metricgroup__parse(t, "loads_per_instr", &ml, err, sizeof(err)), 0);
	assert_int_equal(metric__compute(&ml.metrics[0], counts, NULL, &v, err, sizeof(err)), -ENOENT);
	assert_non_null(strstr(err, "MEM_INST_RETIRED.ALL_LOADS"));
	metric_list__exit(&ml);
}

static void test_groups(void **state)
{
	const struct pmu_events_table *spr = pmu_events__table_for("GenuineIntel-6-8F-0");
	const struct pmu_events_table *skx = pmu_events__table_for("GenuineIntel-6-55-4");
	struct metric_list ml;
	char err[256];

	assert_int_equal(metricgroup__parse(spr, "cpu_cstate", &ml, err, sizeof(err)), 0);
	assert_int_equal(ml.nr, 2);
	assert_string_equal(ml.metrics[0].pm->name, "cpu_cstate_c0");
	assert_string_equal(ml.metrics[1].pm->name, "cpu_cstate_c6");
	metric_list__exit(&ml);
	assert_int_equal(metricgroup__parse(spr, "all", &ml, err, sizeof(err)), 0);
	assert_int_equal(ml.nr, (int)spr->nr_metrics);
	assert_int_equal(ml.nr, 58 + 4);	/* the JSON's and TopdownL1 */
	metric_list__exit(&ml);
	assert_int_equal(metricgroup__parse(skx, "No_group", &ml, err, sizeof(err)), 0);
	assert_int_equal(ml.nr, 39);
	metric_list__exit(&ml);
	assert_int_equal(metricgroup__parse(skx, "cpi,bogus", &ml, err, sizeof(err)), -ENOENT);
	assert_string_equal(err, "unknown metric or metric group 'bogus' for SKX: see `mperf list metric`");
	assert_int_equal(ml.nr, 0);
	/* a model without metric JSON */
	assert_int_equal(metricgroup__parse(pmu_events__table_for("ADL"), "cpi", &ml, err, sizeof(err)), -ENOENT);
	assert_non_null(strstr(err, "no metrics are known"));
}

static int td_counts(void *ctx, const char *id, double *val)
{
	static const struct { const char *id; double v; } c[] = {
		{ "CPU_CLK_UNHALTED.THREAD", 1000 },	/* 4000 slots */
		{ "IDQ_UOPS_NOT_DELIVERED.CORE", 800 },
		{ "UOPS_ISSUED.ANY", 2200 },
		{ "UOPS_RETIRED.RETIRE_SLOTS", 2000 },
		{ "INT_MISC.RECOVERY_CYCLES", 50 },
		/* SPR */
		{ "TOPDOWN.SLOTS", 6000 },
		{ "IDQ_BUBBLES.CORE", 1300 },
		{ "INT_MISC.UOP_DROPPING", 100 },
		{ "TOPDOWN.BAD_SPEC_SLOTS", 600 },
		{ "TOPDOWN.BACKEND_BOUND_SLOTS", 1800 },
		{ "UOPS_RETIRED.SLOTS", 2400 },
	};

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++)
		if (!strcmp(c[i].id, id)) {
			*val = c[i].v;
			return 0;
		}
	return -ENOENT;
}

/* TopdownL1 (our level 1 of Intel's TMA) sums to 100 % of the slots. */
static void test_topdown(void **state)
{
	static const struct { const char *model; double fe, bs, be, ret; } want[] = {
		/* 800/4000, (2200-2000+200)/4000, rest, 2000/4000 */
		{ "SKX", 20, 10, 20, 50 },
		{ "HSW", 20, 10, 20, 50 },
		/* (1300-100)/6000, 600/6000, 1800/6000, 2400/6000 */
		{ "SPR", 20, 10, 30, 40 },
	};

	for (size_t k = 0; k < 3; k++) {
		const struct pmu_events_table *t = pmu_events__table_for(want[k].model);
		struct metric_list ml;
		char err[256];
		double sum = 0;

		assert_int_equal(metricgroup__parse(t, "TopdownL1", &ml, err, sizeof(err)), 0);
		assert_int_equal(ml.nr, 4);
		for (int i = 0; i < 4; i++) {
			const char *n = ml.metrics[i].pm->name;
			double v, w;

			assert_int_equal(metric__compute(&ml.metrics[i], td_counts, NULL, &v,
							 err, sizeof(err)), 0);
			w = !strcmp(n, "tma_frontend_bound") ? want[k].fe :
			    !strcmp(n, "tma_bad_speculation") ? want[k].bs :
			    !strcmp(n, "tma_backend_bound") ? want[k].be : want[k].ret;
			if (fabs(v - w) > 1e-9)
				fail_msg("%s %s = %g, want %g", want[k].model, n, v, w);
			assert_string_equal(ml.metrics[i].unit, "%");
			sum += v;
		}
		if (!strcmp(want[k].model, "SKX") || !strcmp(want[k].model, "HSW"))
			assert_float_equal(sum, 100, 1e-9);
		metric_list__exit(&ml);
	}
}

/* Every metric expression of both files parses, and every core event it
 * names is in the model's event table. */
static void test_all_parse(void **state)
{
	const char *models[] = { "SKX", "SPR" };

	for (int k = 0; k < 2; k++) {
		const struct pmu_events_table *t = pmu_events__table_for(models[k]);
		struct metric_list ml;
		char err[256];

		assert_int_equal(metricgroup__parse(t, "all", &ml, err, sizeof(err)), 0);
		for (int i = 0; i < ml.nr; i++)
			for (int j = 0; j < ml.metrics[i].nr_events; j++) {
				const struct metric_event *e = &ml.metrics[i].events[j];

				if (e->tool || strchr(e->event, '/'))
					continue;
				if (!pmu_events__find(t, NULL, e->event, NULL))
					fail_msg("%s %s: event %s not in table", models[k],
						 ml.metrics[i].pm->name, e->event);
			}
		metric_list__exit(&ml);
	}
}

/* perf's pmu@EVENT,terms@ ids become the event's PMU and terms plus the
 * extra ones (SKX: UNC_CHA_TOR_INSERTS.IA_MISS is event 0x35, umask 0x21) */
static void test_pmu_at(void **state)
{
	const struct pmu_events_table *t = pmu_events__table_for("SKX");
	struct metric_list ml;
	char err[256];

	assert_int_equal(metricgroup__parse(t, "numa_reads_addressed_to_local_dram", &ml, err, sizeof(err)), 0);
	assert_int_equal(ml.metrics[0].nr_events, 2);
	assert_string_equal(ml.metrics[0].events[0].id, "cha@UNC_CHA_TOR_INSERTS.IA_MISS,config1=0x40432@");
	assert_string_equal(ml.metrics[0].events[0].event, "uncore_cha/event=0x35,umask=0x21,config1=0x40432/");
	assert_string_equal(ml.metrics[0].events[1].event, "uncore_cha/event=0x35,umask=0x21,config1=0x40431/");
	metric_list__exit(&ml);
}

/* stat's interface: counts in the order of the metric's events */
static void test_values(void **state)
{
	const struct pmu_events_table *t = pmu_events__table_for("SPR");
	struct metric_list ml;
	char err[256], buf[128];
	double v, vals[2];

	assert_int_equal(metricgroup__parse(t, "cpi,memory_bandwidth_read", &ml, err, sizeof(err)), 0);
	vals[0] = 3e6;		/* cpu_clk_unhalted.thread */
	vals[1] = 1.5e6;	/* inst_retired.any */
	assert_int_equal(metric__compute_values(&ml.metrics[0], vals, &v, err, sizeof(err)), 0);
	assert_float_equal(v, 2, 1e-12);
	metric__snprintf(&ml.metrics[0], v, buf, sizeof(buf));
	assert_string_equal(buf, "     2.0 per_instr  cpi");
	/* (UNC_M_CAS_COUNT.RD * 64 / 1e6) / duration_time[s] */
	assert_int_equal(ml.metrics[1].nr_events, 2);
	assert_true(ml.metrics[1].events[1].tool);
	vals[0] = 1e6;		/* 64 MB */
	vals[1] = 0.5e9;	/* 0.5 s in ns */
	assert_int_equal(metric__compute_values(&ml.metrics[1], vals, &v, err, sizeof(err)), 0);
	assert_float_equal(v, 128, 1e-9);
	assert_string_equal(ml.metrics[1].unit, "MB/s");
	/* not counted: an error naming the event, no value */
	vals[0] = NAN;
	assert_int_equal(metric__compute_values(&ml.metrics[1], vals, &v, err, sizeof(err)), -ENOENT);
	assert_non_null(strstr(err, "UNC_M_CAS_COUNT.RD"));
	metric_list__exit(&ml);
}

/*
 * stat -M end to end without a PMU: the event string stat parses, then the
 * metric rows printed from counters as stat-evlist fills them.
 */
static void test_stat(void **state)
{
	struct metric_list ml;
	struct stat_counter c[4];
	struct stat_view view = { .counters = c, .nr_counters = 4, .nr_ids = 1 };
	struct aggr_id id = { .cpu = -1, .nr = 1 };
	struct stat_config config;
	const char *names[] = { "task-clock", "cpu_clk_unhalted.thread", "inst_retired.any",
				"l1d.replacement" };
	const uint64_t vals[] = { 1000000, 3000000, 1500000, 15000 };
	char *events = strdup("task-clock"), out[1024] = "";
	FILE *f;

	assert_int_equal(pmu_events__set_cpuid("GenuineIntel-6-55-4"), 0);
	assert_int_equal(metricgroup__stat_setup("cpi,l1d_mpi", false, &ml, &events), 0);
	assert_string_equal(events, "task-clock,{cpu_clk_unhalted.thread,inst_retired.any},"
			    "{l1d.replacement,inst_retired.any}");
	view.ids = &id;
	for (int i = 0; i < 4; i++) {
		struct stat_count raw = { vals[i], 100, 100 };

		stat_counter__init(&c[i], names[i], NULL, 1.0, 1);
		stat_counter__add(&c[i], 0, &raw);
		stat_counter__process(&c[i], true, false);
	}
	stat_config__init(&config);
	f = fmemopen(out, sizeof(out), "w");
	config.output = f;
	metricgroup__stat_print(&ml, &config, &view);
	/* a counter that did not count: its metric is left out, as perf */
	c[3].supported = false;
	metricgroup__stat_print(&ml, &config, &view);
	fclose(f);
	assert_string_equal(out,
		"                                                  #      2.0 per_instr  cpi\n"
		"                                                  #      0.0 per_instr  l1d_mpi\n"
		"                                                  #      2.0 per_instr  cpi\n");
	/* --topdown is the TopdownL1 group; a table without one is refused */
	metric_list__exit(&ml);
	assert_int_equal(metricgroup__stat_setup(NULL, true, &ml, &events), 0);
	assert_int_equal(ml.nr, 4);
	metric_list__exit(&ml);
	assert_int_equal(pmu_events__set_cpuid("ADL"), 0);
	assert_int_equal(metricgroup__stat_setup(NULL, true, &ml, &events), -ENOENT);
	pmu_events__set_cpuid(NULL);
	for (int i = 0; i < 4; i++)
		stat_counter__exit(&c[i]);
	free(events);
}

static void test_scale_unit(void **state)
{
	double s;
	char u[16];

	metric__scale_unit("100%", &s, u, sizeof(u));
	assert_float_equal(s, 100, 0);
	assert_string_equal(u, "%");
	metric__scale_unit("1MB/s", &s, u, sizeof(u));
	assert_float_equal(s, 1, 0);
	assert_string_equal(u, "MB/s");
	metric__scale_unit("", &s, u, sizeof(u));
	assert_float_equal(s, 1, 0);
	assert_string_equal(u, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cpi),
		cmocka_unit_test(test_several),
		cmocka_unit_test(test_groups),
		cmocka_unit_test(test_all_parse),
		cmocka_unit_test(test_topdown),
		cmocka_unit_test(test_values),
		cmocka_unit_test(test_pmu_at),
		cmocka_unit_test(test_stat),
		cmocka_unit_test(test_scale_unit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
