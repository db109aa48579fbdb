/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_TASKS_H
#define MPERF_TASKS_H

#include <stdbool.h>
#include <stdio.h>

struct machine;

/*
 * report --tasks: print @machine's threads as a tree of parents and
 * children ("# pid tid ppid comm", a line per thread, one more space of
 * indent per level), in perf's order; with @mmaps each thread's maps under
 * it. 0 or -ENOMEM.
 */
int machine__fprintf_tasks(struct machine *machine, FILE *fp, bool mmaps);

#endif
