// SPDX-License-Identifier: GPL-2.0
/* perf.data input (mmap or stream) and output (buffered, file or stdout). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "data.h"
#include "debug.h"

#define OUT_BUF_SIZE (256 * 1024)

int data__open_read(struct data *d, const char *path)
{
	struct stat st;

	memset(d, 0, sizeof(*d));
	d->fd = -1;
	if (!path || !strcmp(path, "-")) {
		d->path = strdup("-");
		d->fd = 0;
	} else {
		d->path = strdup(path);
		d->fd = open(path, O_RDONLY | O_CLOEXEC);
		if (d->fd < 0) {
			int err = -errno;

			struct stat st;

			if (err == -ENOENT)
				pr_err("%s: no such file; record one with 'mperf record -o %s' or give another with -i\n",
				       path, path);
			else if (err == -EACCES && !stat(path, &st))
				/* record writes mode 0600: another user's file */
				pr_err("cannot open %s: %s (owner uid %u, mode %04o); read it as its owner, or let others read it with `chmod a+r %s`\n",
				       path, strerror(-err), (unsigned int)st.st_uid,
				       (unsigned int)(st.st_mode & 07777), path);
			else
				pr_err("cannot open %s: %s\n", path, strerror(-err));
			free(d->path);
			d->path = NULL;
			return err;
		}
		d->own_fd = true;
	}
	if (!d->path)
		return -ENOMEM;
	if (fstat(d->fd, &st) < 0) {
		int err = -errno;

		pr_err("cannot stat %s: %s\n", d->path, strerror(errno));
		data__close(d);
		return err;
	}
	d->mtime = st.st_mtime;
	if (S_ISDIR(st.st_mode)) {
		/* perf record --threads writes a directory: the header and
		 * the main thread's records in "data", each writer thread's
		 * records in "data.N" (read by the session) */
		char sub[4096];
		int fd;

		snprintf(sub, sizeof(sub), "%s/data", d->path);
		fd = open(sub, O_RDONLY | O_CLOEXEC);
		if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
			pr_err("%s is a directory without a 'data' file: neither a perf.data file nor a perf.data directory (perf record --threads)\n",
			       d->path);
			if (fd >= 0)
				close(fd);
			data__close(d);
			return -EISDIR;
		}
		close(d->fd);
		d->fd = fd;
		d->mtime = st.st_mtime;	/* perf's "captured on": the header's file */
		d->dir = strdup(d->path);
		if (!d->dir) {
			data__close(d);
			return -ENOMEM;
		}
	}
	if (!S_ISREG(st.st_mode)) {
		d->is_pipe = true;
		return 0;
	}
	d->size = st.st_size;
	if (!d->size)
		return 0;
	d->base = mmap(NULL, d->size, PROT_READ, MAP_PRIVATE, d->fd, 0);
	if (d->base == MAP_FAILED) {
		int err = -errno;

		d->base = NULL;
		pr_err("cannot map %s: %s\n", d->path, strerror(-err));
		data__close(d);
		return err;
	}
	madvise(d->base, d->size, MADV_SEQUENTIAL);
	return 0;
}

ssize_t data__read(struct data *d, void *buf, size_t n)
{
	size_t done = 0;

	while (done < n) {
		ssize_t r = read(d->fd, (char *)buf + done, n - done);

		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (!r)
			break;
		done += r;
	}
	return done;
}

int data__open_write(struct data *d, const char *path, bool rename_old)
{
	struct stat st;

	memset(d, 0, sizeof(*d));
	d->is_write = true;
	d->fd = -1;
	if (!path || !strcmp(path, "-")) {
		d->path = strdup("-");
		d->fd = 1;
	} else {
		d->path = strdup(path);
		if (rename_old && !stat(path, &st) && S_ISREG(st.st_mode) && st.st_size) {
			char old[4096];

			snprintf(old, sizeof(old), "%s.old", path);
			if (rename(path, old) < 0)
				pr_warning("cannot rename %s to %s: %s\n", path, old,
					   strerror(errno));
		}
		d->fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
		if (d->fd < 0) {
			int err = -errno;

			pr_err("cannot create %s: %s\n", path, strerror(errno));
			free(d->path);
			d->path = NULL;
			return err;
		}
		d->own_fd = true;
	}
	if (!d->path)
		return -ENOMEM;
	if (fstat(d->fd, &st) == 0 && !S_ISREG(st.st_mode))
		d->is_pipe = true;
	else if (d->fd == 1)
		d->pos = lseek(d->fd, 0, SEEK_CUR) > 0 ? lseek(d->fd, 0, SEEK_CUR) : 0;
	d->cap = OUT_BUF_SIZE;
	d->buf = malloc(d->cap);
	if (!d->buf)
		return -ENOMEM;
	return 0;
}

static int write_all(int fd, const void *buf, size_t n)
{
	while (n) {
		ssize_t w = write(fd, buf, n);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		buf = (const char *)buf + w;
		n -= w;
	}
	return 0;
}

int data__flush(struct data *d)
{
	int err;

	if (d->err)
		return d->err;
	if (!d->len)
		return 0;
	err = write_all(d->fd, d->buf, d->len);
	if (err) {
		d->err = err;
		return err;
	}
	d->pos += d->len;
	d->len = 0;
	return 0;
}

int data__write(struct data *d, const void *buf, size_t n)
{
	if (d->err)
		return d->err;
	if (!n)
		return 0;
	if (d->len + n > d->cap) {
		int err = data__flush(d);

		if (err)
			return err;
		if (n >= d->cap) {
			err = write_all(d->fd, buf, n);
			if (err)
				return d->err = err;
			d->pos += n;
			return 0;
		}
	}
	memcpy(d->buf + d->len, buf, n);
	d->len += n;
	return 0;
}

uint64_t data__offset(const struct data *d)
{
	return d->pos + d->len;
}

int data__pwrite(struct data *d, const void *buf, size_t n, uint64_t off)
{
	int err;

	if (d->is_pipe)
		return -ESPIPE;
	err = data__flush(d);
	if (err)
		return err;
	while (n) {
		ssize_t w = pwrite(d->fd, buf, n, off);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			return d->err = -errno;
		}
		buf = (const char *)buf + w;
		n -= w;
		off += w;
	}
	return 0;
}

int data__seek(struct data *d, uint64_t off)
{
	int err;

	if (d->is_pipe)
		return -ESPIPE;
	err = data__flush(d);
	if (err)
		return err;
	if (lseek(d->fd, off, SEEK_SET) < 0)
		return d->err = -errno;
	d->pos = off;
	return 0;
}

int data__close(struct data *d)
{
	int err = 0;

	if (d->is_write)
		err = data__flush(d);
	if (d->base)
		munmap(d->base, d->size);
	if (d->own_fd && d->fd >= 0 && close(d->fd) < 0 && !err)
		err = -errno;
	free(d->buf);
	free(d->path);
	free(d->dir);
	memset(d, 0, sizeof(*d));
	d->fd = -1;
	return err;
}
