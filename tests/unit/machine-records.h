/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_UNIT_MACHINE_RECORDS_H
#define MPERF_UNIT_MACHINE_RECORDS_H
/*
 * Side-band records for the unit tests that build a machine: each is fed
 * to machine__process_event, which must take it. Include after unit.h.
 */
#include <string.h>
#include "util/machine.h"

static inline void rec_comm(struct machine *m, uint32_t pid, uint32_t tid, const char *comm)
{
	union { struct perf_event_header h; char b[64]; } ev;

	memset(&ev, 0, sizeof(ev));
	ev.h.type = PERF_RECORD_COMM;
	ev.h.size = 8 + 8 + 16;
	memcpy(ev.b + 8, &pid, 4);
	memcpy(ev.b + 12, &tid, 4);
	strcpy(ev.b + 16, comm);
	assert_int_equal(machine__process_event(m, (union perf_event *)&ev, NULL), 0);
}

/* an executable private MMAP2 (r-xp) of @file, inode @ino */
static inline void rec_mmap2(struct machine *m, uint32_t pid, uint64_t start, uint64_t len,
			     uint64_t pgoff, uint64_t ino, const char *file)
{
	union { struct perf_event_header h; char b[256]; } ev;
	uint32_t prot = 5, flags = 2;	/* PROT_READ|PROT_EXEC, MAP_PRIVATE */

	memset(&ev, 0, sizeof(ev));
	ev.h.type = PERF_RECORD_MMAP2;
	ev.h.misc = PERF_RECORD_MISC_USER;
	ev.h.size = 8 + 8 + 24 + 24 + 8 + 64;
	memcpy(ev.b + 8, &pid, 4);
	memcpy(ev.b + 12, &pid, 4);
	memcpy(ev.b + 16, &start, 8);
	memcpy(ev.b + 24, &len, 8);
	memcpy(ev.b + 32, &pgoff, 8);
	memcpy(ev.b + 48, &ino, 8);
	memcpy(ev.b + 64, &prot, 4);
	memcpy(ev.b + 68, &flags, 4);
	strcpy(ev.b + 72, file);
	assert_int_equal(machine__process_event(m, (union perf_event *)&ev, NULL), 0);
}

/* thread @tid of process @pid made by thread @ptid of process @ppid */
static inline void rec_fork_tid(struct machine *m, uint32_t pid, uint32_t ppid,
				uint32_t tid, uint32_t ptid, uint16_t misc)
{
	union { struct perf_event_header h; char b[64]; } ev;
	uint64_t time = 1;

	memset(&ev, 0, sizeof(ev));
	ev.h.type = PERF_RECORD_FORK;
	ev.h.misc = misc;
	ev.h.size = 8 + 16 + 8;
	memcpy(ev.b + 8, &pid, 4);
	memcpy(ev.b + 12, &ppid, 4);
	memcpy(ev.b + 16, &tid, 4);
	memcpy(ev.b + 20, &ptid, 4);
	memcpy(ev.b + 24, &time, 8);
	assert_int_equal(machine__process_event(m, (union perf_event *)&ev, NULL), 0);
}

/* a process @pid forked by @ppid (@misc: PERF_RECORD_MISC_FORK_EXEC when
 * synthesized) */
static inline void rec_fork(struct machine *m, uint32_t pid, uint32_t ppid, uint16_t misc)
{
	rec_fork_tid(m, pid, ppid, pid, ppid, misc);
}

#endif
