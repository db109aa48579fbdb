// SPDX-License-Identifier: GPL-2.0
/*
 * Opened evsels -> stat counters: aggregation ids and reading.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "debug.h"
#include "stat-evlist.h"
#include "evlist.h"
#include "evsel.h"
#include "event.h"
#include "cpumap.h"
#include "stat-record.h"

int stat__cpu_die_id(int cpu)
{
	char path[128];
	FILE *f;
	int v = -1;

	snprintf(path, sizeof(path),
		 "/sys/devices/system/cpu/cpu%d/topology/die_id", cpu);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (fscanf(f, "%d", &v) != 1)
		v = -1;
	fclose(f);
	return v;
}

static int aggr_id__cmp(const struct aggr_id *a, const struct aggr_id *b,
			enum aggr_mode mode)
{
	if (a->socket != b->socket)
		return a->socket - b->socket;
	if (mode == AGGR_SOCKET)
		return 0;
	if (a->die != b->die)
		return a->die - b->die;
	if (mode == AGGR_DIE)
		return 0;
	if (a->core != b->core)
		return a->core - b->core;
	if (mode == AGGR_CORE)
		return 0;
	return a->cpu - b->cpu;
}

static char *thread_comm(pid_t tid)
{
	char path[64], buf[64] = "";
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/comm", tid);
	f = fopen(path, "r");
	if (f) {
		if (fgets(buf, sizeof(buf), f))
			buf[strcspn(buf, "\n")] = 0;
		fclose(f);
	}
	return strdup(buf[0] ? buf : "<unknown>");
}

static int stat_evlist__build_ids(struct stat_evlist *se, struct evlist *evlist,
				  enum aggr_mode mode)
{
	struct cpumap *cpus = evlist->cpus;
	struct threadmap *threads = evlist->threads;
	struct stat_view *v = &se->view;
	int ncpu = cpus->nr, nthr = threads->nr;

	se->nr_fds = ncpu * nthr;
	se->fd2id = calloc(se->nr_fds, sizeof(int));
	v->ids = calloc(se->nr_fds + 1, sizeof(*v->ids));
	if (!se->fd2id || !v->ids)
		return -ENOMEM;

	if (mode == AGGR_GLOBAL) {
		v->nr_ids = 1;
		v->ids[0] = (struct aggr_id){ -1, -1, -1, -1, -1, ncpu };
		return 0;
	}
	if (mode == AGGR_THREAD) {
		v->comm = calloc(nthr, sizeof(char *));
		v->pid = calloc(nthr, sizeof(int));
		if (!v->comm || !v->pid)
			return -ENOMEM;
		v->nr_ids = nthr;
		for (int t = 0; t < nthr; t++) {
			v->ids[t] = (struct aggr_id){ -1, -1, -1, -1, t, 1 };
			v->comm[t] = thread_comm(threads->map[t]);
			v->pid[t] = threads->map[t];
			for (int c = 0; c < ncpu; c++)
				se->fd2id[c * nthr + t] = t;
		}
		return 0;
	}
	if (cpus->map[0] < 0)
		return -EINVAL;	/* per-cpu modes need CPUs (-a or -C) */

	/* one id per distinct (socket, die, core, cpu) key, sorted */
	for (int c = 0; c < ncpu; c++) {
		int cpu = cpus->map[c];
		struct aggr_id id = { cpu__get_socket_id(cpu), stat__cpu_die_id(cpu),
				      cpu__get_core_id(cpu), cpu, -1, 1 };
		int k;

		if (id.die < 0)
			id.die = 0;
		if (mode == AGGR_SOCKET) {
			id.die = id.core = id.cpu = -1;
		} else if (mode == AGGR_DIE) {
			id.core = id.cpu = -1;
		} else if (mode == AGGR_CORE) {
			id.cpu = -1;
		} else {	/* AGGR_NONE: the cpu only */
			id.socket = id.die = id.core = -1;
		}
		for (k = 0; k < v->nr_ids; k++)
			if (!aggr_id__cmp(&v->ids[k], &id, mode))
				break;
		if (k < v->nr_ids) {
			v->ids[k].nr++;
			continue;
		}
		/* insertion sort */
		for (k = v->nr_ids; k > 0 && aggr_id__cmp(&v->ids[k - 1], &id, mode) > 0; k--)
			v->ids[k] = v->ids[k - 1];
		v->ids[k] = id;
		v->nr_ids++;
	}
	for (int c = 0; c < ncpu; c++) {
		int cpu = cpus->map[c];
		struct aggr_id id = { cpu__get_socket_id(cpu), stat__cpu_die_id(cpu),
				      cpu__get_core_id(cpu), cpu, -1, 1 };

		if (id.die < 0)
			id.die = 0;
		if (mode == AGGR_SOCKET)
			id.die = id.core = id.cpu = -1;
		else if (mode == AGGR_DIE)
			id.core = id.cpu = -1;
		else if (mode == AGGR_CORE)
			id.cpu = -1;
		else
			id.socket = id.die = id.core = -1;
		for (int k = 0; k < v->nr_ids; k++) {
			if (!aggr_id__cmp(&v->ids[k], &id, mode)) {
				for (int t = 0; t < nthr; t++)
					se->fd2id[c * nthr + t] = k;
				break;
			}
		}
	}
	return 0;
}

int stat_evlist__init(struct stat_evlist *se, struct evlist *evlist,
		      enum aggr_mode mode)
{
	struct stat_view *v = &se->view;
	struct evsel *evsel;
	int i, err;

	memset(se, 0, sizeof(*se));
	err = stat_evlist__build_ids(se, evlist, mode);
	if (err)
		return err;
	v->counters = calloc(evlist->nr ? evlist->nr : 1, sizeof(*v->counters));
	se->reason = calloc(evlist->nr ? evlist->nr : 1, sizeof(char *));
	if (!v->counters || !se->reason)
		return -ENOMEM;
	v->reason = se->reason;
	evlist__for_each(evlist, evsel, i) {
		struct stat_counter *c = &v->counters[i];
		const char *unit = evsel__is_clock(evsel) ? "msec" :
				   evsel->tool_event != TOOL_NONE ? "ns" : evsel->unit;

		err = stat_counter__init(c, evsel->name, unit, evsel__count_scale(evsel),
					 v->nr_ids);
		if (err)
			return err;
		c->kind = evsel->tool_event ? STAT_NONE :
			  stat__kind(evsel->attr.type, evsel->attr.config);
		c->is_clock = evsel__is_clock(evsel);
		c->ctx = evsel__ctx(evsel);
		c->priv = evsel;
		v->nr_counters++;
	}
	return 0;
}

void stat_evlist__exit(struct stat_evlist *se)
{
	struct stat_view *v = &se->view;

	for (int i = 0; i < v->nr_counters; i++) {
		stat_counter__exit(&v->counters[i]);
		free((char *)se->reason[i]);
	}
	if (v->comm)
		for (int i = 0; i < v->nr_ids; i++)
			free(v->comm[i]);
	free(v->comm);
	free(v->pid);
	free(v->counters);
	free(v->ids);
	free(se->reason);
	free(se->fd2id);
	memset(se, 0, sizeof(*se));
}

void stat_evlist__update_support(struct stat_evlist *se, struct evlist *evlist)
{
	struct stat_view *v = &se->view;

	for (int i = 0; i < v->nr_counters && i < evlist->nr; i++) {
		struct evsel *evsel = evlist->entries[i];
		struct stat_counter *c = &v->counters[i];

		c->supported = evsel->supported;
		if (!evsel->supported && evsel->open_errno && !se->reason[i]) {
			char buf[512];

			evsel__strerror_open(evsel, -evsel->open_errno, buf, sizeof(buf));
			se->reason[i] = strdup(buf);
		}
	}
}

/* a group one of whose members could not be opened is never read whole */
static bool group_incomplete(struct evlist *evlist, struct evsel *evsel)
{
	struct evsel *leader = evsel->leader, *pos;
	int i;

	if (leader->nr_members <= 1)
		return false;
	evlist__for_each(evlist, pos, i)
		if (pos->leader == leader && !pos->supported)
			return true;
	return false;
}

/*
 * Read one fd with @rf's layout (read_values). The values of a group go
 * into @vals[nr], matched to members by position.
 */
static int stat__read_fd(int fd, uint64_t rf, uint64_t *buf, size_t words,
			 struct stat_count *out, uint64_t *vals, int max_vals,
			 int *nr_vals)
{
	struct read_values rv;
	ssize_t r = read(fd, buf, words * sizeof(uint64_t));

	if (r < 0)
		return -errno;
	memset(out, 0, sizeof(*out));
	*nr_vals = 0;
	if (read_values__parse(&rv, rf, buf, (size_t)r))
		return -EIO;
	out->ena = rv.ena;
	out->run = rv.run;
	if (!rv.group) {
		out->val = rv.one.value;
		return 0;
	}
	for (uint64_t k = 0; k < rv.nr && (int)k < max_vals; k++)
		vals[(*nr_vals)++] = read_values__get(&rv, k).value;
	return 0;
}

static void stat_evlist__read_tool(struct stat_counter *c, struct evsel *evsel,
				   bool scale, bool interval, uint64_t elapsed_ns,
				   const struct rusage *ru)
{
	struct stat_count tc = { 0, 0, 0 };

	if (evsel->tool_event == TOOL_DURATION_TIME)
		tc.val = elapsed_ns;
	else if (ru && evsel->tool_event == TOOL_USER_TIME)
		tc.val = ru->ru_utime.tv_sec * 1000000000ULL +
			 ru->ru_utime.tv_usec * 1000ULL;
	else if (ru && evsel->tool_event == TOOL_SYSTEM_TIME)
		tc.val = ru->ru_stime.tv_sec * 1000000000ULL +
			 ru->ru_stime.tv_usec * 1000ULL;
	/* as perf: a tool count of 0 (no system time) is <not counted> */
	tc.ena = tc.run = tc.val;
	c->supported = true;
	stat_counter__add(c, 0, &tc);
}

int stat_evlist__read(struct stat_evlist *se, struct evlist *evlist,
		      bool scale, bool interval, uint64_t elapsed_ns,
		      const struct rusage *ru)
{
	struct stat_view *v = &se->view;
	/* a group read: nr, times, then value, id and lost per member; a
	 * group may hold every event of the list */
	size_t nr_words = 3 + 3 * (size_t)evlist->nr;
	uint64_t *buf = malloc(nr_words * sizeof(*buf));
	uint64_t *vals = malloc((size_t)evlist->nr * sizeof(*vals) + 1);
	struct evsel *evsel;
	int i, err = 0;

	if (!buf || !vals) {
		free(buf);
		free(vals);
		return -ENOMEM;
	}
	for (i = 0; i < v->nr_counters; i++)
		stat_counter__reset_cur(&v->counters[i]);

	evlist__for_each(evlist, evsel, i) {
		uint64_t rf = evsel->attr.read_format;
		bool group = rf & PERF_FORMAT_GROUP;
		int n;

		if (i >= v->nr_counters)
			break;
		if (evsel->tool_event != TOOL_NONE) {
			stat_evlist__read_tool(&v->counters[i], evsel, scale, interval,
					       elapsed_ns, ru);
			continue;
		}
		/* members of a group are read with their leader */
		if (group && !evsel__is_group_leader(evsel))
			continue;
		if (!evsel->fds || !evsel->supported || group_incomplete(evlist, evsel))
			continue;
		n = evsel->cpus->nr * evsel->threads->nr;
		for (int k = 0; k < n && k < se->nr_fds; k++) {
			struct stat_count cnt;
			int nr_vals = 0, e;

			if (evsel->fds[k] < 0)
				continue;
			e = stat__read_fd(evsel->fds[k], rf, buf, nr_words, &cnt,
					  vals, evlist->nr, &nr_vals);
			if (e) {
				if (!err)
					err = e;
				continue;
			}
			if (!group) {
				stat_counter__add(&v->counters[i], se->fd2id[k], &cnt);
				if (se->rec)
					stat_record__count(se->rec, evsel->ids[k],
							   evsel->cpus->map[k / evsel->threads->nr],
							   k % evsel->threads->nr, &cnt);
				continue;
			}
			for (int m = i; m < evlist->nr && m < v->nr_counters; m++) {
				struct evsel *mem = evlist->entries[m];
				int gi = evsel__group_idx(mem);
				struct stat_count mc = cnt;

				if (mem->leader != evsel)
					break;
				if (gi >= nr_vals || !mem->fds || mem->fds[k] < 0)
					continue;
				mc.val = vals[gi];
				stat_counter__add(&v->counters[m], se->fd2id[k], &mc);
				if (se->rec && mem->ids)
					stat_record__count(se->rec, mem->ids[k],
							   evsel->cpus->map[k / evsel->threads->nr],
							   k % evsel->threads->nr, &mc);
			}
		}
	}
	/* -v: the raw sums before scaling, as perf prints them */
	for (i = 0; verbose > 0 && i < v->nr_counters; i++) {
		struct stat_count sum = { 0, 0, 0 };

		if (!v->counters[i].supported)
			continue;
		for (int a = 0; a < v->counters[i].nr_aggr; a++) {
			sum.val += v->counters[i].aggr[a].cur.val;
			sum.ena += v->counters[i].aggr[a].cur.ena;
			sum.run += v->counters[i].aggr[a].cur.run;
		}
		pr_debug("%s: %llu %llu %llu\n", v->counters[i].name,
			 (unsigned long long)sum.val, (unsigned long long)sum.ena,
			 (unsigned long long)sum.run);
	}
	for (i = 0; i < v->nr_counters; i++)
		stat_counter__process(&v->counters[i], scale, interval);
	free(buf);
	free(vals);
	return err;
}

void stat_evlist__reset(struct stat_evlist *se)
{
	for (int i = 0; i < se->view.nr_counters; i++)
		stat_counter__reset_cur(&se->view.counters[i]);
}

void stat_evlist__add_raw(struct stat_evlist *se, int counter, int k,
			  const struct stat_count *raw)
{
	if (counter < 0 || counter >= se->view.nr_counters || k < 0 || k >= se->nr_fds)
		return;
	se->view.counters[counter].supported = true;
	stat_counter__add(&se->view.counters[counter], se->fd2id[k], raw);
}

void stat_evlist__process(struct stat_evlist *se, bool scale, bool interval)
{
	for (int i = 0; i < se->view.nr_counters; i++)
		stat_counter__process(&se->view.counters[i], scale, interval);
}
