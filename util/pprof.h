/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_PPROF_H
#define MPERF_PPROF_H

/*
 * pprof output: the profile as a perftools.profiles.Profile message
 * (github.com/google/pprof proto/profile.proto), encoded by a small
 * protobuf writer of our own and gzip'd with zlib, the form `pprof`,
 * Parca and Pyroscope take.
 *
 * Layout: two sample types per event, "<event>_samples"/"count" and
 * "<event>"/"nanoseconds" (cpu-clock, task-clock) or "count" (others);
 * every sample carries one value pair per event (zeros for the others).
 * Each distinct (mapping, address) is a Location; consecutive inlined
 * frames at one address become extra Lines of that Location (inlined
 * first, caller last). Functions are (name, source file). Mappings carry
 * the file name, the build-id (hex) and the address range. Labels "comm"
 * and "pid" identify the process. default_sample_type is the first
 * event's period type.
 */

#include <stddef.h>
#include <stdint.h>
#include "bytebuf.h"
#include "profile.h"

/* Encode @p as an uncompressed Profile message into @out (caller frees out->p). */
int pprof__encode(struct profile *p, struct bytebuf *out);

/* Encode, gzip and write to @path ("-" = stdout). 0 or -errno. */
int pprof__write_file(struct profile *p, const char *path);

/* gzip @in into @out (a complete .gz member). 0 or -errno. */
int pprof__gzip(const unsigned char *in, size_t len, struct bytebuf *out);

/* the protobuf writer, exposed for the unit test */
void pb__varint(struct bytebuf *b, uint64_t v);
void pb__uint(struct bytebuf *b, unsigned int field, uint64_t v);	/* skips 0 */
void pb__bytes(struct bytebuf *b, unsigned int field, const void *data, size_t len);
void pb__packed(struct bytebuf *b, unsigned int field, const uint64_t *v, size_t n);

#endif
