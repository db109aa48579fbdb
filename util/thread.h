/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_THREAD_H
#define MPERF_THREAD_H

/*
 * A thread of the recorded system: pid/tid, its comm history (COMM records
 * and the comm inherited on FORK) and the maps of its process (shared by
 * all threads of the process). Owned by the machine.
 */

#include <stdbool.h>
#include <stdint.h>

struct maps;

struct comm_change {
	uint64_t time;		/* from this time on */
	const char *comm;	/* interned in the machine: compare pointers */
};

struct thread {
	int32_t pid, tid, ppid;
	const char *comm;	/* current comm (interned) */
	struct comm_change *comms;	/* history, oldest first */
	uint32_t nr_comms;
	bool comm_set;		/* a COMM record was seen (not a placeholder) */
	/* the ":tid" comm of a thread seen before its first COMM: that
	 * COMM renames it in place, as perf overrides its default comm, so
	 * report entries that took it show (and merge under) the new name */
	char *placeholder;
	/* known from MMAP records alone (no COMM, no FORK): perf's --tasks
	 * does not list such a thread */
	bool mmap_only;
	/* the cgroup namespace of its latest NAMESPACES record (report's
	 * cgroup_id key); 0, 0 without one */
	uint64_t cgns_dev, cgns_ino;
	struct maps *maps;
	struct thread *hnext;
	void *priv;		/* for tools (script, unwind state) */
};

struct thread *thread__new(int32_t pid, int32_t tid);
void thread__delete(struct thread *thread);
/* @comm must be interned (machine__intern()). 0 or -ENOMEM. */
int thread__set_comm(struct thread *thread, const char *comm, uint64_t time);
/* A thread without a comm yet: named ":tid" by a placeholder the first
 * thread__comm_event() renames. 0 or -ENOMEM. */
int thread__set_placeholder(struct thread *thread);
/* A COMM record's (or a FORK's inherited) @comm, interned: renames the
 * placeholder when it is the thread's only comm, else thread__set_comm().
 * 0 or -ENOMEM. */
int thread__comm_event(struct thread *thread, const char *comm, uint64_t time);
/* The comm in effect at @time (the current one when time is 0). */
const char *thread__comm_at(const struct thread *thread, uint64_t time);

#endif
