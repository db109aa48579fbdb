// SPDX-License-Identifier: GPL-2.0
/* threads: comm history, and the ":tid" placeholder that the first COMM
 * renames in place (perf overrides its default comm object). */
#include "unit.h"
#include <string.h>
#include "util/thread.h"

static void test_placeholder_renamed(void **state)
{
	struct thread *t = thread__new(42, 43);
	const char *before;

	(void)state;
	assert_non_null(t);
	assert_int_equal(thread__set_placeholder(t), 0);
	assert_string_equal(t->comm, ":43");
	assert_false(t->comm_set);
	before = t->comm;		/* what a report entry would keep */
	assert_int_equal(thread__comm_event(t, "bash", 100), 0);
	assert_true(t->comm_set);
	assert_ptr_equal(t->comm, before);	/* the same object, renamed */
	assert_string_equal(before, "bash");
	assert_int_equal(t->nr_comms, 1);
	assert_string_equal(thread__comm_at(t, 50), "bash");
	/* a second COMM is history: the first name stays where it was */
	assert_int_equal(thread__comm_event(t, "ls", 200), 0);
	assert_int_equal(t->nr_comms, 2);
	assert_string_equal(before, "bash");
	assert_string_equal(thread__comm_at(t, 150), "bash");
	assert_string_equal(thread__comm_at(t, 250), "ls");
	thread__delete(t);
}

static void test_named_thread_keeps_history(void **state)
{
	struct thread *t = thread__new(7, 7);
	static const char first[] = "init";

	(void)state;
	assert_non_null(t);
	assert_int_equal(thread__comm_event(t, first, 10), 0);	/* no placeholder */
	assert_ptr_equal(t->comm, first);
	assert_int_equal(thread__comm_event(t, "sh", 20), 0);
	assert_int_equal(t->nr_comms, 2);
	assert_string_equal(thread__comm_at(t, 15), "init");
	thread__delete(t);
}

static void test_long_comm_not_truncated(void **state)
{
	struct thread *t = thread__new(5, 6);
	char name[100];

	(void)state;
	assert_non_null(t);
	memset(name, 'x', sizeof(name) - 1);
	name[sizeof(name) - 1] = '\0';
	assert_int_equal(thread__set_placeholder(t), 0);
	/* longer than the placeholder holds: added as history, whole */
	assert_int_equal(thread__comm_event(t, name, 30), 0);
	assert_ptr_equal(t->comm, name);
	assert_int_equal(t->nr_comms, 2);
	thread__delete(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_placeholder_renamed),
		cmocka_unit_test(test_named_thread_keeps_history),
		cmocka_unit_test(test_long_comm_not_truncated),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
