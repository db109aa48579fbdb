/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_UNWIND_H
#define MPERF_UNWIND_H

/*
 * DWARF unwinding of the user stack copy of --call-graph dwarf samples
 * (PERF_SAMPLE_REGS_USER + PERF_SAMPLE_STACK_USER) with libdw's dwfl: the
 * process's file maps are reported as modules, memory reads come from the
 * stack copy (and the mapped files), the initial registers from the sample.
 */

#include "event.h"

struct dso;
struct machine;
struct thread;
struct callchain_cursor;

/* Append the unwound user frames to @cursor (their first one is the user
 * ip of the sample). Sets cursor->truncated when the unwinder stopped
 * inside the stack copy before reaching the outermost frame. At most
 * @max_stack frames (the inlined ones perf expands do not count, as in
 * perf). 0 or -errno. */
int unwind__get_entries(struct machine *machine, struct thread *thread,
			const struct perf_sample *sample,
			struct callchain_cursor *cursor, int max_stack);
void unwind__exit(struct machine *machine);
/* Free what unwinding kept for @dso (dso__delete). */
void unwind__dso_exit(struct dso *dso);

#endif
