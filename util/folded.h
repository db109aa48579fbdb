/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_FOLDED_H
#define MPERF_FOLDED_H

/*
 * Folded stacks: one line per distinct stack, "comm;root;...;leaf count",
 * sorted bytewise, the input format of flamegraph.pl and many other tools.
 * Names are tidied the way FlameGraph's stackcollapse-perf.pl tidies the
 * output of `perf script`, so both give the same lines for the same file:
 * unresolved frames become "[dso basename]" (or "[unknown]"), ';' becomes
 * ':', everything from the first '(' on is dropped (unless the name looks
 * like a Go method "pkg.(*T).M"), quotes are removed, spaces in comm become
 * '_'. count is the number of samples (stackcollapse-perf counts samples,
 * not periods) unless FOLDED_PERIOD is given.
 */

#include <stdio.h>
#include "profile.h"

enum {
	FOLDED_PID	 = 1 << 0,	/* comm-PID as the first frame */
	FOLDED_ANNOTATE	 = 1 << 1,	/* _[k] on kernel, _[i] on inlined frames */
	FOLDED_PERIOD	 = 1 << 2,	/* count = sum of periods, not samples */
	FOLDED_NO_COMM	 = 1 << 3,	/* no comm frame */
};

/* Write @event's stacks of @p to @f. 0 or -errno. */
int folded__write(struct profile *p, int event, FILE *f, unsigned int flags);

/*
 * Tidy one frame name as stackcollapse-perf does (see above) into @buf.
 * @dso is used for unresolved frames. Returns @buf.
 */
char *folded__frame_name(const struct profile_frame *fr, unsigned int flags,
			 char *buf, size_t size);

#endif
