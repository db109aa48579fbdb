/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_SESSION_H
#define MPERF_SESSION_H

/*
 * The event pump: opens a perf.data (file or pipe mode), reads its header,
 * walks records (time-ordered between FINISHED_ROUNDs, decompressing
 * PERF_RECORD_COMPRESSED) and hands each to a struct tool. Owned by the
 * perf.data helper (issue 5). Report, script and the tests use it.
 */

#include <stdbool.h>
#include <stdint.h>
#include "event.h"

struct evsel;
struct session;

/* One callback per record class; NULL callbacks skip the record. */
struct tool {
	int (*sample)(struct tool *tool, const union perf_event *event,
		      const struct perf_sample *sample, struct evsel *evsel,
		      struct session *session);
	/* MMAP, MMAP2, COMM, FORK, EXIT, LOST, LOST_SAMPLES, THROTTLE,
	 * UNTHROTTLE, SWITCH*, NAMESPACES, KSYMBOL, ...: the kernel records
	 * other than SAMPLE, with their sample_id_all fields in @sample. */
	int (*event)(struct tool *tool, const union perf_event *event,
		     const struct perf_sample *sample, struct session *session);
	/* perf's user records (type >= 64) other than those the session
	 * consumes itself (ATTR, TRACING_DATA, FEATURE, COMPRESSED, ...). */
	int (*user_event)(struct tool *tool, const union perf_event *event,
			  struct session *session);
	bool ordered_events;	/* sort by time between FINISHED_ROUNDs */
};

#endif
