// SPDX-License-Identifier: GPL-2.0
/* sysfs PMU discovery and pmu/term=value/ events, on the fake sysfs tree
 * tests/data/sysfs (an Intel-like cpu PMU, an uncore IMC, an AMD DF PMU
 * with a split bit range). */
#include "unit.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "util/evlist.h"
#include "util/evsel.h"
#include "util/parse-events.h"
#include "util/pmu.h"

#define SYSFS TEST_DATA "/sysfs"

static struct pmus *fake;

static int setup(void **state)
{
	fake = pmus__new(SYSFS);
	return fake ? 0 : -1;
}

static int teardown(void **state)
{
	pmus__delete(fake);
	return 0;
}

static void test_discovery(void **state)
{
	struct pmu *cpu, *imc, *df;
	const char *names[] = { "amd_df", "cpu", "software", "tracepoint", "uncore_imc_0" };

	assert_int_equal(fake->nr, 5);
	for (int i = 0; i < 5; i++)	/* sorted by name */
		assert_string_equal(fake->pmus[i]->name, names[i]);
	cpu = pmus__find(fake, "cpu");
	imc = pmus__find(fake, "uncore_imc_0");
	df = pmus__find(fake, "amd_df");
	assert_non_null(cpu);
	assert_int_equal(cpu->type, 4);
	assert_true(cpu->is_core);
	assert_null(cpu->cpumask);
	assert_int_equal(cpu->nr_formats, 11);
	assert_int_equal(imc->type, 17);
	assert_false(imc->is_core);
	assert_string_equal(imc->cpumask, "0");
	assert_string_equal(df->cpumask, "0,8");
	assert_ptr_equal(pmus__find_by_type(fake, 17), imc);
	assert_null(pmus__find(fake, "nope"));
	assert_null(pmus__find_by_type(fake, 99));
}

static void test_formats(void **state)
{
	struct pmu *cpu = pmus__find(fake, "cpu");
	const struct pmu_format *f;

	f = pmu__find_format(cpu, "umask");
	assert_int_equal(f->config, 0);
	assert_int_equal(f->bits, 0xff00);
	assert_int_equal(pmu_format__width(f), 8);
	assert_string_equal(f->spec, "config:8-15");
	f = pmu__find_format(cpu, "edge");
	assert_int_equal(f->bits, 1 << 18);
	f = pmu__find_format(cpu, "ldlat");
	assert_int_equal(f->config, 1);
	assert_int_equal(f->bits, 0xffff);
	f = pmu__find_format(pmus__find(fake, "amd_df"), "event");
	assert_int_equal(f->bits, 0xffULL | (0xfULL << 32) | (3ULL << 59));
	assert_int_equal(pmu_format__width(f), 14);
	assert_null(pmu__find_format(cpu, "nope"));
}

static void test_format_parse(void **state)
{
	struct pmu_format f;

	assert_int_equal(pmu_format__parse(&f, "config:0-7,21"), 0);
	assert_int_equal(f.bits, 0xff | (1 << 21));
	assert_int_equal(pmu_format__parse(&f, "config2:63"), 0);
	assert_int_equal(f.config, 2);
	assert_int_equal(f.bits, 1ULL << 63);
	assert_int_equal(pmu_format__parse(&f, "config:7-3"), -EINVAL);
	assert_int_equal(pmu_format__parse(&f, "config:64"), -EINVAL);
	assert_int_equal(pmu_format__parse(&f, "config3:1"), -EINVAL);
	assert_int_equal(pmu_format__parse(&f, "conf:1"), -EINVAL);
	assert_int_equal(pmu_format__parse(&f, "config:1,"), -EINVAL);
	assert_int_equal(pmu_format__parse(&f, "config:"), -EINVAL);
}

static void test_format_apply_split(void **state)
{
	struct perf_event_attr attr = { 0 };
	struct pmu_format f;

	pmu_format__parse(&f, "config:0-7,21");
	/* value bit 8 lands in config bit 21 */
	assert_int_equal(pmu_format__apply(&f, 0x1ff, &attr), 0);
	assert_int_equal(attr.config, 0xff | (1 << 21));
	assert_int_equal(pmu_format__extract(&f, &attr), 0x1ff);
	assert_int_equal(pmu_format__apply(&f, 0x200, &attr), -ERANGE);
	/* re-applying clears the old bits of the field */
	assert_int_equal(pmu_format__apply(&f, 0x1, &attr), 0);
	assert_int_equal(attr.config, 0x1);
}

static void test_aliases(void **state)
{
	const struct pmu_alias *a;

	a = pmu__find_alias(pmus__find(fake, "uncore_imc_0"), "cas_count_read");
	assert_non_null(a);
	assert_string_equal(a->terms, "event=0x04,umask=0x03");
	assert_string_equal(a->unit, "MiB");
	assert_true(a->scale > 6.1035e-5 && a->scale < 6.1036e-5);
	/* .scale/.unit files are not aliases themselves */
	assert_null(pmu__find_alias(pmus__find(fake, "uncore_imc_0"), "cas_count_read.scale"));
	a = pmu__find_alias(pmus__find(fake, "cpu"), "CYCLES");	/* case-insensitive */
	assert_non_null(a);
	assert_null(a->unit);
	assert_true(a->scale == 1.0);
	assert_int_equal(pmus__find(fake, "cpu")->nr_aliases, 10);
}

/* parse one event string on the fake PMUs; returns the evlist */
static struct evlist *pe(const char *str, struct parse_events_error *err, int *ret)
{
	struct evlist *evlist = evlist__new();

	*ret = __parse_events(evlist, str, err, fake);
	return evlist;
}

static void test_pmu_events(void **state)
{
	struct parse_events_error err;
	struct evlist *l;
	struct evsel *e;
	int ret;

	l = pe("cpu/event=0x3c,umask=0x1,edge,inv,cmask=2/", &err, &ret);
	assert_int_equal(ret, 0);
	e = l->entries[0];
	assert_int_equal(e->attr.type, 4);
	assert_int_equal(e->attr.config, 0x3c | 0x100 | (1 << 18) | (1 << 23) | (2 << 24));
	assert_string_equal(e->name, "cpu/event=0x3c,umask=0x1,edge,inv,cmask=2/");
	assert_string_equal(e->pmu_name, "cpu");
	assert_int_equal(e->attr.exclude_guest, 1);
	evlist__delete(l);

	/* alias then an extra term; modifiers right after the '/' */
	l = pe("cpu/cycles,cmask=3/uk", &err, &ret);
	assert_int_equal(ret, 0);
	e = l->entries[0];
	assert_int_equal(e->attr.config, 0x3c | (3 << 24));
	assert_int_equal(e->attr.exclude_hv, 1);
	assert_int_equal(e->attr.exclude_user, 0);
	assert_string_equal(e->name, "cpu/cycles,cmask=3/uk");
	evlist__delete(l);

	/* alias with a config1 term, name= term, ':' modifiers */
	l = pe("cpu/mem-loads,name=ld/:pp", &err, &ret);
	assert_int_equal(ret, 0);
	e = l->entries[0];
	assert_int_equal(e->attr.config, 0xcd | 0x100);
	assert_int_equal(e->attr.config1, 3);
	assert_int_equal(e->attr.precise_ip, 2);
	assert_string_equal(e->name, "ld");
	evlist__delete(l);

	/* uncore alias by PMU, with scale/unit and cpumask */
	l = pe("uncore_imc_0/cas_count_read/", &err, &ret);
	assert_int_equal(ret, 0);
	e = l->entries[0];
	assert_int_equal(e->attr.type, 17);
	assert_int_equal(e->attr.config, 0x304);
	assert_string_equal(e->unit, "MiB");
	assert_true(e->scale < 1e-4);
	assert_string_equal(e->own_cpus, "0");
	evlist__delete(l);

	/* a bare alias name finds its PMU */
	l = pe("cas_count_write", &err, &ret);
	assert_int_equal(ret, 0);
	assert_int_equal(l->nr, 1);
	assert_int_equal(l->entries[0]->attr.type, 17);
	assert_int_equal(l->entries[0]->attr.config, 0xc04);
	assert_string_equal(l->entries[0]->name, "cas_count_write");
	evlist__delete(l);

	/* split bit range: value bits 8..11 go to config bits 32..35 */
	l = pe("amd_df/event=0x1ff,umask=0x2/", &err, &ret);
	assert_int_equal(ret, 0);
	assert_int_equal(l->entries[0]->attr.config, 0xff | 0x200 | (1ULL << 32));
	evlist__delete(l);

	/* config/config1/config2 and period terms */
	l = pe("cpu/config=0x1234,config1=5,config2=6,period=1000/", &err, &ret);
	assert_int_equal(ret, 0);
	e = l->entries[0];
	assert_int_equal(e->attr.config, 0x1234);
	assert_int_equal(e->attr.config1, 5);
	assert_int_equal(e->attr.config2, 6);
	assert_int_equal(e->attr.sample_period, 1000);
	assert_true(e->user_period);
	evlist__delete(l);

	/* hw symbols are still legacy events when a cpu PMU exists */
	l = pe("instructions", &err, &ret);
	assert_int_equal(ret, 0);
	assert_int_equal(l->entries[0]->attr.type, PERF_TYPE_HARDWARE);
	assert_int_equal(l->entries[0]->attr.config, PERF_COUNT_HW_INSTRUCTIONS);
	evlist__delete(l);
}

static void expect_error(const char *str, int col, const char *msg, const char *help)
{
	struct parse_events_error err;
	struct evlist *l;
	int ret;

	l = pe(str, &err, &ret);
	assert_int_equal(ret, -EINVAL);
	assert_int_equal(l->nr, 0);
	assert_non_null(err.str);
	if (!strstr(err.str, msg))
		fail_msg("'%s': error '%s' lacks '%s'", str, err.str, msg);
	if (col != err.idx)
		fail_msg("'%s': column %d, expected %d", str, err.idx, col);
	if (help) {
		assert_non_null(err.help);
		if (!strstr(err.help, help))
			fail_msg("'%s': help '%s' lacks '%s'", str, err.help, help);
	}
	parse_events_error__exit(&err);
	evlist__delete(l);
}

static void test_pmu_errors(void **state)
{
	expect_error("cpu/umask=0x100/", 10, "too big for 'umask'", "8 bits");
	expect_error("amd_df/event=0x4000/", 13, "maximum is 0x3fff", NULL);
	expect_error("cpu/evnt=1/", 4, "unknown term 'evnt' for PMU 'cpu'", "did you mean 'event'?");
	expect_error("cpu/cycels/", 4, "unknown term 'cycels'", "did you mean 'cycles'?");
	expect_error("cpu/event=xyz/", 10, "needs a number", NULL);
	expect_error("cpu/event=1", 3, "missing closing '/'", NULL);
	expect_error("cpu/event=1,,umask=1/", 12, "empty term", NULL);
	expect_error("uncore_imx_0/clockticks/", 0, "unknown PMU 'uncore_imx_0'",
		     "did you mean 'uncore_imc_0'?");
	expect_error("cpu/name=/", 9, "name= needs a value", NULL);
	expect_error("cpu/event=1/x", 12, "unknown modifier 'x'", NULL);
	expect_error("cas_count_raed", 0, "unknown event", "did you mean 'cas_count_read'?");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_discovery),
		cmocka_unit_test(test_formats),
		cmocka_unit_test(test_format_parse),
		cmocka_unit_test(test_format_apply_split),
		cmocka_unit_test(test_aliases),
		cmocka_unit_test(test_pmu_events),
		cmocka_unit_test(test_pmu_errors),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
