// SPDX-License-Identifier: GPL-2.0
/*
 * The feature sections of a recording. The facts and their encodings come
 * from util/env + util/header (env__fill_host, header__feature_bytes);
 * this file decides which features a recording carries, as perf record
 * does, and places them: after the data in file mode, as HEADER_FEATURE
 * records up front and HEADER_BUILD_ID records at the end in pipe mode.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "debug.h"
#include "cpumap.h"
#include "env.h"
#include "event.h"
#include "evlist.h"
#include "evsel.h"
#include "header.h"
#include "record-dsos.h"
#include "record-features.h"
#include "record-output.h"
#include "record-tracing.h"

/* What perf 6.1 record writes, in bit order, and CLOCKID (issue 4). */
static const int record_feats[] = {
	HEADER_TRACING_DATA, HEADER_BUILD_ID, HEADER_HOSTNAME,
	HEADER_OSRELEASE, HEADER_VERSION, HEADER_ARCH, HEADER_NRCPUS,
	HEADER_CPUDESC, HEADER_CPUID, HEADER_TOTAL_MEM, HEADER_CMDLINE,
	HEADER_EVENT_DESC, HEADER_CPU_TOPOLOGY, HEADER_NUMA_TOPOLOGY,
	HEADER_PMU_MAPPINGS, HEADER_GROUP_DESC, HEADER_CACHE, HEADER_SAMPLE_TIME,
	HEADER_MEM_TOPOLOGY, HEADER_CLOCKID, HEADER_BPF_PROG_INFO,
	HEADER_BPF_BTF, HEADER_COMPRESSED, HEADER_CLOCK_DATA, HEADER_PMU_CAPS,
};

static int add_build_id(const struct record_build_id *b, void *ctx)
{
	struct header *h = ctx;

	return env__add_build_id(&h->env, b->pid, b->misc, b->id, b->size,
				 b->filename);
}

static int packed_ids(const struct evsel *evsel, uint64_t *out)
{
	int n = evsel->fds ? evsel->cpus->nr * evsel->threads->nr : 0, k = 0;

	for (int i = 0; i < n; i++)
		if (evsel->fds[i] >= 0)
			out[k++] = evsel->ids[i];
	return k;
}

/* A header describing this recording: host facts, attrs, the rest. */
static int record_header(struct header *h, struct evlist *evlist,
			 const struct record_output_info *info, bool at_end)
{
	struct evsel *evsel;
	int i, err;

	header__init(h);
	err = env__fill_host(&h->env, info->argc, info->argv);
	if (err)
		return err;
	evlist__for_each(evlist, evsel, i) {
		int n = evsel->fds ? evsel->cpus->nr * evsel->threads->nr : 0;
		uint64_t *ids = calloc((size_t)n + 1, sizeof(*ids));

		if (!ids)
			return -ENOMEM;
		n = packed_ids(evsel, ids);
		err = header__add_attr(h, &evsel->attr, sizeof(evsel->attr),
				       ids, (uint32_t)n, evsel->name);
		free(ids);
		if (err)
			return err;
	}
	if (evlist__nr_groups(evlist) > 0) {
		/* GROUP_DESC: each real group's name, leader index, size */
		h->env.groups = calloc((size_t)evlist->nr, sizeof(*h->env.groups));
		if (!h->env.groups)
			return -ENOMEM;
		evlist__for_each(evlist, evsel, i) {
			struct env_group *g;

			if (evsel->leader != evsel || evsel->nr_members < 2)
				continue;
			g = &h->env.groups[h->env.nr_groups++];
			g->name = NULL;	/* unnamed: "{anon_group}", as perf */
			g->leader_idx = (uint32_t)evsel->idx;
			g->nr_members = (uint32_t)evsel->nr_members;
		}
	}
	if (info->use_clockid) {
		struct timespec res;

		/* CLOCKID: the resolution of the clock in use; CLOCK_DATA */
		if (!clock_getres((clockid_t)info->clockid, &res))
			h->env.clockid_res_ns = (uint64_t)res.tv_sec * 1000000000ULL +
						(uint64_t)res.tv_nsec;
		h->env.clock_enabled = true;
		h->env.clockid = (uint32_t)info->clockid;
		h->env.clock_tod_ns = info->clock_tod_ns;
		h->env.clock_clockid_ns = info->clock_clockid_ns;
	}
	h->env.first_sample_time = info->first_sample_time;
	h->env.last_sample_time = info->last_sample_time;
	if (info->output && info->output->comp_level) {
		const struct record_output *o = info->output;

		h->env.comp_ver = 0;
		h->env.comp_type = 1;	/* zstd */
		h->env.comp_level = (uint32_t)o->comp_level;
		h->env.comp_ratio = o->comp_out ?
			(uint32_t)((o->comp_in + o->comp_out / 2) / o->comp_out) : 0;
		h->env.comp_mmap_len = (uint32_t)info->mmap_len;
	}
	if (record_tracing__wanted(evlist)) {
		err = record_tracing__data(evlist, &h->env.tracing_data,
					   &h->env.tracing_data_size);
		if (err)
			pr_warning("cannot collect the tracepoint formats (%s): perf script will not decode the tracepoint fields\n",
				   strerror(-err));
	}
	if (at_end && info->dsos) {
		record_dsos__resolve(info->dsos);
		err = record_dsos__for_each_build_id(info->dsos, add_build_id, h);
		if (err < 0)
			return err;
	}
	return 0;
}

int record_features__write(struct record_output *o, struct evlist *evlist,
			   const struct record_output_info *info,
			   uint64_t bitmap[4])
{
	void *bufs[ARRAY_SIZE(record_feats)];
	size_t sizes[ARRAY_SIZE(record_feats)];
	uint64_t pos = o->data_offset + o->data_size;
	struct header h;
	size_t nr = 0;
	int err;

	memset(bufs, 0, sizeof(bufs));
	memset(bitmap, 0, 4 * sizeof(uint64_t));
	err = record_header(&h, evlist, info, true);
	for (size_t i = 0; !err && i < ARRAY_SIZE(record_feats); i++) {
		int feat = record_feats[i];

		if (feat == HEADER_COMPRESSED && !o->comp_level)
			continue;
		if (feat == HEADER_BUILD_ID && !h.env.nr_build_ids)
			continue;
		if (feat == HEADER_GROUP_DESC && !h.env.nr_groups)
			continue;
		if (header__feature_bytes(&h, feat, &bufs[i], &sizes[i]))
			continue;
		bitmap[feat / 64] |= 1ULL << (feat % 64);
		nr++;
	}
	/* the section table, in bit order, then the payloads */
	pos += nr * 16;
	for (size_t i = 0; !err && i < ARRAY_SIZE(record_feats); i++) {
		uint64_t sec[2];

		if (!bufs[i])
			continue;
		sec[0] = pos;
		sec[1] = sizes[i];
		pos += sizes[i];
		err = record_output__raw(o, sec, sizeof(sec));
	}
	for (size_t i = 0; !err && i < ARRAY_SIZE(record_feats); i++)
		if (bufs[i])
			err = record_output__raw(o, bufs[i], sizes[i]);
	for (size_t i = 0; i < ARRAY_SIZE(record_feats); i++)
		free(bufs[i]);
	header__exit(&h);
	return err;
}

static int pipe_record(struct record_output *o, uint32_t type, uint16_t misc,
		       const void *head, size_t head_len, const void *payload,
		       size_t len)
{
	static const char zero[8];
	struct perf_event_header hd;
	size_t pad = (8 - ((head_len + len) & 7)) & 7;
	int err;

	if (8 + head_len + len + pad > 0xffff)
		return -E2BIG;
	hd.type = type;
	hd.misc = misc;
	hd.size = (uint16_t)(8 + head_len + len + pad);
	err = record_output__raw(o, &hd, sizeof(hd));
	if (!err && head_len)
		err = record_output__raw(o, head, head_len);
	if (!err && len)
		err = record_output__raw(o, payload, len);
	if (!err && pad)
		err = record_output__raw(o, zero, pad);
	return err;
}

int record_features__pipe_begin(struct record_output *o,
				struct evlist *evlist,
				const struct record_output_info *info)
{
	struct header h;
	int err = record_header(&h, evlist, info, false);

	for (size_t i = 0; !err && i < ARRAY_SIZE(record_feats); i++) {
		int feat = record_feats[i];
		uint64_t id = (uint64_t)feat;
		void *buf;
		size_t size;

		/* known only at the end, or sent as its own record */
		if (feat == HEADER_BUILD_ID || feat == HEADER_SAMPLE_TIME ||
		    feat == HEADER_TRACING_DATA)
			continue;
		if (feat == HEADER_GROUP_DESC && !h.env.nr_groups)
			continue;
		/* a reader needs mmap_len before the first COMPRESSED */
		if (feat == HEADER_COMPRESSED && !o->comp_level)
			continue;
		if (header__feature_bytes(&h, feat, &buf, &size))
			continue;
		err = pipe_record(o, PERF_RECORD_HEADER_FEATURE, 0, &id, sizeof(id),
				  buf, size);
		if (err == -E2BIG)
			err = 0;	/* too big for a record: skip it */
		free(buf);
	}
	/* the end of the features, as perf marks it (its report forces
	 * --group's grouping there) */
	if (!err) {
		uint64_t last = HEADER_LAST_FEATURE;

		err = pipe_record(o, PERF_RECORD_HEADER_FEATURE, 0, &last, sizeof(last), NULL, 0);
	}
	if (!err && h.env.tracing_data) {
		/* HEADER_TRACING_DATA: the record says the size, the data
		 * follows it in the stream, padded to 8 */
		static const char zero[8];
		size_t len = h.env.tracing_data_size;
		size_t pad = (8 - (len & 7)) & 7;
		struct {
			struct perf_event_header hd;
			uint32_t size;
			uint32_t pad;
		} rec = {
			.hd = { PERF_RECORD_HEADER_TRACING_DATA, 0, 16 },
			.size = (uint32_t)(len + pad),
		};

		err = record_output__raw(o, &rec, sizeof(rec));
		if (!err)
			err = record_output__raw(o, h.env.tracing_data, len);
		if (!err && pad)
			err = record_output__raw(o, zero, pad);
	}
	header__exit(&h);
	return err;
}

static int pipe_build_id(const struct record_build_id *b, void *ctx)
{
	struct record_output *o = ctx;
	size_t olen = strlen(b->filename) + 1;
	size_t len = (olen + 63) & ~(size_t)63;
	unsigned char head[4 + 24];
	char *name = calloc(1, len);
	int32_t pid = b->pid;
	int err;

	if (!name)
		return -ENOMEM;
	memcpy(name, b->filename, olen);
	memset(head, 0, sizeof(head));
	memcpy(head, &pid, 4);
	memcpy(head + 4, b->id, b->size);
	head[4 + 20] = b->size;
	err = pipe_record(o, PERF_RECORD_HEADER_BUILD_ID,
			  (uint16_t)(b->misc | (1 << 15)), head, sizeof(head),
			  name, len);
	free(name);
	return err;
}

int record_features__pipe_end(struct record_output *o, struct evlist *evlist,
			      const struct record_output_info *info)
{
	if (!info->dsos)
		return 0;
	record_dsos__resolve(info->dsos);
	return record_dsos__for_each_build_id(info->dsos, pipe_build_id, o) < 0 ?
		-EIO : 0;
}
