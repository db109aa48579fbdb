/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_ARCH_H
#define MPERF_ARCH_H

/*
 * What differs per CPU architecture, behind one ops table. Both x86 and
 * arm64 are always compiled in: record/stat use arch__for_host(), report
 * uses arch__by_name() with the ARCH feature of the file, so an arm64
 * perf.data can be read on x86. A NULL hook means "generic behaviour".
 * arch code includes only this header, L0 util headers and the kernel UAPI.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <linux/perf_event.h>

/* One named PMU event from the vendor tables (issue 8). */
struct pmu_event {
	const char *name;	/* "inst_retired.any" (lower case) */
	const char *topic;	/* "pipeline", "cache", ... */
	const char *desc;	/* brief description */
	const char *encoding;	/* sysfs term string: "event=0xc0,umask=0x0" */
	const char *pmu;	/* "cpu", "cpu_core", "armv8_pmuv3", uncore... */
	/* The fields the encoding was made from (util/pmu-events.h). */
	const char *counter;	/* counter restriction: "0,1,2,3", "Fixed counter 0" */
	uint64_t msr_value;	/* ldlat / offcore_rsp / frontend value */
	uint64_t umask;	/* uncore: UMaskExt in bits 8.. */
	uint32_t period;	/* the vendor's SampleAfterValue */
	uint16_t code;		/* event select (Intel, Arm event number) */
	uint16_t msr_index;	/* 0x3f6 ldlat, 0x1a6/0x1a7 offcore, 0x3f7 frontend */
	uint8_t cmask;
	uint8_t flags;		/* PMU_EVENT_F_* */
};

/* One metric: a named expression over events (issue 8). */
struct pmu_metric {
	const char *name;	/* "cpi" */
	const char *group;	/* "" or "TopdownL1;..." (';'-separated) */
	const char *expr;	/* "CPU_CLK_UNHALTED.THREAD / INST_RETIRED.ANY" */
	const char *desc;
	const char *unit;	/* ScaleUnit: "100%", "1GHz", "1per_instr" */
};

struct pmu_events_table {
	const char *cpuid_pattern;	/* the mapfile regex it came from */
	const struct pmu_event *events;
	size_t nr;
	const char *model;		/* "SKX", "neoverse-n1" */
	const char *arch;		/* "x86", "arm64" */
	const struct pmu_metric *metrics;
	size_t nr_metrics;
	bool hybrid;			/* cpu_core + cpu_atom events */
};

struct arch_ops {
	const char *name;		/* "x86", "arm64": the ARCH feature value */
	const char *uname_names[4];	/* uname -m values it serves */
	uint16_t e_machine;		/* EM_X86_64, EM_AARCH64 */

	/* The CPUID header feature string of this machine, as perf writes it
	 * ("GenuineIntel-6-55-4", "0x00000000410fd0c0"). 0 or -errno. */
	int (*cpuid)(char *buf, size_t size);

	/* The CPUID feature string perf writes into perf.data, when it is
	 * spelled differently from ->cpuid (x86: "GenuineIntel,6,85,4").
	 * NULL: the same as ->cpuid. 0 or -errno. */
	int (*header_cpuid)(char *buf, size_t size);

	/* Named events for a cpuid string; NULL = none known (issue 8). */
	const struct pmu_events_table *(*events_for)(const char *cpuid);

	/* Adjust an attr before open (precise_ip limits, ...); may be NULL. */
	void (*fixup_attr)(struct perf_event_attr *attr);

	/* Adjust record's default event (precise cycles) as perf does on
	 * this machine; may be NULL. */
	void (*fixup_default_cycles)(struct perf_event_attr *attr);

	/* Extra advice for an open failure, one line; 0 if none; may be NULL. */
	int (*open_strerror)(int err, const struct perf_event_attr *attr,
			     char *buf, size_t size);

	/* --call-graph dwarf: the sample_regs_user mask, and the map from the
	 * perf register index (bit number in that mask) to the DWARF
	 * register number (-1: none). */
	uint64_t sample_regs_user;
	int (*perf_reg_to_dwarf)(int perf_reg);
	const char *(*reg_name)(int perf_reg);
	int perf_reg_ip, perf_reg_sp;	/* perf indices of IP/PC and SP */
};

/* The events_for hooks (arch/x86/pmu-events.c, arch/arm64/pmu-events.c):
 * x86 by Intel's mapfile regexes (perf's matching rules), arm64 by MIDR
 * with variant and revision ignored. */
const struct pmu_events_table *x86__events_for(const char *cpuid);
const struct pmu_events_table *arm64__events_for(const char *cpuid);

extern const struct arch_ops arch_x86;
extern const struct arch_ops arch_arm64;

/* The running machine's arch (by uname -m); never NULL (x86 fallback). */
const struct arch_ops *arch__for_host(void);
/* By ARCH feature / uname value ("x86_64", "aarch64", "arm64", "x86"). */
const struct arch_ops *arch__by_name(const char *name);

#endif
