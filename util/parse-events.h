/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_PARSE_EVENTS_H
#define MPERF_PARSE_EVENTS_H

/*
 * perf's -e grammar into evsels appended to an evlist. Owned by the events
 * helper (issue 2).
 *
 *   events    := item (',' item)*
 *   item      := '{' event (',' event)* '}' [':' mods] | event
 *   event     := hw | sw | tool | cache | 'r'HEX | 'mem:'ADDR['/'LEN][':'rwx]
 *              | sys':'name (globs) | pmu'/'terms'/' | hw'/'terms'/'
 *              | alias (a sysfs events/ name of any PMU)      then [':' mods]
 *   mods      := [ukhpPGHSDIWe]+ (each once, p up to 3 times)
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct evlist;
struct pmus;

struct parse_events_error {
	int idx;		/* column of the bad token in the string, or -1 */
	char *str;		/* what is wrong, one line */
	char *help;		/* "did you mean 'cycles'?", or NULL */
};

/*
 * parse_events - append the events of @str ("cycles,{a,b}:S,sched:*") to
 * @evlist with attrs exactly as perf 6.1 builds them for `stat`.
 * Return: 0, or -EINVAL (etc.) with @err filled.
 */
int parse_events(struct evlist *evlist, const char *str,
		 struct parse_events_error *err);

/* The same with an explicit PMU set (NULL: pmus__host()); tests pass a
 * fake-sysfs set. On error nothing is appended to @evlist. */
int __parse_events(struct evlist *evlist, const char *str,
		   struct parse_events_error *err, struct pmus *pmus);

/*
 * Print the error on stderr: one line with the string and the problem
 * (and "did you mean"), then a caret under the bad column.
 */
void parse_events_error__print(const struct parse_events_error *err,
			       const char *str);
void parse_events_error__exit(struct parse_events_error *err);

/* ---- the symbol tables (also used by `mperf list`) ---------------------- */

struct event_symbol {
	const char *symbol;	/* "cpu-cycles" */
	const char *alias;	/* "cycles", or "" */
	uint32_t type;		/* PERF_TYPE_HARDWARE / SOFTWARE */
	uint64_t config;
};

extern const struct event_symbol event_symbols_hw[];
extern const size_t event_symbols_hw_nr;
extern const struct event_symbol event_symbols_sw[];
extern const size_t event_symbols_sw_nr;
/* duration_time, user_time, system_time; config = enum tool_event */
extern const struct event_symbol event_symbols_tool[];
extern const size_t event_symbols_tool_nr;

/* Cache matrix: 7 types x 3 ops x 2 results. */
#define HW_CACHE_TYPES	 7
#define HW_CACHE_OPS	 3
#define HW_CACHE_RESULTS 2
#define HW_CACHE_ALIASES 5
extern const char *const hw_cache_names[HW_CACHE_TYPES][HW_CACHE_ALIASES];
extern const char *const hw_cache_op_names[HW_CACHE_OPS][HW_CACHE_ALIASES];
extern const char *const hw_cache_result_names[HW_CACHE_RESULTS][HW_CACHE_ALIASES];
/* Is this op meaningful for this cache (perf's validity table)? */
bool hw_cache__op_valid(int type, int op);
/* "L1-dcache-loads" (access) or "L1-dcache-load-misses" (miss). */
int hw_cache__name(char *buf, size_t size, int type, int op, int result);

/* Every event name the grammar knows without tracefs (suggestions):
 * hw/sw/tool names and aliases, the cache matrix, PMU alias names.
 * Free with parse_events__free_names. NULL on ENOMEM. */
char **parse_events__known_names(struct pmus *pmus, size_t *nr);
void parse_events__free_names(char **names, size_t nr);

#endif
