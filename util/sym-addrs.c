// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include "sym-addrs.h"

/* the whole entry is a hex number (trailing blanks allowed) */
static bool parse_hex(const char *s, uint64_t *v)
{
	char *end;

	errno = 0;
	*v = strtoull(s, &end, 16);
	if (errno || end == s)
		return false;
	while (*end && isspace((unsigned char)*end))
		end++;
	return !*end;
}

int sym_addrs__split(struct sym_addrs *a, char ***names, int *nr)
{
	int i, kept = 0;

	for (i = 0; i < *nr; i++) {
		char *s = (*names)[i];
		uint64_t v;

		if (!s || !parse_hex(s, &v)) {
			(*names)[kept++] = s;
			continue;
		}
		uint64_t *p = realloc(a->v, (size_t)(a->nr + 1) * sizeof(*p));

		if (!p)
			return -ENOMEM;
		a->v = p;
		a->v[a->nr++] = v;
		free(s);
	}
	*nr = kept;
	return 0;
}

bool sym_addrs__has(const struct sym_addrs *a, uint64_t addr)
{
	for (int i = 0; i < a->nr; i++)
		if (a->v[i] == addr)
			return true;
	for (int i = 0; a->range && i < a->nr; i++)
		if (addr >= a->v[i] && addr < a->v[i] + (uint64_t)(int64_t)a->range)
			return true;
	return false;
}
