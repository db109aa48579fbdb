// SPDX-License-Identifier: GPL-2.0
/*
 * report --tasks/--mmaps (util/tasks.c): threads in perf's order (tid
 * modulo 256, then tid), each under its parent as it comes, unknown
 * parents starting roots; the maps of a forked process are a copy of its
 * parent's unless the FORK was synthesized (PERF_RECORD_MISC_FORK_EXEC);
 * a thread seen in MMAP records alone is not listed, as perf lists none.
 */
#include "unit.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/machine.h"
#include "util/symbol.h"
#include "util/tasks.h"
#include "machine-records.h"

static char *print_tasks(struct machine *m, bool mmaps)
{
	char *text = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&text, &len);

	assert_non_null(fp);
	assert_int_equal(machine__fprintf_tasks(m, fp, mmaps), 0);
	fclose(fp);
	return text;
}

static void test_tree_order(void **state)
{
	struct symbol_opts opts = { 0 };
	struct machine *m = machine__new(&opts);
	char *text;

	(void)state;
	assert_non_null(machine__findnew_thread(m, 0, 0));
	rec_fork(m, 1, 0, 0);
	rec_comm(m, 1, 1, "init");
	rec_fork(m, 300, 1, 0);
	rec_comm(m, 300, 300, "a");
	rec_fork(m, 256, 300, 0);
	rec_comm(m, 256, 256, "b");
	rec_fork(m, 44, 1, 0);
	rec_comm(m, 44, 44, "c");
	rec_comm(m, 7, 7, "orphan");	/* no FORK: a root of its own */
	text = print_tasks(m, false);
	/* 0 and 256 (bucket 0), 1, 7, then 44 before 300 (bucket 44):
	 * 256 brings 300 under 1 before 44 comes */
	assert_string_equal(text,
		"#      pid      tid     ppid  comm\n"
		"         0        0       -1 |swapper\n"
		"         1        1        0 | init\n"
		"       300      300        1 |  a\n"
		"       256      256      300 |   b\n"
		"        44       44        1 |  c\n"
		"         7        7       -1 |orphan\n");
	free(text);
	machine__delete(m);
}

/* a thread hangs below the thread that made it (perf's ppid is the
 * parent thread's tid), not below its process's main thread */
static void test_thread_parent(void **state)
{
	struct symbol_opts opts = { 0 };
	struct machine *m = machine__new(&opts);
	char *text;

	(void)state;
	rec_fork(m, 10, 1, 0);
	rec_comm(m, 10, 10, "p");
	rec_fork_tid(m, 10, 10, 11, 10, 0);	/* made by the main thread */
	rec_comm(m, 10, 11, "t1");
	rec_fork_tid(m, 10, 10, 12, 11, 0);	/* made by t1 */
	rec_comm(m, 10, 12, "t2");
	text = print_tasks(m, false);
	assert_string_equal(text,
		"#      pid      tid     ppid  comm\n"
		"         1        1       -1 |:1\n"
		"        10       10        1 | p\n"
		"        10       11       10 |  t1\n"
		"        10       12       11 |   t2\n");
	free(text);
	machine__delete(m);
}

static void test_mmaps_and_synthesized_forks(void **state)
{
	struct symbol_opts opts = { 0 };
	struct machine *m = machine__new(&opts);
	char *text;

	(void)state;
	rec_comm(m, 10, 10, "sh");
	rec_mmap2(m, 10, 0x400000, 0x1000, 0, 77, "/bin/sh");
	rec_fork(m, 11, 10, 0);				/* a fork: the maps copied */
	rec_fork(m, 12, 10, PERF_RECORD_MISC_FORK_EXEC);	/* synthesized: none */
	/* MMAPs alone: listed with its maps by --mmaps, not by --tasks
	 * (perf reads no MMAP for it) */
	rec_mmap2(m, 20, 0x500000, 0x1000, 0, 78, "/bin/ls");
	text = print_tasks(m, true);
	assert_string_equal(text,
		"#      pid      tid     ppid  comm\n"
		"        10       10       -1 |sh\n"
		"                                400000-401000 r-xp 00000000 77 /bin/sh\n"
		"        11       11       10 | sh\n"
		"                                 400000-401000 r-xp 00000000 77 /bin/sh\n"
		"        12       12       10 | sh\n"
		"        20       20       -1 |:20\n"
		"                                500000-501000 r-xp 00000000 78 /bin/ls\n");
	free(text);
	text = print_tasks(m, false);
	assert_string_equal(text,
		"#      pid      tid     ppid  comm\n"
		"        10       10       -1 |sh\n"
		"        11       11       10 | sh\n"
		"        12       12       10 | sh\n");
	free(text);
	machine__delete(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tree_order),
		cmocka_unit_test(test_thread_parent),
		cmocka_unit_test(test_mmaps_and_synthesized_forks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
