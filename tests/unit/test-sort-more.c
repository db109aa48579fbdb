// SPDX-License-Identifier: GPL-2.0
/*
 * The sort keys report-more added: "time" (perf's 100 ms slots printed in
 * microseconds, or nanoseconds with --ns, in a 12 or 16 wide column) and
 * "socket" (perf's "%.3d" in 6 columns), "srcfile" (the file of the line).
 */
#include "unit.h"
#include <stdlib.h>
#include <string.h>
#include "util/hist.h"
#include "util/sort.h"
#include "util/symbol.h"

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
}

/* symbol_size: the symbol's end - start, right-aligned in a column as wide
 * as "Symbol size"; dso_size: the map's size; both ascending */
static void test_size_keys(void **state)
{
	const struct sort_key *ss = sort_key__find("symbol_size");
	const struct sort_key *ds = sort_key__find("dso_size");
	struct symbol *s1 = calloc(1, sizeof(*s1) + 4), *s2 = calloc(1, sizeof(*s2) + 4);
	struct hist_entry a = { 0 }, b = { 0 }, none = { 0 };
	char buf[64];

	assert_non_null(ss);
	assert_non_null(ds);
	assert_null(sort_key__find("sym_size"));	/* perf has no such key either */
	s1->start = 0x1000;
	s1->end = 0x1040;
	s2->start = 0x2000;
	s2->end = 0x2100;
	a.sym = s1;
	b.sym = s2;
	ss->snprintf(&a, buf, sizeof(buf));
	assert_string_equal(buf, "64");
	ss->snprintf(&none, buf, sizeof(buf));
	assert_string_equal(buf, "unknown");
	assert_true(ss->right);
	assert_int_equal(ss->width(&a), 0);	/* the header's width */
	assert_true(ss->cmp(&a, &b) < 0);
	assert_true(ss->cmp(&b, &a) > 0);
	assert_true(ss->cmp(&none, &a) < 0);	/* no symbol: size 0 */
	assert_int_equal(ss->cmp(&a, &a), 0);

	a.map_size = 43454464;
	b.map_size = 4096;
	ds->snprintf(&a, buf, sizeof(buf));
	assert_string_equal(buf, "43454464");
	ds->snprintf(&none, buf, sizeof(buf));
	assert_string_equal(buf, "unknown");
	assert_true(ds->cmp(&b, &a) < 0);
	assert_true(ds->hash(&a) != ds->hash(&b));
	free(s1);
	free(s2);
}

/* ipc_null prints no value but merges and orders as the symbol key */
static void test_ipc_null(void **state)
{
	const struct sort_key *k = sort_key__find("ipc_null");
	const struct sort_key *sym = sort_key__find("sym");
	struct hist_entry a = { .addr = 0x10 }, b = { .addr = 0x20 };
	char buf[64];

	assert_non_null(k);
	assert_string_equal(k->header, "IPC   [IPC Coverage]");
	k->snprintf(&a, buf, sizeof(buf));
	assert_string_equal(buf, "-      -");
	assert_int_equal(k->cmp(&a, &b), sym->cmp(&a, &b));
	assert_true(k->cmp(&a, &b) != 0);
}

static void test_srcfile_key(void **state)
{
	const struct sort_key *k = sort_key__find("srcfile");
	struct hist_entry a = { 0 }, b = { 0 };
	char buf[64];

	assert_non_null(k);
	assert_true(k->need_srcline);
	a.srcline = "libmwork.c:8";
	k->snprintf(&a, buf, sizeof(buf));
	assert_string_equal(buf, "libmwork.c");
	b.srcline = "libmwork.c:13";	/* another line of the same file */
	assert_int_equal(k->cmp(&a, &b), 0);
	assert_true(k->hash(&a) == k->hash(&b));
	b.srcline = "libmwork.h:13";
	assert_true(k->cmp(&a, &b) != 0);
	/* no file: perf's unknown line, and "sym+off" (C++ names have ':') */
	b.srcline = "??:0";
	k->snprintf(&b, buf, sizeof(buf));
	assert_string_equal(buf, "");
	b.srcline = "work::Burner::spin+12";
	k->snprintf(&b, buf, sizeof(buf));
	assert_string_equal(buf, "");
	b.srcline = "dir:odd/f.c:3";	/* the last colon splits */
	k->snprintf(&b, buf, sizeof(buf));
	assert_string_equal(buf, "dir:odd/f.c");
	b.srcline = NULL;
	k->snprintf(&b, buf, sizeof(buf));
	assert_string_equal(buf, "");
}

/* weights: merged by the sample's value, descending; weight and ins_lat
 * print it times the samples, the local keys the value */
static void test_weight_keys(void **state)
{
	const struct sort_key *w = sort_key__find("weight");
	const struct sort_key *lw = sort_key__find("local_weight");
	const struct sort_key *il = sort_key__find("ins_lat");
	const struct sort_key *lil = sort_key__find("local_ins_lat");
	struct hist_entry a = { .weight = 30, .ins_lat = 3, .nr_events = 452 };
	struct hist_entry b = { .weight = 10, .ins_lat = 7, .nr_events = 2 };
	char buf[64];

	assert_non_null(w);
	assert_non_null(lw);
	assert_non_null(il);
	assert_non_null(lil);
	w->snprintf(&a, buf, sizeof(buf));
	assert_string_equal(buf, "13560");
	lw->snprintf(&a, buf, sizeof(buf));
	assert_string_equal(buf, "30");
	il->snprintf(&a, buf, sizeof(buf));
	assert_string_equal(buf, "1356");
	lil->snprintf(&b, buf, sizeof(buf));
	assert_string_equal(buf, "7");
	assert_true(w->cmp(&a, &b) < 0);	/* the heavier first */
	assert_true(w->sort(&b, &a) > 0);
	assert_true(il->cmp(&a, &b) > 0);
	assert_int_equal(lw->cmp(&a, &a), 0);
	assert_int_equal(w->width(&a), 12);
	assert_string_equal(lil->header, "Local INSTR Latency");
	assert_true(w->pad_last && w->sample_only && lil->sample_only);
}

static const char *test_cgroup_name(void *arg, uint64_t id)
{
	return id == 25 ? "/mperf-test" : NULL;
}

/* cgroup: the path of the sample's cgroup id, "N/A" for 0, "unknown"
 * without a record, ascending; cgroup_id: "dev/0xinode" descending;
 * code_page_size in perf's units */
static void test_cgroup_page_keys(void **state)
{
	const struct sort_key *cg = sort_key__find("cgroup");
	const struct sort_key *id = sort_key__find("cgroup_id");
	const struct sort_key *ps = sort_key__find("code_page_size");
	struct hist_entry a = { .cgroup = 25, .cgns_dev = 4, .cgns_ino = 0xeffffffb };
	struct hist_entry b = { .cgroup = 1, .cgns_dev = 4, .cgns_ino = 0xf0000151 };
	struct hist_entry none = { 0 };
	char buf[64];

	assert_non_null(cg);
	assert_non_null(id);
	assert_non_null(ps);
	sort__set_cgroup_name(test_cgroup_name, NULL);
	cg->snprintf(&a, buf, sizeof(buf));
	assert_string_equal(buf, "/mperf-test");
	assert_int_equal(cg->width(&a), 11);
	cg->snprintf(&b, buf, sizeof(buf));
	assert_string_equal(buf, "unknown");
	cg->snprintf(&none, buf, sizeof(buf));
	assert_string_equal(buf, "N/A");
	assert_int_equal(cg->width(&none), 0);	/* perf does not count N/A */
	assert_true(cg->cmp(&b, &a) < 0);
	sort__set_cgroup_name(NULL, NULL);

	id->snprintf(&a, buf, sizeof(buf));
	assert_string_equal(buf, "4/0xeffffffb");
	id->snprintf(&none, buf, sizeof(buf));
	assert_string_equal(buf, "0/0x0");
	assert_true(id->cmp(&b, &a) < 0);	/* the larger inode first */
	assert_true(id->cmp(&a, &none) < 0);

	ps->snprintf(&none, buf, sizeof(buf));
	assert_string_equal(buf, "N/A");
	a.code_page_size = 4096;
	ps->snprintf(&a, buf, sizeof(buf));
	assert_string_equal(buf, "4K");
	b.code_page_size = 2 << 20;
	ps->snprintf(&b, buf, sizeof(buf));
	assert_string_equal(buf, "2M");
	assert_true(ps->cmp(&a, &b) < 0);
	b.code_page_size = 1024;	/* perf divides while more than 1024 */
	ps->snprintf(&b, buf, sizeof(buf));
	assert_string_equal(buf, "1024B");
	b.code_page_size = 1ULL << 30;	/* likewise a 1 GiB page */
	ps->snprintf(&b, buf, sizeof(buf));
	assert_string_equal(buf, "1024M");
	assert_true(cg->sample_only && id->sample_only && ps->sample_only);
}

/* addr: by the sign of the 64-bit difference (kernel addresses before
 * user ones), 18 columns */
static void test_addr_key(void **state)
{
	const struct sort_key *k = sort_key__find("addr");
	struct hist_entry kern = { .ip = 0xffffffff8158c221ULL }, user = { .ip = 0x555e42fe32a4ULL };
	char buf[64];

	assert_non_null(k);
	k->snprintf(&kern, buf, sizeof(buf));
	assert_string_equal(buf, "0xffffffff8158c221");
	k->snprintf(&user, buf, sizeof(buf));
	assert_string_equal(buf, "0x555e42fe32a4");
	assert_int_equal(k->width(&user), 18);
	assert_true(k->cmp(&kern, &user) < 0);
	assert_true(k->sort(&user, &kern) > 0);
	assert_string_equal(k->header, "Address");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_time_key),
		cmocka_unit_test(test_socket_key),
		cmocka_unit_test(test_size_keys),
		cmocka_unit_test(test_ipc_null),
		cmocka_unit_test(test_weight_keys),
		cmocka_unit_test(test_cgroup_page_keys),
		cmocka_unit_test(test_addr_key),
		cmocka_unit_test(test_srcfile_key),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
