/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_DATA_H
#define MPERF_DATA_H

/*
 * The perf.data input or output: a regular file (mmap'd for reading,
 * buffered writes with seek for the header rewrite) or a stream (stdin,
 * stdout, a pipe: read and written sequentially). Owned by the perf.data
 * helper.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct data {
	char *path;		/* "-" for stdin/stdout */
	int fd;
	bool is_pipe;		/* not seekable: stream in or out */
	bool is_write;
	bool own_fd;
	/* reading a regular file */
	char *dir;		/* a perf.data directory (record --threads): its path */
	void *base;
	size_t size;
	time_t mtime;
	/* writing */
	char *buf;
	size_t len, cap;
	uint64_t pos;		/* file offset of buf[0] */
	int err;		/* first write error (-errno) */
};

/*
 * data__open_read - open @path ("-" or NULL: stdin) for reading. A regular
 * file is mmap'd whole (d->base, d->size); anything else is a stream read
 * with data__read(). Return 0 or -errno with one pr_err line naming the
 * file and the problem.
 */
int data__open_read(struct data *d, const char *path);

/* Read exactly @n bytes from a stream; returns bytes read (< @n at end of
 * input) or -errno. */
ssize_t data__read(struct data *d, void *buf, size_t n);

/*
 * data__open_write - create @path ("-": stdout, which may be a pipe or a
 * file). With @rename_old, an existing file is first renamed to
 * @path.old, as perf record does. Return 0 or -errno (pr_err'd).
 */
int data__open_write(struct data *d, const char *path, bool rename_old);

/* Buffered write; 0 or -errno (also kept in d->err). */
int data__write(struct data *d, const void *buf, size_t n);
int data__flush(struct data *d);
/* Current output offset (bytes written so far, buffered included). */
uint64_t data__offset(const struct data *d);
/* Flush, then write @n bytes at @off without moving the output offset
 * (seekable files only: -ESPIPE otherwise). */
int data__pwrite(struct data *d, const void *buf, size_t n, uint64_t off);
/* Flush and truncate/extend the output to end at @off, continuing there. */
int data__seek(struct data *d, uint64_t off);

/* Flush (output), unmap, close. Returns the first error of the output. */
int data__close(struct data *d);

#endif
