// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "maps.h"
#include "thread.h"

struct thread *thread__new(int32_t pid, int32_t tid)
{
	struct thread *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->pid = pid;
	t->tid = tid;
	t->ppid = -1;
	return t;
}

void thread__delete(struct thread *thread)
{
	if (!thread)
		return;
	maps__put(thread->maps);
	free(thread->comms);
	free(thread->placeholder);
	free(thread);
}

/* room for any comm the kernel writes (TASK_COMM_LEN is 16) */
#define PLACEHOLDER_SIZE 64

int thread__set_placeholder(struct thread *thread)
{
	if (!thread->placeholder) {
		thread->placeholder = malloc(PLACEHOLDER_SIZE);
		if (!thread->placeholder)
			return -ENOMEM;
	}
	snprintf(thread->placeholder, PLACEHOLDER_SIZE, ":%d", thread->tid);
	thread->comm_set = false;
	return thread__set_comm(thread, thread->placeholder, 0);
}

int thread__comm_event(struct thread *thread, const char *comm, uint64_t time)
{
	bool first = !thread->comm_set;

	thread->comm_set = true;
	if (first && thread->placeholder && thread->comm == thread->placeholder &&
	    thread->nr_comms == 1 && strlen(comm) < PLACEHOLDER_SIZE) {
		strcpy(thread->placeholder, comm);
		return 0;
	}
	return thread__set_comm(thread, comm, time);
}

int thread__set_comm(struct thread *thread, const char *comm, uint64_t time)
{
	struct comm_change *p;

	if (thread->comm == comm)
		return 0;
	p = realloc(thread->comms, (thread->nr_comms + 1) * sizeof(*p));
	if (!p)
		return -ENOMEM;
	thread->comms = p;
	p[thread->nr_comms].time = time;
	p[thread->nr_comms].comm = comm;
	thread->nr_comms++;
	thread->comm = comm;
	return 0;
}

const char *thread__comm_at(const struct thread *thread, uint64_t time)
{
	uint32_t i;

	if (!time)
		return thread->comm;
	for (i = thread->nr_comms; i > 0; i--)
		if (thread->comms[i - 1].time <= time)
			return thread->comms[i - 1].comm;
	return thread->nr_comms ? thread->comms[0].comm : thread->comm;
}
