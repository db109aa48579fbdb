// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "dso.h"

/* A parse of kallsyms text that comes in pieces of any size: complete
 * lines are parsed where they lie, the unfinished last one waits in buf. */
struct ksym_parse {
	struct symbols *syms;
	char *buf;
	size_t len, cap;
	size_t nr, nr_zero;	/* symbols kept, those at address 0 */
	int err;
};

/* One line of kallsyms, "ffffffff81000000 T _text\t[module]" (no '\n';
 * @eol is its end): keep text, weak, data and bss symbols; module
 * symbols are kept too (they live in the kernel map). */
static void ksym_parse__line(struct ksym_parse *p, const char *line, const char *eol)
{
	struct symbols *syms = p->syms;
	const char *end = line, *name, *tab;
	struct symbol *sym;
	uint64_t addr = 0;
	int type;

	if (p->err)
		return;
	/* the address: hex digits (strtoull costs more per line) */
	for (; end < eol; end++) {
		unsigned int d = (unsigned char)*end;

		if (d - '0' < 10)
			d -= '0';
		else if ((d | 0x20) - 'a' < 6)
			d = (d | 0x20) - 'a' + 10;
		else
			break;
		addr = addr << 4 | d;
	}
	if (end == line || eol - end < 3 || end[0] != ' ' || end[2] != ' ')
		return;
	type = toupper((unsigned char)end[1]);
	if (type != 'T' && type != 'W' && type != 'D' && type != 'B')
		return;
	name = end + 3;
	tab = memchr(name, '\t', (size_t)(eol - name));
	if (!tab && (!syms->kernel_lo || addr < syms->kernel_lo))
		syms->kernel_lo = addr;
	if (!tab && addr > syms->kernel_hi)
		syms->kernel_hi = addr;
	/* aliases at one address: perf ends up with the last one listed */
	if (syms->nr && syms->syms[syms->nr - 1]->start == addr)
		syms->nr--;
	sym = symbols__push(syms, addr, 0, (uint8_t)end[1], name,
			    (size_t)((tab ? tab : eol) - name));
	if (!sym) {
		p->err = -ENOMEM;
		return;
	}
	sym->object = type == 'D' || type == 'B';
	p->nr++;
	p->nr_zero += !addr;
}

static void ksym_parse__carry(struct ksym_parse *p, const char *data, size_t n)
{
	if (p->len + n > p->cap) {
		size_t cap = (p->len + n) * 2;
		char *b = realloc(p->buf, cap);

		if (!b) {
			p->err = -ENOMEM;
			return;
		}
		p->buf = b;
		p->cap = cap;
	}
	memcpy(p->buf + p->len, data, n);
	p->len += n;
}

/* @n bytes of text at @data; n 0: the end of it */
static void ksym_parse__feed(struct ksym_parse *p, char *data, size_t n)
{
	char *q = data, *lim;

	if (!n) {
		if (p->len)
			ksym_parse__line(p, p->buf, p->buf + p->len);
		p->len = 0;
		return;
	}
	lim = data + n;
	if (p->len) {
		char *nl = memchr(data, '\n', n);

		ksym_parse__carry(p, data, (size_t)((nl ? nl : lim) - data));
		if (!nl)
			return;
		ksym_parse__line(p, p->buf, p->buf + p->len);
		p->len = 0;
		q = nl + 1;
	}
	while (q < lim && !p->err) {
		char *nl = memchr(q, '\n', (size_t)(lim - q));

		if (!nl) {
			ksym_parse__carry(p, q, (size_t)(lim - q));
			break;
		}
		ksym_parse__line(p, q, nl);
		q = nl + 1;
	}
}

/* The end of the parse: 0, or -errno with nothing left in syms */
static int ksym_parse__finish(struct ksym_parse *p, int err)
{
	free(p->buf);
	p->buf = NULL;
	if (!err)
		err = p->err;
	if (!err && !p->nr)
		err = -ENODATA;
	/* every address 0: the kernel hides them from us (kptr_restrict,
	 * or perf_event_paranoid > 1 without CAP_SYSLOG); nothing usable */
	if (!err && p->nr_zero == p->nr)
		err = -EPERM;
	if (err)
		symbols__exit(p->syms);
	else
		symbols__fixup(p->syms);
	return err;
}

/* Big reads: each read of /proc/kallsyms makes the kernel find its place
 * again */
#define KSYM_READ_SIZE (256 * 1024)

/* read(2), again when a signal interrupted it */
static ssize_t read_restart(int fd, void *buf, size_t n)
{
	ssize_t r;

	do
		r = read(fd, buf, n);
	while (r < 0 && errno == EINTR);
	return r;
}

static int kallsyms__read(const char *path, struct symbols *syms)
{
	struct ksym_parse p = { .syms = syms };
	int fd = open(path, O_RDONLY | O_CLOEXEC), err = 0;
	char *buf;

	if (fd < 0)
		return -errno;
	buf = malloc(KSYM_READ_SIZE);
	if (!buf) {
		close(fd);
		return -ENOMEM;
	}
	while (!p.err) {
		ssize_t r = read_restart(fd, buf, KSYM_READ_SIZE);

		if (r < 0) {
			err = -errno;
			break;
		}
		ksym_parse__feed(&p, buf, (size_t)r);
		if (!r)
			break;
	}
	free(buf);
	close(fd);
	return ksym_parse__finish(&p, err);
}

/*
 * The kernel formats /proc/kallsyms line by line as it is read: some 30 ms
 * of kernel time for 120K symbols, and its parse takes some 8 ms more. A
 * report or script that will likely need the kernel's symbols starts them
 * as it opens the file (kallsyms__prefetch): one thread reads, a second
 * one parses what was read meanwhile (it looks for more every 250 us: a
 * wake-up per piece read cost the reader more, an IPI each, a VM exit in
 * a VM, some 7 ms in all), and kallsyms__load waits for them
 * and takes the symbols, the same parse of the same file. One prefetch per
 * process; kallsyms__prefetch_end stops the read when it is still going
 * (the symbols were not needed: a short file, no kernel samples), joins,
 * and frees what was not taken.
 */
struct ksym_chunk {
	struct ksym_chunk *next;
	size_t len;
	char data[];
};

static struct {
	pthread_t reader, parser;
	pthread_mutex_t lock;
	struct ksym_chunk *head, **tail;	/* read, not parsed yet */
	/* parsed, for the reader to fill again (a fresh 256 KiB block is a
	 * fresh mapping, its page faults and its unmapping) */
	struct ksym_chunk *spare;
	bool eof;				/* the reader is done */
	int read_err;
	atomic_bool stop, done;
	bool started;
	char *path;
	struct symbols syms;
	int err;
	void (*wait_work)(void *arg);	/* kallsyms__prefetch_wait_work */
	void *wait_arg;
} prefetch = { .lock = PTHREAD_MUTEX_INITIALIZER };

static void prefetch__push(struct ksym_chunk *c, bool eof, int err)
{
	pthread_mutex_lock(&prefetch.lock);
	if (c) {
		*prefetch.tail = c;
		prefetch.tail = &c->next;
	}
	if (eof) {
		prefetch.eof = true;
		prefetch.read_err = err;
	}
	pthread_mutex_unlock(&prefetch.lock);
}

static void *prefetch__read(void *arg)
{
	int fd = open(prefetch.path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		prefetch__push(NULL, true, -errno);
		return arg;
	}
	for (;;) {
		struct ksym_chunk *c;
		ssize_t r;

		if (atomic_load_explicit(&prefetch.stop, memory_order_relaxed)) {
			prefetch__push(NULL, true, -ECANCELED);
			break;
		}
		pthread_mutex_lock(&prefetch.lock);
		c = prefetch.spare;
		if (c)
			prefetch.spare = c->next;
		pthread_mutex_unlock(&prefetch.lock);
		if (!c)
			c = malloc(sizeof(*c) + KSYM_READ_SIZE);
		if (!c) {
			prefetch__push(NULL, true, -ENOMEM);
			break;
		}
		r = read_restart(fd, c->data, KSYM_READ_SIZE);
		if (r <= 0) {
			free(c);
			prefetch__push(NULL, true, r < 0 ? -errno : 0);
			break;
		}
		c->len = (size_t)r;
		c->next = NULL;
		prefetch__push(c, false, 0);
	}
	close(fd);
	return arg;
}

static void *prefetch__parse(void *arg)
{
	struct ksym_parse p = { .syms = &prefetch.syms };
	int err;

	for (;;) {
		struct ksym_chunk *c;

		pthread_mutex_lock(&prefetch.lock);
		while (!prefetch.head && !prefetch.eof) {
			pthread_mutex_unlock(&prefetch.lock);
			nanosleep(&(struct timespec){ .tv_nsec = 250000 }, NULL);
			pthread_mutex_lock(&prefetch.lock);
		}
		c = prefetch.head;
		if (c) {
			prefetch.head = c->next;
			if (!prefetch.head)
				prefetch.tail = &prefetch.head;
		}
		err = prefetch.read_err;
		pthread_mutex_unlock(&prefetch.lock);
		if (!c)
			break;
		if (!atomic_load_explicit(&prefetch.stop, memory_order_relaxed))
			ksym_parse__feed(&p, c->data, c->len);
		pthread_mutex_lock(&prefetch.lock);
		c->next = prefetch.spare;
		prefetch.spare = c;
		pthread_mutex_unlock(&prefetch.lock);
	}
	if (!err)
		ksym_parse__feed(&p, NULL, 0);
	prefetch.err = ksym_parse__finish(&p, err);
	atomic_store(&prefetch.done, true);
	return arg;
}

bool kallsyms__prefetch_busy(void)
{
	return prefetch.started && !atomic_load(&prefetch.done);
}

void kallsyms__prefetch_wait_work(void (*work)(void *arg), void *arg)
{
	prefetch.wait_work = work;
	prefetch.wait_arg = arg;
}

void kallsyms__prefetch(const char *path)
{
	if (prefetch.started || !path)
		return;
	prefetch.path = strdup(path);
	if (!prefetch.path)
		return;
	prefetch.tail = &prefetch.head;
	if (pthread_create(&prefetch.reader, NULL, prefetch__read, NULL)) {
		free(prefetch.path);
		prefetch.path = NULL;
		return;
	}
	if (pthread_create(&prefetch.parser, NULL, prefetch__parse, NULL)) {
		atomic_store(&prefetch.stop, true);
		pthread_join(prefetch.reader, NULL);
		free(prefetch.path);
		prefetch.path = NULL;
		return;
	}
	prefetch.started = true;
}

/* Join both threads, and start over (the symbols are the caller's) */
static void prefetch__join(void)
{
	pthread_join(prefetch.reader, NULL);
	pthread_join(prefetch.parser, NULL);
	while (prefetch.spare) {
		struct ksym_chunk *c = prefetch.spare;

		prefetch.spare = c->next;
		free(c);
	}
	free(prefetch.path);
	prefetch.path = NULL;
	prefetch.head = NULL;
	prefetch.tail = &prefetch.head;
	prefetch.eof = false;
	prefetch.read_err = 0;
	atomic_store(&prefetch.stop, false);
	atomic_store(&prefetch.done, false);
	prefetch.started = false;
	prefetch.wait_work = NULL;
	prefetch.wait_arg = NULL;
}

void kallsyms__prefetch_end(void)
{
	if (!prefetch.started)
		return;
	atomic_store(&prefetch.stop, true);
	prefetch__join();
	symbols__exit(&prefetch.syms);
}

int kallsyms__load(const char *path, struct symbols *syms)
{
	bool no_demangle = syms->no_demangle;

	if (!prefetch.started || strcmp(path, prefetch.path) || syms->nr)
		return kallsyms__read(path, syms);
	/* rather than sit idle until the read is done */
	if (prefetch.wait_work && kallsyms__prefetch_busy())
		prefetch.wait_work(prefetch.wait_arg);
	prefetch__join();
	*syms = prefetch.syms;
	syms->no_demangle = no_demangle;
	memset(&prefetch.syms, 0, sizeof(prefetch.syms));
	return prefetch.err;
}

uint64_t kallsyms__symbol_addr(const char *path, const char *name)
{
	FILE *f = fopen(path, "re");
	char line[512];
	uint64_t ret = 0;
	size_t len = strlen(name);

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		char *end;
		uint64_t addr = strtoull(line, &end, 16);

		if (end - line < 8 || strlen(end) < 3 + len)
			continue;
		if (!strncmp(end + 3, name, len) &&
		    (end[3 + len] == '\n' || end[3 + len] == '\0' || end[3 + len] == '\t')) {
			ret = addr;
			break;
		}
	}
	fclose(f);
	return ret;
}

static int read_sysctl_int(const char *path, int dflt)
{
	FILE *f = fopen(path, "re");
	int v = dflt;

	if (f) {
		if (fscanf(f, "%d", &v) != 1)
			v = dflt;
		fclose(f);
	}
	return v;
}

/*
 * Which setting makes /proc/kallsyms show 0 for every address to us, and
 * the command that changes it. The kernel shows the addresses when
 * kptr_restrict is 0 and perf_event_paranoid <= 1, or kptr_restrict is
 * at most 1 and the reader has CAP_SYSLOG; never when it is 2.
 */
int kallsyms__hidden_advice(char *buf, size_t size)
{
	int kptr = read_sysctl_int("/proc/sys/kernel/kptr_restrict", 0);
	int paranoid = read_sysctl_int("/proc/sys/kernel/perf_event_paranoid", 2);

	if (kptr >= 2)
		return snprintf(buf, size,
				"kernel.kptr_restrict=%d hides the addresses in /proc/kallsyms: "
				"run `sysctl -w kernel.kptr_restrict=0`", kptr);
	if (kptr == 1 || paranoid <= 1)
		return snprintf(buf, size,
				"kernel.kptr_restrict=%d shows the addresses in /proc/kallsyms only to root (CAP_SYSLOG): "
				"run mperf as root", kptr);
	return snprintf(buf, size,
			"kernel.perf_event_paranoid=%d hides the addresses in /proc/kallsyms from users without CAP_SYSLOG: "
			"run mperf as root or `sysctl -w kernel.perf_event_paranoid=1`", paranoid);
}
