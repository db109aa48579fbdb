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

/* ---- gathering the host's facts ------------------------------------------ */

#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>
#include "arch/arch.h"
#include "cpumap.h"

/*
 * arch__for_host() lives in arch/arch.c (events helper); a weak reference
 * keeps this file linkable in trees where it is not there yet, and the
 * CPUID feature is simply left out then.
 */
extern const struct arch_ops *arch__for_host(void) __attribute__((weak));

/* Read a small sysfs/proc file, trailing whitespace removed. */
static char *read_line_file(const char *path)
{
	char buf[4096];
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	while (n && isspace((unsigned char)buf[n - 1]))
		buf[--n] = '\0';
	return strdup(buf);
}

static int read_int_file(const char *path, int *v)
{
	char *s = read_line_file(path);
	char *end;
	long l;

	if (!s)
		return -ENOENT;
	l = strtol(s, &end, 0);
	if (end == s) {
		free(s);
		return -EINVAL;
	}
	free(s);
	*v = (int)l;
	return 0;
}

/* "model name : AMD EPYC   7B13" -> "AMD EPYC 7B13" (spaces squashed as
 * perf does for branding strings). */
static char *cpu_desc(void)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char *line = NULL, *res = NULL;
	size_t len = 0;

	if (!f)
		return NULL;
	while (getline(&line, &len, f) > 0) {
		char *p, *s, *d;

		if (strncmp(line, "model name", 10))
			continue;
		p = strchr(line, ':');
		s = p && p[1] == ' ' && p[2] ? p + 2 : line;
		p = strchr(s, '\n');
		if (p)
			*p = '\0';
		for (d = s, p = s; *p; p++) {
			if (isspace((unsigned char)*p)) {
				if (d > s && d[-1] == ' ')
					continue;
				*d++ = ' ';
			} else {
				*d++ = *p;
			}
		}
		*d = '\0';
		res = strdup(s);
		break;
	}
	free(line);
	fclose(f);
	return res;
}

static uint64_t total_mem_kb(void)
{
	FILE *f = fopen("/proc/meminfo", "r");
	char line[256];
	unsigned long long kb = 0;

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "MemTotal: %llu", &kb) == 1)
			break;
	fclose(f);
	return kb;
}

/* Append @s to the list @v (size *@n) unless present. */
static int strv_add_unique(char ***v, uint32_t *n, const char *s)
{
	char **nv;

	for (uint32_t i = 0; i < *n; i++)
		if (!strcmp((*v)[i], s))
			return 0;
	nv = realloc(*v, (*n + 2) * sizeof(char *));
	if (!nv)
		return -ENOMEM;
	*v = nv;
	nv[*n] = strdup(s);
	if (!nv[*n])
		return -ENOMEM;
	(*n)++;
	nv[*n] = NULL;
	return 0;
}

static int cpu_topology(struct env *env)
{
	char path[PATH_MAX];
	int err = 0;
	bool dies;
	struct utsname u;

	env->cpu = calloc(env->nr_cpus_avail ? env->nr_cpus_avail : 1,
			  sizeof(*env->cpu));
	if (!env->cpu)
		return -ENOMEM;
	/* perf records die lists on x86_64 and s390x when sysfs has them */
	dies = !uname(&u) && (!strncmp(u.machine, "x86_64", 6) ||
			      !strncmp(u.machine, "s390x", 5)) &&
	       !access("/sys/devices/system/cpu/cpu0/topology/die_cpus_list", F_OK);
	for (uint32_t cpu = 0; cpu < env->nr_cpus_avail && !err; cpu++) {
		static const char *const pkg[] = { "package_cpus_list", "core_siblings_list" };
		static const char *const thr[] = { "core_cpus_list", "thread_siblings_list" };
		char *s = NULL;

		env->cpu[cpu].core_id = env->cpu[cpu].socket_id = -1;
		env->cpu[cpu].die_id = -1;
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%u/topology", cpu);
		if (access(path, F_OK))
			continue;	/* offline */
		for (int i = 0; i < 2 && !s; i++) {
			snprintf(path, sizeof(path),
				 "/sys/devices/system/cpu/cpu%u/topology/%s", cpu, pkg[i]);
			s = read_line_file(path);
		}
		if (s)
			err = strv_add_unique(&env->sibling_cores, &env->nr_sibling_cores, s);
		free(s);
		s = NULL;
		if (dies) {
			snprintf(path, sizeof(path),
				 "/sys/devices/system/cpu/cpu%u/topology/die_cpus_list", cpu);
			s = read_line_file(path);
			if (s && !err)
				err = strv_add_unique(&env->sibling_dies, &env->nr_sibling_dies, s);
			free(s);
			s = NULL;
		}
		for (int i = 0; i < 2 && !s; i++) {
			snprintf(path, sizeof(path),
				 "/sys/devices/system/cpu/cpu%u/topology/%s", cpu, thr[i]);
			s = read_line_file(path);
		}
		if (s && !err)
			err = strv_add_unique(&env->sibling_threads, &env->nr_sibling_threads, s);
		free(s);
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%u/topology/core_id", cpu);
		read_int_file(path, &env->cpu[cpu].core_id);
		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu%u/topology/physical_package_id", cpu);
		read_int_file(path, &env->cpu[cpu].socket_id);
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%u/topology/die_id", cpu);
		read_int_file(path, &env->cpu[cpu].die_id);
	}
	env->has_die_ids = dies && env->nr_sibling_dies;
	return err;
}

static int numa_topology(struct env *env)
{
	for (uint32_t node = 0; node < 4096; node++) {
		char path[PATH_MAX], line[256];
		struct env_numa_node *n;
		FILE *f;

		snprintf(path, sizeof(path), "/sys/devices/system/node/node%u", node);
		if (access(path, F_OK)) {
			if (node > 64)
				break;
			continue;
		}
		n = realloc(env->numa_nodes, (env->nr_numa_nodes + 1) * sizeof(*n));
		if (!n)
			return -ENOMEM;
		env->numa_nodes = n;
		n = &n[env->nr_numa_nodes++];
		memset(n, 0, sizeof(*n));
		n->node = node;
		snprintf(path, sizeof(path), "/sys/devices/system/node/node%u/meminfo", node);
		f = fopen(path, "r");
		while (f && fgets(line, sizeof(line), f)) {
			unsigned long long v;
			unsigned int nd;

			if (sscanf(line, "Node %u MemTotal: %llu", &nd, &v) == 2)
				n->mem_total = v;
			else if (sscanf(line, "Node %u MemFree: %llu", &nd, &v) == 2)
				n->mem_free = v;
		}
		if (f)
			fclose(f);
		snprintf(path, sizeof(path), "/sys/devices/system/node/node%u/cpulist", node);
		n->cpus = read_line_file(path);
		if (!n->cpus)
			n->cpus = strdup("");
	}
	return 0;
}

static int pmu_mappings(struct env *env)
{
	DIR *d = opendir("/sys/bus/event_source/devices");
	struct dirent *de;

	if (!d)
		return 0;
	while ((de = readdir(d))) {
		char path[PATH_MAX];
		struct env_pmu *p;
		int type;

		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/type",
			 de->d_name);
		if (read_int_file(path, &type))
			continue;
		p = realloc(env->pmu_mappings, (env->nr_pmu_mappings + 1) * sizeof(*p));
		if (!p) {
			closedir(d);
			return -ENOMEM;
		}
		env->pmu_mappings = p;
		p[env->nr_pmu_mappings].type = type;
		p[env->nr_pmu_mappings].name = strdup(de->d_name);
		env->nr_pmu_mappings++;
	}
	closedir(d);
	return 0;
}

static int cache_cmp(const void *a, const void *b)
{
	const struct env_cache *x = a, *y = b;

	return (int)x->level - (int)y->level;
}

static int caches(struct env *env)
{
	for (uint32_t cpu = 0; cpu < env->nr_cpus_avail; cpu++) {
		for (int idx = 0; idx < 8; idx++) {
			char base[PATH_MAX], path[PATH_MAX + 32];
			struct env_cache c = { 0 }, *nc;
			int v, dup = 0;

			snprintf(base, sizeof(base),
				 "/sys/devices/system/cpu/cpu%u/cache/index%d", cpu, idx);
			if (access(base, F_OK))
				break;
			snprintf(path, sizeof(path), "%s/level", base);
			if (read_int_file(path, &v))
				break;
			c.level = v;
			snprintf(path, sizeof(path), "%s/coherency_line_size", base);
			if (!read_int_file(path, &v))
				c.line_size = v;
			snprintf(path, sizeof(path), "%s/number_of_sets", base);
			if (!read_int_file(path, &v))
				c.sets = v;
			snprintf(path, sizeof(path), "%s/ways_of_associativity", base);
			if (!read_int_file(path, &v))
				c.ways = v;
			snprintf(path, sizeof(path), "%s/type", base);
			c.type = read_line_file(path);
			snprintf(path, sizeof(path), "%s/size", base);
			c.size = read_line_file(path);
			snprintf(path, sizeof(path), "%s/shared_cpu_list", base);
			c.map = read_line_file(path);
			if (!c.type || !c.size || !c.map) {
				free(c.type);
				free(c.size);
				free(c.map);
				break;
			}
			for (uint32_t i = 0; i < env->nr_caches; i++) {
				struct env_cache *o = &env->caches[i];

				if (o->level == c.level && o->line_size == c.line_size &&
				    o->sets == c.sets && o->ways == c.ways &&
				    !strcmp(o->type, c.type) && !strcmp(o->size, c.size) &&
				    !strcmp(o->map, c.map))
					dup = 1;
			}
			if (dup) {
				free(c.type);
				free(c.size);
				free(c.map);
				continue;
			}
			nc = realloc(env->caches, (env->nr_caches + 1) * sizeof(*nc));
			if (!nc)
				return -ENOMEM;
			env->caches = nc;
			nc[env->nr_caches++] = c;
		}
	}
	if (env->nr_caches > 1) {
		/* stable by level, as the table is built cpu by cpu */
		for (uint32_t i = 1; i < env->nr_caches; i++)
			for (uint32_t j = i; j > 0 && cache_cmp(&env->caches[j - 1], &env->caches[j]) > 0; j--) {
				struct env_cache t = env->caches[j];

				env->caches[j] = env->caches[j - 1];
				env->caches[j - 1] = t;
			}
	}
	return 0;
}

/* MEM_TOPOLOGY: per numa node, the bitmap of its memory blocks */
static int mem_topology(struct env *env)
{
	char *bs = read_line_file("/sys/devices/system/memory/block_size_bytes");

	if (!bs)
		return 0;
	env->memory_bsize = strtoull(bs, NULL, 16);
	free(bs);
	for (uint32_t node = 0; node < 4096; node++) {
		char path[PATH_MAX];
		struct env_mem_node *m;
		struct dirent *de;
		uint64_t max = 0;
		DIR *d;

		snprintf(path, sizeof(path), "/sys/devices/system/node/node%u", node);
		d = opendir(path);
		if (!d) {
			if (node > 64)
				break;
			continue;
		}
		while ((de = readdir(d))) {
			unsigned int idx;

			if (sscanf(de->d_name, "memory%u", &idx) == 1 && idx > max)
				max = idx;
		}
		m = realloc(env->memory_nodes, (env->nr_memory_nodes + 1) * sizeof(*m));
		if (!m) {
			closedir(d);
			return -ENOMEM;
		}
		env->memory_nodes = m;
		m = &m[env->nr_memory_nodes];
		m->node = node;
		m->size = max + 1;
		m->set = calloc((m->size + 63) / 64, 8);
		if (!m->set) {
			closedir(d);
			return -ENOMEM;
		}
		env->nr_memory_nodes++;
		rewinddir(d);
		while ((de = readdir(d))) {
			unsigned int idx;

			if (sscanf(de->d_name, "memory%u", &idx) == 1)
				m->set[idx / 64] |= 1ULL << (idx % 64);
		}
		closedir(d);
	}
	return 0;
}

int env__fill_host(struct env *env, int argc, const char **argv)
{
	struct utsname u;
	struct timespec res;
	char exe[PATH_MAX];
	ssize_t n;
	int err;

	if (!uname(&u)) {
		env->hostname = strdup(u.nodename);
		env->os_release = strdup(u.release);
		env->arch = strdup(u.machine);
	}
#ifdef MPERF_VERSION
	env->version = strdup(MPERF_VERSION);
#else
	env->version = strdup("0");
#endif
	env->nr_cpus_online = (uint32_t)sysconf(_SC_NPROCESSORS_ONLN);
	env->nr_cpus_avail = (uint32_t)cpumap__max_present();
	if (!env->nr_cpus_avail || env->nr_cpus_avail > 65536)
		env->nr_cpus_avail = env->nr_cpus_online;
	env->cpu_desc = cpu_desc();
	if (arch__for_host) {
		const struct arch_ops *ops = arch__for_host();
		char buf[128];

		int (*fn)(char *, size_t) = ops ? (ops->header_cpuid ?
					ops->header_cpuid : ops->cpuid) : NULL;

		if (fn && !fn(buf, sizeof(buf)))
			env->cpuid = strdup(buf);
	}
	env->total_mem = total_mem_kb();

	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n < 0)
		n = 0;
	exe[n] = '\0';
	env->cmdline_argv = calloc(argc + 2, sizeof(char *));
	if (!env->cmdline_argv)
		return -ENOMEM;
	env->cmdline_argv[0] = strdup(exe);
	for (int i = 0; i < argc; i++)
		env->cmdline_argv[i + 1] = strdup(argv[i] ? argv[i] : "");
	env->nr_cmdline = argc + 1;

	err = cpu_topology(env);
	if (!err)
		err = numa_topology(env);
	if (!err)
		err = pmu_mappings(env);
	if (!err)
		err = caches(env);
	if (!err)
		err = mem_topology(env);
	if (!clock_getres(CLOCK_MONOTONIC, &res))
		env->clockid_res_ns = res.tv_sec * 1000000000ULL + res.tv_nsec;
	if (!env->hostname || !env->os_release || !env->arch || !env->version)
		return -ENOMEM;
	return err;
}
