// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "dso.h"
#include "fsutil.h"

/* A parse of kallsyms text that comes in pieces of any size: complete
 * lines are parsed where they lie, the unfinished last one waits in buf. */
struct ksym_parse {
	struct symbols *syms;
	char *buf;
	size_t len, cap;
	size_t nr, nr_zero;	/* symbols kept, those at address 0 */
	/* kallsyms__complete: only the lines after the kernel's own, added
	 * to the @base symbols there already */
	bool skip_core;
	size_t base;
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
	if (!tab && p->skip_core)
		return;
	if (!tab && (!syms->kernel_lo || addr < syms->kernel_lo))
		syms->kernel_lo = addr;
	if (!tab && addr > syms->kernel_hi)
		syms->kernel_hi = addr;
	/* aliases at one address: perf ends up with the last one listed */
	if (syms->nr > p->base && syms->syms[syms->nr - 1]->start == addr)
		syms->nr--;
	sym = symbols__push(syms, addr, 0, (uint8_t)end[1], name,
			    (size_t)((tab ? tab : eol) - name));
	if (!sym) {
		p->err = -ENOMEM;
		return;
	}
	sym->object = type == 'D' || type == 'B';
	if (tab)
		sym->name_pad = eol - tab > 255 ? 255 : (uint8_t)(eol - tab);
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

/* perf ends the last kallsyms symbol (a module's, when there are any) at
 * the page boundary a page past its start's, not after one byte */
static void ksym_end_last(struct symbols *syms)
{
	struct symbol *last = syms->nr ? syms->syms[syms->nr - 1] : NULL;

	if (last && last->end == last->start + 1)
		last->end = ((last->start + 4095) & ~4095ULL) + 4096;
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
	else {
		symbols__fixup(p->syms);
		ksym_end_last(p->syms);
	}
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

/*
 * mperf's cache of /proc/kallsyms. The kernel formats the file anew at each
 * read: some 40 ms for 120K symbols, most of the time of a short report.
 * Its first part, the kernel's own symbols (the lines without a
 * "\t[module]"), stays the same until the next boot: the cache keeps that
 * part as it was read, under the boot's id, and a later load parses it from
 * there when the live file's first lines are still the same bytes (which
 * also says the kernel still shows us the addresses: kptr_restrict). The
 * rest (modules, BPF programs, trampolines: they come and go) is read from
 * /proc/kallsyms at the first lookup outside the kernel's own range
 * (kallsyms__complete), so a lookup answers as a read of the whole file
 * would. Any doubt, and the file is read as without a cache; a cache that
 * cannot be written is no error.
 *
 * The file: "mperf-kallsyms 1 <boot id>\n", then the text, in mperf's
 * cache directory (mperf_cache_dir).
 */
#define KCACHE_MAGIC "mperf-kallsyms 1 "
#define KCACHE_HEAD 4096	/* the live bytes compared */

/* The file the cache stands for: /proc/kallsyms ($MPERF_KALLSYMS, for
 * tests) */
static const char *kcache__live(void)
{
	const char *env = getenv("MPERF_KALLSYMS");

	return env && *env ? env : "/proc/kallsyms";
}

static bool kcache__applies(const char *path)
{
	return !strcmp(path, kcache__live());
}

/* The cache's first line for this boot; its length, 0 if none */
static size_t kcache__header(char *buf, size_t size)
{
	int fd = open("/proc/sys/kernel/random/boot_id", O_RDONLY | O_CLOEXEC), n;
	char id[64];
	ssize_t r;

	if (fd < 0)
		return 0;
	r = read_restart(fd, id, sizeof(id) - 1);
	close(fd);
	if (r < 8)
		return 0;
	id[r] = '\0';
	id[strcspn(id, "\n")] = '\0';
	n = snprintf(buf, size, KCACHE_MAGIC "%s\n", id);
	return n > 0 && (size_t)n < size ? (size_t)n : 0;
}

/* Whole lines of kallsyms text, one of them at an address other than 0 */
static bool kcache__shown(const char *text, size_t n)
{
	const char *p = text, *end = text + n;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		for (; p < nl && *p != ' '; p++)
			if (*p != '0')
				return true;
		p = nl + 1;
	}
	return false;
}

/* The cache, at the start of its text, when it is ours, of this boot,
 * and begins as /proc/kallsyms does now; else -1 */
static int kcache__open(void)
{
	char dir[PATH_MAX], path[PATH_MAX + 16], hdr[128], got[128];
	char live[KCACHE_HEAD], copy[KCACHE_HEAD];
	size_t hlen = kcache__header(hdr, sizeof(hdr));
	const char *nl, *tab;
	struct stat st;
	ssize_t n;
	int fd, lfd;

	if (!hlen || !mperf_cache_dir(dir, sizeof(dir)))
		return -1;
	snprintf(path, sizeof(path), "%s/kallsyms", dir);
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0)
		return -1;
	/* a file someone else may write would name our kernel's symbols */
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_uid != geteuid() ||
	    (st.st_mode & 022))
		goto fail;
	if (pread(fd, got, hlen, 0) != (ssize_t)hlen || memcmp(got, hdr, hlen))
		goto fail;
	lfd = open(kcache__live(), O_RDONLY | O_CLOEXEC);
	if (lfd < 0)
		goto fail;
	n = read_restart(lfd, live, sizeof(live));
	close(lfd);
	/* its whole lines of the kernel's own (up to the first with a tab) */
	if (n > 0 && (tab = memchr(live, '\t', (size_t)n)))
		n = tab - live;
	nl = n > 0 ? memrchr(live, '\n', (size_t)n) : NULL;
	if (!nl)
		goto fail;
	n = nl + 1 - live;
	if (!kcache__shown(live, (size_t)n) ||
	    pread(fd, copy, (size_t)n, (off_t)hlen) != n || memcmp(copy, live, (size_t)n) ||
	    lseek(fd, (off_t)hlen, SEEK_SET) != (off_t)hlen)
		goto fail;
	return fd;
fail:
	close(fd);
	return -1;
}

/* A new cache, written as /proc/kallsyms is read: to a file with no name
 * (O_TMPFILE: nothing is left behind when mperf is killed, say by SIGPIPE
 * of `mperf script | head`), named and renamed over the old one once the
 * whole file was read and parsed */
struct kcache_writer {
	bool on;
	bool cut;		/* past the kernel's own lines */
	bool named;		/* no O_TMPFILE here: tmp is its name */
	int fd;
	size_t hlen;
	uint64_t off;		/* text written */
	uint64_t nl;		/* just past its last '\n' */
	char tmp[PATH_MAX + 32], path[PATH_MAX + 16];
};

static void kcache_writer__drop(struct kcache_writer *w)
{
	if (!w->on)
		return;
	close(w->fd);
	if (w->named)
		unlink(w->tmp);
	w->on = false;
}

static void kcache_writer__start(struct kcache_writer *w)
{
	char dir[PATH_MAX], hdr[128];

	memset(w, 0, sizeof(*w));
	w->hlen = kcache__header(hdr, sizeof(hdr));
	if (!w->hlen || !mperf_cache_dir(dir, sizeof(dir)) || !mperf_cache_dir__ours() ||
	    mkdir_p(dir, 0700))
		return;
	snprintf(w->path, sizeof(w->path), "%s/kallsyms", dir);
	w->fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
	if (w->fd >= 0) {
		snprintf(w->tmp, sizeof(w->tmp), "%s/.kallsyms.%d", dir, (int)getpid());
	} else {
		snprintf(w->tmp, sizeof(w->tmp), "%s/.kallsyms.XXXXXX", dir);
		w->fd = mkostemp(w->tmp, O_CLOEXEC);
		w->named = true;
	}
	if (w->fd < 0)
		return;
	w->on = true;
	if (write_all(w->fd, hdr, w->hlen))
		kcache_writer__drop(w);
}

/* The next @n bytes of the text; the first line with a tab (a module's)
 * ends what is kept */
static void kcache_writer__feed(struct kcache_writer *w, const char *data, size_t n)
{
	const char *tab, *nl;

	if (!w->on || w->cut)
		return;
	tab = memchr(data, '\t', n);
	if (tab) {
		w->cut = true;
		n = (size_t)(tab - data);
	}
	nl = memrchr(data, '\n', n);
	if (tab)
		n = nl ? (size_t)(nl + 1 - data) : 0;
	if (nl)
		w->nl = w->off + (uint64_t)(nl + 1 - data);
	if (n && write_all(w->fd, data, n)) {
		kcache_writer__drop(w);
		return;
	}
	w->off += n;
}

/* @ok: the whole file was read and parsed, with addresses */
static void kcache_writer__finish(struct kcache_writer *w, bool ok)
{
	if (!w->on)
		return;
	/* whole lines only, and a text that ended with one */
	if (!ok || !w->nl || (!w->cut && w->nl != w->off) ||
	    ftruncate(w->fd, (off_t)(w->hlen + w->nl))) {
		kcache_writer__drop(w);
		return;
	}
	if (!w->named) {
		char self[64];

		snprintf(self, sizeof(self), "/proc/self/fd/%d", w->fd);
		unlink(w->tmp);		/* a dead mperf's of this pid */
		if (linkat(AT_FDCWD, self, AT_FDCWD, w->tmp, AT_SYMLINK_FOLLOW)) {
			kcache_writer__drop(w);
			return;
		}
		w->named = true;
	}
	w->on = false;
	if (close(w->fd) || rename(w->tmp, w->path))
		unlink(w->tmp);
}

/* All of @fd to the parse (and to @w, if any, first); 0 or -errno of a
 * read */
static int ksym__read_all(int fd, struct ksym_parse *p, struct kcache_writer *w)
{
	char *buf = malloc(KSYM_READ_SIZE);
	int err = 0;

	if (!buf)
		return -ENOMEM;
	while (!p->err) {
		ssize_t r = read_restart(fd, buf, KSYM_READ_SIZE);

		if (r < 0) {
			err = -errno;
			break;
		}
		if (w)
			kcache_writer__feed(w, buf, (size_t)r);
		ksym_parse__feed(p, buf, (size_t)r);
		if (!r)
			break;
	}
	free(buf);
	return err;
}

static int kallsyms__read(const char *path, struct symbols *syms)
{
	struct ksym_parse p = { .syms = syms };
	struct kcache_writer w = { .on = false };
	int fd = kcache__applies(path) ? kcache__open() : -1, err = 0;
	bool cached = fd >= 0;

	if (!cached) {
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			return -errno;
		if (kcache__applies(path))
			kcache_writer__start(&w);
	}
	err = ksym__read_all(fd, &p, &w);
	close(fd);
	err = ksym_parse__finish(&p, err);
	kcache_writer__finish(&w, !err);
	if (!err)
		syms->kallsyms_core = cached;
	return err;
}

int kallsyms__complete(const char *path, struct symbols *syms)
{
	struct ksym_parse p = { .syms = syms, .skip_core = true, .base = syms->nr };
	int fd, err = 0;

	syms->kallsyms_core = false;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	err = ksym__read_all(fd, &p, NULL);
	close(fd);
	free(p.buf);
	if (!err)
		err = p.err;
	/* hidden since: nothing of it is usable */
	if (!err && p.nr && p.nr_zero == p.nr)
		err = -EPERM;
	if (err) {
		syms->nr = p.base;	/* their memory goes with the others' */
		syms->sorted = true;
		return err;
	}
	if (p.nr) {
		/* every end again, as one parse of the whole file makes them
		 * (kallsyms has no sizes: each symbol ends at the next) */
		for (size_t i = 0; i < syms->nr; i++)
			syms->syms[i]->end = syms->syms[i]->start;
		symbols__fixup(syms);
		ksym_end_last(syms);
	}
	return 0;
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
	/* the reader's source: mperf's cache (the kernel's own symbols
	 * only), or the file, written to a new cache as it is parsed */
	bool from_cache;
	struct kcache_writer w;
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
	int fd = kcache__applies(prefetch.path) ? kcache__open() : -1;

	/* both set before the first push, which the parser waits for */
	prefetch.from_cache = fd >= 0;
	if (fd < 0) {
		fd = open(prefetch.path, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			prefetch__push(NULL, true, -errno);
			return arg;
		}
		if (kcache__applies(prefetch.path))
			kcache_writer__start(&prefetch.w);
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
		if (!atomic_load_explicit(&prefetch.stop, memory_order_relaxed)) {
			kcache_writer__feed(&prefetch.w, c->data, c->len);
			ksym_parse__feed(&p, c->data, c->len);
		}
		pthread_mutex_lock(&prefetch.lock);
		c->next = prefetch.spare;
		prefetch.spare = c;
		pthread_mutex_unlock(&prefetch.lock);
	}
	if (!err)
		ksym_parse__feed(&p, NULL, 0);
	prefetch.err = ksym_parse__finish(&p, err);
	kcache_writer__finish(&prefetch.w, !prefetch.err);
	if (!prefetch.err)
		prefetch.syms.kallsyms_core = prefetch.from_cache;
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
	prefetch.from_cache = false;
	memset(&prefetch.w, 0, sizeof(prefetch.w));
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
