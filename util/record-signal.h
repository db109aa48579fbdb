/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_RECORD_SIGNAL_H
#define MPERF_RECORD_SIGNAL_H

/*
 * The signals a recording reacts to, as flags the poll loop reads:
 * SIGINT/SIGTERM end it (the file is still written completely), SIGCHLD
 * says the workload exited, SIGUSR2 asks for a snapshot
 * (--switch-output=signal), SIGALRM for a time-based switch. Handlers
 * only set flags; they are installed without SA_RESTART so poll() wakes.
 * Owned by the record helper (issue 4).
 */

#include <signal.h>
#include <stdbool.h>

struct record_signals {
	volatile sig_atomic_t done;	/* SIGINT/SIGTERM/SIGHUP */
	volatile sig_atomic_t signo;	/* the signal that set done */
	volatile sig_atomic_t child;	/* SIGCHLD */
	volatile sig_atomic_t snapshot;	/* SIGUSR2 */
	volatile sig_atomic_t alarm;	/* SIGALRM */
};

/* Install the handlers; the flags live in one process-wide struct. */
struct record_signals *record_signals__install(bool want_usr2);
void record_signals__restore(void);

#endif
