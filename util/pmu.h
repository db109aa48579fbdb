/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_PMU_H
#define MPERF_PMU_H

/*
 * sysfs PMU discovery: every PMU under <sysfs>/bus/event_source/devices
 * with its type, format terms (term -> bits of config/config1/config2),
 * event aliases (events/NAME, .scale, .unit) and cpumask.
 * Owned by the events helper (issue 2).
 *
 * The sysfs root is "/sys", or $MPERF_SYSFS when set (tests point it at
 * tests/data/sysfs, a fake tree with an Intel-like cpu PMU and an uncore).
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <linux/perf_event.h>

struct pmu_format {
	char *name;		/* "umask" */
	int config;		/* 0: config, 1: config1, 2: config2 */
	uint64_t bits;		/* the bits of that word, e.g. 0xff00 */
	char *spec;		/* as in sysfs: "config:8-15" */
};

struct pmu_alias {
	char *name;		/* file name under events/ ("cycles") */
	char *terms;		/* its content: "event=0x3c" */
	char *unit;		/* from NAME.unit, or NULL */
	double scale;		/* from NAME.scale, 1.0 when none */
	bool per_pkg;		/* NAME.per-pkg */
	bool snapshot;		/* NAME.snapshot */
};

struct pmu {
	char *name;		/* directory name: "cpu", "uncore_imc_0" */
	uint32_t type;
	struct pmu_format *formats;
	int nr_formats;
	struct pmu_alias *aliases;	/* sorted by name */
	int nr_aliases;
	char *cpumask;		/* "0,28" from cpumask (or cpus), or NULL */
	bool is_core;		/* cpu, cpu_core, cpu_atom, armv8_* */
};

struct pmus {
	char *root;		/* the sysfs root used */
	struct pmu **pmus;	/* sorted by name */
	int nr;
};

/* "/sys" or $MPERF_SYSFS. */
const char *pmu__sysfs_root(void);

/*
 * pmus__new - read every PMU under @root/bus/event_source/devices
 * (@root NULL: pmu__sysfs_root()). Return: the set (never NULL on
 * success; may hold 0 PMUs), or NULL with errno set.
 */
struct pmus *pmus__new(const char *root);
void pmus__delete(struct pmus *pmus);

/* The process-wide set for the default root, read once. NULL on error. */
struct pmus *pmus__host(void);

struct pmu *pmus__find(const struct pmus *pmus, const char *name);
struct pmu *pmus__find_by_type(const struct pmus *pmus, uint32_t type);

/* Read one PMU directory. NULL with errno set. */
struct pmu *pmu__read(const char *devices_dir, const char *name);
void pmu__delete(struct pmu *pmu);

const struct pmu_format *pmu__find_format(const struct pmu *pmu,
					  const char *name);
/* Alias by name, case-insensitively (perf accepts "CYCLES"). */
const struct pmu_alias *pmu__find_alias(const struct pmu *pmu,
					const char *name);

/*
 * pmu_format__parse - parse a sysfs format string "config:0-7,21" or
 * "config1:0-15" into @fmt->config and @fmt->bits. 0 or -EINVAL.
 */
int pmu_format__parse(struct pmu_format *fmt, const char *spec);

/* Width in bits of a format (number of set bits). */
int pmu_format__width(const struct pmu_format *fmt);

/*
 * pmu_format__apply - scatter @value over the format's bits, low bits of
 * @value into the lowest bits of the field (split ranges continue at the
 * next range), into attr config/config1/config2.
 * Return: 0, or -ERANGE when @value does not fit the field's width.
 */
int pmu_format__apply(const struct pmu_format *fmt, uint64_t value,
		      struct perf_event_attr *attr);

/* Read the bits of a format back out of an attr (for --details). */
uint64_t pmu_format__extract(const struct pmu_format *fmt,
			     const struct perf_event_attr *attr);

#endif
