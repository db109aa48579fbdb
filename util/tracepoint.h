/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_TRACEPOINT_H
#define MPERF_TRACEPOINT_H

/*
 * tracefs discovery: where it is (mounting it when missing and root), its
 * systems and events, an event's id and the path of its format file.
 * Owned by the events helper (issue 2). Parsing formats is the job of
 * util/trace-event (libtraceevent).
 *
 * MPERF_TRACEFS=DIR in the environment replaces discovery (tests point it
 * at a fake tree holding events/SYS/NAME/{id,format}).
 */

#include <stddef.h>

/*
 * tracepoint__tracefs - the tracefs mount point ("/sys/kernel/tracing" or
 * "/sys/kernel/debug/tracing"); mounts tracefs on /sys/kernel/tracing when
 * no events are visible and we are root. Return: a static string, or NULL
 * with errno set (ENOENT: not mounted and cannot mount; EACCES: mounted
 * but not readable by us).
 */
const char *tracepoint__tracefs(void);

/* Discovery from explicit candidates (tests): the first of @paths with an
 * events/ directory, optionally mounting on the first. NULL if none. */
const char *tracepoint__find_tracefs(const char *const *paths, int nr,
				     int try_mount);

/* The tracepoint id of sys:name (its events/SYS/NAME/id), or -errno. */
int tracepoint__id(const char *sys, const char *name);

/* "<tracefs>/events/SYS/NAME/format" into @buf. 0 or -errno. */
int tracepoint__format_path(const char *sys, const char *name, char *buf,
			    size_t size);

/* One tracepoint as enumerated: sorted by "sys:name" (strcmp). */
struct tracepoint_name {
	char *sys;
	char *name;
};

/*
 * tracepoint__list - every tracepoint whose sys and name match the
 * fnmatch(3) globs (NULL = "*") and that has an id, sorted as
 * `perf list` prints them. *@out is an array freed with
 * tracepoint__list_free. Return: the count, or -errno (-ENOENT when
 * there is no tracefs).
 */
int tracepoint__list(const char *sys_glob, const char *name_glob,
		     struct tracepoint_name **out);
void tracepoint__list_free(struct tracepoint_name *list, int nr);
/* The same in tracefs directory order (as perf expands -e globs). */
int tracepoint__list_unsorted(const char *sys_glob, const char *name_glob,
			      struct tracepoint_name **out);

/* The mount command to print when tracefs is missing. */
#define TRACEFS_MOUNT_HINT "mount -t tracefs nodev /sys/kernel/tracing"
#define TRACEFS_MODE_HINT "mount -o remount,mode=755 /sys/kernel/tracing"

#endif
