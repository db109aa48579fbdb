/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_STAT_H
#define MPERF_STAT_H

/*
 * Counter values for `mperf stat`: scaling of multiplexed counts, the
 * running mean and standard deviation over -r runs, aggregation ids
 * (global, per cpu, core, socket, thread), the derived metrics perf prints
 * after '#', and locale-independent number formatting.
 *
 * Nothing here knows about evsels or file descriptors: stat-evlist.c feeds
 * raw counts in, stat-display.c prints. That keeps all of it unit-testable.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/resource.h>
#include <time.h>

/* ---- running statistics (Welford) ----------------------------------- */

struct stats {
	double n, mean, M2;
	uint64_t max, min;
};

void stats__init(struct stats *s);
void stats__update(struct stats *s, uint64_t val);
void stats__update_double(struct stats *s, double val);
double stats__avg(const struct stats *s);
/* standard deviation of the mean: sqrt(variance / n), 0 when n < 2 */
double stats__stddev(const struct stats *s);
/* the stddev of the mean as a percentage of @avg (0 when avg is 0) */
double stats__rel_stddev(double stddev, double avg);

/* ---- scaling --------------------------------------------------------- */

/* one raw count: value, time enabled, time running */
struct stat_count {
	uint64_t val;
	uint64_t ena;
	uint64_t run;
};

/*
 * stat__scale_count - scale @c in place as perf does: when the counter ran
 * for part of the time it was enabled, val = val * ena / run.
 * @scale: false for --no-scale (the raw value is kept).
 * Return: -1 when it never ran (not counted; val set to 0), 1 when scaled,
 * 0 when exact.
 */
int stat__scale_count(struct stat_count *c, bool scale);

/* ---- aggregation ---------------------------------------------------- */

enum aggr_mode {
	AGGR_GLOBAL,
	AGGR_NONE,	/* -A: one row per CPU */
	AGGR_CORE,
	AGGR_SOCKET,
	AGGR_THREAD,
	AGGR_DIE,	/* --per-die */
};

struct aggr_id {
	int socket, die, core, cpu;
	int thread;		/* thread index (AGGR_THREAD) */
	int nr;			/* CPUs aggregated into this id */
};

/* ---- counters ------------------------------------------------------- */

/* metric inputs perf 6.1 keeps per aggregation id ("shadow stats") */
enum stat_kind {
	STAT_NONE,
	STAT_NSECS,		/* task-clock, cpu-clock */
	STAT_CYCLES,
	STAT_INSTRUCTIONS,
	STAT_BRANCHES,
	STAT_BRANCH_MISSES,
	STAT_CACHE_REFS,
	STAT_CACHE_MISSES,
	STAT_STALLED_FRONT,
	STAT_STALLED_BACK,
	STAT_L1_DCACHE,		/* L1-dcache-loads (access) */
	STAT_L1_DCACHE_MISS,
	STAT_L1_ICACHE,
	STAT_L1_ICACHE_MISS,
	STAT_LL_CACHE,
	STAT_LL_CACHE_MISS,
	STAT_DTLB,
	STAT_DTLB_MISS,
	STAT_ITLB,
	STAT_ITLB_MISS,
	STAT_KIND_MAX,
};

/* what the counter measured for one aggregation id */
struct stat_aggr {
	struct stat_count cur;	/* summed raw count of this run / interval */
	struct stat_count prev;	/* interval mode: last cumulative count */
	double val;		/* scaled value of this run / interval */
	int scaled;		/* stat__scale_count() result */
	struct stats val_stats;	/* over -r runs */
	struct stats ena_stats;
	struct stats run_stats;
	int nr_runs_counted;	/* runs in which it counted */
};

struct stat_counter {
	const char *name;	/* display name */
	const char *unit;	/* "msec", "ns", "" */
	double scale;		/* 1e-6 for msec */
	enum stat_kind kind;	/* metric role */
	int ctx;		/* exclude_* bits: metrics pair counters alike */
	bool supported;
	bool is_clock;		/* task-clock / cpu-clock */
	int nr_aggr;
	struct stat_aggr *aggr;	/* [nr_aggr] */
	void *priv;		/* the evsel, for stat-evlist.c */
};

int stat_counter__init(struct stat_counter *c, const char *name,
		       const char *unit, double scale, int nr_aggr);
void stat_counter__exit(struct stat_counter *c);
/* forget what was read (a new -r run / interval starts from zero) */
void stat_counter__reset_cur(struct stat_counter *c);
/* add one fd's raw count into aggregation @idx */
void stat_counter__add(struct stat_counter *c, int idx,
		       const struct stat_count *raw);
/*
 * stat_counter__process - scale the summed counts of every id; in interval
 * mode first turn cumulative counts into deltas; record the run in the
 * per-id statistics.
 */
void stat_counter__process(struct stat_counter *c, bool scale, bool interval);

/* value, ena and run to display for @idx: the -r mean, or this run's */
void stat_counter__display(const struct stat_counter *c, int idx,
			   bool repeat, double *val, uint64_t *ena,
			   uint64_t *run, double *noise_pct);

/* The metric role of an event: pass attr type and config. */
enum stat_kind stat__kind(uint32_t type, uint64_t config);

/* ---- derived metrics ------------------------------------------------ */

/* values of the metric inputs for one aggregation id and context */
struct stat_shadow {
	double v[STAT_KIND_MAX];
	bool have[STAT_KIND_MAX];
};

/* a metric as perf prints it after '#' */
struct stat_metric {
	const char *fmt;	/* printf format of the value, NULL: none */
	char unit[32];		/* "CPUs utilized", "K/sec", ...; NULL-like "" */
	bool unit_null;		/* perf passes a NULL unit (JSON "(null)") */
	double val;
};

/*
 * stat__metrics - the metrics of a counter with value @avg (scaled, as
 * displayed), given the shadow values of its id and the wall time of the
 * run or interval (ns). Return: number of metrics written to @m (at most
 * @max); 1 with fmt NULL when the counter has no metric.
 */
int stat__metrics(enum stat_kind kind, bool is_clock, double avg, double scale,
		  const struct stat_shadow *sh, double walltime_ns,
		  struct stat_metric *m, int max);

/* 1500 -> 1.500 'K'; perf's convert_unit_double */
double stat__convert_unit(double value, char *unit);

/* ---- number formatting ---------------------------------------------- */

/*
 * stat__fmt_num - format @val with @prec decimals right-aligned in @width,
 * grouping the integer digits by three with @thousands (NULL or "" for
 * none) and using @point as the decimal point (NULL for ".").
 * Never depends on the process locale. Return: strlen of the result.
 */
int stat__fmt_num(char *buf, size_t size, double val, int prec, int width,
		  const char *thousands, const char *point);

/*
 * The thousands separator and decimal point perf's "%'" would use under
 * the environment's LC_NUMERIC (LC_ALL, LC_NUMERIC, LANG), without
 * changing this process's locale. "" and "." in the C locale.
 */
void stat__locale_numeric(char *thousands, size_t tsize, char *point,
			  size_t psize);

#endif
