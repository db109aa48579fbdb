// SPDX-License-Identifier: GPL-2.0
/*
 * Named PMU events: cpuid -> table (perf's mapfile rules), case-insensitive
 * names, and the config/config1 each event gets from its JSON fields
 * (event/umask/cmask/inv/edge/any/ldlat/offcore/frontend). The expected
 * values below were worked out by hand from data/intel-perfmon and
 * data/arm-pmu (IA32_PERFEVTSELx layout: event 0-7, umask 8-15, edge 18,
 * any 21, inv 23, cmask 24-31; ldlat/offcore_rsp/frontend in config1).
 */
#include "unit.h"
#include <errno.h>
#include <string.h>
#include "util/pmu-events.h"
#include "util/pmu.h"
#include "util/evlist.h"
#include "util/evsel.h"
#include "util/parse-events.h"

struct expect {
	const char *cpuid, *pmu, *name;
	uint64_t config, config1;
	uint32_t period;
};

static const struct expect intel[] = {
	/* Skylake-SP: GenuineIntel-6-55-[01234] */
	{ "GenuineIntel-6-55-4", "cpu", "INST_RETIRED.ANY", 0x100, 0, 2000003 },
	{ "GenuineIntel-6-55-4", "cpu", "cycle_activity.stalls_total", 0x040004a3, 0, 2000003 },
	{ "GenuineIntel-6-55-4", "cpu", "cpu_clk_unhalted.thread_any", 0x200200, 0, 2000003 },
	{ "GenuineIntel-6-55-4", "cpu", "mem_trans_retired.load_latency_gt_32", 0x1cd, 0x20, 100007 },
	{ "GenuineIntel-6-55-4", "cpu", "offcore_response.demand_data_rd.l3_miss.any_snoop", 0x1b7, 0x3fbc000001ULL, 100003 },
	{ "GenuineIntel-6-55-4", "cpu", "frontend_retired.dsb_miss", 0x1c6, 0x11, 100007 },
	{ "GenuineIntel-6-55-4", "cpu", "uops_issued.stall_cycles", 0x0180010e, 0, 2000003 },
	{ "GenuineIntel-6-55-4", "cpu", "machine_clears.count", 0x010401c3, 0, 100003 },
	/* Sapphire Rapids */
	{ "GenuineIntel-6-8F-0", "cpu", "inst_retired.any", 0x100, 0, 2000003 },
	{ "GenuineIntel-6-8F-0", "cpu", "topdown.slots", 0x400, 0, 10000003 },
	{ "GenuineIntel-6-8F-0", "cpu", "cycle_activity.stalls_total", 0x040004a3, 0, 1000003 },
	{ "GenuineIntel-6-8F-0", "cpu", "mem_trans_retired.load_latency_gt_128", 0x1cd, 0x80, 1009 },
	{ "GenuineIntel-6-8F-0", "cpu", "ocr.demand_data_rd.l3_miss", 0x12a, 0x3fbfc00001ULL, 100003 },
	{ "GenuineIntel-6-8F-0", "cpu", "br_misp_retired.all_branches", 0xc5, 0, 400009 },
	/* Haswell, Skylake, Ice Lake, Ice Lake-SP, Tiger Lake, Granite Rapids */
	{ "GenuineIntel-6-3C-3", "cpu", "inst_retired.any", 0x100, 0, 2000003 },
	{ "GenuineIntel-6-5E-3", "cpu", "inst_retired.any", 0x100, 0, 2000003 },
	{ "GenuineIntel-6-7E-5", "cpu", "topdown.slots", 0x400, 0, 10000003 },
	{ "GenuineIntel-6-8C-1", "cpu", "inst_retired.any", 0x100, 0, 2000003 },
	{ "GenuineIntel-6-AD-1", "cpu", "inst_retired.any", 0x100, 0, 2000003 },
};

static void check(const struct expect *x)
{
	const struct pmu_events_table *t = pmu_events__table_for(x->cpuid);
	const struct pmu_event *ev;
	struct pmu_event_config c;

	assert_non_null(t);
	ev = pmu_events__find(t, x->pmu, x->name, NULL);
	if (!ev)
		fail_msg("%s: %s not found", x->cpuid, x->name);
	assert_int_equal(pmu_event__encode(ev, pmu_events__format_table,
					   (void *)pmu_format_intel, &c), 0);
	if (c.config != x->config || c.config1 != x->config1)
		fail_msg("%s %s: config %#llx config1 %#llx, want %#llx %#llx",
			 x->cpuid, x->name, (unsigned long long)c.config,
			 (unsigned long long)c.config1,
			 (unsigned long long)x->config,
			 (unsigned long long)x->config1);
	assert_int_equal(c.period, x->period);
}

static void test_intel_encodings(void **state)
{
	for (size_t i = 0; i < sizeof(intel) / sizeof(intel[0]); i++)
		check(&intel[i]);
}

static void test_cpuid_matching(void **state)
{
	const struct pmu_events_table *skx, *t;

	skx = pmu_events__table_for("GenuineIntel-6-55-4");
	assert_non_null(skx);
	assert_string_equal(skx->model, "SKX");
	/* the header form of the same cpuid */
	assert_ptr_equal(pmu_events__table_for("GenuineIntel,6,85,4"), skx);
	/* lower-case hex is accepted */
	assert_ptr_equal(pmu_events__table_for("GenuineIntel-6-55-3"), skx);
	/* SKX's regex names steppings 0-4: 5 and 7 are Cascade/Cooper Lake */
	assert_null(pmu_events__table_for("GenuineIntel-6-55-7"));
	/* and a stepping-specific regex needs a stepping */
	assert_null(pmu_events__table_for("GenuineIntel-6-55"));
	/* regexes without stepping ignore it */
	t = pmu_events__table_for("GenuineIntel-6-8F-8");
	assert_non_null(t);
	assert_string_equal(t->model, "SPR");
	assert_ptr_equal(pmu_events__table_for("GenuineIntel-6-8f-0"), t);
	assert_ptr_equal(pmu_events__table_for("GenuineIntel-6-8F"), t);
	assert_ptr_equal(pmu_events__table_for("spr"), t);
	/* no partial matches: 6-8 is not 6-8F, 6-8F0 is not 6-8F */
	assert_null(pmu_events__table_for("GenuineIntel-6-8-0"));
	assert_null(pmu_events__table_for("GenuineIntel-6-8F0-0"));
	assert_null(pmu_events__table_for("AuthenticAMD-25-1-1"));
	assert_null(pmu_events__table_for(""));
	assert_true(pmu_events__x86_cpuid_match("GenuineIntel-6-55-[01234]",
						"GenuineIntel-6-55-0"));
	assert_false(pmu_events__x86_cpuid_match("GenuineIntel-6-55-[01234]",
						 "GenuineIntel-6-55-5"));
	assert_true(pmu_events__x86_cpuid_match("GenuineIntel-6-3C",
						"GenuineIntel-6-3C-3"));
	assert_false(pmu_events__x86_cpuid_match("GenuineIntel-6-3C",
						 "GenuineIntel-6-3C3-3"));
}

static void test_names(void **state)
{
	const struct pmu_events_table *t = pmu_events__table_for("GenuineIntel-6-8F-0");
	const struct pmu_event *a, *b;
	char buf[256];

	a = pmu_events__find(t, NULL, "inst_retired.any", NULL);
	b = pmu_events__find(t, NULL, "INST_RETIRED.ANY", NULL);
	assert_non_null(a);
	assert_ptr_equal(a, b);
	assert_string_equal(a->name, "inst_retired.any");
	assert_string_equal(a->pmu, "cpu");
	assert_string_equal(a->counter, "Fixed counter 0");
	assert_string_equal(a->topic, "pipeline");
	assert_string_equal(a->desc, "Number of instructions retired. Fixed Counter - architectural event");
	assert_null(pmu_events__find(t, NULL, "inst_retired.anyx", NULL));
	assert_null(pmu_events__find(t, "cpu_core", "inst_retired.any", NULL));
	pmu_event__snprintf(a, true, buf, sizeof(buf));
	assert_string_equal(buf, "cpu/event=0,umask=0x1,period=2000003/");
	a = pmu_events__find(t, NULL, "mem_trans_retired.load_latency_gt_128", NULL);
	pmu_event__snprintf(a, false, buf, sizeof(buf));
	assert_string_equal(buf, "cpu/event=0xcd,umask=0x1,ldlat=0x80/");
	assert_true(a->flags & PMU_EVENT_F_PEBS);
	assert_string_equal(a->topic, "memory");
	/* uncore events carry their PMU */
	a = pmu_events__find(t, NULL, "unc_cha_clockticks", NULL);
	assert_non_null(a);
	assert_string_equal(a->pmu, "uncore_cha");
	assert_true(a->flags & PMU_EVENT_F_UNCORE);
	/* every event of every table is found by its own name */
	for (const struct pmu_events_table *const *tp = pmu_events_tables; *tp; tp++)
		for (size_t i = 0; i < (*tp)->nr; i += 37)
			assert_non_null(pmu_events__find(*tp, (*tp)->events[i].pmu,
							 (*tp)->events[i].name, NULL));
}

static void test_hybrid(void **state)
{
	const struct pmu_events_table *t = pmu_events__table_for("GenuineIntel-6-97-2");
	const struct pmu_event *core, *atom, *next;
	struct pmu_event_config c;

	assert_non_null(t);
	assert_string_equal(t->model, "ADL");
	assert_true(t->hybrid);
	core = pmu_events__find(t, "cpu_core", "inst_retired.any", NULL);
	atom = pmu_events__find(t, "cpu_atom", "inst_retired.any", NULL);
	assert_non_null(core);
	assert_non_null(atom);
	assert_ptr_not_equal(core, atom);
	/* without a PMU, both core types in turn */
	next = pmu_events__find(t, NULL, "inst_retired.any", NULL);
	assert_non_null(next);
	next = pmu_events__find(t, NULL, "inst_retired.any", next);
	assert_non_null(next);
	assert_null(pmu_events__find(t, NULL, "inst_retired.any", next));
	/* Golden Cove only */
	assert_non_null(pmu_events__find(t, "cpu_core", "topdown.slots", NULL));
	assert_null(pmu_events__find(t, "cpu_atom", "topdown.slots", NULL));
	/* Gracemont: load latency with ldlat in config1 */
	atom = pmu_events__find(t, "cpu_atom", "mem_uops_retired.load_latency_gt_4", NULL);
	assert_non_null(atom);
	assert_int_equal(pmu_event__encode(atom, pmu_events__format_table,
					   (void *)pmu_format_intel, &c), 0);
	assert_int_equal(c.config, 0x5d0);
	assert_int_equal(c.config1, 0x4);
}

static void test_arm64(void **state)
{
	const struct pmu_events_table *t;
	const struct pmu_event *ev;
	struct pmu_event_config c;

	/* Neoverse N1 r3p1: variant and revision are ignored */
	t = pmu_events__table_for("0x00000000413fd0c1");
	assert_non_null(t);
	assert_string_equal(t->model, "neoverse-n1");
	assert_ptr_equal(arm64__events_for("0x00000000410fd0c0"), t);
	assert_null(arm64__events_for("0x00000000410fd0d0"));
	assert_null(arm64__events_for("junk"));
	ev = pmu_events__find(t, "armv8_pmuv3_0", "CPU_CYCLES", NULL);
	assert_non_null(ev);
	assert_int_equal(pmu_event__encode(ev, pmu_events__format_table,
					   (void *)pmu_format_armv8, &c), 0);
	assert_int_equal(c.config, 0x11);
	ev = pmu_events__find(t, NULL, "inst_retired", NULL);
	pmu_event__encode(ev, pmu_events__format_table, (void *)pmu_format_armv8, &c);
	assert_int_equal(c.config, 0x8);
	ev = pmu_events__find(t, NULL, "l1d_cache_refill", NULL);
	pmu_event__encode(ev, pmu_events__format_table, (void *)pmu_format_armv8, &c);
	assert_int_equal(c.config, 0x3);
	assert_string_equal(ev->topic, "cache");
	/* Cortex-A53, Neoverse V1/V2/N2, Cortex-A72/A76 all map */
	assert_string_equal(pmu_events__table_for("0x00000000410fd034")->model, "cortex-a53");
	assert_string_equal(pmu_events__table_for("0x00000000410fd080")->model, "cortex-a72");
	assert_string_equal(pmu_events__table_for("0x00000000410fd0b0")->model, "cortex-a76");
	assert_string_equal(pmu_events__table_for("0x00000000410fd400")->model, "neoverse-v1");
	assert_string_equal(pmu_events__table_for("0x00000000410fd490")->model, "neoverse-n2");
	assert_string_equal(pmu_events__table_for("0x00000000410fd4f0")->model, "neoverse-v2");
	/* the common ARMv9 list by name: STALL_SLOT is 0x3f */
	t = pmu_events__table_for("common_armv9");
	assert_non_null(t);
	ev = pmu_events__find(t, NULL, "stall_slot", NULL);
	assert_non_null(ev);
	assert_int_equal(ev->code, 0x3f);
}

static void test_terms(void **state)
{
	struct pmu_event_config c = { 0 };
	char err[160];

	/* AMD family 17h/19h: event select bits 8-11 go to config 32-35 */
	assert_int_equal(pmu_terms__encode("event=0x1c0,umask=0x2",
					   pmu_events__format_table,
					   (void *)pmu_format_amd, &c, err,
					   sizeof(err)), 0);
	assert_int_equal(c.config, 0x1000002c0ULL);
	memset(&c, 0, sizeof(c));
	assert_int_equal(pmu_terms__encode("event=0xc0,inv,cmask=2,edge,period=1000",
					   pmu_events__format_table,
					   (void *)pmu_format_intel, &c, err,
					   sizeof(err)), 0);
	assert_int_equal(c.config, 0x028400c0);
	assert_int_equal(c.period, 1000);
	assert_int_equal(pmu_terms__encode("umask=0x100", pmu_events__format_table,
					   (void *)pmu_format_intel, &c, err,
					   sizeof(err)), -ERANGE);
	assert_string_equal(err, "value 0x100 too big for term 'umask' (config:8-15)");
	assert_int_equal(pmu_terms__encode("bogus=1", pmu_events__format_table,
					   (void *)pmu_format_intel, &c, err,
					   sizeof(err)), -ENOENT);
	assert_non_null(strstr(err, "'bogus'"));
	assert_int_equal(pmu_terms__encode("event=zz", pmu_events__format_table,
					   (void *)pmu_format_intel, &c, err,
					   sizeof(err)), -EINVAL);
	assert_int_equal(pmu_events__format_apply("config3:0", 1, &c), -EINVAL);
}

/* The fake sysfs tree's cpu PMU gives the same encodings as the defaults. */
static void test_sysfs_formats(void **state)
{
	struct pmu *cpu = pmu__read(TEST_DATA "/sysfs/bus/event_source/devices", "cpu");
	const struct pmu_events_table *t = pmu_events__table_for("GenuineIntel-6-55-4");
	const struct pmu_event *ev;
	struct pmu_event_config c;

	assert_non_null(cpu);
	ev = pmu_events__find(t, "cpu", "uops_issued.stall_cycles", NULL);
	assert_int_equal(pmu_event__encode(ev, pmu_events__format_pmu, cpu, &c), 0);
	assert_int_equal(c.config, 0x0180010e);
	ev = pmu_events__find(t, "cpu", "mem_trans_retired.load_latency_gt_32", NULL);
	assert_int_equal(pmu_event__encode(ev, pmu_events__format_pmu, cpu, &c), 0);
	assert_int_equal(c.config, 0x1cd);
	assert_int_equal(c.config1, 0x20);
	pmu__delete(cpu);
}

/* parse-events through the tables: sysfs terms, one evsel per core type,
 * the vendor period as the default sample period, modifiers */
static void test_parse_events(void **state)
{
	struct pmus *pmus = pmus__new(TEST_DATA "/sysfs-arch");
	struct evlist *evlist = evlist__new();
	struct parse_events_error err;

	assert_non_null(pmus);
	assert_int_equal(pmu_events__set_cpuid("GenuineIntel-6-55-4"), 0);
	assert_int_equal(__parse_events(evlist, "INST_RETIRED.ANY:u,mem_trans_retired.load_latency_gt_32",
					&err, pmus), 0);
	assert_int_equal(evlist->nr, 2);
	assert_int_equal(evlist->entries[0]->attr.type, 4);
	assert_int_equal(evlist->entries[0]->attr.config, 0x100);
	assert_int_equal(evlist->entries[0]->attr.sample_period, 2000003);
	assert_int_equal(evlist->entries[0]->attr.exclude_kernel, 1);
	assert_string_equal(evlist->entries[0]->name, "INST_RETIRED.ANY:u");
	assert_int_equal(evlist->entries[1]->attr.config, 0x1cd);
	assert_int_equal(evlist->entries[1]->attr.config1, 0x20);
	assert_int_equal(evlist->entries[1]->attr.sample_period, 100007);
	evlist__delete(evlist);

	/* hybrid: cpu_atom (type 10 in the fake tree), then cpu_core (4) */
	evlist = evlist__new();
	assert_int_equal(pmu_events__set_cpuid("ADL"), 0);
	assert_int_equal(__parse_events(evlist, "br_misp_retired.all_branches", &err, pmus), 0);
	assert_int_equal(evlist->nr, 2);
	assert_int_equal(evlist->entries[0]->attr.type, 10);
	assert_int_equal(evlist->entries[1]->attr.type, 4);
	assert_int_equal(evlist->entries[0]->attr.config, 0xc5);
	assert_int_equal(evlist->entries[1]->attr.config, 0xc5);
	evlist__delete(evlist);
	pmu_events__set_cpuid(NULL);
	pmus__delete(pmus);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_intel_encodings),
		cmocka_unit_test(test_cpuid_matching),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_hybrid),
		cmocka_unit_test(test_arm64),
		cmocka_unit_test(test_terms),
		cmocka_unit_test(test_sysfs_formats),
		cmocka_unit_test(test_parse_events),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
