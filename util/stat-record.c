// SPDX-License-Identifier: GPL-2.0
/*
 * The writer side of `mperf stat record`: perf's STAT records around the
 * header and feature code of util/header.c. See stat-record.h.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "stat-record.h"
#include "cpumap.h"
#include "debug.h"
#include "env.h"
#include "event.h"
#include "evlist.h"
#include "evsel.h"
#include "record-tracing.h"

/* perf: NONE 0, GLOBAL 1, SOCKET 2, DIE 3, CORE 4, THREAD 5, UNSET 6, NODE 7 */
uint64_t stat__perf_aggr_mode(enum aggr_mode mode)
{
	switch (mode) {
	case AGGR_NONE:
		return 0;
	case AGGR_SOCKET:
		return 2;
	case AGGR_DIE:
		return 3;
	case AGGR_CORE:
		return 4;
	case AGGR_THREAD:
		return 5;
	case AGGR_GLOBAL:
	default:
		return 1;
	}
}

enum aggr_mode stat__aggr_mode_from_perf(uint64_t mode, bool *known)
{
	*known = true;
	switch (mode) {
	case 0:
		return AGGR_NONE;
	case 1:
		return AGGR_GLOBAL;
	case 2:
		return AGGR_SOCKET;
	case 3:
		return AGGR_DIE;
	case 4:
		return AGGR_CORE;
	case 5:
		return AGGR_THREAD;
	default:
		*known = false;
		return AGGR_GLOBAL;
	}
}

static int stat_record__put(struct stat_record *r, const void *buf, int n)
{
	int err;

	if (n < 0) {
		if (!r->err)
			r->err = n;
		return n;
	}
	err = data__write(&r->out, buf, (size_t)n);
	if (err && !r->err)
		r->err = err;
	return err;
}

int stat_record__open(struct stat_record *r, const char *path, int argc,
		      const char **argv)
{
	int err;

	memset(r, 0, sizeof(*r));
	header__init(&r->h);
	err = env__fill_host(&r->h.env, argc, argv);
	if (err) {
		header__exit(&r->h);
		pr_err("cannot gather the host facts for the header: %s\n", strerror(-err));
		return err;
	}
	err = data__open_write(&r->out, path, true);
	if (err) {
		header__exit(&r->h);
		return err;	/* data__open_write printed why */
	}
	r->pipe = r->out.is_pipe;
	r->opened = true;
	return 0;
}

int stat_record__begin(struct stat_record *r, struct evlist *evlist,
		       enum aggr_mode mode, unsigned int interval, bool scale)
{
	/* a record holds at most 16 + 24 * nr bytes; size it for the maps */
	size_t bsize = 4096;
	struct evsel *evsel;
	char *buf;
	int i, err, *pids = NULL, *cpus = NULL;

	if (evlist->threads && (size_t)evlist->threads->nr * 24 + 64 > bsize)
		bsize = (size_t)evlist->threads->nr * 24 + 64;
	if (evlist->cpus && (size_t)evlist->cpus->nr * 8 + 64 > bsize)
		bsize = (size_t)evlist->cpus->nr * 8 + 64;
	buf = malloc(bsize);
	if (!buf)
		return -ENOMEM;

	evlist__for_each(evlist, evsel, i) {
		uint32_t n = evsel->fds ? evsel->cpus->nr * evsel->threads->nr : 0;

		err = header__add_attr(&r->h, &evsel->attr, sizeof(evsel->attr),
				       evsel->ids, n, evsel->name);
		if (err)
			goto out;
	}
	for (int f = HEADER_HOSTNAME; f <= HEADER_CPU_TOPOLOGY; f++)
		header__set_feat(&r->h, f);
	header__set_feat(&r->h, HEADER_NUMA_TOPOLOGY);
	header__set_feat(&r->h, HEADER_PMU_MAPPINGS);
	header__set_feat(&r->h, HEADER_STAT);
	/*
	 * perf 6.1's own stat record leaves TRACING_DATA out and then cannot
	 * read its file back ("incompatible file format"): write it. (Not in
	 * pipe mode, where perf reads the stream without it.)
	 */
	if (!r->pipe && record_tracing__wanted(evlist) &&
	    !record_tracing__data(evlist, &r->h.env.tracing_data,
				  &r->h.env.tracing_data_size))
		header__set_feat(&r->h, HEADER_TRACING_DATA);
	if (r->pipe)
		err = header__write_pipe(&r->h, &r->out);
	else
		err = header__write_file_start(&r->h, &r->out);
	if (err)
		goto out;
	r->start = data__offset(&r->out);
	r->started = true;

	evlist__for_each(evlist, evsel, i) {
		const char *ev_unit;
		double ev_scale;

		if (!evsel->ids || !evsel->fds)
			continue;
		/* a pipe has no EVENT_DESC feature: names come this way, as perf */
		if (r->pipe)
			stat_record__put(r, buf, event__synthesize_event_update_str(buf, bsize,
					 PERF_EVENT_UPDATE__NAME, evsel->ids[0], evsel->name));
		evsel__update_unit_scale(evsel, &ev_unit, &ev_scale);
		if (ev_unit)
			stat_record__put(r, buf, event__synthesize_event_update_str(buf, bsize,
					 PERF_EVENT_UPDATE__UNIT, evsel->ids[0], ev_unit));
		if (ev_scale != 0.0)
			stat_record__put(r, buf, event__synthesize_event_update_scale(buf, bsize,
					 evsel->ids[0], ev_scale));
	}
	pids = calloc(evlist->threads->nr, sizeof(int));
	cpus = calloc(evlist->cpus->nr, sizeof(int));
	if (!pids || !cpus) {
		err = -ENOMEM;
		goto out;
	}
	for (i = 0; i < evlist->threads->nr; i++)
		pids[i] = evlist->threads->map[i];
	for (i = 0; i < evlist->cpus->nr; i++)
		cpus[i] = evlist->cpus->map[i];
	stat_record__put(r, buf, event__synthesize_thread_map(buf, bsize, pids, NULL,
							      evlist->threads->nr));
	stat_record__put(r, buf, event__synthesize_cpu_map(buf, bsize, cpus, evlist->cpus->nr));
	stat_record__put(r, buf, event__synthesize_stat_config(buf, bsize,
					stat__perf_aggr_mode(mode), interval, scale));
	err = r->err;
out:
	free(pids);
	free(cpus);
	free(buf);
	return err;
}

int stat_record__count(struct stat_record *r, uint64_t id, int cpu,
		       int thread, const struct stat_count *c)
{
	char buf[64];

	if (!r->started)
		return 0;
	return stat_record__put(r, buf, event__synthesize_stat(buf, sizeof(buf), id,
					(uint32_t)cpu, (uint32_t)thread,
					c->val, c->ena, c->run));
}

int stat_record__round(struct stat_record *r, bool final, uint64_t time_ns)
{
	char buf[64];

	if (!r->started)
		return 0;
	return stat_record__put(r, buf, event__synthesize_stat_round(buf, sizeof(buf),
					final ? PERF_STAT_ROUND_TYPE__FINAL :
						PERF_STAT_ROUND_TYPE__INTERVAL,
					time_ns));
}

int stat_record__close(struct stat_record *r)
{
	int err = r->err;

	if (!r->opened)
		return 0;
	if (r->started && !r->pipe && !err)
		err = header__write_file_finish(&r->h, &r->out,
						data__offset(&r->out) - r->start);
	if (data__close(&r->out) && !err)
		err = -EIO;
	header__exit(&r->h);
	r->opened = false;
	if (err)
		pr_err("writing the stat data file failed: %s\n", strerror(-err));
	return err;
}
