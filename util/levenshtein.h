/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_LEVENSHTEIN_H
#define MPERF_LEVENSHTEIN_H

#include <stddef.h>

/* Edit distance between a and b (insert, delete, substitute, swap = 1). */
int levenshtein(const char *a, const char *b);

/*
 * closest_match - the candidate nearest to @word, or NULL when none is near
 * enough to be a plausible typo (distance > max(2, strlen(word)/3)).
 * @cands: array of @n strings (NULL entries are skipped).
 */
const char *closest_match(const char *word, const char *const *cands, size_t n);

#endif
