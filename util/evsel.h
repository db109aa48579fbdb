/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_EVSEL_H
#define MPERF_EVSEL_H

/*
 * One event: its perf_event_attr plus the fds opened for it per
 * (cpu, thread). Owned by the events helper (issue 2); stat and record build
 * on it. Fields may be added; keep existing names stable.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <linux/perf_event.h>

struct cpumap;
struct threadmap;

/* A count as read(2) returns it with TOTAL_TIME_ENABLED|RUNNING. */
struct counts {
	uint64_t val;
	uint64_t ena;
	uint64_t run;
};

struct evsel {
	struct perf_event_attr attr;
	char *name;		/* perf's display name, e.g. "cycles:u" */
	char *pmu_name;		/* "cpu", "software", "tracepoint", ... */
	char *group_name;	/* "{a,b}:S" name of the group, leader only */
	struct evsel *leader;	/* self when not grouped */
	int nr_members;		/* leader: events in the group, self included */
	int idx;		/* position in the evlist */
	int tp_id_sys_len;	/* tracepoints: strlen of "sys" in name */
	bool is_tracepoint;
	bool exclude_guest_default; /* modifiers did not set exclude_guest */
	bool auto_fallback;	/* record: opened as cpu-clock instead */
	bool supported;		/* false after EOPNOTSUPP/ENOENT at open */
	int open_errno;		/* errno of the first failed open, or 0 */

	struct cpumap *cpus;	/* borrowed from the evlist */
	struct threadmap *threads;
	int *fds;		/* [cpu_idx * threads->nr + thread_idx], -1 = none */
	uint64_t *ids;		/* PERF_FORMAT_ID ids, same indexing */
	struct counts *counts;	/* last read, same indexing */
};

struct evsel *evsel__new(const struct perf_event_attr *attr, const char *name);
void evsel__delete(struct evsel *evsel);

/*
 * evsel__open - open the event on every (cpu, thread) of the maps.
 * @group_fd_from: the leader whose fds are the group fds, or NULL.
 * Return: 0, or -errno of the failure (also kept in ->open_errno); fds
 * already opened are closed on failure.
 */
int evsel__open(struct evsel *evsel, struct cpumap *cpus,
		struct threadmap *threads);
void evsel__close(struct evsel *evsel);

int evsel__enable(struct evsel *evsel);
int evsel__disable(struct evsel *evsel);

/* Read every fd into ->counts. 0 or -errno. */
int evsel__read_counts(struct evsel *evsel);

/* Sum of ->counts over all fds. */
void evsel__sum_counts(const struct evsel *evsel, struct counts *sum);

/*
 * evsel__strerror_open - explain an open failure in one line with the fix:
 * the perf_event_paranoid value that would allow it and the sysctl command,
 * a missing PMU, a tracefs that is not mounted, EMFILE with `ulimit -n`.
 */
int evsel__strerror_open(const struct evsel *evsel, int err, char *buf,
			 size_t size);

/* Size in bytes of one sample record's fixed fields for this attr. */
size_t evsel__sample_size(const struct evsel *evsel);

#endif
