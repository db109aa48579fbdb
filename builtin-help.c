// SPDX-License-Identifier: GPL-2.0
/*
 * mperf help CMD: show the man page. The page built in the source tree
 * (Documentation/mperf-CMD.1, or .7 for an overview such as
 * "troubleshooting") is preferred, then the installed one.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "builtin.h"
#include "util/debug.h"

int cmd_help(int argc, const char **argv)
{
	char page[128], path[4096];
	const char *cmd = argc > 1 ? argv[1] : NULL;

	if (cmd && (!strcmp(cmd, "-h") || !strcmp(cmd, "--help")))
		cmd = NULL;
	if (cmd && strcmp(cmd, "mperf"))
		snprintf(page, sizeof(page), "mperf-%s", cmd);
	else
		snprintf(page, sizeof(page), "mperf");
	snprintf(path, sizeof(path), "%s/%s.1", MPERF_DOCDIR, page);
	/* overviews such as mperf-troubleshooting are section 7 */
	if (access(path, R_OK))
		snprintf(path, sizeof(path), "%s/%s.7", MPERF_DOCDIR, page);
	fflush(stdout);
	if (!access(path, R_OK))
		execlp("man", "man", "-l", path, (char *)NULL);
	else
		execlp("man", "man", page, (char *)NULL);
	pr_err("cannot run man to show %s: %s (install man-db, or read "
	       "Documentation/%s.txt)\n", page, strerror(errno), page);
	return 1;
}
