// SPDX-License-Identifier: GPL-2.0
/* zstd streams for PERF_RECORD_COMPRESSED. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zstd.h>
#include "compress.h"
#include "event.h"

int zstd__init(struct zstd_data *z, int level)
{
	memset(z, 0, sizeof(*z));
	z->level = level;
	z->dstream = ZSTD_createDStream();
	if (!z->dstream)
		return -ENOMEM;
	ZSTD_initDStream(z->dstream);
	if (level > 0) {
		z->cstream = ZSTD_createCStream();
		if (!z->cstream) {
			zstd__exit(z);
			return -ENOMEM;
		}
		if (ZSTD_isError(ZSTD_initCStream(z->cstream, level))) {
			zstd__exit(z);
			return -EINVAL;
		}
	}
	return 0;
}

void zstd__exit(struct zstd_data *z)
{
	if (z->dstream)
		ZSTD_freeDStream(z->dstream);
	if (z->cstream)
		ZSTD_freeCStream(z->cstream);
	memset(z, 0, sizeof(*z));
}

ssize_t zstd__decompress(struct zstd_data *z, const void *src, size_t size,
			 char **out, size_t *out_len, size_t *out_cap,
			 size_t max_out)
{
	ZSTD_inBuffer in = { src, size, 0 };
	size_t start = *out_len;

	for (;;) {
		size_t in_before = in.pos;
		ZSTD_outBuffer o;
		size_t ret;

		if (*out_cap - *out_len < 64 * 1024) {
			size_t cap = *out_cap ? *out_cap * 2 : 1024 * 1024;
			char *n;

			if (cap > max_out)
				cap = max_out;
			if (cap <= *out_cap)
				return -EFBIG;
			n = realloc(*out, cap);
			if (!n)
				return -ENOMEM;
			*out = n;
			*out_cap = cap;
		}
		o.dst = *out + *out_len;
		o.size = *out_cap - *out_len;
		o.pos = 0;
		ret = ZSTD_decompressStream(z->dstream, &o, &in);
		if (ZSTD_isError(ret))
			return -EINVAL;
		z->hint = ret;
		*out_len += o.pos;
		/* done when the input is used up and the output did not fill
		 * (with a full output zstd may still hold decoded bytes) */
		if (in.pos == in.size && o.pos < o.size)
			break;
		if (!o.pos && in.pos == in_before)
			break;
	}
	return *out_len - start;
}

/* (between blocks zstd asks for the next block's 3-byte header: more is
 * the rest of a block begun) */
bool zstd__mid_block(const struct zstd_data *z)
{
	return z->hint > 3;
}

ssize_t zstd__compress_records(struct zstd_data *z, void *dst, size_t dst_size,
			       const void *src, size_t size, size_t max_record)
{
	ZSTD_inBuffer in = { src, size, 0 };
	size_t done = 0, ret;

	if (!z->cstream)
		return -EINVAL;
	if (max_record > 65535)
		max_record = 65535;
	if (!size)
		return 0;
	/* a record per call, until the input is used up and zstd holds no
	 * more output of the frame */
	do {
		struct perf_event_header *h;
		ZSTD_outBuffer o;
		size_t hsz = sizeof(*h);

		if (dst_size - done < hsz + 64)
			return -ENOSPC;
		h = (struct perf_event_header *)((char *)dst + done);
		o.dst = (char *)h + hsz;
		o.size = dst_size - done - hsz;
		if (o.size > max_record - hsz)
			o.size = max_record - hsz;
		o.pos = 0;
		ret = ZSTD_compressStream2(z->cstream, &o, &in, ZSTD_e_end);
		if (ZSTD_isError(ret))
			return -EINVAL;
		/* as perf writes them: header + compressed bytes, no
		 * padding (readers take records at any alignment) */
		h->type = PERF_RECORD_COMPRESSED;
		h->misc = 0;
		h->size = hsz + o.pos;
		done += hsz + o.pos;
	} while (in.pos < in.size || ret);
	return done;
}
