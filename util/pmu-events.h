/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_PMU_EVENTS_H
#define MPERF_PMU_EVENTS_H

/*
 * Named PMU events compiled in from the vendor JSON (data/, turned into
 * util/pmu-events-gen.c by scripts/jevents.py at build time).
 *
 * A cpuid string selects a table: x86 "GenuineIntel-6-55-4" (or the
 * header's "GenuineIntel,6,85,4") matched against Intel's mapfile.csv
 * regexes with perf's rules; arm64 a MIDR "0x00000000410fd0c1" with
 * variant and revision ignored; or a model name ("SKX", "neoverse-n1").
 * Names are searched case-insensitively. An event encodes to a sysfs term
 * string and, given the PMU's format terms (sysfs or the architectural
 * defaults below), to config/config1/config2.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "arch/arch.h"

struct pmu_event_config;

#define PMU_EVENT_F_INV		0x01
#define PMU_EVENT_F_EDGE	0x02
#define PMU_EVENT_F_ANY		0x04
#define PMU_EVENT_F_PEBS	0x08
#define PMU_EVENT_F_DEPRECATED	0x10
#define PMU_EVENT_F_TAKEN_ALONE	0x20
#define PMU_EVENT_F_UNCORE	0x40

struct pmu_events_map {
	const char *cpuid;		/* mapfile regex, or a MIDR for arm64 */
	const struct pmu_events_table *table;
};

/* Generated (util/pmu-events-gen.c); each ends with a NULL entry. */
extern const struct pmu_events_map pmu_events_map_x86[];
extern const struct pmu_events_map pmu_events_map_arm64[];
extern const struct pmu_events_table *const pmu_events_tables[];

/* cpuid string or model name -> table; NULL if none. */
const struct pmu_events_table *pmu_events__table_for(const char *cpuid);
/* The tables for this machine (arch__for_host()->cpuid), or for the
 * cpuid in $MPERF_CPUID when set; NULL when none is known. */
const struct pmu_events_table *pmu_events__host_table(void);
/* The table parse-events and list use: the one for the cpuid given to
 * pmu_events__set_cpuid() (list/stat --cpuid), else $MPERF_CPUID, else
 * the host's. NULL when none. */
const struct pmu_events_table *pmu_events__current(void);
/* A malloc'd hint for an unknown event name: the closest named event of
 * the current table in any case ("did you mean 'inst_retired.any'?"), or,
 * for a vendor-looking name ("a.b") when no table is known for this CPU,
 * the cpuid and how to pick a table. NULL when there is nothing to say. */
char *pmu_events__suggest(const char *name);
/* Select another CPU's table (NULL: back to the default). -ENOENT, with
 * nothing changed, when no table matches @cpuid. */
int pmu_events__set_cpuid(const char *cpuid);
/* Does a PMU in sysfs (@pmu_name, "cpu", "armv8_pmuv3_0", "uncore_cha_3")
 * carry events of @ev's PMU ("cpu", "armv8_pmuv3", "uncore_cha")? */
bool pmu_events__pmu_match(const struct pmu_event *ev, const char *pmu_name);
/* Encode with the architectural layout for the event's PMU (no sysfs). */
int pmu_event__encode_default(const struct pmu_event *ev,
			      const struct pmu_events_table *t,
			      struct pmu_event_config *out);

/* perf's x86 rule: does the mapfile regex match the whole cpuid
 * ("vendor-family-model[-stepping]"; stepping ignored when the regex has
 * none)? */
bool pmu_events__x86_cpuid_match(const char *regex, const char *cpuid);
/* "GenuineIntel,6,85,4" -> "GenuineIntel-6-55-4"; other forms copied with
 * the hex fields upper-cased. */
void pmu_events__x86_normalize(const char *cpuid, char *buf, size_t size);

/* Case-insensitive name lookup; pmu NULL = any PMU of the table. Pass the
 * previous result as prev to find the next match (hybrid: one event per
 * core type), NULL to start. */
const struct pmu_event *pmu_events__find(const struct pmu_events_table *t,
					 const char *pmu, const char *name,
					 const struct pmu_event *prev);
/* Iterate: for (i = 0; i < t->nr; i++) t->events[i] is sorted by
 * topic, name, pmu. A metric by name, or the next metric of a group. */
const struct pmu_metric *pmu_metrics__find(const struct pmu_events_table *t,
					   const char *name);
bool pmu_metric__in_group(const struct pmu_metric *m, const char *group);

/* "cpu/event=0xc0,umask=0x1/" into buf (with ",period=N" when
 * with_period and the event has one). Returns the length. */
int pmu_event__snprintf(const struct pmu_event *ev, bool with_period,
			char *buf, size_t size);

/*
 * pmu_events__print - the table's events grouped by topic, as perf list
 * prints its JSON events:
 *
 *   cache:
 *     l1d.replacement
 *          [Counts the number of cache lines replaced in L1 data cache]
 *
 * @glob (fnmatch, any case) filters names; deprecated events only with
 * @deprecated; @details adds " Unit: pmu", the counters, the term string
 * and the config/config1 it encodes to with the architectural layout.
 * Returns the number of events printed.
 */
struct pmu_events_print_opts {
	const char *glob;
	bool details;
	bool deprecated;
	bool name_only;		/* one name per line (scripts, completion) */
};
int pmu_events__print(FILE *fp, const struct pmu_events_table *t,
		      const struct pmu_events_print_opts *o);
/*
 * The `mperf list` part for vendor events and metrics, for builtin-list:
 * @what NULL/"pmu" (all named events), "metric", "metricgroup", or a glob
 * over event and metric names. Prints nothing when no table is known.
 * Returns the number of entries printed.
 */
int pmu_events__list(FILE *fp, const char *what,
		     const struct pmu_events_print_opts *o);
/* Word-wrap "[text]" at 79 columns with a 7-space indent. */
void pmu_events__print_wrapped(FILE *fp, const char *text);

/* ---- format terms and encoding ---------------------------------------- */

struct pmu_event_config {
	uint64_t config, config1, config2;
	uint64_t period;	/* from a period= term; 0 if none */
};

/* A format term lookup: term name -> "config:0-7,32-35" or NULL. */
typedef const char *(*pmu_format_fn)(void *ctx, const char *term);

struct pmu_format_term {
	const char *name;
	const char *spec;
};

/* Architectural layouts, used when sysfs has no format directory (tests,
 * other machines' cpuids). NULL-name terminated. */
extern const struct pmu_format_term pmu_format_intel[];
extern const struct pmu_format_term pmu_format_amd[];	/* family 17h/19h */
extern const struct pmu_format_term pmu_format_armv8[];

/* pmu_format_fn over a struct pmu_format_term array (ctx). */
const char *pmu_events__format_table(void *ctx, const char *term);
/* pmu_format_fn over a sysfs PMU (ctx: struct pmu * from util/pmu.h). */
const char *pmu_events__format_pmu(void *ctx, const char *term);
/* The default layout for a PMU name and cpuid: Intel core for cpu,
 * cpu_core, cpu_atom on GenuineIntel; AMD for AuthenticAMD/HygonGenuine;
 * armv8 for armv8_* PMUs and MIDR cpuids. */
const struct pmu_format_term *pmu_events__default_format(const char *pmu,
						  const char *cpuid);

/* Put val into the bits a spec names ("config1:0-15", "config:0-7,32-35",
 * "config:21"): low value bits into the first range first. -ERANGE when
 * val does not fit, -EINVAL on a bad spec. */
int pmu_events__format_apply(const char *spec, uint64_t val,
		      struct pmu_event_config *out);
/* Encode "event=0xc0,umask=0x1,inv,cmask=2,period=1000": a bare term is 1;
 * config=, config1=, config2= set the whole word. On error returns -errno
 * and, when err is not NULL, one line naming the bad term. */
int pmu_terms__encode(const char *terms, pmu_format_fn fmt, void *ctx,
		      struct pmu_event_config *out, char *err, size_t errsz);
/* The event's encoding through fmt (the vendor period included). */
int pmu_event__encode(const struct pmu_event *ev, pmu_format_fn fmt,
		      void *ctx, struct pmu_event_config *out);

#endif
