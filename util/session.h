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
#include <stdio.h>
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
	/* a FINISHED_ROUND, after the records before it were delivered */
	int (*finished_round)(struct tool *tool, const union perf_event *event,
			      struct session *session);
	/* report -D: every record, user records as they are read and kernel
	 * records as they are delivered (@sample NULL for user records);
	 * @offset is the record's offset in the file or stream (pipe-mode
	 * header included; that of the COMPRESSED record for what it held). */
	void (*dump)(struct tool *tool, const union perf_event *event,
		     const struct perf_sample *sample, uint64_t offset,
		     struct session *session);
	/* pipe mode: once, at the first record after the HEADER_ATTR ones
	 * (perf checks a script's fields as the attrs arrive, before the
	 * features and the side records); an error stops the walk there */
	int (*attrs_done)(struct tool *tool, struct session *session);
	bool ordered_events;	/* sort by time between FINISHED_ROUNDs */
};

struct evlist;
struct header;
struct env;

/* Counters of what the walk saw, as `perf report --stats` shows them. */
struct session_stats {
	uint64_t nr_events[PERF_RECORD_HEADER_MAX];	/* by record type */
	uint64_t nr_total;		/* every record walked */
	uint64_t nr_unknown_events;	/* types mperf does not know: skipped */
	uint64_t nr_unknown_id;		/* samples whose id matches no attr */
	uint64_t nr_invalid_samples;	/* shorter than their sample_type */
	uint64_t nr_unordered;		/* older than an already flushed round */
	uint64_t total_lost;		/* sum of LOST records' counts */
	uint64_t total_lost_samples;	/* sum of LOST_SAMPLES' counts */
	uint64_t total_period;		/* sum of sample periods */
	uint64_t truncated_bytes;	/* data that ended inside a record */
};

/*
 * session__new - open @path (a file, or "-"/NULL for stdin; pipe-mode
 * content is recognised whatever the source), read its header (file mode:
 * attrs, ids and features; pipe mode: the 16-byte header, the rest comes
 * as records) and build the evlist of the file.
 * @tool may be NULL to read only the header.
 * Return: a session, or NULL with errno set; the reason was printed with
 * one pr_err line (missing file, not a perf.data, other endianness).
 */
struct session *session__new(const char *path, struct tool *tool);
void session__delete(struct session *session);

/*
 * session__process_events - walk every record: in time order between
 * FINISHED_ROUNDs when tool->ordered_events, COMPRESSED records
 * decompressed, pipe-mode ATTR/FEATURE/TRACING_DATA/BUILD_ID consumed (and
 * also passed to tool->user_event). Samples go to tool->sample with their
 * evsel. A record type that is unknown is skipped and counted; a data
 * section that ends inside a record delivers what was read, then warns.
 * Return: 0, the first negative value a callback returned, or -errno.
 */
int session__process_events(struct session *session);

/* In pipe mode, print each HEADER_FEATURE as it arrives (--header in pipe
 * mode), as perf does; @full for -I. */
void session__set_feature_printer(struct session *session, FILE *fp,
				  bool full);

bool session__is_pipe(const struct session *session);

const char *session__path(const struct session *session);
/* the file of a perf.data directory whose records are being read (perf's
 * dumps name it), else NULL */
const char *session__dump_path(const struct session *session);
/* The events of the file, in attr order (evsel->idx); names from the
 * EVENT_DESC feature. In pipe mode it fills up as ATTR records arrive. */
struct evlist *session__evlist(struct session *session);
struct header *session__header(struct session *session);
struct env *session__env(struct session *session);
const struct session_stats *session__stats(const struct session *session);
/* Whether the data read was damaged or cut (samples skipped, a truncated
 * file or compressed stream): said in warnings as it was read */
bool session__damaged(const struct session *session);
/* The evsel that owns sample id @id; NULL if none. */
struct evsel *session__evsel_by_id(struct session *session, uint64_t id);
/* The evsel of a record (SAMPLE or sample_id_all tail); NULL if unknown. */
struct evsel *session__evsel_of(struct session *session,
				const union perf_event *event);
/* The offset of the record being delivered: in the file, or in the stream
 * (pipe-mode header included); for records from a COMPRESSED record, that
 * record's. */
uint64_t session__current_offset(const struct session *session);
/*
 * Whether the kernel's symbols will likely be looked up, as a hint for
 * reading them early on another thread: a kernel-mode sample (or a
 * compressed record, which may hold one) is among the first @window bytes
 * of the data (its records' headers only are read). True for a pipe. A
 * file of user-space samples only (syscall tracepoints, :u events, a
 * program's own -g or dwarf samples) then costs no read of
 * /proc/kallsyms. A user-mode sample's callchain has no kernel frames, so
 * callchains alone say nothing.
 */
bool session__kernel_samples_likely(const struct session *session,
				    size_t window);
/*
 * The tracepoint ids that samples of the file carry (their events' attr
 * config), sorted and unique, in *@ids (malloc'd), for a file of many
 * tracepoint events whose samples are of a few: 0, or -1 when they are
 * not known without reading the records (a pipe, compressed records, a
 * sample of no known event, a data section past @max_bytes).
 */
int session__tracepoint_ids(const struct session *session, uint64_t max_bytes,
			    uint64_t **ids, size_t *nr);
/* A file (not a pipe) whose events lack sample_id_all: its side-band
 * records carry no time, so perf reads it in file order. */
bool session__file_order(const struct session *session);
/* Opaque per-session data for the caller. */
void session__set_priv(struct session *session, void *priv);
void *session__priv(const struct session *session);

#endif
