// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "alloc.h"
#include "cpumap.h"

int cpu_list__parse(const char *s, bool strict, int **out, int *nr)
{
	int *v = NULL, n = 0, cap = 0;

	while (*s) {
		char *end;
		long a, b;

		while (!strict && (*s == ',' || isspace((unsigned char)*s)))
			s++;
		if (!*s)
			break;
		if (!isdigit((unsigned char)*s))
			goto inval;
		a = strtol(s, &end, 10);
		b = a;
		s = end;
		if (*s == '-') {
			s++;
			if (!isdigit((unsigned char)*s))
				goto inval;
			b = strtol(s, &end, 10);
			s = end;
		}
		if (b < a || b > 65535)
			goto inval;
		if (strict && *s == ',')
			s++;
		else if (*s && (strict || (*s != ',' && !isspace((unsigned char)*s))))
			goto inval;
		for (long i = a; i <= b; i++) {
			if (ALLOC_GROW(v, n + 1, cap, 16)) {
				free(v);
				return -ENOMEM;
			}
			v[n++] = (int)i;
		}
	}
	if (!n)
		goto inval;
	/* sort + dedup (lists are short) */
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
			int t = v[j];

			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	int m = 0;
	for (int i = 0; i < n; i++)
		if (!m || v[m - 1] != v[i])
			v[m++] = v[i];
	*out = v;
	*nr = m;
	return 0;
inval:
	free(v);
	return -EINVAL;
}

static struct cpumap *cpumap__from(const int *v, int n)
{
	struct cpumap *m = malloc(sizeof(*m) + n * sizeof(int));

	if (!m)
		return NULL;
	m->nr = n;
	memcpy(m->map, v, n * sizeof(int));
	return m;
}

static char *read_line(const char *path, char *buf, size_t sz)
{
	FILE *f = fopen(path, "r");

	if (!f)
		return NULL;
	if (!fgets(buf, (int)sz, f)) {
		fclose(f);
		return NULL;
	}
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return buf;
}

struct cpumap *cpumap__online(void)
{
	char buf[4096];
	int *v, n;
	struct cpumap *m;

	if (!read_line("/sys/devices/system/cpu/online", buf, sizeof(buf)) ||
	    cpu_list__parse(buf, false, &v, &n)) {
		long c = sysconf(_SC_NPROCESSORS_ONLN);
		int tmp[1] = { 0 };

		if (c <= 1)
			return cpumap__from(tmp, 1);
		v = malloc(c * sizeof(int));
		if (!v)
			return NULL;
		for (int i = 0; i < c; i++)
			v[i] = i;
		n = (int)c;
	}
	m = cpumap__from(v, n);
	free(v);
	return m;
}

struct cpumap *cpumap__new(const char *list)
{
	struct cpumap *online, *m;
	int *v, n, err;

	if (!list)
		return cpumap__online();
	err = cpu_list__parse(list, false, &v, &n);
	if (err) {
		errno = -err;
		return NULL;
	}
	online = cpumap__online();
	if (online) {
		for (int i = 0; i < n; i++)
			if (cpumap__idx(online, v[i]) < 0) {
				free(v);
				cpumap__delete(online);
				errno = ENODEV;
				return NULL;
			}
		cpumap__delete(online);
	}
	m = cpumap__from(v, n);
	free(v);
	return m;
}

struct cpumap *cpumap__new_any(void)
{
	int any = -1;

	return cpumap__from(&any, 1);
}

void cpumap__delete(struct cpumap *map)
{
	free(map);
}

int cpumap__idx(const struct cpumap *map, int cpu)
{
	for (int i = 0; i < map->nr; i++)
		if (map->map[i] == cpu)
			return i;
	return -1;
}

int cpumap__max_present(void)
{
	char buf[4096];
	int *v, n, max;

	if (!read_line("/sys/devices/system/cpu/possible", buf, sizeof(buf)) ||
	    cpu_list__parse(buf, false, &v, &n))
		return (int)sysconf(_SC_NPROCESSORS_CONF);
	max = v[n - 1] + 1;
	free(v);
	return max;
}

static int cpu_topology_int(int cpu, const char *file)
{
	char path[128], buf[64];

	snprintf(path, sizeof(path),
		 "/sys/devices/system/cpu/cpu%d/topology/%s", cpu, file);
	if (!read_line(path, buf, sizeof(buf)))
		return -1;
	return atoi(buf);
}

int cpu__get_core_id(int cpu)
{
	return cpu_topology_int(cpu, "core_id");
}

int cpu__get_socket_id(int cpu)
{
	return cpu_topology_int(cpu, "physical_package_id");
}

/* ---- threads ---- */

static struct threadmap *threadmap__alloc(int n)
{
	struct threadmap *m = malloc(sizeof(*m) + (n ? n : 1) * sizeof(pid_t));

	if (m)
		m->nr = 0;
	return m;
}

static int threadmap__push(struct threadmap **mp, int *cap, pid_t tid)
{
	struct threadmap *m = *mp;

	for (int i = 0; i < m->nr; i++)
		if (m->map[i] == tid)
			return 0;
	if (m->nr == *cap) {
		struct threadmap *n;

		*cap *= 2;
		n = realloc(m, sizeof(*m) + *cap * sizeof(pid_t));
		if (!n)
			return -ENOMEM;
		*mp = m = n;
	}
	m->map[m->nr++] = tid;
	return 0;
}

struct threadmap *threadmap__new_any(void)
{
	struct threadmap *m = threadmap__alloc(1);

	if (m) {
		m->nr = 1;
		m->map[0] = -1;
	}
	return m;
}

struct threadmap *threadmap__new_one(pid_t tid)
{
	struct threadmap *m = threadmap__alloc(1);

	if (m) {
		m->nr = 1;
		m->map[0] = tid;
	}
	return m;
}

static struct threadmap *threadmap__parse(const char *list, int by_pid)
{
	int cap = 8;
	struct threadmap *m = threadmap__alloc(cap);
	const char *s = list;

	if (!m)
		return NULL;
	while (s && *s) {
		char *end, path[64];
		long id = strtol(s, &end, 10);

		if (end == s || id <= 0 || (*end && *end != ',')) {
			free(m);
			errno = EINVAL;
			return NULL;
		}
		s = *end ? end + 1 : end;
		if (!by_pid) {
			snprintf(path, sizeof(path), "/proc/%ld", id);
			if (access(path, F_OK)) {
				free(m);
				errno = ESRCH;
				return NULL;
			}
			if (threadmap__push(&m, &cap, (pid_t)id))
				goto nomem;
			continue;
		}
		snprintf(path, sizeof(path), "/proc/%ld/task", id);
		DIR *d = opendir(path);
		struct dirent *de;

		if (!d) {
			free(m);
			errno = ESRCH;
			return NULL;
		}
		while ((de = readdir(d))) {
			if (!isdigit((unsigned char)de->d_name[0]))
				continue;
			if (threadmap__push(&m, &cap, (pid_t)atoi(de->d_name))) {
				closedir(d);
				goto nomem;
			}
		}
		closedir(d);
	}
	if (!m->nr) {
		free(m);
		errno = EINVAL;
		return NULL;
	}
	return m;
nomem:
	free(m);
	errno = ENOMEM;
	return NULL;
}

struct threadmap *threadmap__new_by_pids(const char *pids)
{
	return threadmap__parse(pids, 1);
}

struct threadmap *threadmap__new_by_tids(const char *tids)
{
	return threadmap__parse(tids, 0);
}

void threadmap__delete(struct threadmap *map)
{
	free(map);
}
