/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_STAT_RECORD_H
#define MPERF_STAT_RECORD_H

/*
 * `mperf stat record` / `mperf stat report`: counts stored in a perf.data
 * the way perf 6.1 stores them, so either tool reads either's files.
 *
 * File layout (file or pipe mode): the header with one attr per event
 * (ids = one per opened fd) and the features, HEADER_STAT among them; then
 * EVENT_UPDATE (unit, scale) for events that have them, THREAD_MAP,
 * CPU_MAP, STAT_CONFIG (aggregation, interval, scale); then per read one
 * STAT record per (event, cpu, thread) with the raw value/enabled/running,
 * closed by a STAT_ROUND (INTERVAL with -I, FINAL at the end, whose time
 * is the elapsed wall time).
 */

#include <stdbool.h>
#include <stdint.h>
#include "data.h"
#include "header.h"
#include "stat.h"

struct evlist;
struct evsel;

struct stat_record {
	struct data out;
	struct header h;
	uint64_t start;		/* file offset where the records begin */
	bool pipe;
	bool opened;
	bool started;
	int err;		/* first write error */
};

/* perf's enum aggr_mode values, as STAT_CONFIG stores them */
uint64_t stat__perf_aggr_mode(enum aggr_mode mode);
enum aggr_mode stat__aggr_mode_from_perf(uint64_t mode, bool *known);

/*
 * stat_record__open - create @path ("-" for a pipe to stdout) and gather
 * this host's facts; @argc/@argv are the command line after the binary.
 * 0 or -errno (printed).
 */
int stat_record__open(struct stat_record *r, const char *path, int argc,
		      const char **argv);

/*
 * stat_record__begin - after the counters are open (their ids known): the
 * header with attrs and features, then EVENT_UPDATE, THREAD_MAP, CPU_MAP
 * and STAT_CONFIG. 0 or -errno.
 */
int stat_record__begin(struct stat_record *r, struct evlist *evlist,
		       enum aggr_mode mode, unsigned int interval, bool scale);

/* One STAT record: @cpu the CPU number (-1: any), @thread the index. */
int stat_record__count(struct stat_record *r, uint64_t id, int cpu,
		       int thread, const struct stat_count *c);
/* STAT_ROUND: @final, @time_ns since counting started. */
int stat_record__round(struct stat_record *r, bool final, uint64_t time_ns);
/* Finish the file (features, header rewrite) and close it. 0 or -errno. */
int stat_record__close(struct stat_record *r);

#endif
