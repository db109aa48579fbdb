/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_EVENT_DUMP_H
#define MPERF_EVENT_DUMP_H

/*
 * `report -D`: perf 6.1's raw dump of a record stream. Each record gets
 * a line with its offset and type, a hex dump of its bytes, then its
 * timestamp prefix, "PERF_RECORD_<TYPE>" and the decoded body (for a
 * sample: ip, pid/tid, period, callchain, user registers, user stack).
 */

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "event.h"

struct event_dump {
	FILE *fp;
	const char *path;		/* printed after '@' ("pipe" in pipe mode) */
	uint64_t base;			/* subtracted from offsets (pipe header) */
	uint64_t sample_type;		/* of all the file's attrs together */
	bool sample_id_all;		/* the first attr's */
	bool have_attrs;		/* false: "-1 -1" timestamps (no attr yet) */
	uint64_t read_format;		/* the sample's attr's (PERF_SAMPLE_READ), a READ's */
	const char *evsel_name;		/* a READ record's event; NULL: "unknown" */
	const char *(*reg_name)(int idx);	/* user regs; NULL: r<idx> */
	bool script;			/* perf script's dump: it handles the
					 * thread/cpu map and stat records */
	/* what follows a FINISHED_ROUND line: a newline (rounds order the
	 * records), ": unhandled!" (records in file order) or nothing (the
	 * tool prints the round itself, script --show-round-events) */
	enum { DUMP_ROUND_ORDERED, DUMP_ROUND_UNHANDLED, DUMP_ROUND_SHOWN } round;
	/* the records the tool has no handler for, that perf follows with
	 * ": unhandled!" instead of their decoded body (report --stats and
	 * --tasks have fewer handlers than a report): bit N for kernel
	 * record type N, for user record type 64 + N in unhandled_user; a
	 * sample or a READ keeps its fields (the session prints them) */
	uint64_t unhandled, unhandled_user;
};

/* The offset line and the hex dump of @ev ("\n0x..@path [0x..]: event: N"). */
void event_dump__raw(const struct event_dump *d, const union perf_event *ev,
		     uint64_t offset);
/* The hex dump alone: ". ... raw event: size N bytes" and rows of 16. */
void event_dump__hex(FILE *fp, const void *data, size_t size);
/* "<cpu> <time> 0x<off> [0x<size>]: PERF_RECORD_<TYPE>" with no newline;
 * @sample NULL for perf's user records (a zero timestamp). */
void event_dump__line(const struct event_dump *d, const union perf_event *ev,
		      const struct perf_sample *sample, uint64_t offset);
/*
 * The body perf prints after the line: for a sample of @sample_type, its
 * fields; for the other kernel and user records, what perf report's
 * handlers print (": unhandled!" for the records report leaves alone).
 * The sample's " ... thread:" and " ...... dso:" lines are the caller's.
 */
void event_dump__body(const struct event_dump *d, const union perf_event *ev,
		      const struct perf_sample *sample, uint64_t sample_type);
struct evlist;
struct evsel;
struct addr_location;

/* The offset line, hex bytes and line of a record (event_dump__record
 * without the body: script prints a shown EXIT's line before it). */
void event_dump__head(struct event_dump *d, const struct evlist *el,
		      const union perf_event *ev, const struct perf_sample *sample,
		      uint64_t offset);

/*
 * A whole record as perf's -D prints it when it is read (user records,
 * @sample NULL) or delivered: the offset line and hex bytes, the line and
 * the body, with the sample layout of @el and (samples, READs) of @evsel.
 */
void event_dump__record(struct event_dump *d, const struct evlist *el,
			const struct evsel *evsel, const union perf_event *ev,
			const struct perf_sample *sample, uint64_t offset);
/* A sample's " ... thread: comm:tid" and " ...... dso: path" lines, once
 * it is resolved to @al. */
void event_dump__location(const struct event_dump *d, const struct addr_location *al);

/* The body of a SWITCH or SWITCH_CPU_WIDE record as perf prints it
 * (" OUT preempt  next pid/tid: ..."), for -D and script's side-band. */
void event__fprintf_switch(FILE *fp, const union perf_event *ev);

#endif
