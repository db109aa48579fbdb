// SPDX-License-Identifier: GPL-2.0
/* util/profile (stack merging, the frame tree) and util/folded. */
#include "unit.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/profile.h"
#include "util/folded.h"
#include "profile-synth.h"

static void test_merge_and_totals(void **state)
{
	int ev;
	struct profile *p = synth_profile(&ev);

	assert_non_null(p);
	assert_int_equal(p->nr_events, 1);
	assert_int_equal(p->events[ev].samples, 12);
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_merge_and_totals),
		cmocka_unit_test(test_tree),
		cmocka_unit_test(test_folded),
		cmocka_unit_test(test_folded_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
