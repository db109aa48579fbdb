/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_EVLIST_H
#define MPERF_EVLIST_H

/*
 * The ordered set of evsels of one command, with the CPU and thread maps
 * they are opened on. Owned by the events helper (issue 2).
 */

#include <stdbool.h>
#include "evsel.h"

struct evlist {
	struct evsel **entries;
	int nr;
	struct cpumap *cpus;		/* owned */
	struct threadmap *threads;	/* owned */
};

struct evlist *evlist__new(void);
void evlist__delete(struct evlist *evlist);	/* closes and frees all */
int evlist__add(struct evlist *evlist, struct evsel *evsel);

#define evlist__for_each(evlist, pos, i) \
	for ((i) = 0; (i) < (evlist)->nr && ((pos) = (evlist)->entries[i]); (i)++)

/* Set the maps (ownership passes to the evlist). */
void evlist__set_maps(struct evlist *evlist, struct cpumap *cpus,
		      struct threadmap *threads);

/*
 * Open every evsel; group members with their leader's fd. Unsupported
 * events are marked (->supported = false) and skipped when
 * @skip_unsupported, as stat does. Return 0 or -errno of the first
 * failure, with *failed set to that evsel.
 */
int evlist__open(struct evlist *evlist, bool skip_unsupported,
		 struct evsel **failed);
void evlist__close(struct evlist *evlist);
int evlist__enable(struct evlist *evlist);
int evlist__disable(struct evlist *evlist);

/* Find the evsel that owns a sample id. */
struct evsel *evlist__id2evsel(struct evlist *evlist, uint64_t id);

/* Read every opened evsel (evsel__read_counts). 0 or the first -errno. */
int evlist__read_counts(struct evlist *evlist);

/* Number of groups with more than one member. */
int evlist__nr_groups(const struct evlist *evlist);
/* Do the samples record their CPU, as perf's -C requires (the first event
 * of each type decides)? */
bool evlist__samples_have_cpu(const struct evlist *evlist);
/* Does any event's sample_type have @bit? */
bool evlist__has_sample(const struct evlist *evlist, uint64_t bit);
/* Whether a tracepoint is named only from its attr ("unknown tracepoint") */
bool evlist__has_attr_named_tracepoint(const struct evlist *evlist);
/*
 * --stitch-lbr of report/script (@cmd): perf 6.1 turns it off, with a
 * warning, unless the samples are in its LBR callchain mode
 * (branch stacks, not DWARF user stacks); there mperf, which does not
 * stitch, refuses with one line. 0 (off, warned) or -EINVAL (refused).
 */
int evlist__stitch_lbr_check(const struct evlist *evlist, const char *cmd);

/*
 * evlist__config_stat - the attr bits perf stat 6.1 adds to what
 * parse_events built, for counting a forked workload (@enable_on_exec)
 * or existing tasks/CPUs: sample_type IDENTIFIER, read_format
 * TOTAL_TIME_ENABLED|RUNNING (+ID|GROUP for members of a real group),
 * inherit (unless @no_inherit), and disabled (+enable_on_exec) on leaders.
 */
void evlist__config_stat(struct evlist *evlist, bool enable_on_exec,
			 bool no_inherit);

#endif
