// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "callchain.h"
#include "debug.h"
#include "dso.h"
#include "env.h"
#include "event.h"
#include "evlist.h"
#include "machine.h"
#include "map.h"
#include "maps.h"
#include "srcline.h"
#include "thread.h"
#include "unwind.h"

/* Record layouts (see <linux/perf_event.h>: PERF_RECORD_MMAP, ...). */
struct rec_mmap {
	struct perf_event_header header;
	uint32_t pid, tid;
	uint64_t start, len, pgoff;
	char filename[];
};

struct rec_mmap2 {
	struct perf_event_header header;
	uint32_t pid, tid;
	uint64_t start, len, pgoff;
	uint8_t id[24];		/* maj, min, ino, ino_generation | build-id */
	uint32_t prot, flags;
	char filename[];
};

struct rec_comm {
	struct perf_event_header header;
	uint32_t pid, tid;
	char comm[];
};

struct rec_fork {
	struct perf_event_header header;
	uint32_t pid, ppid, tid, ptid;
	uint64_t time;
};

struct bid_entry {
	char *name;
	struct build_id bid;
};

/* @n bytes' hash, 8 a step: a byte a step (FNV-1a) was a tenth of a
 * tracepoint report, which interns each sample's formatted text */
static uint32_t hash_mem(const char *s, size_t n)
{
	uint64_t h = 0x9e3779b97f4a7c15ULL ^ n, w;
	size_t i;

	for (i = 0; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdULL;
		h ^= h >> 32;
	}
	w = 0;
	memcpy(&w, s + i, n - i);
	h = (h ^ w) * 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 29;
	return (uint32_t)h;
}

static uint32_t hash_str(const char *s)
{
	return hash_mem(s, strlen(s));
}

struct machine *machine__new(const struct symbol_opts *opts)
{
	struct machine *m = calloc(1, sizeof(*m));

	if (!m)
		return NULL;
	if (opts)
		m->opts = *opts;
	m->threads_size = 1024;
	m->dsos_size = 256;
	m->strings_size = 1024;
	m->threads = calloc(m->threads_size, sizeof(*m->threads));
	m->dsos = calloc(m->dsos_size, sizeof(*m->dsos));
	m->strings = calloc(m->strings_size, sizeof(*m->strings));
	m->kmaps = maps__new(&m->map_ids);
	if (!m->threads || !m->dsos || !m->strings || !m->kmaps) {
		machine__delete(m);
		return NULL;
	}
	return m;
}

static const struct build_id *machine__bid_for(struct machine *m, const char *name);

/*
 * The wait for kallsyms (its read is mostly kernel time on the other
 * thread) loads the symbols of the objects the build-id list names:
 * those with samples, as perf record writes it. Loads that fail are
 * undone (quietly), so that the lookup that needs one tries again and
 * warns as it would have.
 */
/* The user-space object the build-id list's entry @i names, or NULL */
static struct dso *machine__bid_user_dso(struct machine *m, uint32_t i)
{
	struct dso *d;

	if (m->bids[i].name[0] != '/')
		return NULL;
	d = machine__findnew_dso(m, m->bids[i].name);
	return d && d->kind == DSO_KIND_USER ? d : NULL;
}

static void machine__preload_user_dsos(void *arg)
{
	struct machine *m = arg;
	struct symbol_opts quiet = m->opts;

	quiet.quiet = true;
	for (uint32_t i = 0; i < m->nr_bids && kallsyms__prefetch_busy(); i++) {
		struct dso *d = machine__bid_user_dso(m, i);

		if (d && !d->loaded && dso__load(d, &quiet))
			dso__unload(d);
	}
}

void machine__prefetch_kernel(struct machine *m, const struct evlist *el)
{
	bool kernel = !el || !el->nr;
	const struct build_id *bid;
	char path[PATH_MAX];
	int i;

	if (m->opts.no_kernel_syms || m->opts.vmlinux)
		return;
	for (i = 0; el && i < el->nr && !kernel; i++)
		kernel = !el->entries[i]->attr.exclude_kernel;
	if (!kernel)
		return;
	/* the file the kernel's dso will read, if any: none of this
	 * machine for a file recorded on another kernel (the build-id
	 * list is read; a pipe's comes later: /proc/kallsyms then) */
	bid = m->kernel ? &m->kernel->bid : machine__bid_for(m, "[kernel.kallsyms]");
	if (kernel__kallsyms_file(bid, &m->opts, path, sizeof(path)) == 0) {
		kallsyms__prefetch(path);
		kallsyms__prefetch_wait_work(machine__preload_user_dsos, m);
	}
}

struct thread **machine__threads(struct machine *m, size_t *nr)
{
	struct thread **v = malloc((m->nr_threads ? m->nr_threads : 1) * sizeof(*v));
	size_t n = 0;

	*nr = 0;
	if (!v)
		return NULL;
	for (uint32_t i = 0; i < m->threads_size; i++)
		for (struct thread *t = m->threads[i]; t && n < m->nr_threads; t = t->hnext)
			v[n++] = t;
	*nr = n;
	return v;
}

void machine__prefetch_dwarf(struct machine *m)
{
	struct dso **dsos;
	uint32_t i, n = 0;

	if (!m->nr_bids)
		return;
	dsos = calloc(m->nr_bids, sizeof(*dsos));
	if (!dsos)
		return;
	for (i = 0; i < m->nr_bids; i++) {
		struct dso *d = machine__bid_user_dso(m, i);

		if (d)
			dsos[n++] = d;
	}
	srcline__prefetch(m, dsos, n);
	free(dsos);
}

void machine__delete(struct machine *m)
{
	uint32_t i;

	if (!m)
		return;
	kallsyms__prefetch_end();
	srcline__prefetch_end();
	unwind__exit(m);
	if (m->nr_no_kmap && !m->opts.quiet) {
		if (m->kernel_start)	/* the map came after them */
			pr_warning("%" PRIu64 " kernel samples came before the file's kernel map "
				   "(recorded with --tail-synthesize?) and stay unresolved, as in "
				   "perf\n", m->nr_no_kmap);
		else
			pr_warning("kernel samples cannot be resolved: the file has no kernel map "
				   "(/proc/kallsyms hid the kernel's addresses while recording); "
				   "record again as root after `sysctl -w kernel.kptr_restrict=0`\n");
	}
	if (m->threads) {
		for (i = 0; i < m->threads_size; i++) {
			struct thread *t = m->threads[i], *n;

			for (; t; t = n) {
				n = t->hnext;
				thread__delete(t);
			}
		}
	}
	map__put(m->kmap);
	maps__put(m->kmaps);
	for (i = 0; i < m->nr_dsos; i++)
		dso__delete(m->dso_list[i]);
	free(m->dso_list);
	free(m->dsos);
	if (m->strings)
		for (i = 0; i < m->strings_size; i++)
			free(m->strings[i]);
	free(m->strings);
	for (i = 0; i < m->nr_bids; i++)
		free(m->bids[i].name);
	free(m->bids);
	free(m->kernel_name);
	if (m->inl_syms)
		for (i = 0; i < m->inl_size; i++)
			free(m->inl_syms[i]);
	free(m->inl_syms);
	free(m->threads);
	while (m->retired) {
		struct thread *n = m->retired->hnext;

		thread__delete(m->retired);
		m->retired = n;
	}
	free(m);
}

const char *machine__intern(struct machine *m, const char *s)
{
	uint32_t h, i;
	size_t len;

	if (m->nr_strings * 2 >= m->strings_size) {
		uint32_t nsize = m->strings_size * 2;
		char **n = calloc(nsize, sizeof(*n));

		if (!n)
			return NULL;
		for (i = 0; i < m->strings_size; i++) {
			uint32_t j;

			if (!m->strings[i])
				continue;
			j = hash_str(m->strings[i]) & (nsize - 1);
			while (n[j])
				j = (j + 1) & (nsize - 1);
			n[j] = m->strings[i];
		}
		free(m->strings);
		m->strings = n;
		m->strings_size = nsize;
	}
	len = strlen(s);
	h = hash_mem(s, len) & (m->strings_size - 1);
	while (m->strings[h]) {
		if (!strcmp(m->strings[h], s))
			return m->strings[h];
		h = (h + 1) & (m->strings_size - 1);
	}
	m->strings[h] = malloc(len + 1);
	if (!m->strings[h])
		return NULL;
	memcpy(m->strings[h], s, len + 1);
	m->nr_strings++;
	return m->strings[h];
}

static const struct build_id *machine__bid_for(struct machine *m, const char *name)
{
	uint32_t i;

	for (i = 0; i < m->nr_bids; i++)
		if (!strcmp(m->bids[i].name, name))
			return &m->bids[i].bid;
	return NULL;
}

/* perf creates the dsos of the build-id list when it reads the header,
 * the others as their maps appear */
static uint32_t machine__dso_order(struct machine *m, const char *name)
{
	uint32_t i;

	for (i = 0; i < m->nr_bids; i++)
		if (!strcmp(m->bids[i].name, name))
			return i + 1;
	return m->nr_bids + 1 + (uint32_t)m->nr_dsos;
}

/* A kernel module as the build-id list names it: "[name]" or a path to a
 * .ko file, compressed or not */
static bool is_module_name(const char *name)
{
	const char *b = strrchr(name, '/'), *ko;

	if (name[0] == '[')
		return strncmp(name, "[kernel.kallsyms]", 17) != 0;
	ko = strstr(b ? b + 1 : name, ".ko");
	return ko && (ko[3] == '\0' || ko[3] == '.');
}

/* perf's kernel dso is the first kernel object of the build-id list that is
 * no module: "[kernel.kallsyms]" normally, but the path of the vmlinux perf
 * record read when it found one (in its working directory, say). That name
 * is what perf script prints; report's short name becomes
 * "[kernel.vmlinux]" when it names a vmlinux. */
static void dso__set_kernel_name(struct dso *d, const char *name)
{
	free(d->rec_name);
	d->hashed_name = NULL;	/* the new name may take the old one's place */
	d->rec_name = strdup(name);
	if (d->rec_name)
		d->short_name = strstr(name, "vmlinux") ? "[kernel.vmlinux]" : d->rec_name;
}

int machine__set_build_id(struct machine *m, const char *name, uint16_t misc,
			  const struct build_id *bid)
{
	struct bid_entry *p;
	struct dso *d;
	uint32_t h;
	const char *key = name;

	if (!strncmp(name, "[kernel.kallsyms]", 17)) {
		key = "[kernel.kallsyms]";
		m->kernel_named = true;
	} else if ((misc & PERF_RECORD_MISC_CPUMODE_MASK) == PERF_RECORD_MISC_KERNEL &&
		   !is_module_name(name) && !m->kernel_named) {
		m->kernel_named = true;
		free(m->kernel_name);
		m->kernel_name = strdup(name);
		/* after the kernel's MMAP (a pipe), perf has its kernel already */
		if (!m->kernel)
			key = "[kernel.kallsyms]";
	}
	p = realloc(m->bids, (m->nr_bids + 1) * sizeof(*p));
	if (!p)
		return -ENOMEM;
	m->bids = p;
	p[m->nr_bids].name = strdup(key);
	if (!p[m->nr_bids].name)
		return -ENOMEM;
	p[m->nr_bids].bid = *bid;
	m->nr_bids++;
	/* a dso created before the header was read */
	h = hash_str(key) & (m->dsos_size - 1);
	for (d = m->dsos[h]; d; d = d->hnext)
		if (!strcmp(d->long_name, key))
			dso__set_build_id(d, bid);
	return 0;
}

void machine__set_env_build_ids(struct machine *m, const struct env *env)
{
	for (uint32_t i = 0; env && i < env->nr_build_ids; i++) {
		const struct env_build_id *e = &env->build_ids[i];
		struct build_id bid;

		if (!e->filename)
			continue;
		build_id__init(&bid, e->build_id, e->size);
		machine__set_build_id(m, e->filename, e->misc, &bid);
	}
}

struct dso *machine__findnew_dso(struct machine *m, const char *name)
{
	const char *key = name;
	const struct build_id *bid;
	struct dso *d, **list;
	uint32_t h;

	if (!strncmp(name, "[kernel.kallsyms]", 17))
		key = "[kernel.kallsyms]";
	h = hash_str(key) & (m->dsos_size - 1);
	for (d = m->dsos[h]; d; d = d->hnext)
		if (!strcmp(d->long_name, key))
			return d;
	d = dso__new(key);
	if (!d)
		return NULL;
	list = realloc(m->dso_list, (m->nr_dsos + 1) * sizeof(*list));
	if (!list) {
		dso__delete(d);
		return NULL;
	}
	m->dso_list = list;
	list[m->nr_dsos++] = d;
	d->hnext = m->dsos[h];
	m->dsos[h] = d;
	bid = machine__bid_for(m, key);
	if (bid) {
		dso__set_build_id(d, bid);
		d->bid_listed = true;
	}
	d->order = machine__dso_order(m, key);
	if (d->kind == DSO_KIND_KERNEL && !m->kernel) {
		m->kernel = d;
		if (m->kernel_name)
			dso__set_kernel_name(d, m->kernel_name);
	}
	return d;
}

struct thread *machine__find_thread(struct machine *m, int32_t tid)
{
	struct thread *t;

	if (m->last_thread && m->last_thread->tid == tid)
		return m->last_thread;
	for (t = m->threads[(uint32_t)tid & (m->threads_size - 1)]; t; t = t->hnext)
		if (t->tid == tid) {
			m->last_thread = t;
			return t;
		}
	return NULL;
}

static void machine__grow_threads(struct machine *m)
{
	uint32_t nsize = m->threads_size * 2, i;
	struct thread **n = calloc(nsize, sizeof(*n));

	if (!n)
		return;
	for (i = 0; i < m->threads_size; i++) {
		struct thread *t = m->threads[i], *next;

		for (; t; t = next) {
			next = t->hnext;
			t->hnext = n[(uint32_t)t->tid & (nsize - 1)];
			n[(uint32_t)t->tid & (nsize - 1)] = t;
		}
	}
	free(m->threads);
	m->threads = n;
	m->threads_size = nsize;
}

/*
 * Take @t out of the threads by tid, as perf does with a thread a FORK
 * names again: later records find a new thread of that tid, while hist
 * entries made before keep @t, with its comm and maps as they were (perf's
 * pid column shows the last comm of the entry's own thread). @t lives on
 * in the retired list until the machine goes.
 */
static void machine__retire_thread(struct machine *m, struct thread *t)
{
	struct thread **pp = &m->threads[(uint32_t)t->tid & (m->threads_size - 1)];

	while (*pp && *pp != t)
		pp = &(*pp)->hnext;
	if (!*pp)
		return;
	*pp = t->hnext;
	m->nr_threads--;
	if (m->last_thread == t)
		m->last_thread = NULL;
	t->hnext = m->retired;
	m->retired = t;
}

static struct thread *machine__add_thread(struct machine *m, int32_t pid, int32_t tid)
{
	struct thread *t = thread__new(pid, tid);
	uint32_t h;

	if (!t)
		return NULL;
	if (m->nr_threads >= m->threads_size)
		machine__grow_threads(m);
	h = (uint32_t)tid & (m->threads_size - 1);
	t->hnext = m->threads[h];
	m->threads[h] = t;
	m->nr_threads++;
	/* perf names the idle task, it passes it on; others have a ":tid"
	 * placeholder until a COMM arrives */
	if (tid == 0) {
		thread__set_comm(t, machine__intern(m, "swapper"), 0);
		t->comm_set = true;
	} else {
		thread__set_placeholder(t);
	}
	return t;
}

struct thread *machine__findnew_thread(struct machine *m, int32_t pid, int32_t tid)
{
	struct thread *t = machine__find_thread(m, tid), *leader;

	if (t) {
		if (t->pid == -1 && pid != -1 && pid != t->pid)
			t->pid = pid;
		if (!t->maps) {
			leader = pid != tid && pid != -1 ? machine__find_thread(m, pid) : NULL;
			t->maps = leader && leader->maps ? maps__get(leader->maps) :
				  maps__new(&m->map_ids);
		}
		return t;
	}
	t = machine__add_thread(m, pid, tid);
	if (!t)
		return NULL;
	leader = NULL;
	if (pid != tid && pid != -1) {
		leader = machine__find_thread(m, pid);
		if (!leader)
			leader = machine__add_thread(m, pid, pid);
		if (leader && !leader->maps)
			leader->maps = maps__new(&m->map_ids);
	}
	t->maps = leader && leader->maps ? maps__get(leader->maps) : maps__new(&m->map_ids);
	m->last_thread = t;
	return t;
}

static bool is_kernel_map_name(const char *name)
{
	return name[0] == '[' || name[0] == '/';
}

static int machine__add_kernel_map(struct machine *m, uint64_t start, uint64_t len,
				   uint64_t pgoff, const char *filename)
{
	struct dso *dso;
	struct map *map;
	char modname[256];
	int err;

	if (!strncmp(filename, "[kernel.kallsyms]", 17) || !strcmp(filename, "[kernel]")) {
		dso = machine__findnew_dso(m, "[kernel.kallsyms]");
		if (!m->kernel_start || start < m->kernel_start)
			m->kernel_start = start;
	} else if (!is_kernel_map_name(filename)) {
		return 0;
	} else {
		/* a module: "[name]" from /lib/modules/.../name.ko(.xz) */
		const char *b = strrchr(filename, '/');
		size_t n;

		b = b ? b + 1 : filename;
		if (*b == '[')
			snprintf(modname, sizeof(modname), "%s", b);
		else {
			n = strcspn(b, ".");
			snprintf(modname, sizeof(modname), "[%.*s]", (int)n, b);
		}
		dso = machine__findnew_dso(m, modname);
		if (dso && !dso->mod_path)
			dso->mod_path = strdup(filename);
	}
	if (!dso)
		return -ENOMEM;
	map = map__new(&m->map_ids, start, len, pgoff, dso);
	if (!map)
		return -ENOMEM;
	map->identity = 1;
	/* held: a later overlapping map may cut it out of kmaps */
	if (dso->kind == DSO_KIND_KERNEL && !m->kmap)
		m->kmap = map__get(map);
	err = maps__insert(m->kmaps, map);
	map__put(map);
	return err;
}

static int machine__add_user_map(struct machine *m, uint32_t pid, uint32_t tid,
				 uint64_t start, uint64_t len, uint64_t pgoff,
				 uint32_t prot, uint32_t flags, const uint8_t *dev,
				 const char *filename, const uint8_t *bid, size_t bid_size)
{
	bool known = machine__find_thread(m, (int32_t)tid) != NULL;
	bool leader_known = pid == tid || (int32_t)pid == -1 ||
			    machine__find_thread(m, (int32_t)pid) != NULL;
	struct thread *t = machine__findnew_thread(m, (int32_t)pid, (int32_t)tid);
	struct dso *dso;
	struct map *map;
	int err;

	/* memory that is no file, as perf tells it: anonymous (its
	 * addresses are shown as they are) and, when executable, JIT code
	 * that perf looks up in /tmp/perf-PID.map and calls "[JIT] tid PID" */
	bool anon = !strcmp(filename, "//anon") || !strncmp(filename, "/dev/zero", 9) ||
		    !strncmp(filename, "/anon_hugepage", 14) || (flags & 0x40000 /* MAP_HUGETLB */);
	bool no_file = !strncmp(filename, "[stack", 6) || !strncmp(filename, "/SYSV", 5) ||
		       !strcmp(filename, "[heap]");
	char jit[64];

	if (!t)
		return -ENOMEM;
	if (!known)
		t->mmap_only = true;
	/* (and its process's leader, made for it) */
	if (!leader_known) {
		struct thread *leader = machine__find_thread(m, (int32_t)pid);

		if (leader)
			leader->mmap_only = true;
	}
	/* (an MMAP record's map is executable unless data: its caller
	 * says so) */
	if ((anon || no_file) && (prot & 4 /* PROT_EXEC */)) {
		snprintf(jit, sizeof(jit), "/tmp/perf-%d.map", (int)pid);
		filename = jit;
	}
	dso = machine__findnew_dso(m, filename);
	if (!dso)
		return -ENOMEM;
	if (bid && bid_size && !dso->bid.size)
		build_id__init(&dso->bid, bid, bid_size);
	map = map__new(&m->map_ids, start, len, pgoff, dso);
	if (!map)
		return -ENOMEM;
	map->prot = prot;
	map->flags = flags;
	/* MMAP2's device and inode: u32 maj, min, u64 ino, generation */
	if (dev) {
		memcpy(&map->maj, dev, 4);
		memcpy(&map->min, dev + 4, 4);
		memcpy(&map->ino, dev + 8, 8);
		memcpy(&map->ino_gen, dev + 16, 8);
		if (!dso->id_maj && !dso->id_min && !dso->id_ino && !dso->id_ino_gen) {
			dso->id_maj = map->maj;
			dso->id_min = map->min;
			dso->id_ino = map->ino;
			dso->id_ino_gen = map->ino_gen;
		}
	}
	if (anon || no_file)
		map->identity = 1;
	else if (dso->kind == DSO_KIND_ANON)
		map->pgoff = 0;	/* memfd: and the like: offsets in the mapping */
	err = maps__insert(t->maps, map);
	map__put(map);
	return err;
}

static bool rec_string_ok(const union perf_event *ev, const char *s)
{
	const char *end = (const char *)ev + ev->header.size;

	return s < end && memchr(s, '\0', (size_t)(end - s)) != NULL;
}

/* A record shorter than its fixed part, or with an unterminated string:
 * skipped, the first one said (a damaged file; the rest is still read) */
static int machine__malformed(struct machine *m, const union perf_event *ev)
{
	if (!m->stats.nr_malformed++)
		pr_warning("a malformed %s record (%u bytes) was skipped: its task or map "
			   "is missing from the profile (damaged file)\n",
			   event__type_name(ev->header.type), ev->header.size);
	return 0;
}

int machine__process_event(struct machine *m, const union perf_event *ev,
			   const struct perf_sample *sample)
{
	uint64_t time = sample ? sample->time : 0;

	switch (ev->header.type) {
	case PERF_RECORD_MMAP: {
		const struct rec_mmap *r = (const void *)ev;

		if (ev->header.size < sizeof(*r) || !rec_string_ok(ev, r->filename))
			return machine__malformed(m, ev);
		m->stats.nr_mmap++;
		if ((ev->header.misc & PERF_RECORD_MISC_CPUMODE_MASK) == PERF_RECORD_MISC_KERNEL ||
		    r->pid == (uint32_t)-1)
			return machine__add_kernel_map(m, r->start, r->len, r->pgoff, r->filename);
		/* MMAP records no prot: an executable mapping, unless data */
		return machine__add_user_map(m, r->pid, r->tid, r->start, r->len, r->pgoff,
					     ev->header.misc & PERF_RECORD_MISC_MMAP_DATA ? 0 : 4,
					     0, NULL, r->filename, NULL, 0);
	}
	case PERF_RECORD_MMAP2: {
		const struct rec_mmap2 *r = (const void *)ev;
		const uint8_t *bid = NULL;
		size_t bsize = 0;
		const uint8_t *dev = NULL;

		if (ev->header.size < sizeof(*r) || !rec_string_ok(ev, r->filename))
			return machine__malformed(m, ev);
		m->stats.nr_mmap++;
		if (ev->header.misc & PERF_RECORD_MISC_MMAP_BUILD_ID) {
			bsize = r->id[0] > 20 ? 20 : r->id[0];
			bid = r->id + 4;
		} else {
			dev = r->id;
		}
		if ((ev->header.misc & PERF_RECORD_MISC_CPUMODE_MASK) == PERF_RECORD_MISC_KERNEL ||
		    r->pid == (uint32_t)-1)
			return machine__add_kernel_map(m, r->start, r->len, r->pgoff, r->filename);
		/* data maps (record -d) are kept too, as perf keeps them:
		 * callchain entries that point into the stack or the heap
		 * are then named [stack], [heap] as perf names them */
		return machine__add_user_map(m, r->pid, r->tid, r->start, r->len, r->pgoff,
					     r->prot, r->flags, dev, r->filename, bid, bsize);
	}
	case PERF_RECORD_COMM: {
		const struct rec_comm *r = (const void *)ev;
		struct thread *t;
		const char *c;

		if (ev->header.size < sizeof(*r) || !rec_string_ok(ev, r->comm))
			return machine__malformed(m, ev);
		m->stats.nr_comm++;
		t = machine__findnew_thread(m, (int32_t)r->pid, (int32_t)r->tid);
		c = machine__intern(m, r->comm);
		if (!t || !c)
			return -ENOMEM;
		t->mmap_only = false;
		return thread__comm_event(t, c, time);
	}
	case PERF_RECORD_FORK: {
		const struct rec_fork *r = (const void *)ev;
		struct thread *parent, *child;

		if (ev->header.size < sizeof(*r))
			return machine__malformed(m, ev);
		m->stats.nr_fork++;
		m->stale_parent = NULL;
		parent = machine__findnew_thread(m, (int32_t)r->ppid, (int32_t)r->ptid);
		/* as perf: a parent thread known in another process than
		 * the FORK says is a stale one, replaced by a new thread */
		if (parent && parent->pid != (int32_t)r->ppid) {
			machine__retire_thread(m, parent);
			m->stale_parent = parent;
			parent = machine__findnew_thread(m, (int32_t)r->ppid, (int32_t)r->ptid);
		}
		/* the thread a FORK makes is always a new one: one already
		 * known by this tid (tid reuse, records out of order) is
		 * retired with its comm and maps; a damaged FORK naming the
		 * parent as its own child forks from the retired one */
		child = machine__find_thread(m, (int32_t)r->tid);
		if (child)
			machine__retire_thread(m, child);
		/* a thread of its process shares the maps of the process's
		 * leader (made when unknown); a new process gets its own */
		child = machine__findnew_thread(m, (int32_t)r->pid, (int32_t)r->tid);
		if (!parent || !child || !child->maps)
			return -ENOMEM;
		parent->mmap_only = false;
		/* the parent is the thread that forked it (perf's ppid is the
		 * parent thread's tid: a thread made by another thread than
		 * its process's main one hangs below that thread) */
		child->ppid = (int32_t)r->ptid;
		/* a parent known only by its ":tid" placeholder passes
		 * nothing on: the child keeps its own, as in perf */
		if (parent->comm && parent->comm_set &&
		    thread__comm_event(child, parent->comm, r->time))
			return -ENOMEM;
		/* a fork copies the parent's address space into the new
		 * process's (a synthesized FORK, FORK_EXEC, does not) */
		if (parent->pid == child->pid || child->maps == parent->maps || !parent->maps ||
		    (ev->header.misc & PERF_RECORD_MISC_FORK_EXEC))
			return 0;
		if (!child->maps->nr) {
			struct maps *copy = maps__clone(parent->maps);

			if (!copy)
				return -ENOMEM;
			maps__put(child->maps);
			child->maps = copy;
			return 0;
		}
		for (size_t i = 0; i < parent->maps->nr; i++)
			if (maps__insert(child->maps, parent->maps->entries[i]))
				return -ENOMEM;
		return 0;
	}
	case PERF_RECORD_EXIT:
		/* the thread stays as it is (perf's too): samples after its
		 * EXIT, of records out of order, still find it */
		if (ev->header.size < sizeof(struct rec_fork))
			return machine__malformed(m, ev);
		m->stats.nr_exit++;
		return 0;
	default:
		return 0;
	}
}

void machine__fprintf_fork_note(const struct machine *m, FILE *fp)
{
	if (m->stale_parent)
		fprintf(fp, "removing erroneous parent thread %d/%d\n",
			m->stale_parent->pid, m->stale_parent->tid);
}

const char *dso__name(const struct dso *dso)
{
	return dso ? dso->short_name : "[unknown]";
}

static char cpumode_level(uint8_t cpumode)
{
	switch (cpumode) {
	case PERF_RECORD_MISC_KERNEL:
		return 'k';
	case PERF_RECORD_MISC_HYPERVISOR:
		return 'H';
	case PERF_RECORD_MISC_GUEST_KERNEL:
	case PERF_RECORD_MISC_GUEST_USER:
		return 'g';
	default:
		return '.';
	}
}

static void __thread__resolve_ip(struct machine *m, struct thread *thread,
				 uint8_t cpumode, uint64_t ip, struct addr_location *al,
				 bool kernel_fallback);

/*
 * The kernel map or module that holds @ip. perf's kernel map is the MMAP's
 * range (up to _etext) until the first lookup that lands in it loads the
 * kernel's symbols; it then spans them (the first symbol's start to a page
 * past the last one's: .init.text, the static call trampolines, data
 * symbols), so an address past _etext is [unknown] before that lookup and
 * resolved after it.
 */
static struct map *machine__find_kmap(struct machine *m, uint64_t ip)
{
	struct map *map = maps__find(m->kmaps, ip);
	struct dso *k;

	if (m->kmap_fixed || !m->kmap || (map != m->kmap && !m->kmap_fix_next))
		return map;
	m->kmap_fixed = true;
	k = m->kmap->dso;
	if (dso__load(k, &m->opts) == 0 && k->ksym_end > k->ksym_start)
		maps__resize(m->kmaps, m->kmap, k->ksym_start, k->ksym_end);
	return maps__find(m->kmaps, ip);
}

void machine__fix_kernel_map_next(struct machine *m)
{
	m->kmap_fix_next = true;
}

void thread__resolve_ip(struct machine *m, struct thread *thread, uint8_t cpumode,
			uint64_t ip, struct addr_location *al)
{
	__thread__resolve_ip(m, thread, cpumode, ip, al, true);
}

/* @kernel_fallback: a user-mode address above the kernel start that no
 * user map holds is looked up in the kernel maps (sample ips, as perf);
 * callchain entries do not fall back (perf shows them [unknown]) */
static void __thread__resolve_ip(struct machine *m, struct thread *thread,
				 uint8_t cpumode, uint64_t ip, struct addr_location *al,
				 bool kernel_fallback)
{
	struct map *map = NULL;
	struct dso *dso;

	al->thread = thread;
	al->ip = ip;
	al->cpumode = cpumode;
	al->level = cpumode_level(cpumode);
	al->sym = NULL;
	al->dso = NULL;
	al->addr = ip;
	if (cpumode == PERF_RECORD_MISC_KERNEL) {
		map = m->maps_only ? maps__find(m->kmaps, ip) : machine__find_kmap(m, ip);
	} else if (cpumode == PERF_RECORD_MISC_USER) {
		if (thread && thread->maps)
			map = maps__find(thread->maps, ip);
		/* user-mode sample on a kernel address (vsyscall, trampolines) */
		if (!map && kernel_fallback && m->kernel_start && ip >= m->kernel_start) {
			map = machine__find_kmap(m, ip);
			if (map)
				al->level = 'k';
		}
	}
	al->map = map;
	if (!map) {
		m->stats.nr_no_map++;
		if (cpumode == PERF_RECORD_MISC_KERNEL && !m->kernel_start)
			m->nr_no_kmap++;
		return;
	}
	dso = map->dso;
	al->dso = dso;
	al->addr = map__map_ip(map, ip);
	if (m->maps_only)
		return;
	if (dso->kind == DSO_KIND_MODULE && m->kernel) {
		/* kallsyms has module symbols: look them up there */
		al->sym = dso__find_symbol(m->kernel, &m->opts, ip);
		if (al->sym)
			dso->mod_syms = true;
	} else {
		al->sym = dso__find_symbol(dso, &m->opts, al->addr);
	}
}

const char *machine__kernel_symbol(struct machine *m, uint64_t *addr, const char **mod)
{
	struct map *map = m->kmaps ? machine__find_kmap(m, *addr) : NULL;
	struct symbol *sym;

	if (!map)
		return NULL;
	if (map->dso->kind == DSO_KIND_MODULE && m->kernel) {
		/* kallsyms holds the modules' symbols at their addresses */
		sym = dso__find_symbol(m->kernel, &m->opts, *addr);
		if (!sym)
			return NULL;
		*addr = sym->start;
		*mod = map->dso->short_name;
		return sym->name;
	}
	sym = dso__find_symbol(map->dso, &m->opts, map__map_ip(map, *addr));
	if (!sym)
		return NULL;
	*addr = map__unmap_ip(map, sym->start);
	*mod = NULL;
	return sym->name;
}

int machine__resolve(struct machine *m, const struct perf_sample *sample,
		     struct addr_location *al)
{
	struct thread *t = machine__findnew_thread(m, (int32_t)sample->pid,
						   (int32_t)sample->tid);

	if (!t)
		return -ENOMEM;
	thread__resolve_ip(m, t, (uint8_t)sample->cpumode, sample->ip, al);
	al->comm = t->comm;
	al->cpu = (int32_t)sample->cpu;
	m->stats.nr_samples++;
	if (!al->sym && !m->maps_only)
		m->stats.nr_unresolved++;
	if (al->dso)
		al->dso->hits++;
	return 0;
}

/* The symbol standing for an inlined function (one per name). */
static struct symbol *machine__inline_sym(struct machine *m, const char *name,
					  const struct symbol *base)
{
	const char *buf = name;	/* whole: C++ names run past 512 */
	uint32_t h, i;
	struct symbol *sym;

	if (m->inl_nr * 2 >= m->inl_size) {
		uint32_t nsize = m->inl_size ? m->inl_size * 2 : 64;
		struct symbol **n = calloc(nsize, sizeof(*n));

		if (!n)
			return NULL;
		for (i = 0; i < m->inl_size; i++) {
			if (!m->inl_syms[i])
				continue;
			h = hash_str(m->inl_syms[i]->name) & (nsize - 1);
			while (n[h])
				h = (h + 1) & (nsize - 1);
			n[h] = m->inl_syms[i];
		}
		free(m->inl_syms);
		m->inl_syms = n;
		m->inl_size = nsize;
	}
	h = hash_str(buf) & (m->inl_size - 1);
	while (m->inl_syms[h]) {
		/* one per name and containing function: perf's offset of an
		 * inlined frame is from the start of the real function */
		if (!strcmp(m->inl_syms[h]->name, buf) &&
		    m->inl_syms[h]->start == (base ? base->start : 0))
			return m->inl_syms[h];
		h = (h + 1) & (m->inl_size - 1);
	}
	sym = symbol__new(base ? base->start : 0, base ? base->end - base->start : 0, 0, buf);
	if (!sym)
		return NULL;
	sym->inlined = true;
	m->inl_syms[h] = sym;
	m->inl_nr++;
	return sym;
}

/* Append a frame; with DWARF info, as the chain of functions inlined at
 * that address (innermost first), as perf shows them. */
int machine__append_frame(struct machine *m, struct callchain_cursor *cursor,
				 struct callchain_cursor_node *node)
{
	const char *names[16], *lines[16];
	int n, i, err, nl = 0;

	node->srcline = NULL;
	if (m->opts.no_inline || !node->sym || !node->dso || node->dso->kind != DSO_KIND_USER)
		return callchain_cursor__append(cursor, node);
	n = srcline__inlines(m, node->dso, node->addr, names, 16);
	if (m->frame_srclines) {
		/* perf's line of a frame with a symbol where addr2line finds
		 * one ("??:0" for a function without a file); none where it
		 * finds nothing (the report then gives perf's raw-ip line) */
		nl = srcline__inline_lines(m, node->dso, node->addr, lines, 16);
		node->srcline = nl > 0 ? lines[0] : NULL;
	}
	if (n == 0 || (n == 1 && (!names[0] || !strcmp(names[0], node->sym->name))))
		return callchain_cursor__append(cursor, node);
	for (i = 0; i < n; i++) {
		struct callchain_cursor_node f = *node;

		if (i < nl)
			f.srcline = lines[i];

		if (names[i] && strcmp(names[i], node->sym->name))
			f.sym = machine__inline_sym(m, names[i], node->sym);
		if (!f.sym)
			f.sym = node->sym;
		err = callchain_cursor__append(cursor, &f);
		if (err)
			return err;
	}
	return 0;
}

int machine__resolve_callchain(struct machine *m, struct thread *thread,
			       const struct perf_sample *sample,
			       struct callchain_cursor *cursor, int max_stack)
{
	return machine__resolve_callchain_ordered(m, thread, sample, cursor, max_stack, false);
}

int machine__resolve_callchain_ordered(struct machine *m, struct thread *thread,
				       const struct perf_sample *sample,
				       struct callchain_cursor *cursor, int max_stack,
				       bool from_root)
{
	const struct ip_callchain *cc = sample->callchain;
	uint8_t mode = (uint8_t)sample->cpumode;
	uint64_t i, first = 0;
	int err, kept = 0;
	/* perf resolves a caller-ordered chain from its root: until the
	 * kernel's map is fixed up (machine__find_kmap) that order decides
	 * which kernel frames saw the short map, so resolve them in it then */
	uint8_t modes[256];
	bool defer = from_root && m->kmap && !m->kmap_fixed && cc && cc->nr <= 256;

	callchain_cursor__reset(cursor);
	cursor->maps_id = thread && thread->maps ? thread->maps->id : 0;
	if (max_stack < 0)
		max_stack = 127;
	/* --max-stack 0: an empty chain, and perf fails to unwind a user
	 * stack copy into no frames (its script prints such a sample as one
	 * without callchain, its report stops) */
	if (!max_stack && sample->user_stack.size && sample->user_stack.dyn_size &&
	    sample->user_regs.regs)
		return -EINVAL;
	/* perf walks the chain in the order it shows it and stops after
	 * max_stack addresses (markers do not count): the caller order
	 * keeps the outermost ones */
	if (cc && from_root) {
		int n = 0;
		bool need = true;

		for (i = cc->nr; i > 0 && n < max_stack; i--)
			if (cc->ips[i - 1] < PERF_CONTEXT_MAX && ++n == max_stack)
				first = i - 1;
		/* the markers that walk reads: the last one, then at each
		 * marker it passes the one before (nearer the leaf); only
		 * those drop the chain when they are no context perf knows */
		for (i = cc->nr; i > 0; i--) {
			uint64_t ip = cc->ips[i - 1];

			if (ip < PERF_CONTEXT_MAX)
				continue;
			if (need && ip != PERF_CONTEXT_HV && ip != PERF_CONTEXT_KERNEL &&
			    ip != PERF_CONTEXT_USER) {
				first = cc->nr;	/* nothing kept */
				break;
			}
			need = i - 1 >= first;
		}
	}
	if (cc) {
		for (i = 0; i < cc->nr && kept < max_stack; i++) {
			uint64_t ip = cc->ips[i];
			struct addr_location al;
			struct callchain_cursor_node node;

			if (ip >= PERF_CONTEXT_MAX) {
				switch (ip) {
				case PERF_CONTEXT_HV:
					mode = PERF_RECORD_MISC_HYPERVISOR;
					break;
				case PERF_CONTEXT_KERNEL:
					mode = PERF_RECORD_MISC_KERNEL;
					break;
				case PERF_CONTEXT_USER:
					mode = PERF_RECORD_MISC_USER;
					break;
				default:
					/* any other marker (a corrupt frame-pointer
					 * walk, guest contexts): perf drops the whole
					 * chain when it reads it (from_root: checked
					 * above) */
					if (from_root)
						continue;
					callchain_cursor__reset(cursor);
					i = cc->nr;
					continue;
				}
				continue;
			}
			if (i < first)
				continue;
			kept++;
			if (defer) {
				modes[cursor->nr] = mode;
				node = (struct callchain_cursor_node){ .ip = ip };
			} else {
				__thread__resolve_ip(m, thread, mode, ip, &al, false);
				node = frame__from_al(ip, &al);
			}
			/* perf expands inlined functions only in DWARF-unwound
			 * chains, not in frame-pointer/kernel ones */
			err = callchain_cursor__append(cursor, &node);
			if (err)
				return err;
		}
		for (i = defer ? cursor->nr : 0; i > 0; i--) {
			struct callchain_cursor_node *n = &cursor->nodes[i - 1];
			struct addr_location al;

			__thread__resolve_ip(m, thread, modes[i - 1], n->ip, &al, false);
			*n = frame__from_al(n->ip, &al);
		}
	} else {
		struct addr_location al;
		struct callchain_cursor_node node;

		thread__resolve_ip(m, thread, mode, sample->ip, &al);
		node = frame__from_al(sample->ip, &al);
		err = callchain_cursor__append(cursor, &node);
		if (err)
			return err;
	}
	/* --call-graph dwarf: unwind the user stack copy; none when the
	 * kernel copied nothing (dyn_size 0: perf then has no user frame) */
	/* ... with max_stack frames of its own, from the leaf, in perf */
	if (sample->user_stack.size && sample->user_stack.dyn_size && sample->user_regs.regs)
		unwind__get_entries(m, thread, sample, cursor, max_stack);
	return 0;
}
