/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_TRACE_EVENT_H
#define MPERF_TRACE_EVENT_H

/*
 * The TRACING_DATA of a perf.data: read into a libtraceevent handle to
 * format tracepoint samples as perf script does, and built from tracefs
 * for the recorder. The only libtraceevent user in mperf.
 */

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct trace_event;

/*
 * trace_event__parse - parse a TRACING_DATA blob (@size bytes; never read
 * past it). Return a handle, or NULL with errno (EINVAL: damaged data).
 */
struct trace_event *trace_event__parse(const void *data, size_t size);
void trace_event__delete(struct trace_event *te);

/*
 * A kernel symbol lookup for the function-pointer fields of tracepoints
 * (hrtimer_start's "function=hrtimer_wakeup"): return the name of the
 * symbol holding *@addr, with *@addr set to its start and *@mod to its
 * module (NULL for the kernel), or NULL to print the address.
 */
typedef const char *(trace_event_resolver_t)(void *priv, uint64_t *addr, const char **mod);
void trace_event__set_resolver(struct trace_event *te, trace_event_resolver_t *fn,
			       void *priv);

/* "sched:sched_switch" for the tracepoint id @id into @buf; -ENOENT. */
int trace_event__name(struct trace_event *te, uint64_t id, char *buf,
		      size_t size);

/* Print a tracepoint sample's fields as perf script does (the event's
 * print format, e.g. "prev_comm=perf prev_pid=..."). Returns chars. */
int trace_event__fprintf(struct trace_event *te, FILE *fp, uint64_t id,
			 int cpu, const void *raw, size_t raw_size);

#endif
