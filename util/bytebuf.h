/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_BYTEBUF_H
#define MPERF_BYTEBUF_H

/*
 * A byte buffer that grows as it is written, for blobs built in memory
 * (feature sections, TRACING_DATA). The first failed allocation sticks in
 * .err and later writes do nothing: a writer appends without checking and
 * looks once, in bytebuf__take.
 *
 *	struct bytebuf b = { 0 };
 *	bytebuf__u32(&b, n);
 *	bytebuf__put(&b, name, len);
 *	return bytebuf__take(&b, &data, &size);
 */

#include <stddef.h>
#include <stdint.h>

struct bytebuf {
	unsigned char *p;
	size_t len, cap;
	int err;		/* 0 or -ENOMEM */
};

/* Append @n bytes from @src, or @n zero bytes when @src is NULL. */
void bytebuf__put(struct bytebuf *b, const void *src, size_t n);

static inline void bytebuf__u32(struct bytebuf *b, uint32_t v)
{
	bytebuf__put(b, &v, sizeof(v));
}

static inline void bytebuf__u64(struct bytebuf *b, uint64_t v)
{
	bytebuf__put(b, &v, sizeof(v));
}

/* Hand the bytes over (*@data malloc'd, the caller frees): 0, or the
 * buffer's error (the bytes are freed then). */
int bytebuf__take(struct bytebuf *b, void **data, size_t *size);

#endif
