/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_DEBUG_H
#define MPERF_DEBUG_H

#include <stdarg.h>

/*
 * Diagnostics. The only module that writes to stderr on behalf of util/.
 * Every message is one line prefixed "mperf: " (errors) so scripts can grep.
 * verbose: 0 default, 1 -v, 2 -vv ...; quiet: -q drops warnings and info.
 */
extern int verbose;
extern int quiet;

void eprintf_prefixed(int level, const char *prefix, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#define pr_err(fmt, ...)	eprintf_prefixed(-1, "mperf: ", fmt, ##__VA_ARGS__)
#define pr_warning(fmt, ...)	eprintf_prefixed(0, "mperf: warning: ", fmt, ##__VA_ARGS__)
#define pr_info(fmt, ...)	eprintf_prefixed(0, "", fmt, ##__VA_ARGS__)
#define pr_debug(fmt, ...)	eprintf_prefixed(1, "", fmt, ##__VA_ARGS__)
#define pr_debug2(fmt, ...)	eprintf_prefixed(2, "", fmt, ##__VA_ARGS__)
#define pr_debug3(fmt, ...)	eprintf_prefixed(3, "", fmt, ##__VA_ARGS__)

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif

#endif
