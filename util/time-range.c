// SPDX-License-Identifier: GPL-2.0
/* --time START,STOP and percent slices of a recording (util/time-range.h) */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/time-range.h"

#define NSEC_PER_SEC 1000000000ULL

bool time_ranges__has_percent(const char *str)
{
	return str && strchr(str, '%');
}

static int tr_add(struct time_ranges *tr, uint64_t start, uint64_t end)
{
	struct time_range *r = realloc(tr->r, (size_t)(tr->nr + 1) * sizeof(*r));

	if (!r)
		return -ENOMEM;
	tr->r = r;
	r[tr->nr].start = start;
	r[tr->nr].end = end;
	tr->nr++;
	return 0;
}

/* "" (0: open), "SEC", "SEC." or "SEC.FRAC" with at most 9 digits of
 * fraction, between @s and @e */
static int parse_stamp(const char *s, const char *e, uint64_t *ns)
{
	uint64_t sec = 0, frac = 0;
	int digits = 0;

	*ns = 0;
	if (s == e)
		return 0;
	if (*s == '+')
		s++;
	if (s == e || !isdigit((unsigned char)*s))
		return -EINVAL;
	/* as perf reads them: seconds past 2^64 are 2^64 - 1 (strtoull),
	 * and their ns wrap around 2^64 (a start of 99999999999 s is past
	 * every sample, one of 18446744074 s before all of them) */
	for (; s < e && isdigit((unsigned char)*s); s++) {
		uint64_t d = (uint64_t)(*s - '0');

		sec = sec > (UINT64_MAX - d) / 10 ? UINT64_MAX : sec * 10 + d;
	}
	if (s < e && *s == '.') {
		for (s++; s < e && isdigit((unsigned char)*s); s++) {
			if (++digits > 9)
				return -EINVAL;
			frac = frac * 10 + (uint64_t)(*s - '0');
		}
		for (int i = digits; i < 9; i++)
			frac *= 10;
	}
	if (s != e)
		return -EINVAL;
	*ns = sec * NSEC_PER_SEC + frac;
	return 0;
}

/* "START,STOP START,STOP ...": spaces between ranges, which must come in
 * increasing order; only the first may start open and only the last may
 * end open */
static int parse_absolute_ranges(struct time_ranges *tr, const char *str)
{
	const char *p = str;

	while (*p == ' ')
		p++;
	if (!*p)
		return -EINVAL;
	while (*p) {
		const char *end = strchr(p, ' '), *comma;
		uint64_t start, stop;

		if (!end)
			end = p + strlen(p);
		comma = memchr(p, ',', (size_t)(end - p));
		if (!comma || memchr(comma + 1, ',', (size_t)(end - comma - 1)))
			return -EINVAL;
		if (parse_stamp(p, comma, &start) || parse_stamp(comma + 1, end, &stop))
			return -EINVAL;
		if (start && stop && start > stop)
			return -EINVAL;
		if (tr->nr) {
			const struct time_range *prev = &tr->r[tr->nr - 1];

			if (!prev->end || !start || start <= prev->end)
				return -EINVAL;
		}
		if (tr_add(tr, start, stop))
			return -ENOMEM;
		p = end;
		if (!*p)
			break;
		while (*p == ' ')
			p++;
		if (!*p)	/* a trailing space */
			return -EINVAL;
	}
	return 0;
}

/* ... and "START, STOP": blanks after a comma belong to its range, as
 * perf reads them */
static int parse_absolute(struct time_ranges *tr, const char *str)
{
	char *joined, *o;
	int err;

	if (!strstr(str, ", "))
		return parse_absolute_ranges(tr, str);
	joined = strdup(str);
	if (!joined)
		return -ENOMEM;
	o = joined;
	for (const char *q = str; *q; q++) {
		*o++ = *q;
		if (*q == ',')
			while (q[1] == ' ')
				q++;
	}
	*o = 0;
	err = parse_absolute_ranges(tr, joined);
	free(joined);
	return err;
}

/* "P%" with spaces around; P as a fraction of 1 */
static const char *parse_pcnt(const char *s, double *v)
{
	char *e;

	*v = strtod(s, &e);
	if (e == s || *e != '%')
		return NULL;
	*v /= 100.0;
	for (e++; *e == ' '; e++)
		;
	return e;
}

static int add_pcnt(struct time_ranges *tr, double from, double to, uint64_t first,
		    uint64_t last)
{
	uint64_t span = last - first, start, end;

	if (from < 0.0 || from > 1.0 || to < 0.0 || to > 1.0)
		return -EINVAL;
	/* the sum in double as perf's: a wall-clock (-k realtime) time
	 * of ~1.8e18 ns lands on a multiple of 256 ns */
	start = (uint64_t)((double)first + round(from * (double)span));
	end = (uint64_t)((double)first + round(to * (double)span));
	/* slices that meet do not share their boundary */
	if (end > start && end != last)
		end--;
	return tr_add(tr, start, end);
}

enum pcnt_form { PCNT_SLICE, PCNT_SPAN, PCNT_ONE };

static int parse_percent(struct time_ranges *tr, const char *str, uint64_t first,
			 uint64_t last)
{
	enum pcnt_form form = strchr(str, '/') ? PCNT_SLICE :
			      strchr(str, '-') ? PCNT_SPAN : PCNT_ONE;
	const char *p = str;

	for (;;) {
		double a, b = 0;
		long n = 1;
		const char *q = parse_pcnt(p, &a);
		char *e;
		int err;

		if (!q)
			return -EINVAL;
		if (form == PCNT_SLICE) {
			if (*q != '/')
				return -EINVAL;
			n = strtol(q + 1, &e, 10);
			if (e == q + 1)
				return -EINVAL;
			q = e;
		} else if (form == PCNT_SPAN) {
			if (*q != '-' || !(q = parse_pcnt(q + 1, &b)))
				return -EINVAL;
		}
		if (form == PCNT_SPAN) {
			err = add_pcnt(tr, a, b, first, last);
		} else {
			if (a <= 0.0)
				return -EINVAL;
			err = add_pcnt(tr, a * (double)(n - 1), a * (double)n, first, last);
		}
		if (err)
			return err;
		if (!*q)
			return 0;
		if (*q != ',' || form == PCNT_ONE)
			return -EINVAL;
		p = q + 1;
	}
}

int time_ranges__parse(struct time_ranges *tr, const char *str, uint64_t first,
		       uint64_t last)
{
	int err;

	tr->r = NULL;
	tr->nr = 0;
	if (!str)
		return -EINVAL;
	err = time_ranges__has_percent(str) ? parse_percent(tr, str, first, last) :
					      parse_absolute(tr, str);
	if (err)
		time_ranges__exit(tr);
	return err;
}

void time_ranges__exit(struct time_ranges *tr)
{
	free(tr->r);
	tr->r = NULL;
	tr->nr = 0;
}

bool time_ranges__skip(const struct time_ranges *tr, uint64_t time)
{
	if (!tr->nr || !time)
		return false;
	for (int i = 0; i < tr->nr; i++) {
		const struct time_range *r = &tr->r[i];

		if ((!r->start || time >= r->start) && (!r->end || time <= r->end))
			return false;
	}
	return true;
}
