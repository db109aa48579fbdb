/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_COLOR_H
#define MPERF_COLOR_H

/*
 * --stdio-color: percentages in the terminal colours perf gives them,
 * red from 5% up, green above 0.5%, plain below.
 */

#include <stdbool.h>
#include <stdio.h>

#define COLOR_RED	"\033[31m"
#define COLOR_GREEN	"\033[32m"
#define COLOR_RESET	"\033[m"

/* The escape that starts @pct's colour, "" when it stays plain. */
static inline const char *percent_color(double pct)
{
	double a = pct < 0 ? -pct : pct;

	return a >= 5.0 ? COLOR_RED : a > 0.5 ? COLOR_GREEN : "";
}

/* @text (showing @pct) on @fp, coloured when @color; returns its length
 * without the escapes, as fputs counts it. */
static inline size_t percent_fputs(FILE *fp, bool color, double pct, const char *text)
{
	const char *c = color ? percent_color(pct) : "";
	size_t n = 0;

	while (text[n])
		n++;
	if (*c)
		fprintf(fp, "%s%s%s", c, text, COLOR_RESET);
	else
		fputs(text, fp);
	return n;
}

#endif
