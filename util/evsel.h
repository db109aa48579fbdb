/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_EVSEL_H
#define MPERF_EVSEL_H

/*
 * One event: its perf_event_attr plus the fds opened for it per
 * (cpu, thread). Owned by the events helper (issue 2); stat and record build
 * on it. Fields may be added; keep existing names stable.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <linux/perf_event.h>

struct cpumap;
struct threadmap;

/* A count as read(2) returns it with TOTAL_TIME_ENABLED|RUNNING. */
struct counts {
	uint64_t val;
	uint64_t ena;
	uint64_t run;
	uint64_t lost;	/* with PERF_FORMAT_LOST */
};

/* perf's "Tool events": counted in user space, opened as a dummy. */
enum tool_event {
	TOOL_NONE = 0,
	TOOL_DURATION_TIME,
	TOOL_USER_TIME,
	TOOL_SYSTEM_TIME,
};

/*
 * Per-event terms that record applies over its own defaults
 * ("-e cycles/call-graph=dwarf,stack-size=8192,no-inherit/"), as perf's
 * config terms. -1 / NULL: not given. Counting (stat) ignores them.
 */
struct evsel_terms {
	char *call_graph;	/* "fp", "dwarf", "lbr", "no" */
	int64_t stack_size;
	int max_stack;
	int inherit;		/* inherit / no-inherit */
	int overwrite;		/* overwrite / no-overwrite */
	int time;		/* time=0|1: PERF_SAMPLE_TIME */
	int64_t max_events;	/* nr= */
	char *branch_type;	/* branch_type=any,u,... (-b / -j values) */
};

struct evsel {
	struct perf_event_attr attr;
	char *name;		/* perf's display name, e.g. "cycles:u" */
	char *pmu_name;		/* "cpu", "software", "tracepoint", ... */
	char *group_name;	/* "{a,b}:S" name of the group, leader only */
	struct evsel *leader;	/* self when not grouped */
	int nr_members;		/* leader: events in the group, self included */
	int idx;		/* position in the evlist */
	int tp_id_sys_len;	/* tracepoints: strlen of "sys" in name */
	bool is_tracepoint;
	bool attr_named;	/* read: named from its attr (the file names it not) */
	bool exclude_guest_default; /* modifiers did not set exclude_guest */
	bool auto_fallback;	/* record: opened as cpu-clock instead */
	bool supported;		/* false after EOPNOTSUPP/ENOENT at open */
	int open_errno;		/* errno of the first failed open, or 0 */
	bool exclude_GH;	/* a :G or :H modifier was given */
	bool sample_read;	/* :S modifier (on each group member) */
	bool precise_max;	/* :P modifier */
	bool weak_group;	/* :W modifier */
	char *unit;		/* sysfs alias .unit ("MiB"), or NULL */
	double scale;		/* sysfs alias .scale, 1.0 when none */
	int tool_event;		/* enum tool_event: duration_time, ... */
	bool user_period;	/* period= / freq= term given: keep it */
	bool user_freq;
	char *own_cpus;		/* the PMU's cpumask ("0,28": uncore), or NULL */
	char *filter;		/* record --filter: tracepoint filter, or NULL */
	struct evsel_terms terms; /* per-event config terms */

	struct cpumap *cpus;	/* borrowed from the evlist */
	struct threadmap *threads;
	int *fds;		/* [cpu_idx * threads->nr + thread_idx], -1 = none */
	uint64_t *ids;		/* PERF_FORMAT_ID ids, same indexing */
	struct counts *counts;	/* last read, same indexing */
};

struct evsel *evsel__new(const struct perf_event_attr *attr, const char *name);
/* All terms "not given". */
void evsel__terms_init(struct evsel_terms *t);
void evsel__delete(struct evsel *evsel);

/*
 * evsel__open - open the event on every (cpu, thread) of the maps, with
 * PERF_FLAG_FD_CLOEXEC. A group member uses its leader's fd of the same
 * (cpu, thread) as group fd when the leader is open on the same maps.
 * Ids are fetched (PERF_EVENT_IOC_ID) when read_format has ID or
 * sample_type has ID/IDENTIFIER. Retries as perf does: without
 * exclude_guest/exclude_host when the PMU refuses them, with a lower
 * precise_ip for :P. A thread that exited meanwhile (ESRCH, several
 * threads) is skipped. The caller keeps the maps alive.
 * Return: 0, or -errno of the failure (also kept in ->open_errno, and
 * ->supported cleared for ENOENT/EOPNOTSUPP/ENODEV/ENXIO); fds already
 * opened are closed on failure.
 */
int evsel__open(struct evsel *evsel, struct cpumap *cpus,
		struct threadmap *threads);
void evsel__close(struct evsel *evsel);

int evsel__enable(struct evsel *evsel);
int evsel__disable(struct evsel *evsel);

/* The samples the kernel could not write for the event's fd @idx
 * (PERF_FORMAT_LOST; 0 without it): 0, or -errno */
int evsel__read_lost(const struct evsel *evsel, int idx, uint64_t *lost);

/* Read every fd into ->counts. 0 or -errno. */
int evsel__read_counts(struct evsel *evsel);

/* Sum of ->counts over all fds. */
void evsel__sum_counts(const struct evsel *evsel, struct counts *sum);

/*
 * evsel__strerror_open - explain an open failure in one line with the fix:
 * the perf_event_paranoid value that would allow it and the sysctl command,
 * a missing PMU, a tracefs that is not mounted, EMFILE with `ulimit -n`.
 */
int evsel__strerror_open(const struct evsel *evsel, int err, char *buf,
			 size_t size);

/* Size in bytes of one sample record's fixed fields for this attr. */
size_t evsel__sample_size(const struct evsel *evsel);

/* True for the leader of a group (or an ungrouped event). */
static inline bool evsel__is_group_leader(const struct evsel *evsel)
{
	return evsel->leader == evsel;
}

/* Position of @evsel in its group (leader 0). */
static inline int evsel__group_idx(const struct evsel *evsel)
{
	return evsel->idx - evsel->leader->idx;
}

/* fd / counts of (cpu index, thread index). */
#define EVSEL_FD(e, c, t)	((e)->fds[(c) * (e)->threads->nr + (t)])
#define EVSEL_COUNTS(e, c, t)	((e)->counts[(c) * (e)->threads->nr + (t)])

/*
 * evsel__fallback - when @err says a hardware cycles-like event cannot be
 * opened (no PMU), switch @evsel to the cpu-clock software event as perf
 * record does: sets ->auto_fallback and renames it "cpu-clock". Return
 * true when the caller should retry the open.
 */
bool evsel__fallback(struct evsel *evsel, int err, char *msg, size_t size);
/*
 * evsel__fallback_user - @err is EACCES/EPERM for a per-task event that
 * includes the kernel, and kernel.perf_event_paranoid > 1 forbids that to
 * an unprivileged user: exclude the kernel and hypervisor and add ":u" to
 * the name, as perf does. Return true when the caller should retry.
 */
bool evsel__fallback_user(struct evsel *evsel, int err);

/*
 * evsel__attr_modifiers - the ":uhpppH" suffix perf names an unnamed event
 * with, derived from @a's exclude bits and precise level ("" for none).
 */
size_t evsel__attr_modifiers(const struct perf_event_attr *a, char *buf, size_t size);

/*
 * evsel__fprintf_attr - print @attr the way perf 6.1 does under -vv: a
 * "perf_event_attr:" line, then one "  name value" line per non-zero
 * field, between dashed lines. Return: characters printed.
 */
int evsel__fprintf_attr(FILE *fp, const struct perf_event_attr *attr);

/* Names of set bits of sample_type / read_format / branch_sample_type
 * as perf prints them ("IP|TID|TIME"). */
int evsel__snprintf_sample_type(char *buf, size_t size, uint64_t v);
int evsel__snprintf_read_format(char *buf, size_t size, uint64_t v);

/* The unit and scale perf records for @evsel (EVENT_UPDATE records): its
 * own (a sysfs alias's), else the clocks' "msec" and 1e-6 (not for the
 * cycles fallback's cpu-clock, as perf); *unit NULL
 * and *scale 0 when it has none. */
void evsel__update_unit_scale(const struct evsel *evsel, const char **unit, double *scale);

/* The name perf derives from an attr a file does not name (no EVENT_DESC:
 * a recording cut short, a pipe): the event's and the modifiers of its
 * exclude bits and precise level ("cpu-clock:ppp", "page-faults:k",
 * "unknown tracepoint"). malloc'd; NULL on ENOMEM. */
char *evsel__attr_name(const struct perf_event_attr *a);

/* Rename @evsel (a copy of @name; nothing for NULL or ""): no longer
 * attr_named. */
void evsel__set_name(struct evsel *evsel, const char *name);

/* task-clock or cpu-clock (counted in ns, shown in msec) */
bool evsel__is_clock(const struct evsel *evsel);
/* A count's scale to its unit as perf shows it: a clock's ns as msec
 * (1e-6), a tool event's ns as they are, else the event's own (PMU) */
double evsel__count_scale(const struct evsel *evsel);
/* The privilege-level context of its exclude bits: metrics pair only
 * counters alike. */
int evsel__ctx(const struct evsel *evsel);

/* Bytes one read(2) of this evsel's fd returns for its read_format. */
size_t evsel__read_size(const struct evsel *evsel);

#endif
