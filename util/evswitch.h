/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_EVSWITCH_H
#define MPERF_EVSWITCH_H

/*
 * --switch-on / --switch-off: windows of samples opened and closed by the
 * samples of named events, as perf report and perf script take them.
 * With an on-event, samples are left out until one of it comes, which is
 * left out too (--show-on-off-events: kept); after it, an off-event's
 * sample is left out and closes the window until the next on-event.
 * Without an on-event, the first off-event's sample is the only one left
 * out (perf 6.1 has nothing to open the window again, and keeps the rest).
 */

#include <stdbool.h>

struct evlist;
struct evsel;

struct evswitch {
	const char *on_name, *off_name;	/* the options' values, NULL: none */
	bool show;			/* --show-on-off-events */
	const struct evsel *on, *off;	/* resolved by evswitch__init */
	bool discarding;
	bool ready;
};

/* Whether either option was given. */
static inline bool evswitch__active(const struct evswitch *sw)
{
	return sw->on_name || sw->off_name;
}

/*
 * Find the named events in @el (by their full name, "sched:sched_switch").
 * 0; -ENOENT after one error line, "@tool: ..." naming the event not found.
 */
int evswitch__init(struct evswitch *sw, const struct evlist *el, const char *tool);

/* Whether a sample of @evsel is left out; advances the window. */
bool evswitch__discard(struct evswitch *sw, const struct evsel *evsel);

#endif
