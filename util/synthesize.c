// SPDX-License-Identifier: GPL-2.0
/* Records for the tasks, maps and kernel that existed before recording. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/mman.h>
#include "alloc.h"
#include "build-id.h"
#include "cpumap.h"
#include "event.h"
#include "evlist.h"
#include "evsel.h"
#include "synthesize.h"

#define SYNTH_BUF	65536
/*
 * The part of the buffer cleared for each record: the largest record made
 * here is an MMAP2 with a /proc/PID/maps name (at most 4352 bytes) and its
 * id tail, far below it. Clearing all 64 KB per record cost a second on a
 * machine with 100,000 maps.
 */
#define SYNTH_CLEAR	8192
#define ALIGN8(x)	(((x) + 7) & ~(size_t)7)

/* The kernel's record layouts (see <linux/perf_event.h>), without the
 * sample_id_all tail. */
struct rec_comm {
	struct perf_event_header h;
	uint32_t pid, tid;
	char comm[];
};

struct rec_fork {
	struct perf_event_header h;
	uint32_t pid, ppid, tid, ptid;
	uint64_t time;
};

struct rec_mmap {
	struct perf_event_header h;
	uint32_t pid, tid;
	uint64_t start, len, pgoff;
	char filename[];
};

struct rec_mmap2 {
	struct perf_event_header h;
	uint32_t pid, tid;
	uint64_t start, len, pgoff;
	uint32_t maj, min;
	uint64_t ino, ino_generation;
	uint32_t prot, flags;
	char filename[];
};

void synth__exit(struct synth *s)
{
	free(s->buf);
	s->buf = NULL;
}

static void *synth__buf(struct synth *s)
{
	if (!s->buf)
		s->buf = malloc(SYNTH_BUF);
	if (s->buf)
		memset(s->buf, 0, SYNTH_CLEAR);
	return s->buf;
}

/* Append the zeroed id tail, fix the size, emit. */
static int synth__emit(struct synth *s, struct perf_event_header *h, size_t len)
{
	len = ALIGN8(len);
	if (len + s->id_hdr_size > SYNTH_CLEAR)
		return -E2BIG;
	memset((char *)h + len, 0, s->id_hdr_size);
	h->size = (uint16_t)(len + s->id_hdr_size);
	s->nr_records++;
	return s->emit(s, h);
}

int synthesize__comm(struct synth *s, pid_t pid, pid_t tid, const char *comm)
{
	struct rec_comm *r = synth__buf(s);
	size_t n = strnlen(comm, 255);
	int err;

	if (!r)
		return -ENOMEM;
	r->h.type = PERF_RECORD_COMM;
	r->pid = pid;
	r->tid = tid;
	memcpy(r->comm, comm, n);
	r->comm[n] = '\0';
	err = synth__emit(s, &r->h, sizeof(*r) + n + 1);
	if (!err && s->namespaces)
		err = synthesize__namespaces(s, pid, tid);
	return err;
}

int synthesize__namespaces(struct synth *s, pid_t pid, pid_t tid)
{
	/* the kernel's order: NET_NS_INDEX .. CGROUP_NS_INDEX */
	static const char *const ns[NR_NAMESPACES] = {
		"net", "uts", "ipc", "pid", "user", "mnt", "cgroup",
	};
	struct {
		struct perf_event_header h;
		uint32_t pid, tid;
		uint64_t nr;
		struct perf_ns_link_info link[NR_NAMESPACES];
	} *r = synth__buf(s);

	if (!r)
		return -ENOMEM;
	r->h.type = PERF_RECORD_NAMESPACES;
	r->pid = (uint32_t)pid;
	r->tid = (uint32_t)tid;
	r->nr = NR_NAMESPACES;
	for (int i = 0; i < NR_NAMESPACES; i++) {
		char path[96];
		struct stat st;

		/* a namespace this kernel lacks stays 0, as in perf */
		snprintf(path, sizeof(path), "/proc/%d/task/%d/ns/%s", pid, tid,
			 ns[i]);
		if (!stat(path, &st)) {
			r->link[i].dev = st.st_dev;
			r->link[i].ino = st.st_ino;
		}
	}
	return synth__emit(s, &r->h, sizeof(*r));
}

int synthesize__fork(struct synth *s, pid_t pid, pid_t tid, pid_t ppid,
		     pid_t ptid)
{
	struct rec_fork *r = synth__buf(s);

	if (!r)
		return -ENOMEM;
	r->h.type = PERF_RECORD_FORK;
	/* as perf marks its synthesized FORKs: readers must not copy the
	 * parent's maps, the task's own MMAPs follow */
	r->h.misc = PERF_RECORD_MISC_FORK_EXEC;
	r->pid = pid;
	r->tid = tid;
	r->ppid = ppid;
	r->ptid = ptid;
	return synth__emit(s, &r->h, sizeof(*r));
}

/* Find "sym" in /proc/kallsyms; 0 or -ENOENT. */
static int kallsyms__find(FILE *f, const char *const *names, uint64_t *addrs,
			  int nr)
{
	char line[512], name[256], type;
	unsigned long long a;
	int found = 0;

	while (found < nr && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%llx %c %255s", &a, &type, name) != 3)
			continue;
		for (int i = 0; i < nr; i++) {
			if (!addrs[i] && !strcmp(name, names[i])) {
				addrs[i] = a;
				found++;
			}
		}
	}
	return found;
}

/* @r's device and inode fields as perf's MMAP2 build-id form instead
 * (record --buildid-mmap): size, 3 reserved bytes, the id in 20 */
static void mmap2__set_build_id(struct rec_mmap2 *r, const struct build_id *bid)
{
	unsigned char *u = (unsigned char *)&r->maj;
	size_t n = bid->size < 20 ? bid->size : 20;

	memset(u, 0, 24);
	u[0] = (unsigned char)n;
	memcpy(u + 4, bid->data, n);
	r->h.misc |= PERF_RECORD_MISC_MMAP_BUILD_ID;
}

int synthesize__kernel_mmap(struct synth *s)
{
	static const char *const names[] = { "_text", "_etext" };
	uint64_t addrs[2] = { 0, 0 };
	struct rec_mmap *r;
	static const char fname[] = "[kernel.kallsyms]_text";
	FILE *f = fopen("/proc/kallsyms", "r");

	if (!f)
		return -errno;
	kallsyms__find(f, names, addrs, 2);
	fclose(f);
	if (!addrs[0])
		return -ENOENT;
	/* (the kernel's: pid -1, tid 0, the text from _text on, as perf;
	 * MMAP and MMAP2 begin alike) */
	r = synth__buf(s);
	if (!r)
		return -ENOMEM;
	r->h.type = s->build_id_mmap ? PERF_RECORD_MMAP2 : PERF_RECORD_MMAP;
	r->h.misc = PERF_RECORD_MISC_KERNEL;
	r->pid = (uint32_t)-1;
	r->tid = 0;
	r->start = addrs[0];
	r->len = addrs[1] > addrs[0] ? addrs[1] - addrs[0] : ~0ULL - addrs[0];
	r->pgoff = addrs[0];
	if (s->build_id_mmap) {
		/* perf's form then: an MMAP2 with the kernel's build-id */
		struct rec_mmap2 *r2 = (struct rec_mmap2 *)r;
		struct build_id bid;

		if (!sysfs__read_build_id(NULL, &bid) && bid.size)
			mmap2__set_build_id(r2, &bid);
		memcpy(r2->filename, fname, sizeof(fname));
		return synth__emit(s, &r2->h, sizeof(*r2) + sizeof(fname));
	}
	memcpy(r->filename, fname, sizeof(fname));
	return synth__emit(s, &r->h, sizeof(*r) + sizeof(fname));
}

int synthesize__modules(struct synth *s)
{
	char line[1024], name[256];
	unsigned long long size, addr;
	FILE *f = fopen("/proc/modules", "r");
	int err = 0;

	if (!f)
		return errno == ENOENT ? 0 : -errno;
	while (!err && fgets(line, sizeof(line), f)) {
		struct rec_mmap *r;
		char *p;
		size_t n;

		if (sscanf(line, "%255s %llu", name, &size) != 2)
			continue;
		p = strstr(line, " 0x");
		if (!p || sscanf(p, " %llx", &addr) != 1 || !addr)
			continue;	/* hidden by kptr_restrict */
		r = synth__buf(s);
		if (!r) {
			err = -ENOMEM;
			break;
		}
		r->h.type = PERF_RECORD_MMAP;
		r->h.misc = PERF_RECORD_MISC_KERNEL;
		r->pid = (uint32_t)-1;
		r->start = addr;
		r->len = size;
		n = (size_t)snprintf(r->filename, 260, "[%s]", name);
		err = synth__emit(s, &r->h, sizeof(*r) + n + 1);
	}
	fclose(f);
	return err;
}

static int perms_to_prot(const char *perms)
{
	int prot = 0;

	if (perms[0] == 'r')
		prot |= PROT_READ;
	if (perms[1] == 'w')
		prot |= PROT_WRITE;
	if (perms[2] == 'x')
		prot |= PROT_EXEC;
	return prot;
}

int synthesize__mmaps(struct synth *s, pid_t pid)
{
	char path[64], line[4096 + 256];
	FILE *f;
	int err = 0;

	snprintf(path, sizeof(path), "/proc/%d/maps", pid);
	f = fopen(path, "r");
	if (!f)
		return 0;	/* gone, or not ours to read: no maps */
	while (!err && fgets(line, sizeof(line), f)) {
		unsigned long long start, end, pgoff, ino;
		unsigned int maj, min;
		char perms[8];
		int pos = 0;
		struct rec_mmap2 *r;
		const char *name;
		size_t n;

		if (sscanf(line, "%llx-%llx %7s %llx %x:%x %llu %n", &start,
			   &end, perms, &pgoff, &maj, &min, &ino, &pos) < 7)
			continue;
		if (perms[2] != 'x' && !s->mmap_data)
			continue;
		name = line + pos;
		n = strcspn(name, "\n");
		if (!n) {
			name = "//anon";
			n = 6;
		}
		r = synth__buf(s);
		if (!r) {
			err = -ENOMEM;
			break;
		}
		r->h.type = PERF_RECORD_MMAP2;
		r->h.misc = PERF_RECORD_MISC_USER;
		if (perms[2] != 'x')
			r->h.misc |= PERF_RECORD_MISC_MMAP_DATA;
		r->pid = pid;
		r->tid = pid;
		r->start = start;
		r->len = end - start;
		r->pgoff = pgoff;
		r->maj = maj;
		r->min = min;
		r->ino = ino;
		r->prot = perms_to_prot(perms);
		r->flags = perms[3] == 's' ? MAP_SHARED : MAP_PRIVATE;
		memcpy(r->filename, name, n);
		r->filename[n] = '\0';
		/* --buildid-mmap: a file's build-id in place of its inode */
		if (s->build_id_mmap && r->filename[0] == '/') {
			struct build_id bid;

			if (!filename__read_build_id(r->filename, &bid) && bid.size)
				mmap2__set_build_id(r, &bid);
		}
		err = synth__emit(s, &r->h, sizeof(*r) + n + 1);
	}
	fclose(f);
	return err;
}

/* comm, tgid and ppid of one task; -ENOENT when it is gone. */
static int task__info(pid_t pid, pid_t tid, char *comm, size_t size,
		      pid_t *tgid, pid_t *ppid)
{
	char path[96], line[256];
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/comm", pid, tid);
	f = fopen(path, "r");
	if (!f)
		return -ENOENT;
	if (!fgets(comm, (int)size, f))
		comm[0] = '\0';
	fclose(f);
	n = strcspn(comm, "\n");
	comm[n] = '\0';

	*tgid = pid;
	*ppid = 0;
	snprintf(path, sizeof(path), "/proc/%d/task/%d/status", pid, tid);
	f = fopen(path, "r");
	if (!f)
		return -ENOENT;
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "Tgid:", 5))
			*tgid = atoi(line + 5);
		else if (!strncmp(line, "PPid:", 5))
			*ppid = atoi(line + 5);
	}
	fclose(f);
	return 0;
}

static int is_number(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!isdigit((unsigned char)*s))
			return 0;
	return 1;
}

int synthesize__process(struct synth *s, pid_t pid, bool fork)
{
	char path[64], comm[64];
	struct dirent *d;
	pid_t tgid, ppid;
	DIR *dir;
	int err = 0, tasks = 0;

	snprintf(path, sizeof(path), "/proc/%d/task", pid);
	dir = opendir(path);
	if (!dir)
		return 0;	/* exited meanwhile */
	while (!err && (d = readdir(dir))) {
		pid_t tid;

		if (!is_number(d->d_name))
			continue;
		tid = atoi(d->d_name);
		if (task__info(pid, tid, comm, sizeof(comm), &tgid, &ppid))
			continue;
		if (fork) {
			/* a thread comes from its process leader */
			if (tid == pid)
				err = synthesize__fork(s, pid, tid, ppid, ppid);
			else
				err = synthesize__fork(s, pid, tid, pid, pid);
		}
		if (!err)
			err = synthesize__comm(s, pid, tid, comm);
		tasks++;
	}
	closedir(dir);
	if (!err && tasks)
		err = synthesize__mmaps(s, pid);
	return err;
}

static int pid_cmp(const void *a, const void *b)
{
	return *(const pid_t *)a - *(const pid_t *)b;
}

int synthesize__all(struct synth *s)
{
	DIR *dir = opendir("/proc");
	struct dirent *d;
	pid_t *pids = NULL;
	size_t nr = 0, cap = 0;
	int err = 0;

	if (!dir)
		return -errno;
	while ((d = readdir(dir))) {
		if (!is_number(d->d_name))
			continue;
		if (ALLOC_GROW(pids, nr + 1, cap, 512)) {
			err = -ENOMEM;
			break;
		}
		pids[nr++] = atoi(d->d_name);
	}
	closedir(dir);
	/* parents before children, as the pid order mostly gives */
	if (!err)
		qsort(pids, nr, sizeof(*pids), pid_cmp);
	for (size_t i = 0; !err && i < nr; i++)
		err = synthesize__process(s, pids[i], true);
	free(pids);
	return err;
}

int synthesize__threadmap(struct synth *s, const struct threadmap *threads)
{
	char comm[64];
	int err = 0;

	for (int i = 0; !err && i < threads->nr; i++) {
		pid_t tid = threads->map[i], tgid, ppid;
		bool first = true;

		if (tid < 0)
			continue;
		/* tasks are found under their own pid too (/proc/TID) */
		if (task__info(tid, tid, comm, sizeof(comm), &tgid, &ppid))
			continue;
		err = synthesize__comm(s, tgid, tid, comm);
		/* the maps once per process: at its first task in the map */
		for (int j = 0; j < i; j++) {
			pid_t t2, p2;
			char c2[64];

			if (threads->map[j] >= 0 &&
			    !task__info(threads->map[j], threads->map[j], c2,
					sizeof(c2), &t2, &p2) && t2 == tgid)
				first = false;
		}
		if (!err && first)
			err = synthesize__mmaps(s, tgid);
	}
	return err;
}

/* A record built by an event.c writer: emitted as it is (no id tail). */
static int synth__emit_built(struct synth *s, int len)
{
	if (len < 0)
		return len;
	s->nr_records++;
	return s->emit(s, (struct perf_event_header *)s->buf);
}

int synthesize__id_index(struct synth *s, const struct evlist *evlist)
{
	const size_t max = (UINT16_MAX - 16) / sizeof(struct id_index_entry);
	struct id_index_entry *e = NULL;
	const struct evsel *evsel;
	size_t nr = 0, cap = 0;
	int i, err = 0;

	evlist__for_each(evlist, evsel, i) {
		int nt = evsel->fds ? evsel->threads->nr : 0;
		int n = evsel->fds ? evsel->cpus->nr * nt : 0;

		for (int k = 0; k < n; k++) {
			if (evsel->fds[k] < 0)
				continue;
			if (nr == cap) {
				struct id_index_entry *g;

				cap = cap ? 2 * cap : 64;
				g = realloc(e, cap * sizeof(*e));
				if (!g) {
					free(e);
					return -ENOMEM;
				}
				e = g;
			}
			e[nr].id = evsel->ids[k];
			/* the index of the ring buffer: per CPU, or per
			 * thread when the events follow threads on any CPU */
			e[nr].cpu = (uint64_t)(int64_t)evsel->cpus->map[k / nt];
			e[nr].idx = (uint64_t)(evsel->cpus->map[k / nt] < 0 ?
					       k % nt : k / nt);
			e[nr].tid = (uint64_t)(int64_t)evsel->threads->map[k % nt];
			nr++;
		}
	}
	for (size_t done = 0; !err && done < nr; done += max) {
		size_t n = nr - done < max ? nr - done : max;

		if (!synth__buf(s))
			err = -ENOMEM;
		else
			err = synth__emit_built(s, event__synthesize_id_index(
					s->buf, SYNTH_BUF, e + done, n));
	}
	free(e);
	return err;
}

int synthesize__event_maps(struct synth *s, const struct evlist *evlist,
			   bool names)
{
	const struct evsel *evsel;
	int i, err = 0;

	if (!synth__buf(s))
		return -ENOMEM;
	evlist__for_each(evlist, evsel, i) {
		int n = evsel->fds ? evsel->cpus->nr * evsel->threads->nr : 0, k;
		const char *unit;
		double scale;

		for (k = 0; k < n && evsel->fds[k] < 0; k++)
			;
		if (k == n)
			continue;
		evsel__update_unit_scale(evsel, &unit, &scale);
		if (!err && unit)
			err = synth__emit_built(s, event__synthesize_event_update_str(
					s->buf, SYNTH_BUF, PERF_EVENT_UPDATE__UNIT,
					evsel->ids[k], unit));
		if (!err && scale != 0.0)
			err = synth__emit_built(s, event__synthesize_event_update_scale(
					s->buf, SYNTH_BUF, evsel->ids[k], scale));
		if (!err && names && evsel->name)
			err = synth__emit_built(s, event__synthesize_event_update_str(
					s->buf, SYNTH_BUF, PERF_EVENT_UPDATE__NAME,
					evsel->ids[k], evsel->name));
		if (err)
			return err;
	}
	if (evlist->threads)
		err = synth__emit_built(s, event__synthesize_thread_map(s->buf, SYNTH_BUF,
				evlist->threads->map, NULL, evlist->threads->nr));
	if (!err && evlist->cpus)
		err = synth__emit_built(s, event__synthesize_cpu_map(s->buf, SYNTH_BUF,
				evlist->cpus->map, evlist->cpus->nr));
	return err;
}
