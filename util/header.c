// SPDX-License-Identifier: GPL-2.0
/*
 * perf.data header: read (file mode sections, pipe-mode feature records),
 * print as `perf report --header-only`, and write (file and pipe mode).
 * Every count and offset from the file is checked against the bytes that
 * are there; nothing is allocated on a header's word alone.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "bytebuf.h"
#include "debug.h"
#include "event.h"
#include "header.h"
#include "evsel.h"

#define NAME_ALIGN 64

static const char *const feat_names[HEADER_LAST_FEATURE] = {
	[HEADER_TRACING_DATA]	= "TRACING_DATA",
	[HEADER_BUILD_ID]	= "BUILD_ID",
	[HEADER_HOSTNAME]	= "HOSTNAME",
	[HEADER_OSRELEASE]	= "OSRELEASE",
	[HEADER_VERSION]	= "VERSION",
	[HEADER_ARCH]		= "ARCH",
	[HEADER_NRCPUS]		= "NRCPUS",
	[HEADER_CPUDESC]	= "CPUDESC",
	[HEADER_CPUID]		= "CPUID",
	[HEADER_TOTAL_MEM]	= "TOTAL_MEM",
	[HEADER_CMDLINE]	= "CMDLINE",
	[HEADER_EVENT_DESC]	= "EVENT_DESC",
	[HEADER_CPU_TOPOLOGY]	= "CPU_TOPOLOGY",
	[HEADER_NUMA_TOPOLOGY]	= "NUMA_TOPOLOGY",
	[HEADER_BRANCH_STACK]	= "BRANCH_STACK",
	[HEADER_PMU_MAPPINGS]	= "PMU_MAPPINGS",
	[HEADER_GROUP_DESC]	= "GROUP_DESC",
	[HEADER_AUXTRACE]	= "AUXTRACE",
	[HEADER_STAT]		= "STAT",
	[HEADER_CACHE]		= "CACHE",
	[HEADER_SAMPLE_TIME]	= "SAMPLE_TIME",
	[HEADER_MEM_TOPOLOGY]	= "MEM_TOPOLOGY",
	[HEADER_CLOCKID]	= "CLOCKID",
	[HEADER_DIR_FORMAT]	= "DIR_FORMAT",
	[HEADER_BPF_PROG_INFO]	= "BPF_PROG_INFO",
	[HEADER_BPF_BTF]	= "BPF_BTF",
	[HEADER_COMPRESSED]	= "COMPRESSED",
	[HEADER_CPU_PMU_CAPS]	= "CPU_PMU_CAPS",
	[HEADER_CLOCK_DATA]	= "CLOCK_DATA",
	[HEADER_HYBRID_TOPOLOGY] = "HYBRID_TOPOLOGY",
	[HEADER_PMU_CAPS]	= "PMU_CAPS",
};

const char *header__feat_name(int feat)
{
	if (feat <= 0 || feat >= HEADER_LAST_FEATURE)
		return NULL;
	return feat_names[feat];
}

void header__init(struct header *h)
{
	memset(h, 0, sizeof(*h));
	h->seek_fd = -1;
	env__init(&h->env);
}

void header__exit(struct header *h)
{
	for (int i = 0; i < h->nr_attrs; i++) {
		free(h->attrs[i].ids);
		free(h->attrs[i].name);
	}
	free(h->attrs);
	env__exit(&h->env);
	memset(h, 0, sizeof(*h));
}

int header__add_attr(struct header *h, const void *attr, size_t attr_size,
		     const uint64_t *ids, uint32_t nr_ids, const char *name)
{
	struct header_attr *a, *attrs;

	attrs = realloc(h->attrs, (h->nr_attrs + 1) * sizeof(*attrs));
	if (!attrs)
		return -ENOMEM;
	h->attrs = attrs;
	a = &attrs[h->nr_attrs];
	memset(a, 0, sizeof(*a));
	memcpy(&a->attr, attr, attr_size < sizeof(a->attr) ? attr_size : sizeof(a->attr));
	a->attr.size = sizeof(a->attr);
	if (nr_ids) {
		a->ids = malloc(nr_ids * sizeof(uint64_t));
		if (!a->ids)
			return -ENOMEM;
		memcpy(a->ids, ids, nr_ids * sizeof(uint64_t));
	}
	a->nr_ids = nr_ids;
	h->nr_attrs++;
	if (name) {
		a->name = strdup(name);
		if (!a->name)
			return -ENOMEM;
	}
	return 0;
}

/* ---- bounded reader ---------------------------------------------------- */

struct rd {
	const unsigned char *p, *end;
	int err;
};

static size_t rd_left(const struct rd *r)
{
	return r->end - r->p;
}

static void rd_bytes(struct rd *r, void *dst, size_t n)
{
	if (r->err || rd_left(r) < n) {
		r->err = -EINVAL;
		if (dst)
			memset(dst, 0, n);
		return;
	}
	if (dst)
		memcpy(dst, r->p, n);
	r->p += n;
}

static uint32_t rd_u32(struct rd *r)
{
	uint32_t v;

	rd_bytes(r, &v, 4);
	return v;
}

static uint64_t rd_u64(struct rd *r)
{
	uint64_t v;

	rd_bytes(r, &v, 8);
	return v;
}

/* u32 length (padding included) then the bytes; NULL on error. */
static char *rd_str(struct rd *r)
{
	uint32_t len = rd_u32(r);
	char *s;

	if (r->err || len > rd_left(r)) {
		r->err = -EINVAL;
		return NULL;
	}
	s = strndup((const char *)r->p, len);
	if (!s)
		r->err = -ENOMEM;
	r->p += len;
	return s;
}

/* A count of items each at least @min_size bytes: refuse counts that could
 * not fit in what is left. */
static bool rd_count_ok(struct rd *r, uint64_t n, size_t min_size)
{
	if (r->err)
		return false;
	if (n > rd_left(r) / (min_size ? min_size : 1)) {
		r->err = -EINVAL;
		return false;
	}
	return true;
}

static void strv_free(char **v, size_t n)
{
	if (!v)
		return;
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* @n strings; NULL (nothing kept) on error */
static char **rd_strv(struct rd *r, uint32_t n)
{
	char **v;

	if (!rd_count_ok(r, n, 4))
		return NULL;
	v = calloc(n + 1, sizeof(char *));
	if (!v) {
		r->err = -ENOMEM;
		return NULL;
	}
	for (uint32_t i = 0; i < n && !r->err; i++)
		v[i] = rd_str(r);
	if (r->err) {
		strv_free(v, n);
		return NULL;
	}
	return v;
}

/* Drop what an earlier copy of @feat left in @env (a feature can come
 * twice in pipe mode), so reading it again neither leaks nor mixes. */
static void env_clear_feature(struct env *env, int feat)
{
	struct env empty;

	env__init(&empty);
	switch (feat) {
	case HEADER_CMDLINE:
		strv_free(env->cmdline_argv, env->nr_cmdline);
		env->cmdline_argv = NULL;
		env->nr_cmdline = 0;
		break;
	case HEADER_EVENT_DESC:
		empty.nr_event_desc = env->nr_event_desc;
		empty.event_desc = env->event_desc;
		env->nr_event_desc = 0;
		env->event_desc = NULL;
		break;
	case HEADER_CPU_TOPOLOGY:
		empty.nr_sibling_cores = env->nr_sibling_cores;
		empty.sibling_cores = env->sibling_cores;
		empty.nr_sibling_threads = env->nr_sibling_threads;
		empty.sibling_threads = env->sibling_threads;
		empty.nr_sibling_dies = env->nr_sibling_dies;
		empty.sibling_dies = env->sibling_dies;
		empty.cpu = env->cpu;
		env->nr_sibling_cores = env->nr_sibling_threads = env->nr_sibling_dies = 0;
		env->sibling_cores = env->sibling_threads = env->sibling_dies = NULL;
		env->cpu = NULL;
		env->has_die_ids = false;
		break;
	case HEADER_NUMA_TOPOLOGY:
		empty.nr_numa_nodes = env->nr_numa_nodes;
		empty.numa_nodes = env->numa_nodes;
		env->nr_numa_nodes = 0;
		env->numa_nodes = NULL;
		break;
	case HEADER_PMU_MAPPINGS:
		empty.nr_pmu_mappings = env->nr_pmu_mappings;
		empty.pmu_mappings = env->pmu_mappings;
		env->nr_pmu_mappings = 0;
		env->pmu_mappings = NULL;
		break;
	case HEADER_GROUP_DESC:
		empty.nr_groups = env->nr_groups;
		empty.groups = env->groups;
		env->nr_groups = 0;
		env->groups = NULL;
		break;
	case HEADER_CACHE:
		empty.nr_caches = env->nr_caches;
		empty.caches = env->caches;
		env->nr_caches = 0;
		env->caches = NULL;
		break;
	case HEADER_MEM_TOPOLOGY:
		empty.nr_memory_nodes = env->nr_memory_nodes;
		empty.memory_nodes = env->memory_nodes;
		env->nr_memory_nodes = 0;
		env->memory_nodes = NULL;
		break;
	case HEADER_CPU_PMU_CAPS:
		empty.nr_cpu_pmu_caps = env->nr_cpu_pmu_caps;
		empty.cpu_pmu_caps = env->cpu_pmu_caps;
		env->nr_cpu_pmu_caps = 0;
		env->cpu_pmu_caps = NULL;
		break;
	case HEADER_HYBRID_TOPOLOGY:
		empty.nr_hybrid_nodes = env->nr_hybrid_nodes;
		empty.hybrid_nodes = env->hybrid_nodes;
		env->nr_hybrid_nodes = 0;
		env->hybrid_nodes = NULL;
		break;
	case HEADER_PMU_CAPS:
		empty.nr_pmus_with_caps = env->nr_pmus_with_caps;
		empty.pmu_caps = env->pmu_caps;
		env->nr_pmus_with_caps = 0;
		env->pmu_caps = NULL;
		break;
	default:
		break;
	}
	env__exit(&empty);
}

/* ---- feature readers ---------------------------------------------------- */

static int read_build_ids(struct header *h, struct rd *r)
{
	struct env *env = &h->env;

	while (rd_left(r) >= sizeof(struct perf_record_header_build_id)) {
		struct perf_record_header_build_id bev;
		const char *name;
		size_t name_len;
		uint8_t size = 20;

		memcpy(&bev, r->p, sizeof(bev));
		if (bev.header.size < sizeof(bev) || bev.header.size > rd_left(r))
			return -EINVAL;
		name = (const char *)r->p + sizeof(bev);
		name_len = strnlen(name, bev.header.size - sizeof(bev));
		if (bev.header.misc & (1 << 15))	/* MISC_BUILD_ID_SIZE */
			size = bev.size <= 20 ? bev.size : 20;
		{
			char *fn = strndup(name, name_len);
			int err;

			if (!fn)
				return -ENOMEM;
			err = env__add_build_id(env, bev.pid, bev.header.misc,
						bev.data, size, fn);
			free(fn);
			if (err)
				return err;
		}
		r->p += bev.header.size;
	}
	return 0;
}

static int read_event_desc(struct header *h, struct rd *r)
{
	struct env *env = &h->env;
	uint32_t nre = rd_u32(r), sz = rd_u32(r);

	if (r->err || sz < PERF_ATTR_SIZE_VER0 || !rd_count_ok(r, nre, sz + 8))
		return -EINVAL;
	env->event_desc = calloc(nre, sizeof(*env->event_desc));
	if (!env->event_desc)
		return -ENOMEM;
	for (uint32_t i = 0; i < nre && !r->err; i++) {
		struct env_event_desc *e = &env->event_desc[i];
		size_t cp = sz < sizeof(e->attr) ? sz : sizeof(e->attr);
		uint32_t nr;

		if (rd_left(r) < sz)
			return -EINVAL;
		memcpy(&e->attr, r->p, cp);
		r->p += sz;
		nr = rd_u32(r);
		e->name = rd_str(r);
		env->nr_event_desc = i + 1;
		if (!rd_count_ok(r, nr, 8))
			return -EINVAL;
		if (nr) {
			e->ids = malloc(nr * 8);
			if (!e->ids)
				return -ENOMEM;
			rd_bytes(r, e->ids, nr * 8);
			e->nr_ids = nr;
		}
	}
	return r->err;
}

static int read_cpu_topology(struct header *h, struct rd *r, size_t total)
{
	struct env *env = &h->env;
	uint32_t n;

	n = rd_u32(r);
	env->sibling_cores = rd_strv(r, n);
	if (r->err)
		return r->err;
	env->nr_sibling_cores = n;
	n = rd_u32(r);
	env->sibling_threads = rd_strv(r, n);
	if (r->err)
		return r->err;
	env->nr_sibling_threads = n;
	if (!rd_left(r))
		return 0;
	n = env->nr_cpus_avail;
	if (!rd_count_ok(r, n, 8))
		return 0;	/* old or odd layout: keep what we have */
	env->cpu = calloc(n ? n : 1, sizeof(*env->cpu));
	if (!env->cpu)
		return -ENOMEM;
	for (uint32_t i = 0; i < n; i++) {
		env->cpu[i].core_id = rd_u32(r);
		env->cpu[i].socket_id = rd_u32(r);
		env->cpu[i].die_id = -1;
	}
	if (!rd_left(r))
		return r->err;
	n = rd_u32(r);
	env->sibling_dies = rd_strv(r, n);
	if (r->err)
		return r->err;
	env->nr_sibling_dies = n;
	for (uint32_t i = 0; i < env->nr_cpus_avail && rd_left(r) >= 4; i++)
		env->cpu[i].die_id = rd_u32(r);
	env->has_die_ids = true;
	(void)total;
	return r->err;
}

static int read_feature(struct header *h, int feat, struct rd *r)
{
	struct env *env = &h->env;
	uint32_t n;

	switch (feat) {
	case HEADER_TRACING_DATA:
		free(env->tracing_data);
		env->tracing_data_size = rd_left(r);
		env->tracing_data = malloc(env->tracing_data_size ? env->tracing_data_size : 1);
		if (!env->tracing_data)
			return -ENOMEM;
		rd_bytes(r, env->tracing_data, env->tracing_data_size);
		return 0;
	case HEADER_BUILD_ID:
		return read_build_ids(h, r);
	case HEADER_HOSTNAME:
		free(env->hostname);
		env->hostname = rd_str(r);
		break;
	case HEADER_OSRELEASE:
		free(env->os_release);
		env->os_release = rd_str(r);
		break;
	case HEADER_VERSION:
		free(env->version);
		env->version = rd_str(r);
		break;
	case HEADER_ARCH:
		free(env->arch);
		env->arch = rd_str(r);
		break;
	case HEADER_CPUDESC:
		free(env->cpu_desc);
		env->cpu_desc = rd_str(r);
		break;
	case HEADER_CPUID:
		free(env->cpuid);
		env->cpuid = rd_str(r);
		break;
	case HEADER_NRCPUS:
		n = rd_u32(r);
		/* a pipe-mode NRCPUS after CPU_TOPOLOGY: its per-cpu
		 * table has the old count */
		if (env->cpu && n != env->nr_cpus_avail) {
			free(env->cpu);
			env->cpu = NULL;
		}
		env->nr_cpus_avail = n;
		env->nr_cpus_online = rd_u32(r);
		break;
	case HEADER_TOTAL_MEM:
		env->total_mem = rd_u64(r);
		break;
	case HEADER_CMDLINE:
		n = rd_u32(r);
		env->cmdline_argv = rd_strv(r, n);
		if (!r->err)
			env->nr_cmdline = n;
		break;
	case HEADER_EVENT_DESC:
		return read_event_desc(h, r);
	case HEADER_CPU_TOPOLOGY:
		return read_cpu_topology(h, r, rd_left(r));
	case HEADER_NUMA_TOPOLOGY:
		n = rd_u32(r);
		if (!rd_count_ok(r, n, 24))
			break;
		env->numa_nodes = calloc(n ? n : 1, sizeof(*env->numa_nodes));
		if (!env->numa_nodes)
			return -ENOMEM;
		for (uint32_t i = 0; i < n && !r->err; i++) {
			env->numa_nodes[i].node = rd_u32(r);
			env->numa_nodes[i].mem_total = rd_u64(r);
			env->numa_nodes[i].mem_free = rd_u64(r);
			env->numa_nodes[i].cpus = rd_str(r);
			env->nr_numa_nodes = i + 1;
		}
		break;
	case HEADER_PMU_MAPPINGS:
		n = rd_u32(r);
		if (!rd_count_ok(r, n, 8))
			break;
		env->pmu_mappings = calloc(n ? n : 1, sizeof(*env->pmu_mappings));
		if (!env->pmu_mappings)
			return -ENOMEM;
		for (uint32_t i = 0; i < n && !r->err; i++) {
			env->pmu_mappings[i].type = rd_u32(r);
			env->pmu_mappings[i].name = rd_str(r);
			env->nr_pmu_mappings = i + 1;
		}
		break;
	case HEADER_GROUP_DESC:
		n = rd_u32(r);
		if (!rd_count_ok(r, n, 12))
			break;
		env->groups = calloc(n ? n : 1, sizeof(*env->groups));
		if (!env->groups)
			return -ENOMEM;
		for (uint32_t i = 0; i < n && !r->err; i++) {
			env->groups[i].name = rd_str(r);
			env->groups[i].leader_idx = rd_u32(r);
			env->groups[i].nr_members = rd_u32(r);
			env->nr_groups = i + 1;
		}
		break;
	case HEADER_CACHE:
		if (rd_u32(r) != 1)
			return -EINVAL;
		n = rd_u32(r);
		if (!rd_count_ok(r, n, 28))
			break;
		env->caches = calloc(n ? n : 1, sizeof(*env->caches));
		if (!env->caches)
			return -ENOMEM;
		for (uint32_t i = 0; i < n && !r->err; i++) {
			struct env_cache *c = &env->caches[i];

			c->level = rd_u32(r);
			c->line_size = rd_u32(r);
			c->sets = rd_u32(r);
			c->ways = rd_u32(r);
			c->type = rd_str(r);
			c->size = rd_str(r);
			c->map = rd_str(r);
			env->nr_caches = i + 1;
		}
		break;
	case HEADER_SAMPLE_TIME:
		env->first_sample_time = rd_u64(r);
		env->last_sample_time = rd_u64(r);
		break;
	case HEADER_MEM_TOPOLOGY: {
		uint64_t nr;

		if (rd_u64(r) != 1)
			return -EINVAL;
		env->memory_bsize = rd_u64(r);
		nr = rd_u64(r);
		if (!rd_count_ok(r, nr, 24))
			break;
		env->memory_nodes = calloc(nr ? nr : 1, sizeof(*env->memory_nodes));
		if (!env->memory_nodes)
			return -ENOMEM;
		for (uint64_t i = 0; i < nr && !r->err; i++) {
			struct env_mem_node *m = &env->memory_nodes[i];
			uint64_t bits, words;

			m->node = rd_u64(r);
			rd_u64(r);	/* size, repeated by the bitmap */
			bits = rd_u64(r);
			words = (bits + 63) / 64;
			if (!rd_count_ok(r, words, 8))
				break;
			m->size = bits;
			m->set = calloc(words ? words : 1, 8);
			if (!m->set)
				return -ENOMEM;
			rd_bytes(r, m->set, words * 8);
			env->nr_memory_nodes = i + 1;
		}
		break;
	}
	case HEADER_CLOCKID:
		env->clockid_res_ns = rd_u64(r);
		break;
	case HEADER_DIR_FORMAT:
		env->dir_version = rd_u64(r);
		break;
	case HEADER_COMPRESSED:
		env->comp_ver = rd_u32(r);
		env->comp_type = rd_u32(r);
		env->comp_level = rd_u32(r);
		env->comp_ratio = rd_u32(r);
		env->comp_mmap_len = rd_u32(r);
		break;
	case HEADER_CPU_PMU_CAPS:
		n = rd_u32(r);
		if (!rd_count_ok(r, n, 8))
			break;
		env->cpu_pmu_caps = calloc(n + 1, sizeof(char *));
		if (!env->cpu_pmu_caps)
			return -ENOMEM;
		for (uint32_t i = 0; i < n && !r->err; i++) {
			char *k = rd_str(r), *v = rd_str(r);

			if (k && v && asprintf(&env->cpu_pmu_caps[i], "%s=%s", k, v) < 0)
				env->cpu_pmu_caps[i] = NULL;
			free(k);
			free(v);
			env->nr_cpu_pmu_caps = i + 1;
		}
		break;
	case HEADER_CLOCK_DATA:
		if (rd_u32(r) != 1)
			return -EINVAL;
		env->clockid = rd_u32(r);
		env->clock_tod_ns = rd_u64(r);
		env->clock_clockid_ns = rd_u64(r);
		env->clock_enabled = !r->err;
		break;
	case HEADER_HYBRID_TOPOLOGY:
		n = rd_u32(r);
		if (!rd_count_ok(r, n, 8))
			break;
		env->hybrid_nodes = calloc(n ? n : 1, sizeof(*env->hybrid_nodes));
		if (!env->hybrid_nodes)
			return -ENOMEM;
		for (uint32_t i = 0; i < n && !r->err; i++) {
			env->hybrid_nodes[i].pmu_name = rd_str(r);
			env->hybrid_nodes[i].cpus = rd_str(r);
			env->nr_hybrid_nodes = i + 1;
		}
		break;
	case HEADER_PMU_CAPS:
		n = rd_u32(r);
		if (!rd_count_ok(r, n, 8))
			break;
		env->pmu_caps = calloc(n ? n : 1, sizeof(*env->pmu_caps));
		if (!env->pmu_caps)
			return -ENOMEM;
		for (uint32_t i = 0; i < n && !r->err; i++) {
			struct env_pmu_caps *pc = &env->pmu_caps[i];
			uint32_t nc = rd_u32(r);

			env->nr_pmus_with_caps = i + 1;
			if (!rd_count_ok(r, nc, 8))
				break;
			pc->caps = calloc(nc + 1, sizeof(char *));
			if (!pc->caps)
				return -ENOMEM;
			for (uint32_t j = 0; j < nc && !r->err; j++) {
				char *k = rd_str(r), *v = rd_str(r);

				if (k && v && asprintf(&pc->caps[j], "%s=%s", k, v) < 0)
					pc->caps[j] = NULL;
				free(k);
				free(v);
				pc->nr_caps = j + 1;
			}
			pc->pmu_name = rd_str(r);
			env->nr_pmus_with_caps = i + 1;
		}
		break;
	default:
		/* BRANCH_STACK, STAT: no content; AUXTRACE, BPF_*: not used */
		break;
	}
	return r->err;
}

int header__process_feature(struct header *h, int feat, const void *buf,
			    size_t size)
{
	struct rd r = { buf, (const unsigned char *)buf + size, 0 };
	int err;

	if (feat <= 0 || feat >= HEADER_FEAT_BITS)
		return -EINVAL;
	header__set_feat(h, feat);
	if (feat >= HEADER_LAST_FEATURE) {
		pr_debug("unknown feature %d, skipped\n", feat);
		return 0;
	}
	env_clear_feature(&h->env, feat);
	err = read_feature(h, feat, &r);
	if (err) {
		pr_warning("the %s feature section is damaged; ignoring it\n",
			   feat_names[feat]);
		/* (nothing of it shown: what was read before the damage
		 * neither) */
		env_clear_feature(&h->env, feat);
		header__clear_feat(h, feat);
	}
	return err;
}

int header__probe(const void *buf, size_t size)
{
	uint64_t magic, hsize;

	if (size < 16)
		return 0;
	memcpy(&magic, buf, 8);
	memcpy(&hsize, (const char *)buf + 8, 8);
	if (magic == PERF_MAGIC2_SW)
		return -EPROTONOSUPPORT;
	if (magic != PERF_MAGIC2)
		return 0;
	if (hsize == sizeof(struct perf_pipe_file_header))
		return 2;
	return 1;
}

int header__read_file(struct header *h, const void *base, size_t size,
		      const char *path)
{
	const unsigned char *b = base;
	struct perf_file_header fh;
	struct perf_file_section secs[HEADER_FEAT_BITS];
	uint64_t nr_attrs, nsec = 0;
	int ret;

	ret = header__probe(base, size);
	if (ret == -EPROTONOSUPPORT) {
		pr_err("%s was recorded on a machine of the other byte order; "
		       "read it with perf on such a machine (mperf reads only native-endian files)\n",
		       path);
		return ret;
	}
	if (ret != 1 || size < sizeof(fh)) {
		pr_err("%s is not a perf.data file (bad magic or too short); "
		       "record one with 'mperf record' or 'perf record'\n", path);
		return -EINVAL;
	}
	memcpy(&fh, b, sizeof(fh));
	if (fh.size != sizeof(fh)) {
		pr_err("%s: unsupported perf.data header size %" PRIu64 "\n",
		       path, fh.size);
		return -EINVAL;
	}
	if (fh.attr_size < PERF_ATTR_SIZE_VER0 + sizeof(struct perf_file_section)) {
		pr_err("%s: the attr size field is %" PRIu64 "; was the recording "
		       "terminated properly?\n", path, fh.attr_size);
		return -EINVAL;
	}
	if (fh.attrs.offset > size || fh.attrs.size > size - fh.attrs.offset) {
		pr_err("%s: the attr section lies beyond the end of the file "
		       "(truncated file?)\n", path);
		return -EINVAL;
	}
	/* a file without an event, or whose events overlap the header, has
	 * a damaged header: every sample would be dropped or misread */
	if (fh.attrs.offset < sizeof(fh) || fh.attrs.size < fh.attr_size) {
		pr_err("%s: the file header is damaged (attr section at %" PRIu64 ", %" PRIu64
		       " bytes, %" PRIu64 " per attr): no event can be read\n", path,
		       fh.attrs.offset, fh.attrs.size, fh.attr_size);
		return -EINVAL;
	}
	h->pipe = false;
	h->data_offset = fh.data.offset;
	h->data_size = fh.data.size;
	h->feat_offset = fh.data.offset + fh.data.size;
	memcpy(h->features, fh.adds_features, sizeof(h->features));
	memcpy(h->file_features, fh.adds_features, sizeof(h->file_features));
	h->from_file = true;

	nr_attrs = fh.attrs.size / fh.attr_size;
	for (uint64_t i = 0; i < nr_attrs; i++) {
		const unsigned char *a = b + fh.attrs.offset + i * fh.attr_size;
		size_t asz = fh.attr_size - sizeof(struct perf_file_section);
		struct perf_file_section ids;
		uint32_t on_file;

		memcpy(&ids, a + asz, sizeof(ids));
		memcpy(&on_file, a + offsetof(struct perf_event_attr, size), 4);
		if (on_file && on_file < PERF_ATTR_SIZE_VER0) {
			pr_err("%s: attr %" PRIu64 " says its size is %" PRIu32 " bytes, below the "
			       "first perf_event_attr's %d: damaged file\n", path, i, on_file,
			       PERF_ATTR_SIZE_VER0);
			return -EINVAL;
		}
		if (on_file && on_file < asz)
			asz = on_file;
		if (ids.offset > size || ids.size > size - ids.offset) {
			pr_err("%s: the ids of attr %" PRIu64 " lie beyond the end of the file\n",
			       path, i);
			return -EINVAL;
		}
		ret = header__add_attr(h, a, asz, (const uint64_t *)(b + ids.offset),
				       ids.size / 8, NULL);
		if (ret)
			return ret;
	}

	/* feature sections: a table of (offset, size) in bit order */
	for (int bit = 0; bit < HEADER_FEAT_BITS; bit++)
		if (header__has_feat(h, bit))
			nsec++;
	if (!nsec)
		return 0;
	if (h->feat_offset > size || nsec * sizeof(secs[0]) > size - h->feat_offset) {
		pr_warning("%s: the feature sections are missing (truncated file?); "
			   "reading the data without them\n", path);
		memset(h->features, 0, sizeof(h->features));
		return 0;
	}
	memcpy(secs, b + h->feat_offset, nsec * sizeof(secs[0]));
	nsec = 0;
	char lost[256] = "";
	size_t lost_len = 0;
	int nlost = 0, nunread = 0, nnoseek = 0;
	const char *stop = NULL, *noseek = NULL;

	for (int bit = 0; bit < HEADER_FEAT_BITS; bit++) {
		struct perf_file_section *s;
		bool failed;

		if (!header__has_feat(h, bit))
			continue;
		s = &secs[nsec++];
		/* (a file mmap'd: the descriptor's position is free) */
		if (h->seek_fd >= 0 && bit < HEADER_LAST_FEATURE &&
		    lseek(h->seek_fd, (off_t)s->offset, SEEK_SET) == (off_t)-1) {
			h->feat_noseek[bit / 64] |= 1ULL << (bit % 64);
			noseek = noseek ? noseek : header__feat_name(bit);
			nnoseek++;
			continue;
		}
		/* perf reads no feature after the first one it cannot read
		 * (build-ids and tracing data aside): neither does mperf;
		 * the event descriptions perf still has (it reads them again
		 * where it needs them) */
		if (stop && bit < HEADER_LAST_FEATURE && bit != HEADER_EVENT_DESC) {
			nunread++;
			continue;
		}
		if (s->offset > size || s->size > size - s->offset) {
			/* one warning for all of them: a cut file loses many */
			if (lost_len < sizeof(lost))
				lost_len += snprintf(lost + lost_len,
						     sizeof(lost) - lost_len, "%s%s",
						     nlost ? ", " : "",
						     header__feat_name(bit) ?: "?");
			nlost++;
			failed = true;
		} else {
			failed = header__process_feature(h, bit, b + s->offset, s->size) != 0;
		}
		if (failed && bit != HEADER_BUILD_ID && bit != HEADER_TRACING_DATA &&
		    bit < HEADER_LAST_FEATURE)
			stop = header__feat_name(bit);
	}
	char unread[128] = "";

	if (nunread)
		snprintf(unread, sizeof(unread), "; the %d after %s are not read (as perf reads "
			 "none after one it cannot read)", nunread, stop);
	/* one line for a damaged table: its unseekable sections said
	 * with the lost ones when there are some */
	char seek[160] = "";

	if (nnoseek)
		snprintf(seek, sizeof(seek), "%s%d feature section%s (%s%s) at offsets no seek "
			 "reaches (a damaged feature table), skipped as perf skips them",
			 nlost || nunread ? "; " : "", nnoseek, nnoseek > 1 ? "s" : "", noseek,
			 nnoseek > 1 ? ", ..." : "");
	if (nlost)
		pr_warning("%s: %d feature section%s (%s) lie beyond the end of the "
			   "file (truncated?); ignored%s%s\n", path, nlost,
			   nlost > 1 ? "s" : "", lost, unread, seek);
	else if (nunread)
		pr_warning("%s: %d feature section%s after the damaged %s not read (as perf reads "
			   "none after one it cannot read)%s\n", path, nunread,
			   nunread > 1 ? "s" : "", stop, seek);
	else if (nnoseek)
		pr_warning("%s: %s\n", path, seek);
	return 0;
}

/* ---- printing as perf report --header-only ------------------------------ */

struct bit_name {
	uint64_t bit;
	const char *name;
};

static void print_bits(char *buf, size_t size, uint64_t v,
		       const struct bit_name *bits)
{
	size_t len = 0;

	buf[0] = '\0';
	for (; bits->name; bits++) {
		if (!(v & bits->bit))
			continue;
		len += snprintf(buf + len, len < size ? size - len : 0, "%s%s",
				len ? "|" : "", bits->name);
	}
}

#define SB(n) { PERF_SAMPLE_##n, #n }
static const struct bit_name sample_bits[] = {
	SB(IP), SB(TID), SB(TIME), SB(ADDR), SB(READ), SB(CALLCHAIN), SB(ID),
	SB(CPU), SB(PERIOD), SB(STREAM_ID), SB(RAW), SB(BRANCH_STACK),
	SB(REGS_USER), SB(STACK_USER), SB(IDENTIFIER), SB(REGS_INTR),
	SB(DATA_SRC), SB(WEIGHT), SB(PHYS_ADDR), SB(AUX), SB(CGROUP),
	SB(DATA_PAGE_SIZE), SB(CODE_PAGE_SIZE), SB(WEIGHT_STRUCT),
	{ 0, NULL }
};
#undef SB
#define BB(n) { PERF_SAMPLE_BRANCH_##n, #n }
static const struct bit_name branch_bits[] = {
	BB(USER), BB(KERNEL), BB(HV), BB(ANY), BB(ANY_CALL), BB(ANY_RETURN),
	BB(IND_CALL), BB(ABORT_TX), BB(IN_TX), BB(NO_TX), BB(COND),
	BB(CALL_STACK), BB(IND_JUMP), BB(CALL), BB(NO_FLAGS), BB(NO_CYCLES),
	BB(TYPE_SAVE), BB(HW_INDEX),
	{ 0, NULL }
};
#undef BB
#define RB(n) { PERF_FORMAT_##n, #n }
static const struct bit_name read_bits[] = {
	RB(TOTAL_TIME_ENABLED), RB(TOTAL_TIME_RUNNING), RB(ID), RB(GROUP),
	RB(LOST),
	{ 0, NULL }
};
#undef RB

int attr__fprintf(FILE *fp, const struct perf_event_attr *a)
{
	char buf[1024];
	int ret = 0;

#define P_U(name, v) do { if (v) ret += fprintf(fp, ", %s = %" PRIu64, name, (uint64_t)(v)); } while (0)
#define P_X(name, v) do { if (v) ret += fprintf(fp, ", %s = %#" PRIx64, name, (uint64_t)(v)); } while (0)
#define P_B(name, v, tbl) do { if (v) { print_bits(buf, sizeof(buf), v, tbl); \
		ret += fprintf(fp, ", %s = %s", name, buf); } } while (0)
	P_U("type", a->type);
	P_U("size", a->size);
	P_X("config", a->config);
	P_U("{ sample_period, sample_freq }", a->sample_period);
	P_B("sample_type", a->sample_type, sample_bits);
	P_B("read_format", a->read_format, read_bits);
	P_U("disabled", a->disabled);
	P_U("inherit", a->inherit);
	P_U("pinned", a->pinned);
	P_U("exclusive", a->exclusive);
	P_U("exclude_user", a->exclude_user);
	P_U("exclude_kernel", a->exclude_kernel);
	P_U("exclude_hv", a->exclude_hv);
	P_U("exclude_idle", a->exclude_idle);
	P_U("mmap", a->mmap);
	P_U("comm", a->comm);
	P_U("freq", a->freq);
	P_U("inherit_stat", a->inherit_stat);
	P_U("enable_on_exec", a->enable_on_exec);
	P_U("task", a->task);
	P_U("watermark", a->watermark);
	P_U("precise_ip", a->precise_ip);
	P_U("mmap_data", a->mmap_data);
	P_U("sample_id_all", a->sample_id_all);
	P_U("exclude_host", a->exclude_host);
	P_U("exclude_guest", a->exclude_guest);
	P_U("exclude_callchain_kernel", a->exclude_callchain_kernel);
	P_U("exclude_callchain_user", a->exclude_callchain_user);
	P_U("mmap2", a->mmap2);
	P_U("comm_exec", a->comm_exec);
	P_U("use_clockid", a->use_clockid);
	P_U("context_switch", a->context_switch);
	P_U("write_backward", a->write_backward);
	P_U("namespaces", a->namespaces);
	P_U("ksymbol", a->ksymbol);
	P_U("bpf_event", a->bpf_event);
	P_U("aux_output", a->aux_output);
	P_U("cgroup", a->cgroup);
	P_U("text_poke", a->text_poke);
	P_U("build_id", a->build_id);
	P_U("inherit_thread", a->inherit_thread);
	P_U("remove_on_exec", a->remove_on_exec);
	P_U("sigtrap", a->sigtrap);
	P_U("{ wakeup_events, wakeup_watermark }", a->wakeup_events);
	P_U("bp_type", a->bp_type);
	P_X("{ bp_addr, config1 }", a->bp_addr);
	P_X("{ bp_len, config2 }", a->bp_len);
	P_B("branch_sample_type", a->branch_sample_type, branch_bits);
	P_X("sample_regs_user", a->sample_regs_user);
	P_U("sample_stack_user", a->sample_stack_user);
	if (a->clockid)
		ret += fprintf(fp, ", clockid = %" PRId64, (int64_t)a->clockid);
	P_X("sample_regs_intr", a->sample_regs_intr);
	P_U("aux_watermark", a->aux_watermark);
	P_U("sample_max_stack", a->sample_max_stack);
	P_U("aux_sample_size", a->aux_sample_size);
	P_U("sig_data", a->sig_data);
#undef P_U
#undef P_X
#undef P_B
	return ret;
}

/* perf's unit_number__scnprintf */
static void unit_number(char *buf, size_t size, uint64_t n)
{
	static const char unit[] = "BKMGTPEZY";
	int i = 0;

	while (n / 1024 > 1 && i < 8) {
		n /= 1024;
		i++;
	}
	snprintf(buf, size, "%" PRIu64 "%c", n, unit[i]);
}

static void bitmap_ranges(char *buf, size_t size, const uint64_t *set,
			  uint64_t bits)
{
	size_t len = 0;
	uint64_t i = 0;

	buf[0] = '\0';
	while (i < bits) {
		uint64_t start;

		if (!((set[i / 64] >> (i % 64)) & 1)) {
			i++;
			continue;
		}
		start = i;
		while (i + 1 < bits && ((set[(i + 1) / 64] >> ((i + 1) % 64)) & 1))
			i++;
		if (start == i)
			len += snprintf(buf + len, len < size ? size - len : 0,
					"%s%" PRIu64, len ? "," : "", start);
		else
			len += snprintf(buf + len, len < size ? size - len : 0,
					"%s%" PRIu64 "-%" PRIu64, len ? "," : "",
					start, i);
		i++;
	}
}

static const char *clockid_name(uint32_t id)
{
	switch (id) {
	case CLOCK_MONOTONIC:		return "monotonic";
	case CLOCK_MONOTONIC_RAW:	return "monotonic_raw";
	case CLOCK_REALTIME:		return "realtime";
	case CLOCK_BOOTTIME:		return "boottime";
	case CLOCK_TAI:			return "tai";
	default:			return "(not found)";
	}
}

static void print_feature(const struct header *h, int feat, FILE *fp)
{
	const struct env *env = &h->env;
	uint32_t nr_events;

	switch (feat) {
	case HEADER_HOSTNAME:
		fprintf(fp, "# hostname : %s\n", env->hostname);
		break;
	case HEADER_OSRELEASE:
		fprintf(fp, "# os release : %s\n", env->os_release);
		break;
	case HEADER_VERSION:
		fprintf(fp, "# perf version : %s\n", env->version);
		break;
	case HEADER_ARCH:
		fprintf(fp, "# arch : %s\n", env->arch);
		break;
	case HEADER_NRCPUS:
		fprintf(fp, "# nrcpus online : %u\n", env->nr_cpus_online);
		fprintf(fp, "# nrcpus avail : %u\n", env->nr_cpus_avail);
		break;
	case HEADER_CPUDESC:
		fprintf(fp, "# cpudesc : %s\n", env->cpu_desc);
		break;
	case HEADER_CPUID:
		fprintf(fp, "# cpuid : %s\n", env->cpuid);
		break;
	case HEADER_TOTAL_MEM:
		fprintf(fp, "# total memory : %" PRIu64 " kB\n", env->total_mem);
		break;
	case HEADER_CMDLINE:
		fprintf(fp, "# cmdline : ");
		for (int i = 0; i < env->nr_cmdline; i++) {
			const char *s = env->cmdline_argv[i] ?: "";

			/* single quotes are shown escaped, as perf does */
			for (; *s; s++) {
				if (*s == '\'')
					fputs("\\'", fp);
				else
					fputc(*s, fp);
			}
			fputc(' ', fp);
		}
		fputc('\n', fp);
		break;
	case HEADER_EVENT_DESC:
		if (!env->nr_event_desc) {
			fprintf(fp, "# event desc: not available or unable to read\n");
			break;
		}
		for (uint32_t i = 0; i < env->nr_event_desc; i++) {
			const struct env_event_desc *e = &env->event_desc[i];

			fprintf(fp, "# event : name = %s, ", e->name ?: "");
			if (e->nr_ids) {
				fprintf(fp, ", id = {");
				for (uint32_t j = 0; j < e->nr_ids; j++)
					fprintf(fp, "%s %" PRIu64, j ? "," : "", e->ids[j]);
				fprintf(fp, " }");
			}
			attr__fprintf(fp, &e->attr);
			fputc('\n', fp);
		}
		break;
	case HEADER_CPU_TOPOLOGY:
		for (uint32_t i = 0; i < env->nr_sibling_cores; i++)
			fprintf(fp, "# sibling sockets : %s\n", env->sibling_cores[i]);
		for (uint32_t i = 0; i < env->nr_sibling_dies; i++)
			fprintf(fp, "# sibling dies    : %s\n", env->sibling_dies[i]);
		for (uint32_t i = 0; i < env->nr_sibling_threads; i++)
			fprintf(fp, "# sibling threads : %s\n", env->sibling_threads[i]);
		if (env->nr_sibling_dies) {
			if (env->cpu) {
				for (uint32_t i = 0; i < env->nr_cpus_avail; i++)
					fprintf(fp, "# CPU %u: Core ID %d, Die ID %d, Socket ID %d\n",
						i, env->cpu[i].core_id, env->cpu[i].die_id,
						env->cpu[i].socket_id);
			} else {
				fprintf(fp, "# Core ID, Die ID and Socket ID information is not available\n");
			}
		} else if (env->cpu) {
			for (uint32_t i = 0; i < env->nr_cpus_avail; i++)
				fprintf(fp, "# CPU %u: Core ID %d, Socket ID %d\n", i,
					env->cpu[i].core_id, env->cpu[i].socket_id);
		} else {
			fprintf(fp, "# Core ID and Socket ID information is not available\n");
		}
		break;
	case HEADER_NUMA_TOPOLOGY:
		for (uint32_t i = 0; i < env->nr_numa_nodes; i++) {
			const struct env_numa_node *n = &env->numa_nodes[i];

			fprintf(fp, "# node%u meminfo  : total = %" PRIu64 " kB, free = %" PRIu64 " kB\n",
				n->node, n->mem_total, n->mem_free);
			fprintf(fp, "# node%u cpu list : %s\n", n->node, n->cpus ?: "");
		}
		break;
	case HEADER_BRANCH_STACK:
		fprintf(fp, "# contains samples with branch stack\n");
		break;
	case HEADER_PMU_MAPPINGS:
		if (!env->nr_pmu_mappings) {
			fprintf(fp, "# pmu mappings: not available\n");
			break;
		}
		for (uint32_t i = 0; i < env->nr_pmu_mappings; i++)
			fprintf(fp, "%s%s = %u", i ? ", " : "# pmu mappings: ",
				env->pmu_mappings[i].name ?: "", env->pmu_mappings[i].type);
		fprintf(fp, "\n");
		break;
	case HEADER_GROUP_DESC:
		nr_events = env->nr_event_desc > (uint32_t)h->nr_attrs ?
			    env->nr_event_desc : (uint32_t)h->nr_attrs;
		for (uint32_t g = 0; g < env->nr_groups; g++) {
			const struct env_group *grp = &env->groups[g];
			const char *gname = grp->name && strcmp(grp->name, "{anon_group}") ?
					    grp->name : "";

			if (grp->nr_members < 2)
				continue;
			/* members beyond the file's events: a damaged count
			 * (up to 2^32 "?" otherwise) */
			if (grp->leader_idx >= nr_events ||
			    grp->nr_members > nr_events - grp->leader_idx)
				continue;
			for (uint32_t k = 0; k < grp->nr_members; k++) {
				uint32_t idx = grp->leader_idx + k;
				const char *n = idx < env->nr_event_desc ?
						env->event_desc[idx].name : "?";
				/* a pipe's first event: perf script names it
				 * by its attr here (a tracepoint by its own) */
				char *an = h->pipe && h->group_attr_name && !idx && h->nr_attrs &&
					   h->attrs[0].attr.type != PERF_TYPE_TRACEPOINT ?
					   evsel__attr_name(&h->attrs[0].attr) : NULL;

				if (!k)
					fprintf(fp, "# group: %s{%s", gname, an ? an : n);
				else
					fprintf(fp, ",%s", n);
				free(an);
			}
			fprintf(fp, "}\n");
		}
		break;
	case HEADER_AUXTRACE:
		fprintf(fp, "# contains AUX area data (e.g. instruction trace)\n");
		break;
	case HEADER_STAT:
		fprintf(fp, "# contains stat data\n");
		break;
	case HEADER_CACHE:
		fprintf(fp, "# CPU cache info:\n");
		for (uint32_t i = 0; i < env->nr_caches; i++) {
			const struct env_cache *c = &env->caches[i];

			fprintf(fp, "#  L%d %-15s %8s [%s]\n", c->level, c->type ?: "",
				c->size ?: "", c->map ?: "");
		}
		break;
	case HEADER_SAMPLE_TIME: {
		uint64_t f = env->first_sample_time, l = env->last_sample_time;

		fprintf(fp, "# time of first sample : %" PRIu64 ".%06" PRIu64 "\n",
			f / UINT64_C(1000000000), f % UINT64_C(1000000000) / 1000);
		fprintf(fp, "# time of last sample : %" PRIu64 ".%06" PRIu64 "\n",
			l / UINT64_C(1000000000), l % UINT64_C(1000000000) / 1000);
		fprintf(fp, "# sample duration : %10.3f ms\n",
			(double)(l - f) / 1000000.0);
		break;
	}
	case HEADER_MEM_TOPOLOGY:
		fprintf(fp, "# memory nodes (nr %d, block size 0x%llx):\n",
			(int)env->nr_memory_nodes, (unsigned long long)env->memory_bsize);
		for (uint64_t i = 0; i < env->nr_memory_nodes; i++) {
			const struct env_mem_node *m = &env->memory_nodes[i];
			char sz[50], map[100];
			uint64_t w = 0;

			for (uint64_t b = 0; b < m->size; b++)
				w += (m->set[b / 64] >> (b % 64)) & 1;
			unit_number(sz, sizeof(sz), env->memory_bsize * w);
			bitmap_ranges(map, sizeof(map), m->set, m->size);
			fprintf(fp, "#  %3" PRIu64 " [%s]: %s\n", m->node, sz, map);
		}
		break;
	case HEADER_CLOCKID:
		fprintf(fp, "# clockid frequency: %" PRIu64 " MHz\n",
			env->clockid_res_ns * 1000);
		break;
	case HEADER_DIR_FORMAT:
		fprintf(fp, "# directory data version : %" PRIu64 "\n", env->dir_version);
		break;
	case HEADER_COMPRESSED:
		fprintf(fp, "# compressed : %s, level = %d, ratio = %d\n",
			env->comp_type == 1 ? "Zstd" : "Unknown",
			(int)env->comp_level, (int)env->comp_ratio);
		break;
	case HEADER_CPU_PMU_CAPS:
		if (!env->nr_cpu_pmu_caps) {
			fprintf(fp, "# cpu pmu capabilities: not available\n");
			break;
		}
		fprintf(fp, "# cpu pmu capabilities: ");
		for (int i = 0; i < env->nr_cpu_pmu_caps; i++)
			fprintf(fp, "%s%s", i ? ", " : "", env->cpu_pmu_caps[i] ?: "");
		fprintf(fp, "\n");
		break;
	case HEADER_CLOCK_DATA: {
		uint64_t tod = env->clock_tod_ns, cid = env->clock_clockid_ns;
		time_t sec = tod / 1000000000ULL;
		long usec = tod % 1000000000ULL / 1000;
		char date[64], tstr[96];
		struct tm tm;

		if (!env->clock_enabled) {
			fprintf(fp, "# reference time disabled\n");
			break;
		}
		if (!localtime_r(&sec, &tm)) {
			snprintf(tstr, sizeof(tstr), "<error>");
		} else {
			strftime(date, sizeof(date), "%F %T", &tm);
			snprintf(tstr, sizeof(tstr), "%s.%06d", date, (int)usec);
		}
		fprintf(fp, "# clockid: %s (%u)\n", clockid_name(env->clockid), env->clockid);
		fprintf(fp, "# reference time: %s = %ld.%06d (TOD) = %ld.%09ld (%s)\n",
			tstr, (long)sec, (int)usec, (long)(cid / 1000000000ULL),
			(long)(cid % 1000000000ULL), clockid_name(env->clockid));
		break;
	}
	case HEADER_HYBRID_TOPOLOGY:
		fprintf(fp, "# hybrid cpu system:\n");
		for (uint32_t i = 0; i < env->nr_hybrid_nodes; i++)
			fprintf(fp, "# %s cpu list : %s\n", env->hybrid_nodes[i].pmu_name ?: "",
				env->hybrid_nodes[i].cpus ?: "");
		break;
	case HEADER_PMU_CAPS:
		for (uint32_t i = 0; i < env->nr_pmus_with_caps; i++) {
			const struct env_pmu_caps *pc = &env->pmu_caps[i];

			if (!pc->nr_caps) {
				fprintf(fp, "# %s pmu capabilities: not available\n",
					pc->pmu_name ?: "");
				continue;
			}
			fprintf(fp, "# %s pmu capabilities: ", pc->pmu_name ?: "");
			for (int j = 0; j < pc->nr_caps; j++)
				fprintf(fp, "%s%s", j ? ", " : "", pc->caps[j] ?: "");
			fprintf(fp, "\n");
		}
		break;
	default:
		/* TRACING_DATA, BUILD_ID: perf prints nothing; BPF_*: the
		 * program list is not kept */
		break;
	}
}

static bool feat_full_only(int feat)
{
	return feat == HEADER_CPU_TOPOLOGY || feat == HEADER_NUMA_TOPOLOGY ||
	       feat == HEADER_CACHE || feat == HEADER_MEM_TOPOLOGY ||
	       feat == HEADER_HYBRID_TOPOLOGY;
}

void header__fprintf_feature(const struct header *h, int feat, FILE *fp,
			     bool full)
{
	if (feat <= 0 || feat >= HEADER_LAST_FEATURE)
		return;
	if (feat_full_only(feat) && !full) {
		fprintf(fp, "# %s info available, use -I to display\n",
			feat_names[feat]);
		return;
	}
	print_feature(h, feat, fp);
}

int header__fprintf(const struct header *h, FILE *fp, bool full)
{
	time_t t = h->mtime;

	fprintf(fp, "# captured on    : %s", ctime(&t));
	fprintf(fp, "# header version : %u\n", 1);
	fprintf(fp, "# data offset    : %" PRIu64 "\n", h->data_offset);
	fprintf(fp, "# data size      : %" PRIu64 "\n", h->data_size);
	fprintf(fp, "# feat offset    : %" PRIu64 "\n", h->feat_offset);
	if (h->pipe)
		return 0;
	for (int feat = 1; feat < HEADER_LAST_FEATURE; feat++)
		if (header__has_feat(h, feat) &&
		    !((h->feat_noseek[feat / 64] >> (feat % 64)) & 1))
			header__fprintf_feature(h, feat, fp, full);
	fprintf(fp, "# missing features: ");
	for (int feat = 1; feat < HEADER_LAST_FEATURE; feat++)
		if (h->from_file ? !((h->file_features[feat / 64] >> (feat % 64)) & 1) :
		    !header__has_feat(h, feat))
			fprintf(fp, "%s ", feat_names[feat]);
	fprintf(fp, "\n");
	return 0;
}

/* ---- writing ------------------------------------------------------------ */

#include "data.h"

/* u32 length (NUL included, rounded up to 64) then the padded bytes */
static void wb_str(struct bytebuf *w, const char *s)
{
	size_t olen = strlen(s ? s : "") + 1;
	uint32_t len = (olen + NAME_ALIGN - 1) & ~(size_t)(NAME_ALIGN - 1);

	bytebuf__u32(w, len);
	bytebuf__put(w, s ? s : "", olen);
	bytebuf__put(w, NULL, len - olen);
}

/* "name=value" back to the two strings perf stores */
static void wb_cap(struct bytebuf *w, const char *cap)
{
	const char *eq = strchr(cap ? cap : "", '=');
	char *name = eq ? strndup(cap, eq - cap) : strdup(cap ? cap : "");

	wb_str(w, name);
	wb_str(w, eq ? eq + 1 : "");
	free(name);
}

static void wb_attr(struct bytebuf *w, const struct perf_event_attr *attr)
{
	struct perf_event_attr a = *attr;

	a.size = HEADER_FILE_ATTR_SIZE;
	bytebuf__put(w, &a, HEADER_FILE_ATTR_SIZE);
}

int header__feature_bytes(const struct header *h, int feat, void **buf,
			  size_t *size)
{
	const struct env *env = &h->env;
	struct bytebuf w = { 0 };

	*buf = NULL;
	*size = 0;
	switch (feat) {
	case HEADER_TRACING_DATA:
		if (!env->tracing_data)
			return -ENODATA;
		bytebuf__put(&w, env->tracing_data, env->tracing_data_size);
		break;
	case HEADER_BUILD_ID:
		for (uint32_t i = 0; i < env->nr_build_ids; i++) {
			const struct env_build_id *b = &env->build_ids[i];
			struct perf_record_header_build_id bev;
			size_t olen = strlen(b->filename) + 1;
			size_t len = (olen + NAME_ALIGN - 1) & ~(size_t)(NAME_ALIGN - 1);

			memset(&bev, 0, sizeof(bev));
			bev.header.misc = b->misc | (1 << 15);	/* BUILD_ID_SIZE */
			bev.header.size = sizeof(bev) + len;
			bev.pid = b->pid;
			memcpy(bev.data, b->build_id, b->size);
			bev.size = b->size;
			bytebuf__put(&w, &bev, sizeof(bev));
			bytebuf__put(&w, b->filename, olen);
			bytebuf__put(&w, NULL, len - olen);
		}
		break;
	case HEADER_HOSTNAME:
		if (!env->hostname)
			return -ENODATA;
		wb_str(&w, env->hostname);
		break;
	case HEADER_OSRELEASE:
		if (!env->os_release)
			return -ENODATA;
		wb_str(&w, env->os_release);
		break;
	case HEADER_VERSION:
		if (!env->version)
			return -ENODATA;
		wb_str(&w, env->version);
		break;
	case HEADER_ARCH:
		if (!env->arch)
			return -ENODATA;
		wb_str(&w, env->arch);
		break;
	case HEADER_CPUDESC:
		if (!env->cpu_desc)
			return -ENODATA;
		wb_str(&w, env->cpu_desc);
		break;
	case HEADER_CPUID:
		if (!env->cpuid)
			return -ENODATA;
		wb_str(&w, env->cpuid);
		break;
	case HEADER_NRCPUS:
		if (!env->nr_cpus_avail)
			return -ENODATA;
		bytebuf__u32(&w, env->nr_cpus_avail);
		bytebuf__u32(&w, env->nr_cpus_online);
		break;
	case HEADER_TOTAL_MEM:
		if (!env->total_mem)
			return -ENODATA;
		bytebuf__u64(&w, env->total_mem);
		break;
	case HEADER_CMDLINE:
		if (!env->nr_cmdline)
			return -ENODATA;
		bytebuf__u32(&w, env->nr_cmdline);
		for (int i = 0; i < env->nr_cmdline; i++)
			wb_str(&w, env->cmdline_argv[i]);
		break;
	case HEADER_EVENT_DESC:
		if (!h->nr_attrs)
			return -ENODATA;
		bytebuf__u32(&w, h->nr_attrs);
		bytebuf__u32(&w, HEADER_FILE_ATTR_SIZE);
		for (int i = 0; i < h->nr_attrs; i++) {
			const struct header_attr *a = &h->attrs[i];

			wb_attr(&w, &a->attr);
			bytebuf__u32(&w, a->nr_ids);
			wb_str(&w, a->name ? a->name : "");
			bytebuf__put(&w, a->ids, a->nr_ids * 8);
		}
		break;
	case HEADER_CPU_TOPOLOGY:
		if (!env->nr_sibling_cores || !env->cpu)
			return -ENODATA;
		bytebuf__u32(&w, env->nr_sibling_cores);
		for (uint32_t i = 0; i < env->nr_sibling_cores; i++)
			wb_str(&w, env->sibling_cores[i]);
		bytebuf__u32(&w, env->nr_sibling_threads);
		for (uint32_t i = 0; i < env->nr_sibling_threads; i++)
			wb_str(&w, env->sibling_threads[i]);
		for (uint32_t i = 0; i < env->nr_cpus_avail; i++) {
			bytebuf__u32(&w, env->cpu[i].core_id);
			bytebuf__u32(&w, env->cpu[i].socket_id);
		}
		if (env->nr_sibling_dies) {
			bytebuf__u32(&w, env->nr_sibling_dies);
			for (uint32_t i = 0; i < env->nr_sibling_dies; i++)
				wb_str(&w, env->sibling_dies[i]);
			for (uint32_t i = 0; i < env->nr_cpus_avail; i++)
				bytebuf__u32(&w, env->cpu[i].die_id);
		}
		break;
	case HEADER_NUMA_TOPOLOGY:
		if (!env->nr_numa_nodes)
			return -ENODATA;
		bytebuf__u32(&w, env->nr_numa_nodes);
		for (uint32_t i = 0; i < env->nr_numa_nodes; i++) {
			bytebuf__u32(&w, env->numa_nodes[i].node);
			bytebuf__u64(&w, env->numa_nodes[i].mem_total);
			bytebuf__u64(&w, env->numa_nodes[i].mem_free);
			wb_str(&w, env->numa_nodes[i].cpus);
		}
		break;
	case HEADER_BRANCH_STACK:
	case HEADER_STAT:
		break;		/* presence is the information */
	case HEADER_PMU_MAPPINGS:
		bytebuf__u32(&w, env->nr_pmu_mappings);
		for (uint32_t i = 0; i < env->nr_pmu_mappings; i++) {
			bytebuf__u32(&w, env->pmu_mappings[i].type);
			wb_str(&w, env->pmu_mappings[i].name);
		}
		break;
	case HEADER_GROUP_DESC:
		bytebuf__u32(&w, env->nr_groups);
		for (uint32_t i = 0; i < env->nr_groups; i++) {
			wb_str(&w, env->groups[i].name ? env->groups[i].name : "{anon_group}");
			bytebuf__u32(&w, env->groups[i].leader_idx);
			bytebuf__u32(&w, env->groups[i].nr_members);
		}
		break;
	case HEADER_CACHE:
		if (!env->nr_caches)
			return -ENODATA;
		bytebuf__u32(&w, 1);
		bytebuf__u32(&w, env->nr_caches);
		for (uint32_t i = 0; i < env->nr_caches; i++) {
			const struct env_cache *c = &env->caches[i];

			bytebuf__u32(&w, c->level);
			bytebuf__u32(&w, c->line_size);
			bytebuf__u32(&w, c->sets);
			bytebuf__u32(&w, c->ways);
			wb_str(&w, c->type);
			wb_str(&w, c->size);
			wb_str(&w, c->map);
		}
		break;
	case HEADER_SAMPLE_TIME:
		bytebuf__u64(&w, env->first_sample_time);
		bytebuf__u64(&w, env->last_sample_time);
		break;
	case HEADER_MEM_TOPOLOGY:
		if (!env->memory_bsize)
			return -ENODATA;
		bytebuf__u64(&w, 1);
		bytebuf__u64(&w, env->memory_bsize);
		bytebuf__u64(&w, env->nr_memory_nodes);
		for (uint64_t i = 0; i < env->nr_memory_nodes; i++) {
			const struct env_mem_node *m = &env->memory_nodes[i];

			bytebuf__u64(&w, m->node);
			bytebuf__u64(&w, m->size);
			bytebuf__u64(&w, m->size);
			bytebuf__put(&w, m->set, (m->size + 63) / 64 * 8);
		}
		break;
	case HEADER_CLOCKID:
		bytebuf__u64(&w, env->clockid_res_ns);
		break;
	case HEADER_DIR_FORMAT:
		bytebuf__u64(&w, env->dir_version);
		break;
	case HEADER_BPF_PROG_INFO:
	case HEADER_BPF_BTF:
		bytebuf__u32(&w, 0);	/* mperf keeps no BPF program list */
		break;
	case HEADER_COMPRESSED:
		bytebuf__u32(&w, env->comp_ver);
		bytebuf__u32(&w, env->comp_type);
		bytebuf__u32(&w, env->comp_level);
		bytebuf__u32(&w, env->comp_ratio);
		bytebuf__u32(&w, env->comp_mmap_len);
		break;
	case HEADER_CPU_PMU_CAPS:
		bytebuf__u32(&w, env->nr_cpu_pmu_caps);
		for (int i = 0; i < env->nr_cpu_pmu_caps; i++)
			wb_cap(&w, env->cpu_pmu_caps[i]);
		break;
	case HEADER_CLOCK_DATA:
		if (!env->clock_enabled)
			return -ENODATA;
		bytebuf__u32(&w, 1);
		bytebuf__u32(&w, env->clockid);
		bytebuf__u64(&w, env->clock_tod_ns);
		bytebuf__u64(&w, env->clock_clockid_ns);
		break;
	case HEADER_HYBRID_TOPOLOGY:
		if (!env->nr_hybrid_nodes)
			return -ENODATA;
		bytebuf__u32(&w, env->nr_hybrid_nodes);
		for (uint32_t i = 0; i < env->nr_hybrid_nodes; i++) {
			wb_str(&w, env->hybrid_nodes[i].pmu_name);
			wb_str(&w, env->hybrid_nodes[i].cpus);
		}
		break;
	case HEADER_PMU_CAPS:
		bytebuf__u32(&w, env->nr_pmus_with_caps);
		for (uint32_t i = 0; i < env->nr_pmus_with_caps; i++) {
			const struct env_pmu_caps *pc = &env->pmu_caps[i];

			bytebuf__u32(&w, pc->nr_caps);
			for (int j = 0; j < pc->nr_caps; j++)
				wb_cap(&w, pc->caps[j]);
			wb_str(&w, pc->pmu_name);
		}
		break;
	default:
		return -ENODATA;	/* AUXTRACE and unknown bits */
	}
	return bytebuf__take(&w, buf, size);
}

int header__write_file_start(struct header *h, struct data *out)
{
	struct perf_file_header fh;
	uint64_t *id_off;
	int err;

	if (out->is_pipe)
		return -ESPIPE;
	id_off = calloc(h->nr_attrs ? h->nr_attrs : 1, sizeof(*id_off));
	if (!id_off)
		return -ENOMEM;
	memset(&fh, 0, sizeof(fh));
	err = data__write(out, &fh, sizeof(fh));
	for (int i = 0; i < h->nr_attrs && !err; i++) {
		id_off[i] = data__offset(out);
		err = data__write(out, h->attrs[i].ids, h->attrs[i].nr_ids * 8);
	}
	h->attr_offset = data__offset(out);
	for (int i = 0; i < h->nr_attrs && !err; i++) {
		struct perf_event_attr a = h->attrs[i].attr;
		struct perf_file_section ids = { id_off[i], h->attrs[i].nr_ids * 8 };

		a.size = HEADER_FILE_ATTR_SIZE;
		err = data__write(out, &a, HEADER_FILE_ATTR_SIZE);
		if (!err)
			err = data__write(out, &ids, sizeof(ids));
	}
	free(id_off);
	h->data_offset = data__offset(out);
	h->data_size = 0;
	h->pipe = false;
	return err;
}

static void file_header_fill(const struct header *h, struct perf_file_header *fh)
{
	memset(fh, 0, sizeof(*fh));
	fh->magic = PERF_MAGIC2;
	fh->size = sizeof(*fh);
	fh->attr_size = HEADER_FILE_ATTR_SIZE + sizeof(struct perf_file_section);
	fh->attrs.offset = h->attr_offset;
	fh->attrs.size = h->nr_attrs * fh->attr_size;
	fh->data.offset = h->data_offset;
	fh->data.size = h->data_size;
	memcpy(fh->adds_features, h->features, sizeof(fh->adds_features));
}

int header__write_file_finish(struct header *h, struct data *out,
			      uint64_t data_size)
{
	struct perf_file_section secs[HEADER_LAST_FEATURE];
	void *bufs[HEADER_LAST_FEATURE] = { 0 };
	size_t sizes[HEADER_LAST_FEATURE] = { 0 };
	struct perf_file_header fh;
	uint64_t off;
	int nsec = 0, err = 0;

	h->data_size = data_size;
	h->feat_offset = h->data_offset + data_size;
	/* bits we cannot write are cleared, as perf does */
	for (int f = HEADER_LAST_FEATURE; f < HEADER_FEAT_BITS; f++)
		header__clear_feat(h, f);
	header__clear_feat(h, HEADER_RESERVED);
	for (int f = 1; f < HEADER_LAST_FEATURE; f++) {
		if (!header__has_feat(h, f))
			continue;
		err = header__feature_bytes(h, f, &bufs[f], &sizes[f]);
		if (err == -ENODATA) {
			header__clear_feat(h, f);
			err = 0;
			continue;
		}
		if (err)
			goto out;
		nsec++;
	}
	err = data__seek(out, h->feat_offset);
	if (err)
		goto out;
	off = h->feat_offset + nsec * sizeof(secs[0]);
	nsec = 0;
	for (int f = 1; f < HEADER_LAST_FEATURE; f++) {
		if (!header__has_feat(h, f))
			continue;
		secs[nsec].offset = off;
		secs[nsec].size = sizes[f];
		off += sizes[f];
		nsec++;
	}
	err = data__write(out, secs, nsec * sizeof(secs[0]));
	for (int f = 1; f < HEADER_LAST_FEATURE && !err; f++)
		if (header__has_feat(h, f))
			err = data__write(out, bufs[f], sizes[f]);
	if (!err)
		err = data__flush(out);
	if (!err && ftruncate(out->fd, data__offset(out)) < 0)
		err = 0;	/* stdout redirected to a file: nothing to cut */
	if (err)
		goto out;
	file_header_fill(h, &fh);
	err = data__pwrite(out, &fh, sizeof(fh), 0);
out:
	for (int f = 0; f < HEADER_LAST_FEATURE; f++)
		free(bufs[f]);
	return err;
}

static int write_feature_record(struct data *out, uint64_t feat,
				const void *buf, size_t size)
{
	struct perf_record_header_feature fe;
	int err;

	if (size + sizeof(fe) > UINT16_MAX)
		return -E2BIG;
	memset(&fe, 0, sizeof(fe));
	fe.header.type = PERF_RECORD_HEADER_FEATURE;
	fe.header.size = sizeof(fe) + size;
	fe.feat_id = feat;
	err = data__write(out, &fe, sizeof(fe));
	return err ? err : data__write(out, buf, size);
}

int header__write_record(struct data *out, uint32_t type)
{
	struct perf_event_header eh = { .type = type, .misc = 0, .size = sizeof(eh) };

	return data__write(out, &eh, sizeof(eh));
}

int header__write_pipe(struct header *h, struct data *out)
{
	struct perf_pipe_file_header ph = { PERF_MAGIC2, sizeof(ph) };
	const struct env *env = &h->env;
	int err;

	h->pipe = true;
	err = data__write(out, &ph, sizeof(ph));
	for (int i = 0; i < h->nr_attrs && !err; i++) {
		struct perf_event_header eh;
		size_t sz = sizeof(eh) + HEADER_FILE_ATTR_SIZE + h->attrs[i].nr_ids * 8;
		struct perf_event_attr a = h->attrs[i].attr;

		if (sz > UINT16_MAX)
			return -E2BIG;
		eh.type = PERF_RECORD_HEADER_ATTR;
		eh.misc = 0;
		eh.size = sz;
		a.size = HEADER_FILE_ATTR_SIZE;
		err = data__write(out, &eh, sizeof(eh));
		if (!err)
			err = data__write(out, &a, HEADER_FILE_ATTR_SIZE);
		if (!err)
			err = data__write(out, h->attrs[i].ids, h->attrs[i].nr_ids * 8);
	}
	for (int f = 1; f < HEADER_LAST_FEATURE && !err; f++) {
		void *buf;
		size_t size;

		/* these have records of their own in pipe mode */
		if (f == HEADER_TRACING_DATA || f == HEADER_BUILD_ID ||
		    !header__has_feat(h, f))
			continue;
		err = header__feature_bytes(h, f, &buf, &size);
		if (err == -ENODATA) {
			err = 0;
			continue;
		}
		if (!err)
			err = write_feature_record(out, f, buf, size);
		free(buf);
	}
	/* perf ends the features with an empty HEADER_LAST_FEATURE record */
	if (!err)
		err = write_feature_record(out, HEADER_LAST_FEATURE, NULL, 0);
	if (!err && env->tracing_data && header__has_feat(h, HEADER_TRACING_DATA)) {
		struct perf_record_header_tracing_data td;
		size_t pad = ((env->tracing_data_size + 7) & ~(size_t)7) - env->tracing_data_size;

		memset(&td, 0, sizeof(td));
		td.header.type = PERF_RECORD_HEADER_TRACING_DATA;
		td.header.size = sizeof(td);
		td.size = env->tracing_data_size + pad;
		err = data__write(out, &td, sizeof(td));
		if (!err)
			err = data__write(out, env->tracing_data, env->tracing_data_size);
		if (!err && pad)
			err = data__write(out, "\0\0\0\0\0\0\0", pad);
	}
	for (uint32_t i = 0; i < env->nr_build_ids && !err &&
	     header__has_feat(h, HEADER_BUILD_ID); i++) {
		const struct env_build_id *b = &env->build_ids[i];
		struct perf_record_header_build_id bev;
		size_t olen = strlen(b->filename) + 1;
		size_t len = (olen + 7) & ~(size_t)7;

		memset(&bev, 0, sizeof(bev));
		bev.header.type = PERF_RECORD_HEADER_BUILD_ID;
		bev.header.misc = b->misc | (1 << 15);
		bev.header.size = sizeof(bev) + len;
		bev.pid = b->pid;
		memcpy(bev.data, b->build_id, b->size);
		bev.size = b->size;
		err = data__write(out, &bev, sizeof(bev));
		if (!err)
			err = data__write(out, b->filename, olen);
		if (!err && len > olen)
			err = data__write(out, "\0\0\0\0\0\0\0", len - olen);
	}
	return err;
}
