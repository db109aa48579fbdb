// SPDX-License-Identifier: GPL-2.0
/*
 * Host facts for the perf.data feature sections (util/header writes them,
 * and fills the same struct when reading a file).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "env.h"

void env__init(struct env *env)
{
	memset(env, 0, sizeof(*env));
}

static void strv_free(char **v, size_t n)
{
	if (!v)
		return;
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

void env__exit(struct env *env)
{
	free(env->hostname);
	free(env->os_release);
	free(env->version);
	free(env->arch);
	free(env->cpu_desc);
	free(env->cpuid);
	strv_free(env->cmdline_argv, env->nr_cmdline);
	strv_free(env->sibling_cores, env->nr_sibling_cores);
	strv_free(env->sibling_threads, env->nr_sibling_threads);
	strv_free(env->sibling_dies, env->nr_sibling_dies);
	free(env->cpu);
	for (uint32_t i = 0; i < env->nr_numa_nodes; i++)
		free(env->numa_nodes[i].cpus);
	free(env->numa_nodes);
	for (uint32_t i = 0; i < env->nr_pmu_mappings; i++)
		free(env->pmu_mappings[i].name);
	free(env->pmu_mappings);
	for (uint32_t i = 0; i < env->nr_groups; i++)
		free(env->groups[i].name);
	free(env->groups);
	for (uint32_t i = 0; i < env->nr_caches; i++) {
		free(env->caches[i].type);
		free(env->caches[i].size);
		free(env->caches[i].map);
	}
	free(env->caches);
	for (uint64_t i = 0; i < env->nr_memory_nodes; i++)
		free(env->memory_nodes[i].set);
	free(env->memory_nodes);
	strv_free(env->cpu_pmu_caps, env->nr_cpu_pmu_caps);
	for (uint32_t i = 0; i < env->nr_pmus_with_caps; i++) {
		strv_free(env->pmu_caps[i].caps, env->pmu_caps[i].nr_caps);
		free(env->pmu_caps[i].pmu_name);
	}
	free(env->pmu_caps);
	for (uint32_t i = 0; i < env->nr_hybrid_nodes; i++) {
		free(env->hybrid_nodes[i].pmu_name);
		free(env->hybrid_nodes[i].cpus);
	}
	free(env->hybrid_nodes);
	for (uint32_t i = 0; i < env->nr_build_ids; i++)
		free(env->build_ids[i].filename);
	free(env->build_ids);
	for (uint32_t i = 0; i < env->nr_event_desc; i++) {
		free(env->event_desc[i].name);
		free(env->event_desc[i].ids);
	}
	free(env->event_desc);
	free(env->tracing_data);
	memset(env, 0, sizeof(*env));
}

int env__add_build_id(struct env *env, int32_t pid, uint16_t misc,
		      const uint8_t *build_id, size_t size,
		      const char *filename)
{
	struct env_build_id *b;

	b = realloc(env->build_ids, (env->nr_build_ids + 1) * sizeof(*b));
	if (!b)
		return -ENOMEM;
	env->build_ids = b;
	b = &b[env->nr_build_ids];
	memset(b, 0, sizeof(*b));
	b->pid = pid;
	b->misc = misc;
	b->size = size > 20 ? 20 : size;
	memcpy(b->build_id, build_id, b->size);
	b->filename = strdup(filename ? filename : "");
	if (!b->filename)
		return -ENOMEM;
	env->nr_build_ids++;
	return 0;
}
