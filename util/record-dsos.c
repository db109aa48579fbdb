// SPDX-License-Identifier: GPL-2.0
/* Samples, lost events and the DSOs with hits, from the written records. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "alloc.h"
#include "build-id.h"
#include "record-dsos.h"

#ifndef PERF_RECORD_LOST_SAMPLES
#define PERF_RECORD_LOST_SAMPLES 13
#endif

struct rd_map {
	uint64_t start, end;
	int dso;
};

struct rd_proc {
	pid_t pid;
	struct rd_map *maps;
	int nr, cap;
	int last;		/* index of the last map hit */
};

struct rd_dso {
	char *name;
	bool hit;
};

#define PENDING_MAX	(1u << 20)

void record_dsos__init(struct record_dsos *rd, uint64_t sample_type)
{
	memset(rd, 0, sizeof(*rd));
	rd->sample_type = sample_type;
}

void record_dsos__exit(struct record_dsos *rd)
{
	for (size_t i = 0; i < rd->procs_cap; i++) {
		if (rd->procs[i]) {
			free(rd->procs[i]->maps);
			free(rd->procs[i]);
		}
	}
	for (size_t i = 0; i < rd->dsos_nr; i++) {
		free(rd->dsos[i]->name);
		free(rd->dsos[i]);
	}
	free(rd->procs);
	free(rd->dsos);
	free(rd->pending);
	memset(rd, 0, sizeof(*rd));
}

static size_t pid_hash(pid_t pid, size_t cap)
{
	return ((uint32_t)pid * 2654435761u) & (cap - 1);
}

static struct rd_proc *proc__find(struct record_dsos *rd, pid_t pid)
{
	size_t i;

	if (!rd->procs_cap)
		return NULL;
	for (i = pid_hash(pid, rd->procs_cap); rd->procs[i];
	     i = (i + 1) & (rd->procs_cap - 1))
		if (rd->procs[i]->pid == pid)
			return rd->procs[i];
	return NULL;
}

static int procs__insert(struct rd_proc **tab, size_t cap, struct rd_proc *p)
{
	size_t i;

	for (i = pid_hash(p->pid, cap); tab[i]; i = (i + 1) & (cap - 1))
		;
	tab[i] = p;
	return 0;
}

static struct rd_proc *proc__findnew(struct record_dsos *rd, pid_t pid)
{
	struct rd_proc *p = proc__find(rd, pid);

	if (p)
		return p;
	if ((rd->procs_nr + 1) * 2 > rd->procs_cap) {
		size_t cap = rd->procs_cap ? rd->procs_cap * 2 : 256;
		struct rd_proc **tab = calloc(cap, sizeof(*tab));

		if (!tab)
			return NULL;
		for (size_t i = 0; i < rd->procs_cap; i++)
			if (rd->procs[i])
				procs__insert(tab, cap, rd->procs[i]);
		free(rd->procs);
		rd->procs = tab;
		rd->procs_cap = cap;
	}
	p = calloc(1, sizeof(*p));
	if (!p)
		return NULL;
	p->pid = pid;
	procs__insert(rd->procs, rd->procs_cap, p);
	rd->procs_nr++;
	return p;
}

static int dso__findnew(struct record_dsos *rd, const char *name)
{
	struct rd_dso *d;

	/* few distinct DSOs; the newest are the likeliest */
	for (size_t i = rd->dsos_nr; i-- > 0;)
		if (!strcmp(rd->dsos[i]->name, name))
			return (int)i;
	if (ALLOC_GROW(rd->dsos, rd->dsos_nr + 1, rd->dsos_cap, 64))
		return -1;
	d = calloc(1, sizeof(*d));
	if (!d)
		return -1;
	d->name = strdup(name);
	if (!d->name) {
		free(d);
		return -1;
	}
	rd->dsos[rd->dsos_nr] = d;
	return (int)rd->dsos_nr++;
}

static void proc__add_map(struct record_dsos *rd, pid_t pid, uint64_t start,
			  uint64_t len, const char *name)
{
	struct rd_proc *p;
	int dso;

	/* only files and the vdso can carry a build-id */
	if (name[0] != '/' && strcmp(name, "[vdso]"))
		return;
	p = proc__findnew(rd, pid);
	dso = dso__findnew(rd, name);
	if (!p || dso < 0)
		return;
	/* a new map replaces what it overlaps (exec, re-mmap) */
	for (int i = 0; i < p->nr; i++) {
		if (p->maps[i].start < start + len && start < p->maps[i].end) {
			p->maps[i] = p->maps[--p->nr];
			i--;
		}
	}
	if (ALLOC_GROW(p->maps, p->nr + 1, p->cap, 16))
		return;
	p->maps[p->nr].start = start;
	p->maps[p->nr].end = start + len;
	p->maps[p->nr].dso = dso;
	p->last = p->nr++;
}

static void proc__fork(struct record_dsos *rd, pid_t ppid, pid_t pid)
{
	struct rd_proc *parent, *child;

	if (ppid == pid)
		return;		/* a new thread shares its process's maps */
	parent = proc__find(rd, ppid);
	if (!parent || !parent->nr)
		return;
	child = proc__findnew(rd, pid);
	parent = proc__find(rd, ppid);	/* the table may have moved */
	if (!child || !parent || child->nr)
		return;
	child->maps = malloc(parent->nr * sizeof(*child->maps));
	if (!child->maps)
		return;
	memcpy(child->maps, parent->maps, parent->nr * sizeof(*child->maps));
	child->nr = child->cap = parent->nr;
}

static bool proc__hit(struct record_dsos *rd, pid_t pid, uint64_t ip)
{
	struct rd_proc *p = proc__find(rd, pid);

	if (!p)
		return false;
	if (p->last < p->nr && ip >= p->maps[p->last].start &&
	    ip < p->maps[p->last].end) {
		rd->dsos[p->maps[p->last].dso]->hit = true;
		return true;
	}
	for (int i = 0; i < p->nr; i++) {
		if (ip >= p->maps[i].start && ip < p->maps[i].end) {
			rd->dsos[p->maps[i].dso]->hit = true;
			p->last = i;
			return true;
		}
	}
	return false;
}

static void sample(struct record_dsos *rd, const struct perf_event_header *h)
{
	const uint64_t *u = (const void *)(h + 1);
	const uint64_t *end = (const void *)((const char *)h + h->size);
	uint64_t ip = 0;
	pid_t pid = -1;
	uint16_t mode = h->misc & PERF_RECORD_MISC_CPUMODE_MASK;

	rd->nr_samples++;
	if (rd->sample_type & PERF_SAMPLE_IDENTIFIER)
		u++;
	if (rd->sample_type & PERF_SAMPLE_IP)
		ip = *u++;
	if ((rd->sample_type & PERF_SAMPLE_TID) && u < end)
		pid = (pid_t)*(const uint32_t *)u;
	if (mode == PERF_RECORD_MISC_KERNEL) {
		rd->kernel_hit = true;
		return;
	}
	if (mode != PERF_RECORD_MISC_USER || pid <= 0)
		return;
	if (proc__hit(rd, pid, ip))
		return;
	if (rd->pending_nr == rd->pending_cap) {
		size_t cap = rd->pending_cap ? rd->pending_cap * 2 : 1024;
		void *n;

		if (cap > PENDING_MAX)
			return;
		n = realloc(rd->pending, cap * sizeof(*rd->pending));
		if (!n)
			return;
		rd->pending = n;
		rd->pending_cap = cap;
	}
	rd->pending[rd->pending_nr].pid = pid;
	rd->pending[rd->pending_nr].ip = ip;
	rd->pending_nr++;
}

void record_dsos__event(struct record_dsos *rd,
			const struct perf_event_header *h)
{
	const uint32_t *w = (const void *)(h + 1);
	const uint64_t *q;

	switch (h->type) {
	case PERF_RECORD_SAMPLE:
		sample(rd, h);
		break;
	case PERF_RECORD_MMAP:	/* pid, tid, start, len, pgoff, filename */
		q = (const void *)(w + 2);
		if ((h->misc & PERF_RECORD_MISC_CPUMODE_MASK) ==
		    PERF_RECORD_MISC_USER)
			proc__add_map(rd, (pid_t)w[0], q[0], q[1],
				      (const char *)(q + 3));
		break;
	case PERF_RECORD_MMAP2:	/* ... maj, min, ino, ino_gen, prot, flags */
		q = (const void *)(w + 2);
		if ((h->misc & PERF_RECORD_MISC_CPUMODE_MASK) ==
		    PERF_RECORD_MISC_USER &&
		    !(h->misc & PERF_RECORD_MISC_MMAP_DATA))
			proc__add_map(rd, (pid_t)w[0], q[0], q[1],
				      (const char *)(q + 3) + 32);
		break;
	case PERF_RECORD_FORK:	/* pid, ppid, tid, ptid */
		proc__fork(rd, (pid_t)w[1], (pid_t)w[0]);
		break;
	case PERF_RECORD_LOST:	/* id, lost */
		q = (const void *)w;
		rd->nr_lost += q[1];
		rd->nr_lost_records++;
		break;
	case PERF_RECORD_LOST_SAMPLES:	/* lost */
		q = (const void *)w;
		rd->nr_lost_samples += q[0];
		break;
	default:
		break;
	}
}

bool record_dsos__has(const struct record_dsos *rd, const char *name)
{
	for (size_t i = 0; i < rd->dsos_nr; i++)
		if (!strcmp(rd->dsos[i]->name, name))
			return true;
	return false;
}

void record_dsos__resolve(struct record_dsos *rd)
{
	for (size_t i = 0; i < rd->pending_nr; i++)
		proc__hit(rd, rd->pending[i].pid, rd->pending[i].ip);
	rd->pending_nr = 0;
}

static int dso__build_id(const char *path, uint8_t *id, size_t size)
{
	struct build_id bid;
	int err;

	if (path && !strcmp(path, "[vdso]")) {
		/* as perf: the recorder's own vdso, the kernel's image */
		size_t len = 0;
		void *image = vdso__copy_self(&len);

		if (!image)
			return -errno;
		err = build_id__from_elf_image(image, len, &bid);
		free(image);
	} else if (path)
		err = filename__read_build_id(path, &bid);
	else
		err = sysfs__read_build_id("/sys/kernel/notes", &bid);
	if (err)
		return err;
	if (bid.size > size)
		bid.size = size;
	memcpy(id, bid.data, bid.size);
	return (int)bid.size;
}

int record_dsos__for_each_build_id(struct record_dsos *rd,
				   int (*fn)(const struct record_build_id *b,
					     void *ctx),
				   void *ctx)
{
	struct record_build_id b;
	int n = 0, r;

	if (rd->kernel_hit || rd->all) {
		memset(&b, 0, sizeof(b));
		r = dso__build_id(NULL, b.id, sizeof(b.id));
		if (r > 0) {
			b.size = (uint8_t)r;
			b.misc = PERF_RECORD_MISC_KERNEL;
			b.pid = -1;
			b.filename = "[kernel.kallsyms]";
			r = fn(&b, ctx);
			if (r < 0)
				return r;
			n++;
		}
	}
	for (size_t i = 0; i < rd->dsos_nr; i++) {
		/* perf 6.1 lists the vdso whenever it was mapped, samples
		 * in it or not */
		if (!rd->dsos[i]->hit && !rd->all && strcmp(rd->dsos[i]->name, "[vdso]"))
			continue;
		memset(&b, 0, sizeof(b));
		r = dso__build_id(rd->dsos[i]->name, b.id, sizeof(b.id));
		if (r <= 0)
			continue;
		b.size = (uint8_t)r;
		b.misc = PERF_RECORD_MISC_USER;
		b.pid = -1;
		b.filename = rd->dsos[i]->name;
		r = fn(&b, ctx);
		if (r < 0)
			return r;
		n++;
	}
	return n;
}
