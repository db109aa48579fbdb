/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_REPORT_JSON_H
#define MPERF_REPORT_JSON_H

/*
 * `mperf report --json`: the hist table and the callchains of a profile as
 * one JSON document (util/json.h). The schema is documented in
 * Documentation/mperf-report.txt (section "JSON OUTPUT"); bump
 * REPORT_JSON_VERSION on any incompatible change, add fields freely.
 *
 * {
 *   "schema": "mperf-report", "version": 1,
 *   "input": "perf.data",                    (null when unknown)
 *   "events": [ {
 *       "name": "cpu-clock:ppp", "unit": "nanoseconds" | "count",
 *       "samples": N, "period": N, "callchains": true|false,
 *       "entries": [ { "comm", "dso", "dso_path", "symbol", "kind": "user"|"kernel",
 *                      "overhead" (self % of period), "children" (% incl. callees,
 *                      only with callchains), "samples", "period",
 *                      "children_samples", "children_period" } ... ],
 *       "stacks": [ { "comm", "pid", "samples", "period",
 *                     "frames": [ index into "frames", leaf first ] } ... ] } ],
 *   "frames": [ { "name", "dso", "kind": "user"|"kernel"|"inlined",
 *                 "addr", "srcline" ("file:line" or null), "build_id" (or null) } ]
 * }
 */

#include <stdbool.h>
#include <stdio.h>
#include "profile.h"

#define REPORT_JSON_VERSION 1

struct report_json_opts {
	bool pretty;		/* indent (default on a terminal: caller decides) */
	bool no_stacks;		/* leave out "stacks" and "frames" */
	double percent_limit;	/* drop entries below this self/children share */
};

int report_json__write(struct profile *p, const struct report_json_opts *opts, FILE *f);

#endif
