// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include "dso.h"
#include "machine.h"
#include "map.h"
#include "maps.h"
#include "tasks.h"
#include "thread.h"

/*
 * --tasks: the threads as a tree of parents (ppid) and children, in perf's
 * layout and order. perf lists threads by tid modulo 256, then by tid; each
 * takes its place under its parent as it comes in that order, a thread
 * without a known parent (ppid -1, or a parent never seen) starting a root.
 * --mmaps adds each thread's maps below it.
 */
struct task {
	struct thread *thread;
	struct task **children;
	size_t nr_children;
	bool placed;
};

static int task_cmp(const void *pa, const void *pb)
{
	const struct task *a = pa, *b = pb;
	uint32_t ba = (uint32_t)a->thread->tid % 256, bb = (uint32_t)b->thread->tid % 256;

	if (ba != bb)
		return ba < bb ? -1 : 1;
	return a->thread->tid < b->thread->tid ? -1 : a->thread->tid > b->thread->tid;
}

static int task__add_child(struct task *parent, struct task *child)
{
	struct task **v = realloc(parent->children, (parent->nr_children + 1) * sizeof(*v));

	if (!v)
		return -ENOMEM;
	parent->children = v;
	v[parent->nr_children++] = child;
	return 0;
}

static struct task *task__find(struct task *tasks, size_t nr, int32_t tid)
{
	struct task key = { 0 };
	struct thread t = { .tid = tid };

	key.thread = &t;
	return bsearch(&key, tasks, nr, sizeof(*tasks), task_cmp);
}

static void task__print_one(const struct task *task, FILE *fp, int level, bool mmaps)
{
	const struct thread *t = task->thread;

	fprintf(fp, "  %8d %8d %8d |%*s%s\n", t->pid, t->tid, t->ppid, level, "",
		t->comm ? t->comm : "");
	for (size_t i = 0; mmaps && t->maps && i < t->maps->nr; i++) {
		const struct map *m = t->maps->entries[i];

		fprintf(fp, "%*s%" PRIx64 "-%" PRIx64 " %c%c%c%c %08" PRIx64 " %" PRIu64 " %s\n",
			32 + level, "", m->start, m->end, m->prot & 1 ? 'r' : '-',
			m->prot & 2 ? 'w' : '-', m->prot & 4 ? 'x' : '-',
			m->flags & 1 /* MAP_SHARED */ ? 's' : 'p', m->pgoff, m->ino,
			m->dso->long_name);
	}
}

/* depth first, without recursion: a damaged file may chain many threads */
static int task__print(const struct task *root, FILE *fp, bool mmaps, size_t nr_tasks)
{
	struct { const struct task *task; size_t next; } *stack;
	size_t depth = 0;

	stack = malloc((nr_tasks + 1) * sizeof(*stack));
	if (!stack)
		return -ENOMEM;
	task__print_one(root, fp, 0, mmaps);
	stack[0].task = root;
	stack[0].next = 0;
	for (;;) {
		const struct task *t = stack[depth].task;

		if (stack[depth].next == t->nr_children) {
			if (!depth)
				break;
			depth--;
			continue;
		}
		t = t->children[stack[depth].next++];
		task__print_one(t, fp, (int)depth + 1, mmaps);
		if (depth + 1 >= nr_tasks)
			continue;	/* cannot happen in a tree */
		depth++;
		stack[depth].task = t;
		stack[depth].next = 0;
	}
	free(stack);
	return 0;
}

int machine__fprintf_tasks(struct machine *machine, FILE *fp, bool mmaps)
{
	size_t nr, n, i, nr_roots = 0;
	struct thread **threads = machine__threads(machine, &nr);
	struct task *tasks = calloc(nr ? nr : 1, sizeof(*tasks)), **roots = NULL;
	int err = -ENOMEM;

	if (!threads || !tasks || !(roots = calloc(nr ? nr : 1, sizeof(*roots))))
		goto out;
	/* as perf, a thread seen only in MMAP records is not listed by
	 * --tasks (perf reads no MMAP there); --mmaps lists it */
	for (i = 0, n = 0; i < nr; i++)
		if (mmaps || !threads[i]->mmap_only)
			tasks[n++].thread = threads[i];
	nr = n;
	qsort(tasks, nr, sizeof(*tasks), task_cmp);
	for (i = 0; i < nr; i++) {
		struct task *t = &tasks[i];

		/* up the parents until one already placed or a root */
		while (!t->placed) {
			struct task *parent = t->thread->ppid == -1 ? NULL :
					      task__find(tasks, nr, t->thread->ppid);

			t->placed = true;
			if (!parent || parent == t) {
				roots[nr_roots++] = t;
				break;
			}
			if (task__add_child(parent, t))
				goto out;
			t = parent;
		}
	}
	fprintf(fp, "# %8s %8s %8s  %s\n", "pid", "tid", "ppid", "comm");
	err = 0;
	for (i = 0; i < nr_roots && !err; i++)
		err = task__print(roots[i], fp, mmaps, nr);
out:
	for (i = 0; tasks && i < nr; i++)
		free(tasks[i].children);
	free(tasks);
	free(roots);
	free(threads);
	return err;
}
