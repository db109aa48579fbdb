// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include "debug.h"

int verbose;
int quiet;

void eprintf_prefixed(int level, const char *prefix, const char *fmt, ...)
{
	va_list ap;

	/* level -1: errors, always shown; 0: warnings/info, hidden by -q;
	 * >0: shown from that verbosity on. */
	if (level >= 0 && quiet)
		return;
	if (level > 0 && verbose < level)
		return;
	fputs(prefix, stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}
