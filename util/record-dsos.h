/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_RECORD_DSOS_H
#define MPERF_RECORD_DSOS_H

/*
 * What record learns from the records it writes, without building a full
 * machine model: how many samples and lost events went by, and which
 * DSOs got samples (for the BUILD_ID feature, as perf writes it only for
 * DSOs with hits). It keeps the executable maps of each process from the
 * MMAP/MMAP2/FORK records and looks the sampled ip up in them.
 * Owned by the record helper (issue 4).
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <linux/perf_event.h>

struct rd_proc;
struct rd_dso;

struct record_dsos {
	uint64_t sample_type;	/* of the events (IP and TID positions) */
	uint64_t nr_samples;
	uint64_t nr_lost;	/* events lost (sum of PERF_RECORD_LOST) */
	uint64_t nr_lost_records;
	uint64_t nr_lost_samples; /* PERF_RECORD_LOST_SAMPLES */
	bool kernel_hit;
	bool all;		/* --buildid-all: every mapped DSO, hit or not */

	struct rd_proc **procs;	/* open hash by pid */
	size_t procs_cap, procs_nr;
	struct rd_dso **dsos;
	size_t dsos_nr, dsos_cap;
	struct { pid_t pid; uint64_t ip; } *pending;	/* maps not seen yet */
	size_t pending_nr, pending_cap;
};

void record_dsos__init(struct record_dsos *rd, uint64_t sample_type);
void record_dsos__exit(struct record_dsos *rd);
/* whether a file or object of that name was mapped ("[vdso]") */
bool record_dsos__has(const struct record_dsos *rd, const char *name);

/* Account one record as written to the file. */
void record_dsos__event(struct record_dsos *rd,
			const struct perf_event_header *h);

/* Resolve samples that came before their maps (snapshots are newest
 * first). Call once before walking the hits. */
void record_dsos__resolve(struct record_dsos *rd);

struct record_build_id {
	uint16_t misc;		/* PERF_RECORD_MISC_KERNEL or _USER */
	pid_t pid;		/* -1: the host, as perf writes it */
	uint8_t id[20];
	uint8_t size;		/* bytes of @id in use */
	const char *filename;	/* "[kernel.kallsyms]" or the DSO path */
};

/*
 * record_dsos__for_each_build_id - call @fn for every DSO with samples
 * (every mapped one, and the kernel, when @rd->all is set)
 * whose build-id could be read (ELF .note.gnu.build-id; the kernel's from
 * /sys/kernel/notes). Return: the number passed, or @fn's negative value.
 */
int record_dsos__for_each_build_id(struct record_dsos *rd,
				   int (*fn)(const struct record_build_id *b,
					     void *ctx),
				   void *ctx);

#endif
