/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_FUZZ_H
#define MPERF_FUZZ_H
/*
 * Shared by the libFuzzer harnesses of tests/fuzz: the input as a file
 * (a memfd named by /proc/self/fd/N) or as a pipe on stdin, stdout to
 * /dev/null, and an empty --symfs/HOME so no symbol lookup reaches the
 * host's binaries or perf's build-id cache.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* Pipes get this capacity, so one write of a whole input never blocks;
 * run.sh keeps -max_len below it. */
#define FUZZ_PIPE_SIZE	(1 << 20)

static char fuzz_empty_dir[64];

/* Call once (LLVMFuzzerInitialize): stdout to /dev/null, an empty
 * directory for --symfs and $HOME. */
static inline void fuzz__init(void)
{
	if (!freopen("/dev/null", "w", stdout))
		abort();
	snprintf(fuzz_empty_dir, sizeof(fuzz_empty_dir), "/tmp/mperf-fuzz.XXXXXX");
	if (!mkdtemp(fuzz_empty_dir))
		abort();
	setenv("HOME", fuzz_empty_dir, 1);
}

/* The input as a regular file: @path receives its /proc/self/fd name. */
static inline void fuzz__as_file(const uint8_t *data, size_t size, char *path, size_t len)
{
	static int fd = -1;

	if (fd < 0) {
		fd = memfd_create("fuzz-input", MFD_CLOEXEC);
		if (fd < 0)
			abort();
	}
	if (ftruncate(fd, 0) || (size && pwrite(fd, data, size, 0) != (ssize_t)size))
		abort();
	snprintf(path, len, "/proc/self/fd/%d", fd);
}

/* The input on stdin through a pipe, its writer closed: a stream of
 * exactly @size bytes then end of file. */
static inline void fuzz__as_stdin_pipe(const uint8_t *data, size_t size)
{
	int p[2];

	if (size > FUZZ_PIPE_SIZE)
		size = FUZZ_PIPE_SIZE;
	if (pipe(p))
		abort();
	if (fcntl(p[1], F_SETPIPE_SZ, FUZZ_PIPE_SIZE) < (int)size)
		abort();
	if (size && write(p[1], data, size) != (ssize_t)size)
		abort();
	close(p[1]);
	if (dup2(p[0], 0) < 0)
		abort();
	close(p[0]);
}

#endif
