// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
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
	free(thread);
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
