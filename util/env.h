/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_ENV_H
#define MPERF_ENV_H

/*
 * The facts about the recording machine that a perf.data's feature
 * sections carry: read from a file by util/header, or gathered from this
 * host by env__fill_host() for the recorder. Owned by the perf.data helper.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <linux/perf_event.h>

struct env_cpu_topo {
	int32_t core_id, socket_id, die_id;
};

struct env_numa_node {
	uint32_t node;
	uint64_t mem_total, mem_free;	/* kB */
	char *cpus;			/* "0-3" */
};

struct env_cache {
	uint32_t level, line_size, sets, ways;
	char *type, *size, *map;
};

struct env_pmu {
	uint32_t type;
	char *name;
};

struct env_group {
	char *name;
	uint32_t leader_idx, nr_members;
};

struct env_mem_node {
	uint64_t node;
	uint64_t size;		/* bits in @set */
	uint64_t *set;		/* memory block bitmap */
};

struct env_pmu_caps {
	char *pmu_name;
	int nr_caps;
	char **caps;		/* "name=value" */
};

struct env_hybrid_node {
	char *pmu_name, *cpus;
};

/* One BUILD_ID feature entry. */
struct env_build_id {
	int32_t pid;
	uint16_t misc;		/* cpumode of the dso (kernel/user/guest) */
	uint8_t size;		/* bytes of build_id used */
	uint8_t build_id[20];
	char *filename;
};

/* One EVENT_DESC entry: an attr, its name and ids. */
struct env_event_desc {
	struct perf_event_attr attr;
	char *name;
	uint32_t nr_ids;
	uint64_t *ids;
};

struct env {
	char *hostname, *os_release, *version, *arch;
	uint32_t nr_cpus_online, nr_cpus_avail;
	char *cpu_desc, *cpuid;
	uint64_t total_mem;		/* kB */
	int nr_cmdline;
	char **cmdline_argv;

	/* CPU_TOPOLOGY */
	uint32_t nr_sibling_cores, nr_sibling_threads, nr_sibling_dies;
	char **sibling_cores, **sibling_threads, **sibling_dies;
	struct env_cpu_topo *cpu;	/* nr_cpus_avail entries, or NULL */
	bool has_die_ids;

	uint32_t nr_numa_nodes;
	struct env_numa_node *numa_nodes;
	uint32_t nr_pmu_mappings;
	struct env_pmu *pmu_mappings;
	uint32_t nr_groups;
	struct env_group *groups;
	uint32_t nr_caches;
	struct env_cache *caches;

	uint64_t first_sample_time, last_sample_time;

	uint64_t memory_bsize;
	uint64_t nr_memory_nodes;
	struct env_mem_node *memory_nodes;

	uint64_t clockid_res_ns;
	bool clock_enabled;
	uint32_t clockid;
	uint64_t clock_tod_ns, clock_clockid_ns;

	uint32_t comp_ver, comp_type, comp_level, comp_ratio, comp_mmap_len;

	int nr_cpu_pmu_caps;
	char **cpu_pmu_caps;
	uint32_t nr_pmus_with_caps;
	struct env_pmu_caps *pmu_caps;
	uint32_t nr_hybrid_nodes;
	struct env_hybrid_node *hybrid_nodes;

	uint64_t dir_version;

	uint32_t nr_build_ids;
	struct env_build_id *build_ids;

	uint32_t nr_event_desc;
	struct env_event_desc *event_desc;

	/* TRACING_DATA, kept raw for util/trace-event */
	void *tracing_data;
	size_t tracing_data_size;
};

void env__init(struct env *env);
void env__exit(struct env *env);

/*
 * env__fill_host - gather this machine's facts into @env: hostname, os
 * release, mperf's version, arch (uname -m), cpus online/available, the cpu
 * description (/proc/cpuinfo), cpuid (arch ops; empty when the hook is
 * missing), total memory, the cpu topology from sysfs, the numa nodes, the
 * pmu mappings, the cache levels, the clock resolution (CLOCK_MONOTONIC),
 * and the command line: the path of the running binary followed by @argv
 * (the arguments after it, e.g. { "record", "-g", "--", "ls" }), as perf
 * writes CMDLINE.
 * Return: 0 or -errno (only for out-of-memory; missing files leave fields
 * empty).
 */
int env__fill_host(struct env *env, int argc, const char **argv);

/* Add one build-id entry (the recorder's list of dsos with samples). */
int env__add_build_id(struct env *env, int32_t pid, uint16_t misc,
		      const uint8_t *build_id, size_t size,
		      const char *filename);

#endif
