/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_SYNTHESIZE_H
#define MPERF_SYNTHESIZE_H

/*
 * Records for the world as it was before recording started, so a report
 * can name the threads and map the addresses of tasks that were already
 * running: COMM and FORK per task, MMAP2 per executable mapping (from
 * /proc), the kernel map `[kernel.kallsyms]_text` (an MMAP with pid -1 and
 * pgoff = the address of _text, as perf writes it) and one MMAP per module.
 *
 * Each record is built in a scratch buffer and handed to @emit; the
 * sample_id_all tail (@id_hdr_size bytes) is zeroed, as perf does for
 * synthesized records (time 0 sorts them first).
 *
 * Owned by the record helper (issue 4).
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <linux/perf_event.h>

struct evlist;
struct threadmap;

struct synth {
	size_t id_hdr_size;	/* sample_id_all bytes after each record */
	bool mmap_data;		/* also non-executable maps (record -d) */
	bool namespaces;	/* a NAMESPACES record after each COMM */
	/* record --buildid-mmap: MMAP2 records carry the objects' build-ids
	 * (the kernel's too) in place of device and inode */
	bool build_id_mmap;
	/* called for every record; a negative return stops synthesis */
	int (*emit)(struct synth *s, const struct perf_event_header *ev);
	void *ctx;		/* free for the caller */
	unsigned char *buf;	/* scratch (allocated on first use) */
	uint64_t nr_records;	/* records emitted */
};

/* Free the scratch buffer. */
void synth__exit(struct synth *s);

/*
 * synthesize__kernel_mmap - the kernel text map from /proc/kallsyms:
 * start = _text, length up to _etext (or to the end of the address space
 * when _etext is unknown), pgoff = _text. 0, or -errno (-ENOENT when
 * kallsyms shows no _text; -EACCES when kptr_restrict hides addresses).
 */
int synthesize__kernel_mmap(struct synth *s);

/* One MMAP per loaded module ("[name]"), from /proc/modules. 0/-errno;
 * 0 when the kernel has no module support. */
int synthesize__modules(struct synth *s);

/* A COMM record for @tid of process @pid. */
int synthesize__comm(struct synth *s, pid_t pid, pid_t tid, const char *comm);

/* A NAMESPACES record for @tid of @pid from /proc/PID/task/TID/ns
 * (record --namespaces). */
int synthesize__namespaces(struct synth *s, pid_t pid, pid_t tid);

/* A FORK record: @tid of @pid was created by @ptid of @ppid. */
int synthesize__fork(struct synth *s, pid_t pid, pid_t tid, pid_t ppid,
		     pid_t ptid);

/* The MMAP2 records of process @pid from /proc/PID/maps. */
int synthesize__mmaps(struct synth *s, pid_t pid);

/*
 * synthesize__process - one process: for each of its tasks a COMM (and,
 * when @fork, first a FORK from its parent, as `record -a` does), then the
 * MMAP2s of the process. A process that exits meanwhile is skipped (0).
 */
int synthesize__process(struct synth *s, pid_t pid, bool fork);

/* Every process in /proc, with FORK records (record -a). */
int synthesize__all(struct synth *s);

/*
 * The tasks of a thread map (record -p/-t): a COMM for each, and the
 * MMAP2s once per process.
 */
int synthesize__threadmap(struct synth *s, const struct threadmap *threads);

/*
 * The records that describe the events, as perf writes them at the start
 * of the data: synthesize__id_index before the kernel map (each open
 * event's id with its cpu index, cpu and thread: ID_INDEX records, split
 * when they do not fit one), synthesize__event_maps after it (EVENT_UPDATE
 * unit and scale of each event that has them, and its name when @names:
 * a pipe has no EVENT_DESC feature; then a THREAD_MAP and a CPU_MAP).
 * These records have no sample_id_all tail.
 */
int synthesize__id_index(struct synth *s, const struct evlist *evlist);
int synthesize__event_maps(struct synth *s, const struct evlist *evlist,
			   bool names);

#endif
