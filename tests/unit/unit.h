/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_UNIT_H
#define MPERF_UNIT_H
/* Common includes for the cmocka unit tests (tests/unit/test-*.c). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/perf_event.h>

/* tests/data relative to the repository root (tests run from there) */
#define TEST_DATA "tests/data"

/*
 * Runs the shell command @fmt made with @a and @b (two strings); a command
 * that fails skips the case (a tool such as objcopy missing here).
 */
static inline void unit_sh(const char *fmt, const char *a, const char *b)
{
	char cmd[2048];

	snprintf(cmd, sizeof(cmd), fmt, a, b);
	if (system(cmd)) {
		print_message("%s: failed (no binutils?): skipped\n", cmd);
		skip();
	}
}

/*
 * A case that needs perf_event_open(2) calls this first: where the syscall
 * does not exist (ENOSYS: qemu-user, the arm64 build's test runner) the case
 * is skipped; any other outcome lets the case run and assert as it would.
 */
static inline void need_perf_event_open(void)
{
	struct perf_event_attr a = {
		.type = PERF_TYPE_SOFTWARE, .size = sizeof(a),
		.config = PERF_COUNT_SW_DUMMY, .exclude_kernel = 1, .exclude_hv = 1,
	};
	int fd = (int)syscall(__NR_perf_event_open, &a, 0, -1, -1,
			      PERF_FLAG_FD_CLOEXEC);

	if (fd >= 0) {
		close(fd);
		return;
	}
	if (errno == ENOSYS) {
		print_message("perf_event_open: ENOSYS (no such syscall here): skipped\n");
		skip();
	}
}
#endif
