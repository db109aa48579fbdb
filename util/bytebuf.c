// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "bytebuf.h"

void bytebuf__put(struct bytebuf *b, const void *src, size_t n)
{
	if (b->err)
		return;
	if (n > b->cap - b->len) {
		size_t cap = b->cap ? b->cap : 256;
		unsigned char *np;

		while (cap - b->len < n) {
			if (cap > SIZE_MAX / 2) {
				b->err = -ENOMEM;
				return;
			}
			cap *= 2;
		}
		np = realloc(b->p, cap);
		if (!np) {
			b->err = -ENOMEM;
			return;
		}
		b->p = np;
		b->cap = cap;
	}
	if (src)
		memcpy(b->p + b->len, src, n);
	else
		memset(b->p + b->len, 0, n);
	b->len += n;
}

int bytebuf__take(struct bytebuf *b, void **data, size_t *size)
{
	int err = b->err;

	if (err) {
		free(b->p);
		*data = NULL;
		*size = 0;
	} else {
		*data = b->p;
		*size = b->len;
	}
	memset(b, 0, sizeof(*b));
	return err;
}
