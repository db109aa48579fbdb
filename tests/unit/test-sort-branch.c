// SPDX-License-Identifier: GPL-2.0
/*
 * The branch keys of report's branch mode (-b): their merge order, output
 * order and texts as perf 6.1 has them, and entries added per branch.
 */
#include "unit.h"
#include <stdlib.h>
#include <string.h>
#include "util/dso.h"
#include "util/hist.h"
#include "util/sort.h"
#include "util/symbol.h"

/* flags word: mispredicted bit 0, predicted 1, in_tx 2, abort 3,
 * cycles 4..19 */
#define FL(mis, pred, tx, ab, cyc) \
	((uint64_t)(mis) | (uint64_t)(pred) << 1 | (uint64_t)(tx) << 2 | \
	 (uint64_t)(ab) << 3 | (uint64_t)(cyc) << 4)

static struct symbol *sym_new(const char *name, uint64_t start, uint64_t end)
{
	return symbol__new(start, end - start, 0, name);
}

/* cycles: more cycles first in the output, "-" for none, perf's signed
 * 16-bit print */
static void test_cycles_key(void **state)
{
	const struct sort_key *k = sort_key__find("cycles");
	struct hist_branch ba = { .flags = FL(0, 0, 0, 0, 10) }, bb = { .flags = FL(0, 0, 0, 0, 5) };
	struct hist_entry a = { .br = &ba }, b = { .br = &bb };
	struct sort_ctx ctx = { 0 };
	char buf[32];

	assert_non_null(k);
	assert_true(k->branch);
	assert_true(k->sort(k, &ctx, &a, &b) < 0);
	assert_true(k->sort(k, &ctx, &b, &a) > 0);
	assert_true(k->cmp(k, &ctx, &a, &b) < 0);
	assert_int_equal(k->cmp(k, &ctx, &a, &a), 0);
	k->snprintf(k, &ctx, &a, buf, sizeof(buf));
	assert_string_equal(buf, "10");
	ba.flags = FL(0, 0, 0, 0, 0);
	k->snprintf(k, &ctx, &a, buf, sizeof(buf));
	assert_string_equal(buf, "-");
	ba.flags = FL(0, 0, 0, 0, 0xfffe);
	k->snprintf(k, &ctx, &a, buf, sizeof(buf));
	assert_string_equal(buf, "-2");
}

/* mispredict, in_tx, abort: equal or not (perf's comparison never says
 * less); mispredict's text carries over a branch neither predicted nor
 * mispredicted */
static void test_flag_keys(void **state)
{
	const struct sort_key *mp = sort_key__find("mispredict");
	const struct sort_key *tx = sort_key__find("in_tx");
	const struct sort_key *ab = sort_key__find("abort");
	struct hist_branch ba = { .flags = FL(1, 0, 1, 0, 0) }, bb = { .flags = FL(0, 1, 0, 1, 0) };
	struct hist_branch bn = { .flags = 0 };
	struct hist_entry a = { .br = &ba }, b = { .br = &bb }, n = { .br = &bn };
	struct sort_ctx ctx = { 0 };
	char buf[32];

	assert_non_null(mp);
	assert_non_null(tx);
	assert_non_null(ab);
	assert_int_equal(mp->cmp(mp, &ctx, &a, &b), 1);
	assert_int_equal(mp->cmp(mp, &ctx, &b, &a), 1);
	assert_int_equal(mp->cmp(mp, &ctx, &a, &a), 0);
	assert_int_equal(mp->sort(mp, &ctx, &a, &b), -1);
	assert_int_equal(tx->cmp(tx, &ctx, &a, &b), 1);
	assert_int_equal(tx->cmp(tx, &ctx, &b, &a), 1);
	assert_int_equal(ab->cmp(ab, &ctx, &b, &n), 1);
	assert_int_equal(ab->cmp(ab, &ctx, &a, &n), 0);
	tx->snprintf(tx, &ctx, &a, buf, sizeof(buf));
	assert_string_equal(buf, "T");
	tx->snprintf(tx, &ctx, &b, buf, sizeof(buf));
	assert_string_equal(buf, ".");
	ab->snprintf(ab, &ctx, &b, buf, sizeof(buf));
	assert_string_equal(buf, "A");
	mp->snprintf(mp, &ctx, &n, buf, sizeof(buf));
	assert_string_equal(buf, "N/A");
	mp->snprintf(mp, &ctx, &a, buf, sizeof(buf));
	assert_string_equal(buf, "Y");
	mp->snprintf(mp, &ctx, &n, buf, sizeof(buf));
	assert_string_equal(buf, "Y");	/* the row before's */
	mp->snprintf(mp, &ctx, &b, buf, sizeof(buf));
	assert_string_equal(buf, "N");
}

/* dso_from/to by name, a missing object after the others in the merge;
 * symbol_from/to by the symbol's range, unresolved ends by address; the
 * ends' levels; addr_to with the offset, its name cut at the column */
static void test_end_keys(void **state)
{
	const struct sort_key *df = sort_key__find("dso_from");
	const struct sort_key *sf = sort_key__find("symbol_from");
	const struct sort_key *st = sort_key__find("symbol_to");
	const struct sort_key *at = sort_key__find("addr_to");
	struct dso *d1 = dso__new("/usr/lib/liba.so"), *d2 = dso__new("/usr/lib/libb.so");
	struct symbol *s1 = sym_new("alpha_function", 0x1000, 0x1100);
	struct symbol *s2 = sym_new("beta", 0x2000, 0x2100);
	struct hist_branch ba = { 0 }, bb = { 0 }, bn = { 0 };
	struct hist_entry a = { .br = &ba, .level = '.' }, b = { .br = &bb, .level = '.' };
	struct hist_entry n = { .br = &bn, .level = '.' };
	struct sort_ctx ctx = { 0 };
	char buf[128];

	assert_non_null(df);
	assert_non_null(d1);
	assert_non_null(d2);
	ba.from = (struct hist_branch_end){ .dso = d1, .sym = s1, .addr = 0x401010,
					   .al_addr = 0x1010, .level = '.' };
	bb.from = (struct hist_branch_end){ .dso = d2, .sym = s2, .addr = 0x402000,
					   .al_addr = 0x2000, .level = '.' };
	bn.from = (struct hist_branch_end){ .addr = 0x4000, .al_addr = 0x4000, .level = 'H' };
	ba.to = ba.from;
	ba.to.level = 'k';
	assert_true(df->cmp(df, &ctx, &a, &b) > 0);	/* perf's order turned around */
	assert_true(df->sort(df, &ctx, &a, &b) > 0);	/* names descending */
	assert_true(df->cmp(df, &ctx, &n, &a) < 0);
	assert_int_equal(df->cmp(df, &ctx, &a, &a), 0);
	df->snprintf(df, &ctx, &n, buf, sizeof(buf));
	assert_string_equal(buf, "[unknown]");
	assert_int_equal(df->width(df, &ctx, &n), 16);
	assert_true(sf->cmp(sf, &ctx, &a, &b) < 0);
	assert_true(sf->sort(sf, &ctx, &a, &b) < 0);
	sf->snprintf(sf, &ctx, &a, buf, sizeof(buf));
	assert_string_equal(buf, "[.] alpha_function");
	assert_int_equal(sf->width(sf, &ctx, &a), 4 + 14);
	sf->snprintf(sf, &ctx, &n, buf, sizeof(buf));
	sort__strip_clip_end(sf, buf);
	assert_string_equal(buf, "[H] 0x0000000000004000");
	assert_int_equal(sf->width(sf, &ctx, &n), 22);
	st->snprintf(st, &ctx, &a, buf, sizeof(buf));
	assert_string_equal(buf, "[k] alpha_function");
	/* addr_to: the sample's level, the offset, the name cut */
	at->snprintf(at, &ctx, &a, buf, sizeof(buf));
	sort__strip_clip_end(at, buf);
	assert_string_equal(buf, "[.] alpha_function+0x10");
	ctx.col_width = 14;
	at->snprintf(at, &ctx, &a, buf, sizeof(buf));
	sort__strip_clip_end(at, buf);
	assert_string_equal(buf, "[.] alpha_func+0x10");
	assert_int_equal(at->width(at, &ctx, &a), 0);
	free(s1);
	free(s2);
	dso__delete(d1);
	dso__delete(d2);
}

/* branch mode's hists: entries found by perf's walk, each branch worth
 * its period, the entry keeping its first branch */
static void test_add_branch(void **state)
{
	const struct sort_key *keys[] = { sort_key__find("mispredict") };
	struct hists_opts o = { .walk = true };
	struct hists h;
	struct hist_branch pred = { .flags = FL(0, 1, 0, 0, 7) }, mis = { .flags = FL(1, 0, 0, 0, 0) };
	struct hist_branch pred2 = { .flags = FL(0, 1, 0, 0, 9) };
	struct hist_entry t = { .level = '.' }, *e1, *e2, *e3;

	assert_int_equal(hists__init(&h, keys, 1, &o), 0);
	assert_true(h.tree_merge);
	t.br = &pred;
	e1 = hists__add_branch(&h, &t, 1, PERF_RECORD_MISC_USER);
	t.br = &mis;
	e2 = hists__add_branch(&h, &t, 1, PERF_RECORD_MISC_USER);
	t.br = &pred2;
	e3 = hists__add_branch(&h, &t, 1, PERF_RECORD_MISC_USER);
	assert_non_null(e1);
	assert_non_null(e2);
	assert_ptr_equal(e1, e3);
	assert_ptr_not_equal(e1, e2);
	assert_true(e1->br != &pred);	/* a copy */
	assert_int_equal(e1->br->flags, pred.flags);
	assert_int_equal(e1->period, 2);
	assert_int_equal(h.total_period, 3);
	assert_int_equal(h.nr_samples, 3);
	assert_int_equal(h.nr_entries, 2);
	hists__exit(&h);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cycles_key),
		cmocka_unit_test(test_flag_keys),
		cmocka_unit_test(test_end_keys),
		cmocka_unit_test(test_add_branch),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
