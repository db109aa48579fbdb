// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>
#include "levenshtein.h"

int levenshtein(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	int *prev2, *prev, *cur, d;

	prev2 = calloc(3 * (lb + 1), sizeof(int));
	if (!prev2)
		return (int)(la > lb ? la : lb);
	prev = prev2 + lb + 1;
	cur = prev + lb + 1;
	for (size_t j = 0; j <= lb; j++)
		prev[j] = (int)j;
	for (size_t i = 1; i <= la; i++) {
		cur[0] = (int)i;
		for (size_t j = 1; j <= lb; j++) {
			int cost = a[i - 1] != b[j - 1];
			int best = prev[j - 1] + cost;

			if (prev[j] + 1 < best)
				best = prev[j] + 1;
			if (cur[j - 1] + 1 < best)
				best = cur[j - 1] + 1;
			/* transposition of two adjacent characters */
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && prev2[j - 2] + 1 < best)
				best = prev2[j - 2] + 1;
			cur[j] = best;
		}
		int *t = prev2;
		prev2 = prev;
		prev = cur;
		cur = t;
	}
	d = prev[lb];
	/* prev2/prev/cur rotate inside one allocation; free its lowest address */
	int *base = prev2 < prev ? prev2 : prev;
	if (cur < base)
		base = cur;
	free(base);
	return d;
}

const char *closest_match(const char *word, const char *const *cands, size_t n)
{
	const char *best = NULL;
	int best_d = 0, limit;
	size_t wl = strlen(word);

	limit = (int)(wl / 3);
	if (limit < 2)
		limit = 2;
	for (size_t i = 0; i < n; i++) {
		int d;

		if (!cands[i])
			continue;
		d = levenshtein(word, cands[i]);
		/* a prefix of a long name is a plausible abbreviation */
		if (d > limit && wl >= 3 && !strncmp(cands[i], word, wl))
			d = limit;
		if (d <= limit && (!best || d < best_d)) {
			best = cands[i];
			best_d = d;
		}
	}
	return best;
}
