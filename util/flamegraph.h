/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_FLAMEGRAPH_H
#define MPERF_FLAMEGRAPH_H

/*
 * A self-contained interactive SVG flame graph of one event of a profile:
 * no network, no external script or font. Hovering a frame shows its name,
 * object, samples and share (also as a <title> tooltip when scripts are
 * off); a click zooms to it, "Reset Zoom" or Escape undoes; the search box
 * (a regular expression, case-insensitive) highlights matching frames and
 * shows their share. User, kernel and inlined frames have distinct
 * palettes (warm, blue, aqua). The icicle variant puts the root at the
 * top. Given a base profile, frames are coloured by the change of their
 * share (red grew, blue shrank; the deeper, the bigger the change).
 */

#include <stdbool.h>
#include <stdio.h>
#include "profile.h"

struct flamegraph_opts {
	const char *title;	/* NULL: "Flame Graph" / "Icicle Graph" */
	unsigned int width;	/* pixels, 0 = 1200 */
	bool icicle;		/* root at the top, growing down */
	bool callers;		/* leaf functions at the root (caller graph) */
	bool period;		/* widths by period instead of samples */
	const struct profile *base;	/* diff against this profile */
};

/* Write @event of @p as SVG to @f. 0 or -errno (-ENODATA: no samples). */
int flamegraph__write(struct profile *p, int event, const struct flamegraph_opts *opts,
		      FILE *f);
int flamegraph__write_file(struct profile *p, int event, const struct flamegraph_opts *opts,
			   const char *path);

#endif
