/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_TIME_RANGE_H
#define MPERF_TIME_RANGE_H

#include <stdbool.h>
#include <stdint.h>

/*
 * --time: which sample timestamps (ns) are kept. Forms, as perf takes them:
 *
 *   START,STOP [START,STOP ...]	seconds[.fraction up to 9 digits];
 *					either end may be empty (open); several
 *					ranges separated by spaces must be in
 *					increasing order without overlap
 *   P%/N[,P%/N...]			the N-th slice of P% of the recording
 *   P%-Q%[,P%-Q%...]			from P% to Q% of the recording
 *   P%				the first P%
 *
 * Percentages are of the span between the first and the last sample
 * (the file's SAMPLE_TIME feature). A range's ends are inclusive; a range
 * that does not end at the last sample stops 1 ns before its end.
 */
struct time_range {
	uint64_t start, end;	/* 0: open */
};

struct time_ranges {
	struct time_range *r;
	int nr;
};

/* Does @str use the percent forms (and so need the first/last times)? */
bool time_ranges__has_percent(const char *str);

/*
 * time_ranges__parse - parse @str into @tr; @first/@last are the sample
 * times of the file, used by the percent forms only.
 * Return: 0, or -EINVAL for a string of none of the forms (tr is then empty).
 */
int time_ranges__parse(struct time_ranges *tr, const char *str, uint64_t first,
		       uint64_t last);
void time_ranges__exit(struct time_ranges *tr);

/* Is a sample at @time outside every range? Time 0 (no timestamp) is kept. */
bool time_ranges__skip(const struct time_ranges *tr, uint64_t time);

#endif
