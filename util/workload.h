/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_WORKLOAD_H
#define MPERF_WORKLOAD_H

#include <sys/types.h>

/*
 * The workload of `stat`/`record -- cmd args`: forked at prepare time and
 * held before exec until start, so counters can be opened on its pid with
 * enable_on_exec. An exec failure comes back to the parent as an errno.
 */
struct workload {
	pid_t pid;
	int go_fd;	/* parent writes one byte to release the child */
	int err_fd;	/* child writes its exec errno here (CLOEXEC) */
	int exec_errno;	/* set by workload__start when exec failed */
};

/* Fork the child; it waits for workload__start(). 0 or -errno. */
int workload__prepare(struct workload *w, const char *const *argv);

/*
 * Release the child. Return 0 when exec succeeded, -errno when it failed
 * (the child has then exited 127; the caller still reaps it).
 */
int workload__start(struct workload *w);

/* waitpid() with EINTR retries unless @stop_on_eintr. 0 or -errno. */
int workload__wait(struct workload *w, int *status, int stop_on_eintr);

/* Kill and reap a prepared child that will not be started. */
void workload__cancel(struct workload *w);

/* The shell-like exit code for a wait status: 128+sig when signalled. */
int workload__exit_code(int status);

#endif
