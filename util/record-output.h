/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_RECORD_OUTPUT_H
#define MPERF_RECORD_OUTPUT_H

/*
 * Where a recording goes: a perf.data file (header, attrs with their ids,
 * the record stream, feature sections) or a pipe (`-o -`: a 16-byte
 * header, then everything as records). Writes are buffered; the first
 * write error (ENOSPC on a full disk) is sticky and the file is cut back
 * to the end of the last complete round, so what is on disk stays
 * readable. Owned by the record helper (issue 4).
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct evlist;
struct record_dsos;

struct record_output {
	const char *path;	/* "-" for stdout */
	int fd;
	bool is_pipe;
	int error;		/* first -errno of a write, sticky */
	uint64_t data_offset;	/* file offset of the record stream */
	uint64_t data_size;	/* bytes of records written */
	uint64_t round_size;	/* data_size at the last FINISHED_ROUND */
	uint64_t bytes;		/* everything written, header included */
	unsigned char *buf;	/* write buffer */
	size_t buf_len, buf_cap;
	/* zstd (-z): records are packed into PERF_RECORD_COMPRESSED */
	int comp_level;
	void *zstd;		/* ZSTD_CCtx */
	unsigned char *zbuf;
	uint64_t comp_in, comp_out;	/* bytes before / after */
};

struct record_output_info {
	const char *cmdline_argv0;	/* for the CMDLINE feature */
	int argc;
	const char **argv;
	uint64_t first_sample_time, last_sample_time;
	struct record_dsos *dsos;	/* build-ids of DSOs with hits */
	const struct record_output *output;	/* for COMPRESSED */
	uint64_t mmap_len;		/* ring buffer bytes (COMPRESSED) */
	/* -k: the clock, and a reading of it and of the time of day
	 * taken together at the start (CLOCKID, CLOCK_DATA) */
	bool use_clockid;
	int clockid;
	uint64_t clock_tod_ns, clock_clockid_ns;
};

/*
 * record_output__open - create @path (an existing one is renamed to
 * "PATH.old" as perf does), or for "-" use @pipe_fd (from
 * record_output__claim_stdout, or claimed now when < 0). 0 or -errno.
 */
int record_output__open(struct record_output *o, const char *path,
			int comp_level, int pipe_fd);

/*
 * record_output__claim_stdout - for `-o -`: a CLOEXEC copy of stdout to
 * write the records to, with fd 1 then pointing at stderr so a workload
 * started afterwards prints there. The fd, or -errno (-EINVAL: a tty).
 */
int record_output__claim_stdout(void);

/* The file/pipe header and the attrs (pipe: HEADER_ATTR records, and the
 * tracing data and features perf puts up front). 0 or -errno. */
int record_output__begin(struct record_output *o, struct evlist *evlist,
			 const struct record_output_info *info);

/* Append records (whole ones; the buffer may end mid-record only if the
 * next call continues it). 0 or the sticky -errno. */
int record_output__write(struct record_output *o, const void *buf,
			 size_t size);

/* A FINISHED_ROUND record: everything before it can be sorted. */
int record_output__round(struct record_output *o);

/* Flush the buffer (compressing it first with -z). 0 or -errno. */
int record_output__flush(struct record_output *o);

/*
 * record_output__end - the features and the final header (file mode), or
 * the trailing records (pipe). After a write error the data section is cut
 * to the last complete round and the header is still rewritten, so the
 * file is readable up to there. 0 or -errno.
 */
int record_output__end(struct record_output *o, struct evlist *evlist,
		       const struct record_output_info *info);

void record_output__close(struct record_output *o);

#endif
