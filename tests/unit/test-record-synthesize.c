// SPDX-License-Identifier: GPL-2.0
/* util/synthesize.c against this process's /proc entries and kallsyms. */
#include "unit.h"
#include <limits.h>
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <linux/perf_event.h>
#include "util/synthesize.h"
#include "util/cpumap.h"

struct collect {
	unsigned char buf[8 << 20];
	size_t len;
	int nr;
};

static int collect(struct synth *s, const struct perf_event_header *h)
{
	struct collect *c = s->ctx;

	if (c->len + h->size > sizeof(c->buf))
		return -1;
	memcpy(c->buf + c->len, h, h->size);
	c->len += h->size;
	c->nr++;
	return 0;
}

#define for_each_rec(c, h, off) \
	for ((off) = 0; (off) < (c)->len && ((h) = (void *)((c)->buf + (off))); \
	     (off) += (h)->size)

static void test_kernel_mmap(void **state)
{
	static struct collect c;
	struct synth s = { .id_hdr_size = 16, .emit = collect, .ctx = &c };
	struct perf_event_header *h;
	unsigned long long text = 0, a;
	char line[256], name[128], t;
	FILE *f = fopen("/proc/kallsyms", "r");
	uint64_t *u;

	assert_non_null(f);
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%llx %c %127s", &a, &t, name) == 3 &&
		    !strcmp(name, "_text")) {
			text = a;
			break;
		}
	fclose(f);
	if (!text)
		skip();
	assert_int_equal(synthesize__kernel_mmap(&s), 0);
	assert_int_equal(c.nr, 1);
	h = (void *)c.buf;
	assert_int_equal(h->type, PERF_RECORD_MMAP);
	assert_int_equal(h->misc, PERF_RECORD_MISC_KERNEL);
	/* 8 header + 8 pid/tid + 24 + "[kernel.kallsyms]_text\0" padded 24
	 * + 16 id tail, as in perf's own files */
	assert_int_equal(h->size, 80);
	assert_int_equal(((int32_t *)(h + 1))[0], -1);
	u = (uint64_t *)(h + 1) + 1;
	assert_int_equal(u[0], text);
	assert_int_equal(u[2], text);
	assert_true(u[1] > 0);
	assert_string_equal((char *)(u + 3), "[kernel.kallsyms]_text");
	synth__exit(&s);
}

static void *idle_thread(void *arg)
{
	prctl(PR_SET_NAME, "synth-worker");
	pause();
	return NULL;
}

struct mmap2 {
	struct perf_event_header h;
	uint32_t pid, tid;
	uint64_t start, len, pgoff;
	uint32_t maj, min;
	uint64_t ino, ino_generation;
	uint32_t prot, flags;
	char filename[];
};

/* the threads /proc shows for this process (qemu-user adds its own) */
static int nr_tasks(void)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			n++;
	closedir(d);
	return n;
}

static void check_process(bool fork)
{
	static struct collect c;
	struct synth s = { .id_hdr_size = 8, .emit = collect, .ctx = &c };
	struct perf_event_header *h;
	pthread_t th;
	char exe[PATH_MAX];
	ssize_t n;
	size_t off;
	int comms = 0, forks = 0, self_exe = 0, worker = 0, tasks;
	pid_t pid = getpid();

	memset(&c, 0, sizeof(c));
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	assert_true(n > 0);
	exe[n] = '\0';
	prctl(PR_SET_NAME, "synth-main");
	pthread_create(&th, NULL, idle_thread, NULL);
	usleep(20000);

	tasks = nr_tasks();
	assert_true(tasks >= 2);	/* this one and the worker */
	assert_int_equal(synthesize__process(&s, pid, fork), 0);
	for_each_rec(&c, h, off) {
		uint32_t *p = (uint32_t *)(h + 1);

		assert_int_equal(h->size % 8, 0);
		if (h->type == PERF_RECORD_COMM) {
			comms++;
			assert_int_equal(p[0], pid);
			if (p[1] == (uint32_t)pid)
				assert_string_equal((char *)(p + 2), "synth-main");
			else if (!strcmp((char *)(p + 2), "synth-worker"))
				worker++;
		} else if (h->type == PERF_RECORD_FORK) {
			forks++;
			/* perf's mark of a synthesized FORK: no map copy */
			assert_int_equal(h->misc, PERF_RECORD_MISC_FORK_EXEC);
			assert_int_equal(p[0], pid);
			if (p[2] == (uint32_t)pid)	/* leader: from its parent */
				assert_int_equal(p[1], getppid());
			else
				assert_int_equal(p[1], pid);
		} else if (h->type == PERF_RECORD_MMAP2) {
			struct mmap2 *m = (void *)h;

			assert_int_equal(m->pid, pid);
			assert_true(m->prot & PROT_EXEC);
			if (!strcmp(m->filename, exe)) {
				self_exe++;
				assert_true(m->ino != 0);
				assert_true((uintptr_t)check_process >= m->start ||
					    self_exe > 1);
			}
		} else {
			fail_msg("unexpected record type %u", h->type);
		}
	}
	assert_int_equal(comms, tasks);	/* one COMM per thread */
	assert_int_equal(worker, 1);
	assert_int_equal(forks, fork ? tasks : 0);
	assert_true(self_exe >= 1);
	pthread_cancel(th);
	pthread_join(th, NULL);
	synth__exit(&s);
}

static void test_process(void **state)
{
	check_process(false);
}

static void test_process_fork(void **state)
{
	check_process(true);
}

static void test_mmap2_covers_code(void **state)
{
	static struct collect c;
	struct synth s = { .emit = collect, .ctx = &c };
	struct perf_event_header *h;
	size_t off;
	uintptr_t ip = (uintptr_t)test_mmap2_covers_code;
	int hit = 0;

	memset(&c, 0, sizeof(c));
	assert_int_equal(synthesize__mmaps(&s, getpid()), 0);
	for_each_rec(&c, h, off) {
		struct mmap2 *m = (void *)h;

		if (ip >= m->start && ip < m->start + m->len)
			hit++;
	}
	assert_int_equal(hit, 1);
	synth__exit(&s);
}

static void test_threadmap(void **state)
{
	static struct collect c;
	struct synth s = { .id_hdr_size = 0, .emit = collect, .ctx = &c };
	struct threadmap *tm;
	char pid[32];

	memset(&c, 0, sizeof(c));
	snprintf(pid, sizeof(pid), "%d", getpid());
	tm = threadmap__new_by_pids(pid);
	assert_non_null(tm);
	assert_int_equal(synthesize__threadmap(&s, tm), 0);
	assert_true(c.nr >= 2);
	assert_int_equal(((struct perf_event_header *)c.buf)->type,
			 PERF_RECORD_COMM);
	threadmap__delete(tm);
	synth__exit(&s);
}

static void test_all(void **state)
{
	static struct collect c;
	struct synth s = { .id_hdr_size = 8, .emit = collect, .ctx = &c };
	struct perf_event_header *h;
	size_t off;
	int init = 0;

	memset(&c, 0, sizeof(c));
	assert_int_equal(synthesize__all(&s), 0);
	for_each_rec(&c, h, off) {
		uint32_t *p = (uint32_t *)(h + 1);

		if (h->type == PERF_RECORD_FORK && p[0] == 1 && p[2] == 1)
			init++;
	}
	assert_int_equal(init, 1);
	synth__exit(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kernel_mmap),
		cmocka_unit_test(test_process),
		cmocka_unit_test(test_process_fork),
		cmocka_unit_test(test_mmap2_covers_code),
		cmocka_unit_test(test_threadmap),
		cmocka_unit_test(test_all),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
