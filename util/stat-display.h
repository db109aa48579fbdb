/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_STAT_DISPLAY_H
#define MPERF_STAT_DISPLAY_H

/*
 * The output of `mperf stat`: perf 6.1's standard layout, -x CSV, -j JSON
 * lines, --metric-only, and mperf's own single-document JSON (--json-doc).
 */

#include <stdbool.h>
#include <stdio.h>
#include <sys/resource.h>
#include <time.h>
#include "stat.h"
#include "json.h"

#define STAT_JSON_DOC_SCHEMA	1

struct stat_config {
	enum aggr_mode aggr_mode;
	FILE *output;
	bool csv_output;	/* -x */
	bool json_output;	/* -j (perf's one object per line) */
	bool json_doc;		/* --json-doc (one document) */
	bool metric_only;
	bool big_num;		/* -B: thousands separators (default on) */
	bool scale;		/* false: --no-scale */
	const char *csv_sep;	/* " " for the standard layout */
	int run_count;		/* -r */
	unsigned int interval;	/* -I, in ms */
	int unit_width;		/* widest unit, at least 4 */
	bool ru_display;	/* print user/sys (a forked workload) */
	bool null_run;		/* -n: no counters, no blank line before the times */
	struct rusage ru_data;
	struct stats walltime_nsecs_stats;	/* per run */
	double interval_ns;	/* -I: length of the interval printed */
	char thousands[8];	/* separator perf's %' would use */
	char point[8];		/* decimal point for the standard layout */
	int num_print_interval;	/* -I: the header repeats every 25 */
	int nr_intervals;	/* --json-doc: intervals written */
	struct json_writer jw;	/* --json-doc */
};

/* what the rows are about */
struct stat_view {
	struct stat_counter *counters;
	int nr_counters;
	struct aggr_id *ids;	/* [nr_ids], one per aggregation id */
	int nr_ids;
	char **comm;		/* AGGR_THREAD: comm of each id's thread */
	int *pid;		/* AGGR_THREAD: tid of each id */
	/* per counter: why it is not counted/supported (json-doc), or NULL */
	const char **reason;
};

void stat_config__init(struct stat_config *config);

/* Fill @sh with the metric inputs of id @idx in context @ctx. */
void stat__shadow(const struct stat_view *view, int idx, int ctx,
		  bool repeat, struct stat_shadow *sh);

/* " Performance counter stats for 'ls -l' (5 runs):" and blank lines;
 * @target is the quoted part ("'ls -l'", "'system wide'", "process id '1'") */
void stat_display__header(struct stat_config *config, const char *target);

/*
 * stat_display__counters - print every counter row of @view.
 * @ts: the time since start in interval mode, else NULL.
 */
void stat_display__counters(struct stat_config *config,
			    const struct stat_view *view,
			    const struct timespec *ts);

/* the elapsed (+- noise), user and sys lines */
void stat_display__footer(struct stat_config *config);

/*
 * --json-doc: begin the document (@argv: the workload or NULL, @target
 * text), print counters (as an interval when @ts), end it with the times.
 */
void stat_doc__begin(struct stat_config *config, const char *target,
		     const char *const *argv, int argc, const char *events);
void stat_doc__counters(struct stat_config *config,
			const struct stat_view *view, const struct timespec *ts);
void stat_doc__end(struct stat_config *config, int exit_status);

#endif
