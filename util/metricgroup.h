/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_METRICGROUP_H
#define MPERF_METRICGROUP_H

/*
 * Metrics (-M) from the vendor metric JSON compiled into the event tables:
 * resolve "cpi,l1d_mpi" or a group name to metrics, list the events they
 * need (as a parse-events string), and compute each metric from counts.
 *
 *   struct metric_list ml;
 *   metricgroup__parse(table, "cpi", &ml, err, sizeof(err));
 *   metricgroup__events(&ml, buf, sizeof(buf));   -> "{cpu_clk_unhalted.thread,inst_retired.any}"
 *   ... count them ...
 *   metric__compute(&ml.metrics[0], lookup, ctx, &val, err, sizeof(err));
 *   metric_list__exit(&ml);
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "pmu-events.h"
#include "expr.h"

struct metric_event {
	char *id;		/* as written in the expression: "INST_RETIRED.ANY" */
	char *event;		/* for parse-events: "inst_retired.any", "msr/tsc/" */
	bool tool;		/* duration_time: not a PMU counter */
};

struct metric {
	const struct pmu_metric *pm;
	struct metric_event *events;	/* distinct, in first-use order */
	int nr_events;
	double scale;		/* from ScaleUnit "100%": 100 */
	char unit[24];		/* "%" */
};

struct metric_list {
	struct metric *metrics;
	int nr;
};

/*
 * metricgroup__parse - @str is a comma-separated list of metric names or
 * group names (case-insensitive; "all" or "No_group" for metrics without
 * a group). Metrics whose events the table does not know (uncore filters
 * in pmu@...@ form) are still returned; their events keep the raw id.
 * Return: 0, -ENOENT for an unknown name (@err says which, and suggests
 * `mperf list metric`), -EINVAL for a bad expression, -ENOMEM.
 */
int metricgroup__parse(const struct pmu_events_table *t, const char *str,
		       struct metric_list *ml, char *err, size_t errsz);
void metric_list__exit(struct metric_list *ml);

/* The distinct events of all metrics as one parse-events string, each
 * metric's PMU events in a {group}. Returns the length or -ENOSPC. */
int metricgroup__events(const struct metric_list *ml, char *buf, size_t size);

/*
 * metric__compute - evaluate the metric; @lookup gets event ids as written
 * in the expression ("INST_RETIRED.ANY", "duration_time") and the '#'
 * literals ("#SYSTEM_TSC_FREQ", "#num_cores", "#num_packages", "#smt_on")
 * unless metric__literal() knows them. The value is scaled by ScaleUnit.
 */
int metric__compute(const struct metric *m, expr_lookup_fn lookup, void *ctx,
		    double *val, char *err, size_t errsz);

/*
 * metric__compute_values - the same with @values[i] the count of
 * m->events[i] (stat's evsels in the order of the metric's group; NAN when
 * not counted). duration_time is given in ns, as the tool event counts,
 * and used in seconds, as perf's metrics expect.
 */
int metric__compute_values(const struct metric *m, const double *values,
			   double *val, char *err, size_t errsz);

/* What perf stat prints after "# " for a metric: the value as "%8.1f",
 * the unit, two spaces and the name: "     2.0 per_instr  cpi". */
int metric__snprintf(const struct metric *m, double val, char *buf,
		     size_t size);

/* ---- mperf stat -M / --topdown ------------------------------------------- */

struct stat_config;
struct stat_view;

/*
 * metricgroup__stat_setup - resolve -M @str (or, with @topdown, the
 * TopdownL1 group) against pmu_events__current() into @ml and append the
 * events they need to *@events (a malloc'd "-e" string, NULL for none).
 * Return: 0, or -errno after printing one error line that says what to do.
 */
int metricgroup__stat_setup(const char *str, bool topdown,
			    struct metric_list *ml, char **events);

/*
 * metricgroup__stat_print - after stat's counter rows: one row per metric
 * of @ml whose events were all counted, in perf's continuation-row layout
 * (" #      2.0 per_instr  cpi"), computed from the counters of @view named
 * like the metric's events. Standard output and global aggregation only.
 */
void metricgroup__stat_print(const struct metric_list *ml,
			     const struct stat_config *config,
			     const struct stat_view *view);

/* Host facts for '#' literals: #num_cpus, #num_cores, #num_packages,
 * #smt_on, #SYSTEM_TSC_FREQ (from /proc/cpuinfo and sysfs). 0 or -ENOENT. */
int metric__literal(const char *id, double *val);

/*
 * metricgroup__print - `mperf list metric` ("Metrics:" then each metric
 * with its description) or `mperf list metricgroup` ("Metric Groups:",
 * each group with its metrics; metrics without one under No_group).
 * @details adds the expression. Returns the number of metrics printed.
 */
int metricgroup__print(FILE *fp, const struct pmu_events_table *t,
		       bool groups, const char *glob, bool details);

/* ScaleUnit "100%" -> 100, "%"; "1GHz" -> 1, "GHz"; "" -> 1, "". */
void metric__scale_unit(const char *scale_unit, double *scale, char *unit,
			size_t size);

#endif
