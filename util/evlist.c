// SPDX-License-Identifier: GPL-2.0
/* The ordered set of evsels of one command and their maps. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "evlist.h"
#include "debug.h"
#include "cpumap.h"

struct evlist *evlist__new(void)
{
	return calloc(1, sizeof(struct evlist));
}

void evlist__delete(struct evlist *evlist)
{
	if (!evlist)
		return;
	evlist__close(evlist);
	for (int i = 0; i < evlist->nr; i++)
		evsel__delete(evlist->entries[i]);
	free(evlist->entries);
	cpumap__delete(evlist->cpus);
	threadmap__delete(evlist->threads);
	free(evlist);
}

int evlist__add(struct evlist *evlist, struct evsel *evsel)
{
	struct evsel **n;

	n = realloc(evlist->entries, (evlist->nr + 1) * sizeof(*n));
	if (!n)
		return -ENOMEM;
	evlist->entries = n;
	evsel->idx = evlist->nr;
	evlist->entries[evlist->nr++] = evsel;
	return 0;
}

void evlist__set_maps(struct evlist *evlist, struct cpumap *cpus,
		      struct threadmap *threads)
{
	if (cpus != evlist->cpus) {
		cpumap__delete(evlist->cpus);
		evlist->cpus = cpus;
	}
	if (threads != evlist->threads) {
		threadmap__delete(evlist->threads);
		evlist->threads = threads;
	}
}

static bool err_is_unsupported(int err)
{
	return err == -ENOENT || err == -EOPNOTSUPP || err == -ENODEV ||
	       err == -ENXIO || err == -EINVAL;
}

int evlist__open(struct evlist *evlist, bool skip_unsupported,
		 struct evsel **failed)
{
	struct evsel *evsel;
	int i, err;

	if (failed)
		*failed = NULL;
	if (!evlist->cpus)
		evlist->cpus = cpumap__new_any();
	if (!evlist->threads)
		evlist->threads = threadmap__new_any();
	if (!evlist->cpus || !evlist->threads)
		return -ENOMEM;

	evlist__for_each(evlist, evsel, i) {
		/* a group whose leader could not be opened is not counted at
		 * all, as with perf: its members stay closed (fds NULL) */
		if (!evsel__is_group_leader(evsel) && !evsel->leader->fds) {
			evsel__close(evsel);
			continue;
		}
		err = evsel__open(evsel, evlist->cpus, evlist->threads);
		if (!err)
			continue;
		if (skip_unsupported && err_is_unsupported(err)) {
			evsel->supported = false;
			continue;
		}
		if (failed)
			*failed = evsel;
		return err;
	}
	return 0;
}

void evlist__close(struct evlist *evlist)
{
	/* members before leaders: close in reverse order */
	for (int i = evlist->nr - 1; i >= 0; i--)
		evsel__close(evlist->entries[i]);
}

int evlist__enable(struct evlist *evlist)
{
	struct evsel *evsel;
	int i, err;

	evlist__for_each(evlist, evsel, i) {
		err = evsel__enable(evsel);
		if (err)
			return err;
	}
	return 0;
}

int evlist__disable(struct evlist *evlist)
{
	struct evsel *evsel;
	int i, err;

	evlist__for_each(evlist, evsel, i) {
		err = evsel__disable(evsel);
		if (err)
			return err;
	}
	return 0;
}

int evlist__read_counts(struct evlist *evlist)
{
	struct evsel *evsel;
	int i, err;

	evlist__for_each(evlist, evsel, i) {
		if (!evsel->fds)
			continue;
		err = evsel__read_counts(evsel);
		if (err)
			return err;
	}
	return 0;
}

struct evsel *evlist__id2evsel(struct evlist *evlist, uint64_t id)
{
	struct evsel *evsel;
	int i;

	if (evlist->nr == 1)
		return evlist->entries[0];
	evlist__for_each(evlist, evsel, i) {
		int n;

		if (!evsel->ids)
			continue;
		n = evsel->cpus->nr * evsel->threads->nr;
		for (int k = 0; k < n; k++)
			if (evsel->ids[k] == id && evsel->fds[k] >= 0)
				return evsel;
	}
	return NULL;
}

int evlist__nr_groups(const struct evlist *evlist)
{
	int n = 0;

	for (int i = 0; i < evlist->nr; i++) {
		const struct evsel *e = evlist->entries[i];

		if (e->leader == e && e->nr_members > 1)
			n++;
	}
	return n;
}

void evlist__config_stat(struct evlist *evlist, bool enable_on_exec,
			 bool no_inherit)
{
	struct evsel *evsel;
	int i;

	evlist__for_each(evlist, evsel, i) {
		struct perf_event_attr *attr = &evsel->attr;

		attr->read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
				    PERF_FORMAT_TOTAL_TIME_RUNNING;
		if (evsel->leader->nr_members > 1)
			attr->read_format |= PERF_FORMAT_ID | PERF_FORMAT_GROUP;
		attr->inherit = !no_inherit;
		attr->sample_period = 0;
		attr->sample_type = PERF_SAMPLE_IDENTIFIER;
		if (evsel__is_group_leader(evsel)) {
			attr->disabled = 1;
			/* perf opens duration_time on CPU 0, not on the task */
			attr->enable_on_exec = enable_on_exec &&
					       evsel->tool_event != TOOL_DURATION_TIME;
		}
	}
}

bool evlist__has_sample(const struct evlist *el, uint64_t bit)
{
	for (int i = 0; el && i < el->nr; i++)
		if (el->entries[i]->attr.sample_type & bit)
			return true;
	return false;
}

bool evlist__has_attr_named_tracepoint(const struct evlist *el)
{
	for (int i = 0; el && i < el->nr; i++)
		if (el->entries[i]->is_tracepoint && el->entries[i]->attr_named)
			return true;
	return false;
}

int evlist__stitch_lbr_check(const struct evlist *el, const char *cmd)
{
	bool dwarf = evlist__has_sample(el, PERF_SAMPLE_REGS_USER) &&
		     evlist__has_sample(el, PERF_SAMPLE_STACK_USER);

	if (!dwarf && evlist__has_sample(el, PERF_SAMPLE_BRANCH_STACK)) {
		pr_err("%s: --stitch-lbr: LBR callchain stitching is not implemented in mperf; "
		       "drop --stitch-lbr (or use perf)\n", cmd);
		return -EINVAL;
	}
	pr_warning("%s: --stitch-lbr: the file has no LBR callchains (record with --call-graph "
		   "lbr); stitching is off, as in perf\n", cmd);
	return 0;
}

bool evlist__samples_have_cpu(const struct evlist *el)
{
	uint32_t seen_types = 0;

	for (int i = 0; el && i < el->nr; i++) {
		const struct perf_event_attr *attr = &el->entries[i]->attr;

		if (attr->type < 32) {
			if (seen_types & (1u << attr->type))
				continue;
			seen_types |= 1u << attr->type;
		}
		if (!(attr->sample_type & PERF_SAMPLE_CPU))
			return false;
	}
	return true;
}
