// SPDX-License-Identifier: GPL-2.0
/*
 * --json-doc: one JSON document per `mperf stat` run, for pipelines that
 * want numbers as numbers. Layout (schema_version 1):
 *
 * {
 *   "schema": "mperf-stat", "schema_version": 1, "mperf_version": "...",
 *   "target": "'ls'", "command": ["ls"], "events": "-e string or null",
 *   "aggregation": "global|cpu|core|socket|thread", "runs": N,
 *   "counters": [ COUNTER... ]             (without -I)
 *   "intervals": [ {"time": s, "counters": [ COUNTER... ]} ... ]  (-I)
 *   "elapsed_seconds": s, "elapsed_stddev_pct": p|null,
 *   "user_seconds": s|null, "sys_seconds": s|null, "exit_status": n|null
 * }
 * COUNTER = {"event", "unit", "cpu"/"core"/"socket"/"thread" (aggregated
 *   modes), "aggregate_number", "value" (number in unit, or null),
 *   "count" (integer, scaled, or null), "status": "counted"|"not counted"|
 *   "not supported", "reason": null or why, "time_enabled",
 *   "time_running", "pcnt_running", "scaled": bool, "stddev_pct" (-r),
 *   "metrics": [{"value", "unit"}] }
 */
#include <string.h>
#include "stat-display.h"

static const char *aggr_mode_name(enum aggr_mode mode)
{
	switch (mode) {
	case AGGR_NONE:
		return "cpu";
	case AGGR_CORE:
		return "core";
	case AGGR_SOCKET:
		return "socket";
	case AGGR_DIE:
		return "die";
	case AGGR_THREAD:
		return "thread";
	case AGGR_GLOBAL:
	default:
		return "global";
	}
}

void stat_doc__begin(struct stat_config *config, const char *target,
		     const char *const *argv, int argc, const char *events)
{
	struct json_writer *w = &config->jw;

	json__init(w, config->output, true);
	json__begin_object(w, NULL);
	json__string(w, "schema", "mperf-stat");
	json__i64(w, "schema_version", STAT_JSON_DOC_SCHEMA);
	json__string(w, "mperf_version", MPERF_VERSION);
	json__string(w, "target", target);
	if (argv && argc > 0) {
		json__begin_array(w, "command");
		for (int i = 0; i < argc; i++)
			json__string(w, NULL, argv[i]);
		json__end_array(w);
	} else {
		json__null(w, "command");
	}
	json__string(w, "events", events);
	json__string(w, "aggregation", aggr_mode_name(config->aggr_mode));
	json__i64(w, "runs", config->run_count);
	if (config->interval) {
		json__i64(w, "interval_ms", config->interval);
		json__begin_array(w, "intervals");
	}
}

static void doc_counter(struct stat_config *config, const struct stat_view *view,
			int i, int idx)
{
	struct json_writer *w = &config->jw;
	const struct stat_counter *c = &view->counters[i];
	const struct aggr_id *id = &view->ids[idx];
	bool repeat = config->run_count > 1 && !config->interval;
	double val, noise;
	uint64_t ena, run;
	bool counted;
	char buf[64];

	stat_counter__display(c, idx, repeat, &val, &ena, &run, &noise);
	counted = c->supported && run && ena && c->aggr[idx].scaled >= 0;

	json__begin_object(w, NULL);
	json__string(w, "event", c->name);
	json__string(w, "unit", c->unit);
	switch (config->aggr_mode) {
	case AGGR_NONE:
		json__i64(w, "cpu", id->cpu);
		break;
	case AGGR_CORE:
		snprintf(buf, sizeof(buf), "S%d-D%d-C%d", id->socket, id->die, id->core);
		json__string(w, "core", buf);
		json__i64(w, "aggregate_number", id->nr);
		break;
	case AGGR_SOCKET:
		json__i64(w, "socket", id->socket);
		json__i64(w, "aggregate_number", id->nr);
		break;
	case AGGR_DIE:
		snprintf(buf, sizeof(buf), "S%d-D%d", id->socket, id->die);
		json__string(w, "die", buf);
		json__i64(w, "aggregate_number", id->nr);
		break;
	case AGGR_THREAD:
		json__string(w, "comm", view->comm ? view->comm[idx] : NULL);
		json__i64(w, "thread", view->pid ? view->pid[idx] : -1);
		break;
	default:
		break;
	}
	if (counted) {
		json__double(w, "value", val * c->scale, c->scale == 1.0 ? 0 : 6);
		json__u64(w, "count", (uint64_t)(val + 0.5));
		json__string(w, "status", "counted");
		json__null(w, "reason");
	} else {
		json__null(w, "value");
		json__null(w, "count");
		json__string(w, "status", c->supported ? "not counted" : "not supported");
		if (view->reason && view->reason[i])
			json__string(w, "reason", view->reason[i]);
		else if (c->supported)
			json__string(w, "reason", run == 0 && ena ?
				     "the counter was enabled but never ran (multiplexing or a group that could not be scheduled)" :
				     "the counter never ran (its group could not be opened or the task never ran)");
		else
			json__string(w, "reason", "the event could not be opened on this system");
	}
	json__u64(w, "time_enabled", ena);
	json__u64(w, "time_running", run);
	json__double(w, "pcnt_running", ena ? 100.0 * run / ena : 0.0, 2);
	json__bool(w, "scaled", counted && run < ena && config->scale);
	if (repeat) {
		if (counted)
			json__double(w, "stddev_pct", noise, 2);
		else
			json__null(w, "stddev_pct");
	}
	json__begin_array(w, "metrics");
	if (counted) {
		struct stat_metric m[4];
		struct stat_shadow sh;
		double wall = config->interval ? config->interval_ns :
				stats__avg(&config->walltime_nsecs_stats);
		int n;

		stat__shadow(view, idx, c->ctx, repeat, &sh);
		n = stat__metrics(c->kind, c->is_clock, val * c->scale, c->scale,
				  &sh, wall, m, 4);
		for (int j = 0; j < n; j++) {
			if (!m[j].fmt || m[j].unit_null)
				continue;
			double mv = m[j].val;
			const char *mu = m[j].unit;

			/* numbers as numbers: "1.5 K/sec" is 1500 per second */
			if (strlen(mu) == 5 && !strcmp(mu + 1, "/sec")) {
				mv *= mu[0] == 'K' ? 1e3 : mu[0] == 'M' ? 1e6 : 1e9;
				mu = "/sec";
			}
			json__begin_object(w, NULL);
			json__double(w, "value", mv, 6);
			json__string(w, "unit", mu);
			json__end_object(w);
		}
	}
	json__end_array(w);
	json__end_object(w);
}

void stat_doc__counters(struct stat_config *config, const struct stat_view *view,
			const struct timespec *ts)
{
	struct json_writer *w = &config->jw;

	if (ts) {
		json__begin_object(w, NULL);
		json__double(w, "time", ts->tv_sec + ts->tv_nsec / 1e9, 9);
	}
	json__begin_array(w, "counters");
	for (int i = 0; i < view->nr_counters; i++)
		for (int idx = 0; idx < view->nr_ids; idx++)
			doc_counter(config, view, i, idx);
	json__end_array(w);
	if (ts) {
		json__end_object(w);
		config->nr_intervals++;
	}
}

void stat_doc__end(struct stat_config *config, int exit_status)
{
	struct json_writer *w = &config->jw;
	double avg = stats__avg(&config->walltime_nsecs_stats) / 1e9;

	if (config->interval)
		json__end_array(w);
	json__double(w, "elapsed_seconds", avg, 9);
	if (config->run_count > 1)
		json__double(w, "elapsed_stddev_pct",
			     stats__rel_stddev(stats__stddev(&config->walltime_nsecs_stats) / 1e9, avg), 2);
	else
		json__null(w, "elapsed_stddev_pct");
	if (config->ru_display) {
		json__double(w, "user_seconds", config->ru_data.ru_utime.tv_sec +
			     config->ru_data.ru_utime.tv_usec / 1e6, 6);
		json__double(w, "sys_seconds", config->ru_data.ru_stime.tv_sec +
			     config->ru_data.ru_stime.tv_usec / 1e6, 6);
	} else {
		json__null(w, "user_seconds");
		json__null(w, "sys_seconds");
	}
	if (exit_status >= 0)
		json__i64(w, "exit_status", exit_status);
	else
		json__null(w, "exit_status");
	json__end_object(w);
	fflush(config->output);
}
