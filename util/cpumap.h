/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_CPUMAP_H
#define MPERF_CPUMAP_H

#include <stdbool.h>
#include <sys/types.h>

/* A sorted set of CPU numbers; map[0] == -1 with nr == 1 means "any CPU". */
struct cpumap {
	int nr;
	int map[];
};

/*
 * cpumap__new - parse a cpu list ("0-3,6,8-9"); NULL means the online CPUs.
 * Return: a new map (free with cpumap__delete), or NULL with errno set
 * (EINVAL for a malformed list, ENODEV for a CPU that is not online).
 */
struct cpumap *cpumap__new(const char *list);
/*
 * cpu_list__parse - "0-3,5" into a sorted array without repeats, malloc'd,
 * of at least one CPU up to 65535. Blanks around items and empty items are
 * skipped, or with @strict refused (perf's grammar for report and script:
 * digits, '-' and ',', a comma at the end taken). 0, -EINVAL or -ENOMEM.
 */
int cpu_list__parse(const char *s, bool strict, int **cpus, int *nr);
struct cpumap *cpumap__new_any(void);		/* { -1 } for per-thread events */
struct cpumap *cpumap__online(void);
void cpumap__delete(struct cpumap *map);
int cpumap__idx(const struct cpumap *map, int cpu);	/* -1 if absent */
int cpumap__max_present(void);			/* highest possible cpu + 1 */

/* Topology of one CPU from sysfs; -1 where unknown. */
int cpu__get_core_id(int cpu);
int cpu__get_socket_id(int cpu);

/* Threads to monitor; map[0] == -1 with nr == 1 means "all" (-a). */
struct threadmap {
	int nr;
	pid_t map[];
};

struct threadmap *threadmap__new_any(void);
/* every task of each pid in the comma list ("123,456"); NULL+errno */
struct threadmap *threadmap__new_by_pids(const char *pids);
/* exactly the listed tids ("123,124"); NULL+errno */
struct threadmap *threadmap__new_by_tids(const char *tids);
struct threadmap *threadmap__new_one(pid_t tid);
void threadmap__delete(struct threadmap *map);

#endif
