// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "workload.h"

int workload__prepare(struct workload *w, const char *const *argv)
{
	int go[2], err[2];

	memset(w, 0, sizeof(*w));
	w->pid = -1;
	if (pipe2(go, O_CLOEXEC))
		return -errno;
	if (pipe2(err, O_CLOEXEC)) {
		int e = errno;

		close(go[0]);
		close(go[1]);
		return -e;
	}
	w->pid = fork();
	if (w->pid < 0) {
		int e = errno;

		close(go[0]); close(go[1]); close(err[0]); close(err[1]);
		return -e;
	}
	if (w->pid == 0) {
		char c;
		int e;

		close(go[1]);
		close(err[0]);
		/* not "mperf" until the exec: samples of that moment are
		 * not mperf's own (perf names its child "perf-exec") */
		prctl(PR_SET_NAME, "mperf-exec", 0, 0, 0);
		/* wait for the go byte; EOF means the parent gave up */
		if (read(go[0], &c, 1) != 1)
			_exit(127);
		execvp(argv[0], (char *const *)argv);
		e = errno;
		if (write(err[1], &e, sizeof(e)) < 0)
			_exit(127);
		_exit(127);
	}
	close(go[0]);
	close(err[1]);
	w->go_fd = go[1];
	w->err_fd = err[0];
	return 0;
}

int workload__start(struct workload *w)
{
	int e = 0;
	ssize_t n;

	if (write(w->go_fd, "g", 1) != 1)
		return -errno;
	close(w->go_fd);
	w->go_fd = -1;
	/* blocks until exec succeeded (EOF via CLOEXEC) or failed (errno) */
	do {
		n = read(w->err_fd, &e, sizeof(e));
	} while (n < 0 && errno == EINTR);
	close(w->err_fd);
	w->err_fd = -1;
	if (n == sizeof(e)) {
		w->exec_errno = e;
		return -e;
	}
	return 0;
}

int workload__wait(struct workload *w, int *status, int stop_on_eintr)
{
	for (;;) {
		pid_t r = waitpid(w->pid, status, 0);

		if (r == w->pid)
			return 0;
		if (r < 0 && errno == EINTR && !stop_on_eintr)
			continue;
		return -errno;
	}
}

void workload__cancel(struct workload *w)
{
	int st;

	if (w->go_fd >= 0)
		close(w->go_fd);
	if (w->err_fd >= 0)
		close(w->err_fd);
	w->go_fd = w->err_fd = -1;
	if (w->pid > 0) {
		kill(w->pid, SIGKILL);
		waitpid(w->pid, &st, 0);
	}
}

int workload__exit_code(int status)
{
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return 1;
}
