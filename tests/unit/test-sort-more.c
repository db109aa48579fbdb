// SPDX-License-Identifier: GPL-2.0
/*
 * The sort keys report-more added: "time" (perf's 100 ms slots printed in
 * microseconds, or nanoseconds with --ns, in a 12 or 16 wide column) and
 * "socket" (perf's "%.3d" in 6 columns), "srcfile" (the file of the line).
 */
#include "unit.h"
#include <stdlib.h>
#include <string.h>
#include "util/dso.h"
#include "util/hist.h"
#include "util/sort.h"
#include "util/symbol.h"

static void test_time_key(void **state)
{
	const struct sort_key *k = sort_key__find("time");
	struct hist_entry a = { 0 }, b = { 0 };
	char buf[64];
	struct sort_ctx ctx = { 0 };

	assert_non_null(k);
	a.time = 12584500000000ULL;
	b.time = 12584300000000ULL;
	k->snprintf(k, &ctx, &a, buf, sizeof(buf));
	assert_string_equal(buf, "12584.500000");
	assert_int_equal(k->width(k, &ctx, &a), 12);
	ctx.time_ns = true;
	k->snprintf(k, &ctx, &a, buf, sizeof(buf));
	assert_string_equal(buf, "12584.500000000");
	assert_int_equal(k->width(k, &ctx, &a), 16);
	ctx.time_ns = false;
	assert_true(k->cmp(k, &ctx, &a, &b) > 0);
	assert_true(k->cmp(k, &ctx, &b, &a) < 0);
	assert_int_equal(k->cmp(k, &ctx, &a, &a), 0);
	assert_true(k->hash(k, &ctx, &a) != k->hash(k, &ctx, &b));
}

static void test_socket_key(void **state)
{
	const struct sort_key *k = sort_key__find("socket");
	struct hist_entry a = { .socket = -1 }, b = { .socket = 0 };
	char buf[32];
	struct sort_ctx ctx = { 0 };

	assert_non_null(k);
	k->snprintf(k, &ctx, &a, buf, sizeof(buf));
	assert_string_equal(buf, "  -001");
	k->snprintf(k, &ctx, &b, buf, sizeof(buf));
	assert_string_equal(buf, "   000");
	assert_true(k->cmp(k, &ctx, &a, &b) < 0);
}

/* symbol_size: the symbol's end - start, right-aligned in a column as wide
 * as "Symbol size"; dso_size: the map's size; both ascending */
static void test_size_keys(void **state)
{
	const struct sort_key *ss = sort_key__find("symbol_size");
	const struct sort_key *ds = sort_key__find("dso_size");
	struct symbol *s1 = symbol__new(0x1000, 0x40, 0, "s1"), *s2 = symbol__new(0x2000, 0x100, 0, "s2");
	struct hist_entry a = { 0 }, b = { 0 }, none = { 0 };
	char buf[64];
	struct sort_ctx ctx = { 0 };

	assert_non_null(ss);
	assert_non_null(ds);
	assert_null(sort_key__find("sym_size"));	/* perf has no such key either */
	s1->start = 0x1000;
	s1->end = 0x1040;
	s2->start = 0x2000;
	s2->end = 0x2100;
	a.sym = s1;
	b.sym = s2;
	ss->snprintf(ss, &ctx, &a, buf, sizeof(buf));
	assert_string_equal(buf, "64");
	ss->snprintf(ss, &ctx, &none, buf, sizeof(buf));
	assert_string_equal(buf, "unknown");
	assert_true(ss->right);
	assert_int_equal(ss->width(ss, &ctx, &a), 0);	/* the header's width */
	assert_true(ss->cmp(ss, &ctx, &a, &b) < 0);
	assert_true(ss->cmp(ss, &ctx, &b, &a) > 0);
	assert_true(ss->cmp(ss, &ctx, &none, &a) < 0);	/* no symbol: size 0 */
	assert_int_equal(ss->cmp(ss, &ctx, &a, &a), 0);

	a.map_size = 43454464;
	b.map_size = 4096;
	ds->snprintf(ds, &ctx, &a, buf, sizeof(buf));
	assert_string_equal(buf, "43454464");
	ds->snprintf(ds, &ctx, &none, buf, sizeof(buf));
	assert_string_equal(buf, "unknown");
	assert_true(ds->cmp(ds, &ctx, &b, &a) < 0);
	assert_true(ds->hash(ds, &ctx, &a) != ds->hash(ds, &ctx, &b));
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
	struct sort_ctx ctx = { 0 };

	assert_non_null(k);
	assert_string_equal(k->header, "IPC   [IPC Coverage]");
	k->snprintf(k, &ctx, &a, buf, sizeof(buf));
	assert_string_equal(buf, "-      -");
	assert_int_equal(k->cmp(k, &ctx, &a, &b), sym->cmp(sym, &ctx, &a, &b));
	assert_true(k->cmp(k, &ctx, &a, &b) != 0);
}

static void test_srcfile_key(void **state)
{
	const struct sort_key *k = sort_key__find("srcfile");
	struct hist_entry a = { 0 }, b = { 0 };
	char buf[64];
	struct sort_ctx ctx = { 0 };

	assert_non_null(k);
	assert_true(k->need_srcline);
	a.srcline = "libmwork.c:8";
	k->snprintf(k, &ctx, &a, buf, sizeof(buf));
	assert_string_equal(buf, "libmwork.c");
	b.srcline = "libmwork.c:13";	/* another line of the same file */
	assert_int_equal(k->cmp(k, &ctx, &a, &b), 0);
	assert_true(k->hash(k, &ctx, &a) == k->hash(k, &ctx, &b));
	b.srcline = "libmwork.h:13";
	assert_true(k->cmp(k, &ctx, &a, &b) != 0);
	/* no file: perf's unknown line, and "sym+off" (C++ names have ':') */
	b.srcline = "??:0";
	k->snprintf(k, &ctx, &b, buf, sizeof(buf));
	assert_string_equal(buf, "");
	b.srcline = "work::Burner::spin+12";
	k->snprintf(k, &ctx, &b, buf, sizeof(buf));
	assert_string_equal(buf, "");
	b.srcline = "dir:odd/f.c:3";	/* the last colon splits */
	k->snprintf(k, &ctx, &b, buf, sizeof(buf));
	assert_string_equal(buf, "dir:odd/f.c");
	b.srcline = NULL;
	k->snprintf(k, &ctx, &b, buf, sizeof(buf));
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
	struct sort_ctx ctx = { 0 };

	assert_non_null(w);
	assert_non_null(lw);
	assert_non_null(il);
	assert_non_null(lil);
	w->snprintf(w, &ctx, &a, buf, sizeof(buf));
	assert_string_equal(buf, "13560");
	lw->snprintf(lw, &ctx, &a, buf, sizeof(buf));
	assert_string_equal(buf, "30");
	il->snprintf(il, &ctx, &a, buf, sizeof(buf));
	assert_string_equal(buf, "1356");
	lil->snprintf(lil, &ctx, &b, buf, sizeof(buf));
	assert_string_equal(buf, "7");
	assert_true(w->cmp(w, &ctx, &a, &b) < 0);	/* the heavier first */
	assert_true(w->sort(w, &ctx, &b, &a) > 0);
	assert_true(il->cmp(il, &ctx, &a, &b) > 0);
	assert_int_equal(lw->cmp(lw, &ctx, &a, &a), 0);
	assert_int_equal(w->width(w, &ctx, &a), 12);
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
	struct sort_ctx ctx = { 0 };

	assert_non_null(cg);
	assert_non_null(id);
	assert_non_null(ps);
	ctx.cgroup_name = test_cgroup_name;
	cg->snprintf(cg, &ctx, &a, buf, sizeof(buf));
	assert_string_equal(buf, "/mperf-test");
	assert_int_equal(cg->width(cg, &ctx, &a), 11);
	cg->snprintf(cg, &ctx, &b, buf, sizeof(buf));
	assert_string_equal(buf, "unknown");
	cg->snprintf(cg, &ctx, &none, buf, sizeof(buf));
	assert_string_equal(buf, "N/A");
	assert_int_equal(cg->width(cg, &ctx, &none), 0);	/* perf does not count N/A */
	assert_true(cg->cmp(cg, &ctx, &b, &a) < 0);
	ctx.cgroup_name = NULL;

	id->snprintf(id, &ctx, &a, buf, sizeof(buf));
	assert_string_equal(buf, "4/0xeffffffb");
	id->snprintf(id, &ctx, &none, buf, sizeof(buf));
	assert_string_equal(buf, "0/0x0");
	assert_true(id->cmp(id, &ctx, &b, &a) < 0);	/* the larger inode first */
	assert_true(id->cmp(id, &ctx, &a, &none) < 0);

	ps->snprintf(ps, &ctx, &none, buf, sizeof(buf));
	assert_string_equal(buf, "N/A");
	a.code_page_size = 4096;
	ps->snprintf(ps, &ctx, &a, buf, sizeof(buf));
	assert_string_equal(buf, "4K");
	b.code_page_size = 2 << 20;
	ps->snprintf(ps, &ctx, &b, buf, sizeof(buf));
	assert_string_equal(buf, "2M");
	assert_true(ps->cmp(ps, &ctx, &a, &b) < 0);
	b.code_page_size = 1024;	/* perf divides while more than 1024 */
	ps->snprintf(ps, &ctx, &b, buf, sizeof(buf));
	assert_string_equal(buf, "1024B");
	b.code_page_size = 1ULL << 30;	/* likewise a 1 GiB page */
	ps->snprintf(ps, &ctx, &b, buf, sizeof(buf));
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
	struct sort_ctx ctx = { 0 };

	assert_non_null(k);
	k->snprintf(k, &ctx, &kern, buf, sizeof(buf));
	assert_string_equal(buf, "0xffffffff8158c221");
	k->snprintf(k, &ctx, &user, buf, sizeof(buf));
	assert_string_equal(buf, "0x555e42fe32a4");
	assert_int_equal(k->width(k, &ctx, &user), 18);
	assert_true(k->cmp(k, &ctx, &kern, &user) < 0);
	assert_true(k->sort(k, &ctx, &user, &kern) > 0);
	assert_string_equal(k->header, "Address");
}

/* the context: -v shows (and compares) a dso by its path; the symbol key
 * compares dsos first only when the dso is no sort key (has_dso, which
 * hists__init sets from the keys) */
static void test_sort_ctx(void **state)
{
	const struct sort_key *dso = sort_key__find("dso");
	const struct sort_key *sym = sort_key__find("sym");
	const struct sort_key *keys[2] = { dso, sym };
	struct dso *d1 = dso__new("/usr/lib/b/libx.so"), *d2 = dso__new("/opt/a/libx.so");
	struct symbol *s1 = symbol__new(0x2000, 0x10, 1, "f");
	struct symbol *s2 = symbol__new(0x1000, 0x10, 1, "g");
	struct hist_entry a = { .dso = d1, .sym = s1 }, b = { .dso = d2, .sym = s2 };
	struct sort_ctx ctx = { 0 };
	struct hists_opts o = { 0 };
	struct hists h;
	char buf[64];

	assert_non_null(d1);
	assert_non_null(d2);
	assert_non_null(s1);
	assert_non_null(s2);
	dso->snprintf(dso, &ctx, &a, buf, sizeof(buf));
	assert_string_equal(buf, "libx.so");
	assert_int_equal(dso->cmp(dso, &ctx, &a, &b), 0);	/* same name */
	assert_true(dso->hash(dso, &ctx, &a) == dso->hash(dso, &ctx, &b));
	/* without a dso key: the same dso name, then by address */
	assert_true(sym->cmp(sym, &ctx, &a, &b) > 0);
	ctx.verbose = true;
	dso->snprintf(dso, &ctx, &a, buf, sizeof(buf));
	assert_string_equal(buf, "/usr/lib/b/libx.so");
	assert_true(dso->cmp(dso, &ctx, &a, &b) > 0);	/* by path */
	assert_true(sym->cmp(sym, &ctx, &a, &b) > 0);
	assert_true(sym->cmp(sym, &ctx, &b, &a) < 0);
	b.sym = s1;
	assert_true(sym->cmp(sym, &ctx, &a, &b) > 0);	/* the dsos differ */
	ctx.has_dso = true;
	assert_int_equal(sym->cmp(sym, &ctx, &a, &b), 0);	/* the dso key's job */

	assert_int_equal(hists__init(&h, keys, 2, &o), 0);
	assert_true(h.opts.sort.has_dso);
	hists__exit(&h);
	o.dso_not_sorted = true;	/* the dso of a -F list alone */
	assert_int_equal(hists__init(&h, keys, 2, &o), 0);
	assert_false(h.opts.sort.has_dso);
	hists__exit(&h);
	assert_int_equal(hists__init(&h, keys + 1, 1, NULL), 0);
	assert_false(h.opts.sort.has_dso);
	hists__exit(&h);
	free(s1);
	free(s2);
	dso__delete(d1);
	dso__delete(d2);
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
		cmocka_unit_test(test_sort_ctx),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
