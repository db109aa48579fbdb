// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "strlist.h"

bool strlist__has(const struct strlist *l, const char *s)
{
	for (int i = 0; s && i < l->nr; i++)
		if (!strcmp(l->items[i], s))
			return true;
	return false;
}

static int strlist__add(struct strlist *l, const char *s, size_t len)
{
	char *item = strndup(s, len), **p;

	if (!item)
		return -ENOMEM;
	if (strlist__has(l, item)) {
		free(item);
		return 0;
	}
	p = realloc(l->items, (size_t)(l->nr + 1) * sizeof(*p));
	if (!p) {
		free(item);
		return -ENOMEM;
	}
	l->items = p;
	l->items[l->nr++] = item;
	return 0;
}

int strlist__parse(struct strlist *l, const char *s)
{
	const char *comma;

	for (; s && (comma = strchr(s, ',')); s = comma + 1)
		if (strlist__add(l, s, (size_t)(comma - s)))
			return -ENOMEM;
	return s && *s ? strlist__add(l, s, strlen(s)) : 0;
}

void strlist__exit(struct strlist *l)
{
	for (int i = 0; i < l->nr; i++)
		free(l->items[i]);
	free(l->items);
	l->items = NULL;
	l->nr = 0;
}
