// SPDX-License-Identifier: GPL-2.0
/* FORK records make a new thread object, as perf's do: a thread already
 * known by the tid (records out of order, tid reuse) is retired with the
 * comm and maps it had, for the hist entries that point to it; a parent
 * known in another process is replaced too. */
#include "unit.h"
#include <stdlib.h>
#include "machine-records.h"
#include "util/maps.h"
#include "util/thread.h"

static struct machine *new_machine(void)
{
	struct symbol_opts opts = { 0 };
	struct machine *m = machine__new(&opts);

	assert_non_null(m);
	return m;
}

static size_t nr_threads(struct machine *m)
{
	size_t nr;
	struct thread **v = machine__threads(m, &nr);

	assert_non_null(v);
	free(v);
	return nr;
}

static void test_fork_replaces_known_thread(void **state)
{
	struct machine *m = new_machine();
	struct thread *old, *t, *parent;
	size_t before;

	(void)state;
	rec_comm(m, 100, 100, "parent");
	rec_mmap2(m, 100, 0x400000, 0x1000, 0, 1, "/bin/parent");
	rec_comm(m, 200, 200, "child");		/* before its FORK, out of order */
	rec_mmap2(m, 200, 0x600000, 0x1000, 0, 2, "/bin/child");
	old = machine__find_thread(m, 200);
	assert_non_null(old);
	assert_string_equal(old->comm, "child");
	before = nr_threads(m);
	rec_fork(m, 200, 100, 0);
	t = machine__find_thread(m, 200);
	parent = machine__find_thread(m, 100);
	assert_non_null(t);
	assert_ptr_not_equal(t, old);
	assert_int_equal(nr_threads(m), before);	/* the old one is not listed */
	/* the old thread keeps its comm and maps */
	assert_string_equal(old->comm, "child");
	assert_non_null(maps__find(old->maps, 0x600000));
	assert_null(maps__find(old->maps, 0x400000));
	/* the new one is the parent's child: its comm, a copy of its maps */
	assert_string_equal(t->comm, "parent");
	assert_int_equal(t->ppid, 100);
	assert_ptr_not_equal(t->maps, parent->maps);
	assert_non_null(maps__find(t->maps, 0x400000));
	assert_null(maps__find(t->maps, 0x600000));
	/* a sample of that tid now finds the new thread */
	assert_ptr_equal(machine__findnew_thread(m, 200, 200), t);
	machine__delete(m);		/* frees the retired thread too */
}

static void test_refork_after_exit(void **state)
{
	struct machine *m = new_machine();
	struct thread *first, *second;

	(void)state;
	rec_comm(m, 1, 1, "init");
	rec_fork(m, 50, 1, 0);
	rec_comm(m, 50, 50, "first");
	first = machine__find_thread(m, 50);
	rec_fork(m, 50, 1, 0);			/* the tid used again */
	second = machine__find_thread(m, 50);
	assert_ptr_not_equal(first, second);
	assert_string_equal(first->comm, "first");
	assert_string_equal(second->comm, "init");
	machine__delete(m);
}

static void test_new_thread_shares_leader_maps(void **state)
{
	struct machine *m = new_machine();
	struct thread *leader, *t, *old;

	(void)state;
	rec_comm(m, 10, 10, "proc");
	rec_mmap2(m, 10, 0x400000, 0x1000, 0, 1, "/bin/proc");
	rec_comm(m, 10, 11, "worker");		/* thread 11 before its FORK */
	old = machine__find_thread(m, 11);
	rec_fork_tid(m, 10, 10, 11, 10, 0);
	leader = machine__find_thread(m, 10);
	t = machine__find_thread(m, 11);
	assert_ptr_not_equal(t, old);
	assert_ptr_equal(t->maps, leader->maps);
	assert_string_equal(t->comm, "proc");
	assert_string_equal(old->comm, "worker");
	machine__delete(m);
}

static void test_stale_parent_replaced(void **state)
{
	struct machine *m = new_machine();
	struct thread *stale, *parent, *child;

	(void)state;
	rec_comm(m, 300, 100, "other");		/* tid 100 as a thread of 300 */
	stale = machine__find_thread(m, 100);
	rec_fork(m, 200, 100, 0);		/* but the FORK says process 100 */
	parent = machine__find_thread(m, 100);
	child = machine__find_thread(m, 200);
	assert_ptr_not_equal(parent, stale);
	assert_int_equal(parent->pid, 100);
	assert_false(parent->comm_set);		/* a new ":100" thread */
	assert_string_equal(parent->comm, ":100");
	/* a placeholder passes nothing on */
	assert_string_equal(child->comm, ":200");
	assert_string_equal(stale->comm, "other");
	machine__delete(m);
}

static void test_fork_of_itself(void **state)
{
	struct machine *m = new_machine();
	struct thread *old, *t;

	(void)state;
	rec_comm(m, 7, 7, "self");
	rec_mmap2(m, 7, 0x400000, 0x1000, 0, 1, "/bin/self");
	old = machine__find_thread(m, 7);
	rec_fork(m, 7, 7, 0);			/* damaged: its own parent */
	t = machine__find_thread(m, 7);
	assert_non_null(t);
	assert_ptr_not_equal(t, old);
	assert_string_equal(t->comm, "self");
	machine__delete(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fork_replaces_known_thread),
		cmocka_unit_test(test_refork_after_exit),
		cmocka_unit_test(test_new_thread_shares_leader_maps),
		cmocka_unit_test(test_stale_parent_replaced),
		cmocka_unit_test(test_fork_of_itself),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
