/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_COMPRESS_H
#define MPERF_COMPRESS_H

/*
 * zstd for PERF_RECORD_COMPRESSED: a streaming decompressor for the reader
 * and a compressor that packs record bytes into COMPRESSED records for
 * `record -z`. Owned by the perf.data helper.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct zstd_data {
	void *dstream;		/* ZSTD_DStream */
	void *cstream;		/* ZSTD_CStream */
	int level;
	size_t hint;		/* zstd's next input size after the last call */
};

/* @level 1..22 for compression (0: decompress only). 0 or -errno. */
int zstd__init(struct zstd_data *z, int level);
void zstd__exit(struct zstd_data *z);

/*
 * zstd__decompress - feed the payload of one COMPRESSED record; append
 * the bytes it yields to *@out (malloc'd, grown as needed, at most
 * @max_out bytes in all). Return bytes appended, or -errno (-EFBIG past
 * @max_out, -EINVAL for a damaged stream).
 */
ssize_t zstd__decompress(struct zstd_data *z, const void *src, size_t size,
			 char **out, size_t *out_len, size_t *out_cap,
			 size_t max_out);

/*
 * zstd__mid_block - whether the decompressed stream stopped inside a zstd
 * block: perf's COMPRESSED records end on block boundaries (its stream is
 * flushed after each, never ended), so input that stops inside one was cut.
 */
bool zstd__mid_block(const struct zstd_data *z);

/*
 * zstd__compress_records - compress @size bytes of records into a sequence
 * of PERF_RECORD_COMPRESSED records at @dst (@dst_size bytes), each no
 * larger than @max_record (<= 65535). Return the bytes written to @dst, or
 * -errno (-ENOSPC when @dst is too small).
 */
ssize_t zstd__compress_records(struct zstd_data *z, void *dst, size_t dst_size,
			       const void *src, size_t size, size_t max_record);

#endif
