// SPDX-License-Identifier: GPL-2.0
/* Feature sections of a recording; see record-features.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/utsname.h>
#include "cpumap.h"
#include "debug.h"
#include "event.h"
#include "evlist.h"
#include "evsel.h"
#include "record-dsos.h"
#include "record-features.h"
#include "record-output.h"

#define NAME_ALIGN	64

/* A growing byte buffer for one feature's payload. */
struct fbuf {
	unsigned char *p;
	size_t len, cap;
	int err;
};

static void fb_put(struct fbuf *b, const void *d, size_t n)
{
	if (b->err)
		return;
	if (b->len + n > b->cap) {
		size_t cap = (b->cap ? b->cap : 256);
		unsigned char *np;

		while (cap < b->len + n)
			cap *= 2;
		np = realloc(b->p, cap);
		if (!np) {
			b->err = -ENOMEM;
			return;
		}
		b->p = np;
		b->cap = cap;
	}
	memcpy(b->p + b->len, d, n);
	b->len += n;
}

static void fb_u32(struct fbuf *b, uint32_t v)
{
	fb_put(b, &v, 4);
}

static void fb_u64(struct fbuf *b, uint64_t v)
{
	fb_put(b, &v, 8);
}

/* perf's string: u32 length (padded, NUL included), bytes, zero pad */
static void fb_str(struct fbuf *b, const char *s)
{
	static const char zero[NAME_ALIGN];
	size_t n = strlen(s) + 1;
	size_t len = (n + NAME_ALIGN - 1) & ~(size_t)(NAME_ALIGN - 1);

	fb_u32(b, (uint32_t)len);
	fb_put(b, s, n);
	fb_put(b, zero, len - n);
}

static int feat_hostname(struct fbuf *b, struct evlist *e,
			 const struct record_output_info *info)
{
	struct utsname u;

	if (uname(&u))
		return -errno;
	fb_str(b, u.nodename);
	return 0;
}

static int feat_osrelease(struct fbuf *b, struct evlist *e,
			  const struct record_output_info *info)
{
	struct utsname u;

	if (uname(&u))
		return -errno;
	fb_str(b, u.release);
	return 0;
}

static int feat_version(struct fbuf *b, struct evlist *e,
			const struct record_output_info *info)
{
	fb_str(b, MPERF_VERSION);
	return 0;
}

static int feat_arch(struct fbuf *b, struct evlist *e,
		     const struct record_output_info *info)
{
	struct utsname u;

	if (uname(&u))
		return -errno;
	fb_str(b, u.machine);
	return 0;
}

static int feat_nrcpus(struct fbuf *b, struct evlist *e,
		       const struct record_output_info *info)
{
	long avail = sysconf(_SC_NPROCESSORS_CONF);
	long online = sysconf(_SC_NPROCESSORS_ONLN);

	fb_u32(b, (uint32_t)avail);
	fb_u32(b, (uint32_t)online);
	return 0;
}

static int feat_cmdline(struct fbuf *b, struct evlist *e,
			const struct record_output_info *info)
{
	char exe[4096];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	exe[n > 0 ? n : 0] = '\0';
	fb_u32(b, (uint32_t)info->argc + 1);
	fb_str(b, n > 0 ? exe : "mperf");
	for (int i = 0; i < info->argc; i++)
		fb_str(b, info->argv[i]);
	return 0;
}

static int feat_event_desc(struct fbuf *b, struct evlist *evlist,
			   const struct record_output_info *info)
{
	struct evsel *evsel;
	int i;

	fb_u32(b, (uint32_t)evlist->nr);
	fb_u32(b, sizeof(struct perf_event_attr));
	evlist__for_each(evlist, evsel, i) {
		int n = evsel->fds ? evsel->cpus->nr * evsel->threads->nr : 0;
		uint32_t nr = 0;

		for (int k = 0; k < n; k++)
			nr += evsel->fds[k] >= 0;
		fb_put(b, &evsel->attr, sizeof(evsel->attr));
		fb_u32(b, nr);
		fb_str(b, evsel->name ? evsel->name : "unknown");
		for (int k = 0; k < n; k++)
			if (evsel->fds[k] >= 0)
				fb_u64(b, evsel->ids[k]);
	}
	return 0;
}

static int feat_sample_time(struct fbuf *b, struct evlist *e,
			    const struct record_output_info *info)
{
	fb_u64(b, info->first_sample_time);
	fb_u64(b, info->last_sample_time);
	return 0;
}

static int build_id_one(const struct record_build_id *bid, void *ctx)
{
	struct fbuf *b = ctx;
	static const char zero[NAME_ALIGN];
	struct perf_event_header h;
	unsigned char id[24];
	size_t n = strlen(bid->filename) + 1;
	size_t len = (n + NAME_ALIGN - 1) & ~(size_t)(NAME_ALIGN - 1);
	int32_t pid = bid->pid;

	memset(id, 0, sizeof(id));
	memcpy(id, bid->id, bid->size);
	id[20] = bid->size;
	h.type = 0;
	h.misc = bid->misc | (1 << 15);	/* PERF_RECORD_MISC_BUILD_ID_SIZE */
	h.size = (uint16_t)(sizeof(h) + 4 + sizeof(id) + len);
	fb_put(b, &h, sizeof(h));
	fb_put(b, &pid, 4);
	fb_put(b, id, sizeof(id));
	fb_put(b, bid->filename, n);
	fb_put(b, zero, len - n);
	return b->err;
}

static int feat_build_id(struct fbuf *b, struct evlist *e,
			 const struct record_output_info *info)
{
	if (!info->dsos)
		return 0;
	record_dsos__resolve(info->dsos);
	return record_dsos__for_each_build_id(info->dsos, build_id_one, b) < 0 ?
		-ENOMEM : 0;
}

static int feat_compressed(struct fbuf *b, struct evlist *e,
			   const struct record_output_info *info)
{
	const struct record_output *o = info->output;

	fb_u32(b, 0);		/* version */
	fb_u32(b, 1);		/* zstd */
	fb_u32(b, (uint32_t)o->comp_level);
	fb_u32(b, o->comp_out ? (uint32_t)(o->comp_in / o->comp_out) : 0);
	fb_u32(b, (uint32_t)info->mmap_len);
	return 0;
}

struct feat_op {
	int bit;
	int (*write)(struct fbuf *b, struct evlist *e,
		     const struct record_output_info *info);
	bool pipe;		/* also sent up front in pipe mode */
};

static const struct feat_op feat_ops[] = {
	{ FEAT_BUILD_ID,	feat_build_id,		false },
	{ FEAT_HOSTNAME,	feat_hostname,		true },
	{ FEAT_OSRELEASE,	feat_osrelease,		true },
	{ FEAT_VERSION,		feat_version,		true },
	{ FEAT_ARCH,		feat_arch,		true },
	{ FEAT_NRCPUS,		feat_nrcpus,		true },
	{ FEAT_CMDLINE,		feat_cmdline,		true },
	{ FEAT_EVENT_DESC,	feat_event_desc,	true },
	{ FEAT_SAMPLE_TIME,	feat_sample_time,	false },
	{ FEAT_COMPRESSED,	feat_compressed,	false },
};

static bool feat_wanted(const struct feat_op *op,
			const struct record_output_info *info)
{
	if (op->bit == FEAT_COMPRESSED)
		return info->output && info->output->comp_level;
	return true;
}

int record_features__write(struct record_output *o, struct evlist *evlist,
			   const struct record_output_info *info,
			   uint64_t bitmap[4])
{
	struct fbuf bufs[ARRAY_SIZE(feat_ops)];
	uint64_t off = o->data_offset + o->data_size, pos;
	size_t nr = 0;
	int err = 0;

	memset(bufs, 0, sizeof(bufs));
	memset(bitmap, 0, 4 * sizeof(uint64_t));
	for (size_t i = 0; i < ARRAY_SIZE(feat_ops); i++) {
		if (!feat_wanted(&feat_ops[i], info))
			continue;
		if (feat_ops[i].write(&bufs[i], evlist, info) || bufs[i].err)
			continue;
		if (!bufs[i].len && feat_ops[i].bit == FEAT_BUILD_ID)
			continue;
		bitmap[feat_ops[i].bit / 64] |= 1ULL << (feat_ops[i].bit % 64);
		nr++;
	}
	/* the section table, in bit order, then the payloads */
	pos = off + nr * 16;
	for (size_t i = 0; !err && i < ARRAY_SIZE(feat_ops); i++) {
		uint64_t sec[2];
		int bit = feat_ops[i].bit;

		if (!(bitmap[bit / 64] & (1ULL << (bit % 64))))
			continue;
		sec[0] = pos;
		sec[1] = bufs[i].len;
		pos += bufs[i].len;
		err = record_output__raw(o, sec, sizeof(sec));
	}
	for (size_t i = 0; !err && i < ARRAY_SIZE(feat_ops); i++) {
		int bit = feat_ops[i].bit;

		if (bitmap[bit / 64] & (1ULL << (bit % 64)))
			err = record_output__raw(o, bufs[i].p, bufs[i].len);
	}
	for (size_t i = 0; i < ARRAY_SIZE(feat_ops); i++)
		free(bufs[i].p);
	return err;
}

int record_features__pipe_begin(struct record_output *o,
				struct evlist *evlist,
				const struct record_output_info *info)
{
	int err = 0;

	for (size_t i = 0; !err && i < ARRAY_SIZE(feat_ops); i++) {
		struct fbuf b = { 0 };
		struct perf_event_header h;
		uint64_t bit = (uint64_t)feat_ops[i].bit;

		if (!feat_ops[i].pipe)
			continue;
		if (feat_ops[i].write(&b, evlist, info) || b.err ||
		    b.len + 16 > 0xffff) {
			free(b.p);
			continue;
		}
		h.type = PERF_RECORD_HEADER_FEATURE;
		h.misc = 0;
		h.size = (uint16_t)(16 + ((b.len + 7) & ~(size_t)7));
		err = record_output__raw(o, &h, sizeof(h));
		if (!err)
			err = record_output__raw(o, &bit, sizeof(bit));
		if (!err)
			err = record_output__raw(o, b.p, b.len);
		if (!err && (b.len & 7)) {
			static const char zero[8];

			err = record_output__raw(o, zero, 8 - (b.len & 7));
		}
		free(b.p);
	}
	return err;
}

int record_features__pipe_end(struct record_output *o, struct evlist *evlist,
			      const struct record_output_info *info)
{
	return 0;
}
