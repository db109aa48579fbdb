// SPDX-License-Identifier: GPL-2.0
/* util/profile (stack merging, the frame tree) and util/folded. */
#include "unit.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/profile.h"
#include "util/folded.h"
#include "util/report-json.h"
#include "util/diff.h"
#include "profile-synth.h"

static void test_merge_and_totals(void **state)
{
	int ev;
	struct profile *p = synth_profile(&ev);

	assert_non_null(p);
	assert_int_equal(p->nr_events, 1);
	assert_int_equal(p->events[ev].samples, 12);
	assert_int_equal(p->first_sampled, ev);
	assert_int_equal(p->events[ev].period, 6000 + 3000 + 1000 + 2000);
	/* four distinct stacks; repeated samples merged */
	assert_int_equal(p->nr_stacks, 4);
	/* frames deduplicated: main at 0x1300 is shared by a and b */
	assert_int_equal(p->nr_frames, 3 + 2 + 4 + 4);
	assert_int_equal(profile__event(p, "cpu-clock:ppp"), ev);
	assert_true(p->events[ev].time_based);
	assert_int_equal(profile__event(p, "page-faults"), 1);
	assert_false(p->events[1].time_based);
	assert_ptr_equal(profile__intern(p, "main"), profile__intern(p, "main"));
	assert_int_equal(profile__add(p, 7, "x", 1, NULL, 0, 1, 1), -EINVAL);
	profile__delete(p);
}

static void test_tree(void **state)
{
	int ev;
	struct profile *p = synth_profile(&ev);
	struct profile_node *root, *burn, *main_, *work;

	root = profile__tree(p, ev, PROFILE_TREE_COMM);
	assert_non_null(root);
	assert_int_equal(root->samples, 12);
	assert_int_equal(root->nr_children, 2);
	burn = root->children[0];
	assert_string_equal(burn->name, "burn");
	assert_int_equal(burn->samples, 10);
	assert_int_equal(burn->kind, PROFILE_NODE_COMM);
	assert_string_equal(root->children[1]->name, "other proc");
	/* main at 0x1300 and 0x1310 merge into one node by name */
	assert_int_equal(burn->nr_children, 1);
	main_ = burn->children[0];
	assert_string_equal(main_->name, "main");
	assert_int_equal(main_->samples, 10);
	assert_int_equal(main_->nr_children, 2);
	/* children sorted by name: sys_call < work */
	assert_string_equal(main_->children[0]->name, "sys_call");
	work = main_->children[1];
	assert_int_equal(work->samples, 9);
	assert_int_equal(work->self_samples, 0);
	assert_int_equal(work->children[0]->self_samples, 6);
	assert_int_equal(work->children[0]->self_period, 6000);
	assert_int_equal(main_->children[0]->children[0]->kind, PROFILE_FRAME_KERNEL);
	/* comm, main, sys_call, entry, do_sys */
	assert_int_equal(profile_node__max_depth(root), 5);
	profile_node__delete(root);

	/* caller graph: leaves at the top level */
	root = profile__tree(p, ev, PROFILE_TREE_CALLERS);
	assert_int_equal(root->nr_children, 4);
	assert_string_equal(root->children[0]->name, "do_sys");
	assert_string_equal(root->children[1]->name, "leaf_a");
	assert_int_equal(root->children[1]->samples, 6);
	assert_string_equal(root->children[1]->children[0]->name, "work");
	profile_node__delete(root);
	profile__delete(p);
}

static void test_folded(void **state)
{
	int ev;
	struct profile *p = synth_profile(&ev);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_int_equal(folded__write(p, ev, f, 0), 0);
	fclose(f);
	assert_string_equal(buf,
		"burn;main;sys_call;entry_SYSCALL_64;do_sys 1\n"
		"burn;main;work;leaf_a 6\n"
		"burn;main;work;leaf_b 3\n"
		"other_proc;start;[libfoo.so];inl:x;ns::f 2\n");
	free(buf);

	f = open_memstream(&buf, &len);
	assert_int_equal(folded__write(p, ev, f, FOLDED_ANNOTATE | FOLDED_PID | FOLDED_PERIOD), 0);
	fclose(f);
	assert_string_equal(buf,
		"burn-10;main;sys_call;entry_SYSCALL_64_[k];do_sys_[k] 1000\n"
		"burn-10;main;work;leaf_a 6000\n"
		"burn-10;main;work;leaf_b 3000\n"
		"other_proc-11;start;[libfoo.so];inl:x;ns::f_[i] 2000\n");
	free(buf);
	profile__delete(p);
}

static void test_folded_names(void **state)
{
	struct profile_frame fr = { .name = "net/http.(*Client).Do", .dso = "/x" };
	char buf[256];

	/* Go methods keep their parentheses */
	assert_string_equal(folded__frame_name(&fr, 0, buf, sizeof(buf)), "net/http.(*Client).Do");
	fr.name = "std::vector<int>::push_back(int const&)";
	assert_string_equal(folded__frame_name(&fr, 0, buf, sizeof(buf)), "std::vector<int>::push_back");
	fr.name = "(anonymous namespace)::run(int)";
	assert_string_equal(folded__frame_name(&fr, 0, buf, sizeof(buf)), "(anonymous namespace)::run");
	fr.name = "say'hi\"";
	assert_string_equal(folded__frame_name(&fr, 0, buf, sizeof(buf)), "sayhi");
	fr.name = "outer->inner";
	assert_string_equal(folded__frame_name(&fr, 0, buf, sizeof(buf)), "outer;inner_[i]");
	fr.name = "[unknown]";
	fr.unresolved = true;
	fr.dso = "[unknown]";
	assert_string_equal(folded__frame_name(&fr, 0, buf, sizeof(buf)), "[unknown]");
	fr.dso = "[kernel.kallsyms]";
	assert_string_equal(folded__frame_name(&fr, 0, buf, sizeof(buf)), "[[kernel.kallsyms]]");
}

static void test_entries(void **state)
{
	int ev, n;
	struct profile *p = synth_profile(&ev);
	struct profile_entry *e;

	n = profile__entries(p, ev, 0, &e);
	/* leaf_a leaf_b do_sys [libfoo.so]... by self period: leaf_a 6000,
	 * leaf_b 3000, then inl;x 2000 (ns::f is inlined into it), do_sys 1000 */
	assert_int_equal(n, 10);
	assert_string_equal(e[0].sym, "leaf_a");
	assert_int_equal(e[0].self_samples, 6);
	assert_int_equal(e[0].children_samples, 6);
	assert_string_equal(e[1].sym, "leaf_b");
	assert_string_equal(e[2].sym, "inl;x");
	assert_int_equal(e[2].self_period, 2000);
	assert_string_equal(e[3].sym, "do_sys");
	assert_int_equal(e[3].kind, PROFILE_FRAME_KERNEL);
	/* no self: ordered by children: main (10), work (9), ... */
	assert_string_equal(e[4].sym, "main");
	assert_int_equal(e[4].self_samples, 0);
	assert_int_equal(e[4].children_samples, 10);
	assert_int_equal(e[4].children_period, 10000);
	assert_string_equal(e[5].sym, "work");
	free(e);
	profile__delete(p);
}

static void test_json(void **state)
{
	int ev;
	struct profile *p = synth_profile(&ev);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	profile__set_title(p, "x.data");
	assert_int_equal(report_json__write(p, NULL, f), 0);
	fclose(f);
	assert_non_null(strstr(buf, "{\"schema\":\"mperf-report\",\"version\":1,\"input\":\"x.data\","));
	assert_non_null(strstr(buf, "\"entries\":[{\"comm\":\"burn\",\"dso\":\"burn\","
				    "\"dso_path\":\"/bin/burn\",\"symbol\":\"leaf_a\",\"kind\":\"user\","
				    "\"overhead\":50.00,\"children\":50.00,\"samples\":6,\"period\":6000,"));
	assert_non_null(strstr(buf, "\"srcline\":\"foo.c:42\""));
	assert_non_null(strstr(buf, "\"name\":\"[libfoo.so]\""));
	free(buf);
	/* invalid UTF-8 in a comm does not make invalid JSON */
	{
		const struct profile_frame_desc fr = { .name = "caf\xc3\xa9", .dso = "/x" };

		profile__add_sample(p, ev, "bad\x80" "comm", 1, &fr, 1, 1);
		f = open_memstream(&buf, &len);
		assert_int_equal(report_json__write(p, NULL, f), 0);
		fclose(f);
		assert_non_null(strstr(buf, "\"comm\":\"bad?comm\""));
		assert_non_null(strstr(buf, "\"symbol\":\"caf\xc3\xa9\""));
		free(buf);
	}
	profile__delete(p);
}

static void test_diff(void **state)
{
	int ev, bev, n;
	struct profile *p = synth_profile(&ev), *base = synth_profile(&bev);
	const struct profile_frame_desc extra[] = {
		{ .name = "leaf_b", .dso = "/bin/burn", .addr = 0x1150 },
	};
	struct diff_entry *d;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	/* base: 12 + 12 more leaf_b samples = 24; leaf_b 15/24, leaf_a 6/24 */
	profile__add(base, bev, "burn", 10, extra, 1, 12, 12000);
	n = diff__compute(p, ev, base, &d);
	assert_int_equal(n, 4);
	assert_string_equal(d[0].sym, "leaf_b");
	assert_true(fabs(d[0].base_pct - 62.5) < 1e-9);
	assert_true(fabs(d[0].new_pct - 25.0) < 1e-9);
	assert_true(fabs(d[0].delta + 37.5) < 1e-9);
	assert_string_equal(d[1].sym, "leaf_a");
	assert_true(fabs(d[1].delta - 25.0) < 1e-9);
	free(d);
	f = open_memstream(&buf, &len);
	assert_int_equal(diff__print(p, ev, base, 0, f), 0);
	fclose(f);
	assert_non_null(strstr(buf, "    62.50%    25.00%    -37.50%  burn                  [.] leaf_b\n"));
	assert_non_null(strstr(buf, "     4.17%     8.33%     +4.17%  [kernel.kallsyms]     [k] do_sys\n"));
	free(buf);
	profile__delete(base);
	profile__delete(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_merge_and_totals),
		cmocka_unit_test(test_tree),
		cmocka_unit_test(test_folded),
		cmocka_unit_test(test_folded_names),
		cmocka_unit_test(test_entries),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_diff),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
