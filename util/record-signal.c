// SPDX-License-Identifier: GPL-2.0
#include <string.h>
#include "record-signal.h"

/* A signal handler can only reach process-wide state. */
static struct record_signals sigs;

static void on_signal(int sig)
{
	switch (sig) {
	case SIGCHLD:
		sigs.child = 1;
		break;
	case SIGUSR2:
		sigs.snapshot = 1;
		break;
	case SIGALRM:
		sigs.alarm = 1;
		break;
	default:
		sigs.signo = sig;
		sigs.done = 1;
		break;
	}
}

static const int handled[] = { SIGINT, SIGTERM, SIGHUP, SIGCHLD, SIGUSR2,
			       SIGALRM };

struct record_signals *record_signals__install(bool want_usr2)
{
	struct sigaction sa;

	memset(&sigs, 0, sizeof(sigs));
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (unsigned int i = 0; i < sizeof(handled) / sizeof(handled[0]); i++) {
		if (handled[i] == SIGUSR2 && !want_usr2)
			continue;
		sigaction(handled[i], &sa, NULL);
	}
	return &sigs;
}

void record_signals__restore(void)
{
	for (unsigned int i = 0; i < sizeof(handled) / sizeof(handled[0]); i++)
		signal(handled[i], SIG_DFL);
}
