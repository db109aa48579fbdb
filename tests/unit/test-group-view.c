// SPDX-License-Identifier: GPL-2.0
/*
 * report --group's columns (ui/stdio-hist.c): each value column holds the
 * leader's value then each member's, a percentage of its own event's
 * total in 8 columns (counts in 12); an entry only a member has samples in
 * is shown, unless --percent-limit hides it by the leader's value. And
 * report --hierarchy's tree (ui/stdio-hierarchy.c).
 */
#include "unit.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ui/stdio-hist.h"
#include "util/hist.h"
#include "util/sort.h"

struct group {
	struct hists leader, member;
	struct hist_entry *match[3];	/* member entry of leader entry i */
};

static const struct hist_entry *member_of(void *arg, const struct hist_entry *he, int i)
{
	struct group *g = arg;

	return he->seq < 3 ? g->match[he->seq] : NULL;
}

static struct hist_entry *add(struct hists *h, const char *comm, uint64_t period)
{
	struct hist_entry t = { .comm = comm, .level = '.' };
	struct hist_entry *he = hists__findnew(h, &t);

	assert_non_null(he);
	he->period += period;
	he->nr_events += period ? 1 : 0;
	h->total_period += period;
	h->nr_samples += period ? 1 : 0;
	return he;
}

static char *print(struct group *g, const struct sort_field *fields, int nr, double limit)
{
	struct hists *members[1] = { &g->member };
	struct stdio_hist_opts o = {
		.fields = fields, .nr_fields = nr, .percent_limit = limit,
		.nr_members = 1, .member = member_of, .member_hists = members,
		.member_arg = g,
	};
	char *buf = NULL;
	size_t len;
	FILE *fp = open_memstream(&buf, &len);

	assert_non_null(fp);
	hists__fprintf_stdio(fp, &g->leader, &o);
	fclose(fp);
	return buf;
}

static void test_group_columns(void **state)
{
	const struct sort_key *keys[1] = { sort_key__find("comm") };
	struct sort_field fields[3] = {
		{ .kind = FIELD_OVERHEAD }, { .kind = FIELD_SAMPLE },
		{ .kind = FIELD_KEY, .key = keys[0] },
	};
	struct hists_opts ho = { 0 };
	struct group g;
	char *out;

	memset(&g, 0, sizeof(g));
	sort__set_keys(keys, 1);
	assert_int_equal(hists__init(&g.leader, keys, 1, &ho), 0);
	assert_int_equal(hists__init(&g.member, keys, 1, &ho), 0);
	/* leader: a 3, b 1; member: b 2, c 2 (c joins the leader with 0) */
	add(&g.leader, "a", 3);
	add(&g.leader, "b", 1);
	g.match[1] = add(&g.member, "b", 2);
	g.match[2] = add(&g.member, "c", 2);
	add(&g.leader, "c", 0);
	hists__output_resort(&g.leader);
	assert_int_equal(g.leader.nr_sorted, 3);

	out = print(&g, fields, 3, 0);
	assert_non_null(strstr(out, "#         Overhead                   Samples  Command\n"));
	assert_non_null(strstr(out, "# ................  ........................  .......\n"));
	assert_non_null(strstr(out, "\n    75.00%   0.00%             1           0  a"));
	assert_non_null(strstr(out, "\n    25.00%  50.00%             1           1  b"));
	assert_non_null(strstr(out, "\n     0.00%  50.00%             0           1  c"));
	free(out);
	/* a percent limit goes by the leader's value */
	out = print(&g, fields, 3, 1.0);
	assert_null(strstr(out, "  c"));
	assert_non_null(strstr(out, "  b"));
	free(out);
	hists__exit(&g.leader);
	hists__exit(&g.member);
}

/* --hierarchy: a level per key, nodes by overhead, the key's texts left
 * trimmed and indented 3 per level */
static void test_hierarchy(void **state)
{
	const struct sort_key *keys[2] = { sort_key__find("comm"), sort_key__find("cpu") };
	struct sort_field fields[3] = {
		{ .kind = FIELD_OVERHEAD },
		{ .kind = FIELD_KEY, .key = keys[0] }, { .kind = FIELD_KEY, .key = keys[1] },
	};
	struct stdio_hist_opts o = { .fields = fields, .nr_fields = 3 };
	struct hists_opts ho = { 0 };
	struct hists h;
	const struct { const char *comm; int cpu; uint64_t period; } s[] = {
		{ "b", 1, 2 }, { "a", 0, 1 }, { "b", 0, 4 }, { "a", 1, 1 },
	};
	char *buf = NULL;
	size_t len;
	FILE *fp;

	sort__set_keys(keys, 2);
	assert_int_equal(hists__init(&h, keys, 2, &ho), 0);
	for (size_t i = 0; i < 4; i++) {
		struct hist_entry t = { .comm = s[i].comm, .cpu = s[i].cpu };
		struct hist_entry *he = hists__findnew(&h, &t);

		assert_non_null(he);
		he->period += s[i].period;
		h.total_period += s[i].period;
	}
	hists__output_resort(&h);
	fp = open_memstream(&buf, &len);
	assert_non_null(fp);
	assert_int_equal(hists__fprintf_hierarchy(fp, &h, &o), 0);
	fclose(fp);
	assert_string_equal(buf,
		"#    Overhead  Command / CPU\n"
		"# ...........  .............\n"
		"#\n"
		"    75.00%     b      \n"
		"       50.00%     000\n"
		"       25.00%     001\n"
		"    25.00%     a      \n"
		"       12.50%     000\n"
		"       12.50%     001\n");
	free(buf);
	hists__exit(&h);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_group_columns),
		cmocka_unit_test(test_hierarchy),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
