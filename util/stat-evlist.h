/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_STAT_EVLIST_H
#define MPERF_STAT_EVLIST_H

/*
 * The bridge between an opened evlist and the stat counters: which
 * aggregation id each (cpu, thread) fd belongs to, and the counts read.
 */

#include <stdint.h>
#include <sys/resource.h>
#include "stat.h"
#include "stat-display.h"

struct evlist;
struct stat_record;

struct stat_evlist {
	struct stat_view view;	/* counters + ids, what stat-display prints */
	int *fd2id;		/* [cpu_idx * threads->nr + thread_idx] */
	int nr_fds;
	const char **reason;	/* per counter, owned strings */
	struct stat_record *rec;	/* stat record: every raw read goes here too */
};

/*
 * stat_evlist__init - one stat counter per evsel (name, unit, scale,
 * metric role) and the aggregation ids of @mode over the evlist's maps.
 * Return: 0 or -errno (-EINVAL: @mode needs CPUs the maps do not have).
 */
int stat_evlist__init(struct stat_evlist *se, struct evlist *evlist,
		      enum aggr_mode mode);
void stat_evlist__exit(struct stat_evlist *se);

/* after (re)opening: copy supported flags and open errors */
void stat_evlist__update_support(struct stat_evlist *se, struct evlist *evlist);

/*
 * stat_evlist__read - read every counter of @evlist into the stat counters
 * and process them (scale, -r statistics, interval deltas).
 * @elapsed_ns: time since counting started, for duration_time.
 * @ru: the workload's rusage for user_time/system_time, or NULL.
 */
int stat_evlist__read(struct stat_evlist *se, struct evlist *evlist,
		      bool scale, bool interval, uint64_t elapsed_ns,
		      const struct rusage *ru);

/*
 * For `stat report`: counts that come from STAT records instead of fds.
 * stat_evlist__reset() before a round, __add_raw() per record (@k the fd
 * index: cpu_idx * threads + thread_idx), __process() at the round's end.
 */
void stat_evlist__reset(struct stat_evlist *se);
void stat_evlist__add_raw(struct stat_evlist *se, int counter, int k,
			  const struct stat_count *raw);
void stat_evlist__process(struct stat_evlist *se, bool scale, bool interval);

/* Die id of a CPU from sysfs, -1 when unknown. */
int stat__cpu_die_id(int cpu);

#endif
