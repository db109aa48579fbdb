/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_DIFF_H
#define MPERF_DIFF_H

/*
 * The change per symbol between two profiles (`mperf report --diff
 * BASE.data`): each (dso, symbol)'s share of its profile's samples (self,
 * i.e. where the samples landed) in the base and in the new profile, and
 * the difference in percentage points, sorted by the largest change.
 * Normalising by each profile's total makes runs of different length
 * comparable. The event compared is the new profile's @event and the
 * base's event of the same name (else the base's first).
 */

#include <stdio.h>
#include "profile.h"

struct diff_entry {
	const char *dso;	/* long name (from the profile it came from) */
	const char *sym;
	int kind;
	uint64_t base_samples, new_samples;
	double base_pct, new_pct, delta;	/* delta = new_pct - base_pct */
};

/* Compute the entries (*out malloc'd). Returns their number or -errno. */
int diff__compute(struct profile *newp, int event, struct profile *base,
		  struct diff_entry **out);

/* Print a perf-diff-like table; entries with |delta| < @min_delta are left out. */
int diff__print(struct profile *newp, int event, struct profile *base, double min_delta,
		FILE *f);

#endif
