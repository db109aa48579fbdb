// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "fsutil.h"

int mkdir_p(const char *dir, mode_t mode)
{
	char buf[PATH_MAX];
	size_t n = strlen(dir);

	if (n >= sizeof(buf)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(buf, dir, n + 1);
	for (char *p = buf + 1; ; p++) {
		char c = *p;

		if (c != '/' && c)
			continue;
		*p = '\0';
		if (mkdir(buf, mode) && errno != EEXIST)
			return -1;
		if (!c)
			return 0;
		*p = c;
	}
}

int write_all(int fd, const void *buf, size_t n)
{
	const char *p = buf;

	while (n) {
		ssize_t w = write(fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

bool mperf_cache_dir(char *out, size_t size)
{
	const char *env = getenv("MPERF_CACHE_DIR"), *xdg, *home;
	int n;

	if (env)
		n = *env ? snprintf(out, size, "%s", env) : -1;
	else if ((xdg = getenv("XDG_CACHE_HOME")) && *xdg == '/')
		n = snprintf(out, size, "%s/mperf", xdg);
	else if ((home = getenv("HOME")) && *home == '/')
		n = snprintf(out, size, "%s/.cache/mperf", home);
	else
		n = -1;
	return n > 0 && (size_t)n < size;
}

bool mperf_cache_dir__ours(void)
{
	const char *home = getenv("HOME");
	struct stat st;

	if (getenv("MPERF_CACHE_DIR") || !home || stat(home, &st))
		return true;
	return st.st_uid == geteuid();
}
