/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_PARSE_EVENTS_H
#define MPERF_PARSE_EVENTS_H

/*
 * perf's -e grammar into evsels appended to an evlist. Owned by the events
 * helper (issue 2).
 */

#include <stddef.h>

struct evlist;

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

/* Print "event syntax error: ..." with the string and a caret, on stderr. */
void parse_events_error__print(const struct parse_events_error *err,
			       const char *str);
void parse_events_error__exit(struct parse_events_error *err);

#endif
