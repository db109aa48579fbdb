/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_STRLIST_H
#define MPERF_STRLIST_H

#include <stdbool.h>

/*
 * A comma-separated option list (--comms, --dsos, --symbols) as perf 6.1
 * reads it: every piece before a comma is an item, an empty one too
 * (",x" is "" and "x"), the piece after the last comma only when it is
 * not empty ("x," is "x"); an item given twice is kept once. An empty
 * item matches no name, yet counts: an option given as "" or "," is a
 * filter that matches nothing.
 */
struct strlist {
	char **items;
	int nr;
};

/* Add the items of @s (nothing for NULL). 0 or -ENOMEM. */
int strlist__parse(struct strlist *l, const char *s);
bool strlist__has(const struct strlist *l, const char *s);
void strlist__exit(struct strlist *l);

#endif
