// SPDX-License-Identifier: GPL-2.0
/* tracefs discovery: mount point, systems, events, ids, format paths. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <linux/magic.h>
#include "tracepoint.h"
#include "alloc.h"
#include "debug.h"

static bool has_events(const char *dir)
{
	char p[PATH_MAX];
	struct stat st;

	snprintf(p, sizeof(p), "%s/events", dir);
	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* tracefs is mounted on @dir but its events/ are not ours to read (the
 * mount's mode is 0700 by default) */
static bool tracefs_denied(const char *dir)
{
	char p[PATH_MAX];
	struct statfs sfs;
	struct stat st;

	snprintf(p, sizeof(p), "%s/events", dir);
	return stat(p, &st) < 0 && errno == EACCES && statfs(dir, &sfs) == 0 &&
	       sfs.f_type == TRACEFS_MAGIC;
}

const char *tracepoint__find_tracefs(const char *const *paths, int nr,
				     int try_mount)
{
	bool denied = false;

	for (int i = 0; i < nr; i++) {
		if (has_events(paths[i]))
			return paths[i];
		denied = denied || tracefs_denied(paths[i]);
	}
	if (denied) {
		errno = EACCES;
		return NULL;
	}
	if (try_mount && nr > 0 && geteuid() == 0) {
		if (mount("nodev", paths[0], "tracefs", 0, NULL) == 0 &&
		    has_events(paths[0]))
			return paths[0];
		pr_debug("mount tracefs on %s: %s\n", paths[0], strerror(errno));
	}
	errno = ENOENT;
	return NULL;
}

const char *tracepoint__tracefs(void)
{
	static const char *const paths[] = {
		"/sys/kernel/tracing", "/sys/kernel/debug/tracing"
	};
	/* cached: discovery (and a mount) happens once per process */
	static const char *found;
	const char *env = getenv("MPERF_TRACEFS");

	if (env && *env) {
		if (has_events(env))
			return env;
		errno = ENOENT;
		return NULL;
	}
	if (found)
		return found;
	found = tracepoint__find_tracefs(paths, 2, 1);
	return found;
}

int tracepoint__format_path(const char *sys, const char *name, char *buf,
			    size_t size)
{
	const char *t = tracepoint__tracefs();

	if (!t)
		return -ENOENT;
	if ((size_t)snprintf(buf, size, "%s/events/%s/%s/format", t, sys, name) >= size)
		return -ENAMETOOLONG;
	return 0;
}

int tracepoint__id(const char *sys, const char *name)
{
	const char *t = tracepoint__tracefs();
	char p[PATH_MAX], b[32];
	ssize_t n;
	int fd;

	if (!t)
		return -ENOENT;
	if (strchr(sys, '/') || strchr(name, '/') || !strcmp(sys, "..") ||
	    !strcmp(name, ".."))
		return -EINVAL;
	snprintf(p, sizeof(p), "%s/events/%s/%s/id", t, sys, name);
	fd = open(p, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, b, sizeof(b) - 1);
	close(fd);
	if (n <= 0)
		return -EIO;
	b[n] = '\0';
	return atoi(b);
}

static int cmp_tp(const void *a, const void *b)
{
	const struct tracepoint_name *x = a, *y = b;
	/* perf sorts the "sys:name" strings */
	size_t lx = strlen(x->sys), ly = strlen(y->sys);
	char bx[512], by[512];

	if (lx == ly && !memcmp(x->sys, y->sys, lx))
		return strcmp(x->name, y->name);
	snprintf(bx, sizeof(bx), "%s:%s", x->sys, x->name);
	snprintf(by, sizeof(by), "%s:%s", y->sys, y->name);
	return strcmp(bx, by);
}

void tracepoint__list_free(struct tracepoint_name *list, int nr)
{
	if (!list)
		return;
	for (int i = 0; i < nr; i++) {
		free(list[i].sys);
		free(list[i].name);
	}
	free(list);
}

static int list_add(struct tracepoint_name **list, int *nr, int *cap,
		    const char *sys, const char *name)
{
	if (ALLOC_GROW(*list, *nr + 1, *cap, 256))
		return -ENOMEM;
	(*list)[*nr].sys = strdup(sys);
	(*list)[*nr].name = strdup(name);
	if (!(*list)[*nr].sys || !(*list)[*nr].name) {
		free((*list)[*nr].sys);
		free((*list)[*nr].name);
		return -ENOMEM;
	}
	(*nr)++;
	return 0;
}

static bool is_dot(const char *n)
{
	return n[0] == '.' && (!n[1] || (n[1] == '.' && !n[2]));
}

static int __tracepoint__list(const char *sys_glob, const char *name_glob,
			      struct tracepoint_name **out, bool sort)
{
	const char *t = tracepoint__tracefs();
	struct tracepoint_name *list = NULL;
	int nr = 0, cap = 0, err = 0, evfd;
	char p[PATH_MAX];
	struct dirent *sd;
	DIR *sysdir;

	*out = NULL;
	if (!t)
		return -ENOENT;
	snprintf(p, sizeof(p), "%s/events", t);
	sysdir = opendir(p);
	if (!sysdir)
		return -errno;
	evfd = dirfd(sysdir);
	while ((sd = readdir(sysdir))) {
		struct dirent *ed;
		DIR *edir;
		int sfd;

		if (is_dot(sd->d_name) ||
		    (sd->d_type != DT_DIR && sd->d_type != DT_UNKNOWN))
			continue;
		if (sys_glob && fnmatch(sys_glob, sd->d_name, 0))
			continue;
		sfd = openat(evfd, sd->d_name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (sfd < 0)
			continue;
		edir = fdopendir(sfd);
		if (!edir) {
			close(sfd);
			continue;
		}
		while ((ed = readdir(edir))) {
			char idp[NAME_MAX + 4];

			if (is_dot(ed->d_name) ||
			    (ed->d_type != DT_DIR && ed->d_type != DT_UNKNOWN))
				continue;
			if (name_glob && fnmatch(name_glob, ed->d_name, 0))
				continue;
			/* perf lists only events that have an id */
			snprintf(idp, sizeof(idp), "%s/id", ed->d_name);
			if (faccessat(sfd, idp, F_OK, 0))
				continue;
			err = list_add(&list, &nr, &cap, sd->d_name, ed->d_name);
			if (err)
				break;
		}
		closedir(edir);
		if (err)
			break;
	}
	closedir(sysdir);
	if (err) {
		tracepoint__list_free(list, nr);
		return err;
	}
	if (nr && sort)
		qsort(list, nr, sizeof(*list), cmp_tp);
	*out = list;
	return nr;
}

int tracepoint__list(const char *sys_glob, const char *name_glob,
		     struct tracepoint_name **out)
{
	return __tracepoint__list(sys_glob, name_glob, out, true);
}

int tracepoint__list_unsorted(const char *sys_glob, const char *name_glob,
			      struct tracepoint_name **out)
{
	return __tracepoint__list(sys_glob, name_glob, out, false);
}
