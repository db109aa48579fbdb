// SPDX-License-Identifier: GPL-2.0
/* sysfs PMUs: type, format terms, event aliases, cpumask. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "pmu.h"
#include "alloc.h"
#include "debug.h"

const char *pmu__sysfs_root(void)
{
	const char *env = getenv("MPERF_SYSFS");

	return env && *env ? env : "/sys";
}

/* Read a small sysfs file, trailing whitespace stripped. NULL on error. */
static char *read_file(const char *dir, const char *a, const char *b)
{
	char p[PATH_MAX], buf[4096];
	ssize_t n;
	int fd;

	if (b)
		snprintf(p, sizeof(p), "%s/%s/%s", dir, a, b);
	else
		snprintf(p, sizeof(p), "%s/%s", dir, a);
	fd = open(p, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n < 0)
		return NULL;
	while (n > 0 && isspace((unsigned char)buf[n - 1]))
		n--;
	buf[n] = '\0';
	return strdup(buf);
}

int pmu_format__parse(struct pmu_format *fmt, const char *spec)
{
	const char *s = spec;
	uint64_t bits = 0;
	int config;

	if (!strncmp(s, "config", 6)) {
		s += 6;
		if (*s == ':')
			config = 0;
		else if (isdigit((unsigned char)*s) && s[1] == ':')
			config = *s++ - '0';
		else
			return -EINVAL;
	} else {
		return -EINVAL;
	}
	if (config > 2 || *s != ':')
		return -EINVAL;
	s++;
	for (;;) {
		char *end;
		long a, b;

		if (!isdigit((unsigned char)*s))
			return -EINVAL;
		a = strtol(s, &end, 10);
		b = a;
		s = end;
		if (*s == '-') {
			s++;
			if (!isdigit((unsigned char)*s))
				return -EINVAL;
			b = strtol(s, &end, 10);
			s = end;
		}
		if (a < 0 || b > 63 || b < a)
			return -EINVAL;
		for (long i = a; i <= b; i++)
			bits |= 1ULL << i;
		if (*s == ',') {
			s++;
			continue;
		}
		if (*s == '\0')
			break;
		return -EINVAL;
	}
	fmt->config = config;
	fmt->bits = bits;
	return 0;
}

int pmu_format__width(const struct pmu_format *fmt)
{
	return __builtin_popcountll(fmt->bits);
}

static uint64_t *attr_word(struct perf_event_attr *attr, int config)
{
	switch (config) {
	case 1:
		return (uint64_t *)&attr->config1;
	case 2:
		return (uint64_t *)&attr->config2;
	default:
		return (uint64_t *)&attr->config;
	}
}

int pmu_format__apply(const struct pmu_format *fmt, uint64_t value,
		      struct perf_event_attr *attr)
{
	int width = pmu_format__width(fmt);
	uint64_t *w = attr_word(attr, fmt->config);
	int vbit = 0;

	if (width < 64 && (value >> width))
		return -ERANGE;
	for (int b = 0; b < 64; b++) {
		if (!(fmt->bits & (1ULL << b)))
			continue;
		if (value & (1ULL << vbit))
			*w |= 1ULL << b;
		else
			*w &= ~(1ULL << b);
		vbit++;
	}
	return 0;
}

uint64_t pmu_format__extract(const struct pmu_format *fmt,
			     const struct perf_event_attr *attr)
{
	const uint64_t *w = attr_word((struct perf_event_attr *)attr, fmt->config);
	uint64_t v = 0;
	int vbit = 0;

	for (int b = 0; b < 64; b++) {
		if (!(fmt->bits & (1ULL << b)))
			continue;
		if (*w & (1ULL << b))
			v |= 1ULL << vbit;
		vbit++;
	}
	return v;
}

static int cmp_alias(const void *a, const void *b)
{
	return strcmp(((const struct pmu_alias *)a)->name,
		      ((const struct pmu_alias *)b)->name);
}

static bool is_alias_file(const char *n)
{
	const char *dot = strrchr(n, '.');

	if (n[0] == '.')
		return false;
	if (!dot)
		return true;
	return strcmp(dot, ".scale") && strcmp(dot, ".unit") &&
	       strcmp(dot, ".per-pkg") && strcmp(dot, ".snapshot");
}

static int pmu__read_aliases(struct pmu *pmu, const char *dir)
{
	char p[PATH_MAX + 64];
	struct dirent *d;
	DIR *dd;
	int cap = 0;

	if (snprintf(p, sizeof(p), "%s/events", dir) >= (int)sizeof(p))
		return 0;
	dd = opendir(p);
	if (!dd)
		return 0;
	while ((d = readdir(dd))) {
		struct pmu_alias *a;
		char *v;

		if (!is_alias_file(d->d_name))
			continue;
		if (ALLOC_GROW(pmu->aliases, pmu->nr_aliases + 1, cap, 16))
			goto nomem;
		a = &pmu->aliases[pmu->nr_aliases];
		memset(a, 0, sizeof(*a));
		a->scale = 1.0;
		a->name = strdup(d->d_name);
		a->terms = read_file(p, d->d_name, NULL);
		if (!a->name || !a->terms) {
			free(a->name);
			free(a->terms);
			continue;
		}
		{
			char n[NAME_MAX + 16];

			snprintf(n, sizeof(n), "%s.unit", d->d_name);
			a->unit = read_file(p, n, NULL);
			snprintf(n, sizeof(n), "%s.scale", d->d_name);
			v = read_file(p, n, NULL);
			if (v) {
				char *end;
				double s = strtod(v, &end);

				if (end != v)
					a->scale = s;
				free(v);
			}
			snprintf(n, sizeof(n), "%s.per-pkg", d->d_name);
			v = read_file(p, n, NULL);
			a->per_pkg = v && atoi(v);
			free(v);
			snprintf(n, sizeof(n), "%s.snapshot", d->d_name);
			v = read_file(p, n, NULL);
			a->snapshot = v && atoi(v);
			free(v);
		}
		pmu->nr_aliases++;
	}
	closedir(dd);
	if (pmu->nr_aliases)
		qsort(pmu->aliases, pmu->nr_aliases, sizeof(*pmu->aliases), cmp_alias);
	return 0;
nomem:
	closedir(dd);
	return -ENOMEM;
}

static int pmu__read_formats(struct pmu *pmu, const char *dir)
{
	char p[PATH_MAX + 64];
	struct dirent *d;
	DIR *dd;
	int cap = 0;

	if (snprintf(p, sizeof(p), "%s/format", dir) >= (int)sizeof(p))
		return 0;
	dd = opendir(p);
	if (!dd)
		return 0;
	while ((d = readdir(dd))) {
		struct pmu_format f = { 0 };

		if (d->d_name[0] == '.')
			continue;
		f.spec = read_file(p, d->d_name, NULL);
		if (!f.spec)
			continue;
		if (pmu_format__parse(&f, f.spec)) {
			pr_debug("pmu %s: bad format %s: '%s'\n", pmu->name,
				 d->d_name, f.spec);
			free(f.spec);
			continue;
		}
		f.name = strdup(d->d_name);
		if (!f.name || ALLOC_GROW(pmu->formats, pmu->nr_formats + 1, cap, 8)) {
			free(f.name);
			free(f.spec);
			closedir(dd);
			return -ENOMEM;
		}
		pmu->formats[pmu->nr_formats++] = f;
	}
	closedir(dd);
	return 0;
}

static bool name_is_core(const char *n)
{
	return !strcmp(n, "cpu") || !strcmp(n, "cpu_core") ||
	       !strcmp(n, "cpu_atom") || !strncmp(n, "armv8_", 6) ||
	       !strncmp(n, "armv7_", 6);
}

struct pmu *pmu__read(const char *devices_dir, const char *name)
{
	char dir[PATH_MAX + 64];
	struct pmu *pmu;
	char *type;

	snprintf(dir, sizeof(dir), "%s/%s", devices_dir, name);
	type = read_file(dir, "type", NULL);
	if (!type) {
		errno = ENOENT;
		return NULL;
	}
	pmu = calloc(1, sizeof(*pmu));
	if (!pmu) {
		free(type);
		return NULL;
	}
	pmu->name = strdup(name);
	pmu->type = (uint32_t)strtoul(type, NULL, 0);
	free(type);
	pmu->cpumask = read_file(dir, "cpumask", NULL);
	if (!pmu->cpumask)
		pmu->cpumask = read_file(dir, "cpus", NULL);
	pmu->is_core = name_is_core(name);
	if (!pmu->name || pmu__read_formats(pmu, dir) ||
	    pmu__read_aliases(pmu, dir)) {
		pmu__delete(pmu);
		errno = ENOMEM;
		return NULL;
	}
	return pmu;
}

void pmu__delete(struct pmu *pmu)
{
	if (!pmu)
		return;
	for (int i = 0; i < pmu->nr_formats; i++) {
		free(pmu->formats[i].name);
		free(pmu->formats[i].spec);
	}
	for (int i = 0; i < pmu->nr_aliases; i++) {
		free(pmu->aliases[i].name);
		free(pmu->aliases[i].terms);
		free(pmu->aliases[i].unit);
	}
	free(pmu->formats);
	free(pmu->aliases);
	free(pmu->cpumask);
	free(pmu->name);
	free(pmu);
}

static int cmp_pmu(const void *a, const void *b)
{
	return strcmp((*(struct pmu *const *)a)->name,
		      (*(struct pmu *const *)b)->name);
}

struct pmus *pmus__new(const char *root)
{
	char dir[PATH_MAX + 64];
	struct pmus *pmus;
	struct dirent *d;
	DIR *dd;
	int cap = 0;

	if (!root)
		root = pmu__sysfs_root();
	pmus = calloc(1, sizeof(*pmus));
	if (!pmus)
		return NULL;
	pmus->root = strdup(root);
	snprintf(dir, sizeof(dir), "%s/bus/event_source/devices", root);
	dd = opendir(dir);
	if (!dd)
		return pmus;	/* no PMUs at all is not an error */
	while ((d = readdir(dd))) {
		struct pmu *pmu;

		if (d->d_name[0] == '.')
			continue;
		pmu = pmu__read(dir, d->d_name);
		if (!pmu)
			continue;
		if (ALLOC_GROW(pmus->pmus, pmus->nr + 1, cap, 16)) {
			pmu__delete(pmu);
			break;
		}
		pmus->pmus[pmus->nr++] = pmu;
	}
	closedir(dd);
	if (pmus->nr)
		qsort(pmus->pmus, pmus->nr, sizeof(*pmus->pmus), cmp_pmu);
	return pmus;
}

void pmus__delete(struct pmus *pmus)
{
	if (!pmus)
		return;
	for (int i = 0; i < pmus->nr; i++)
		pmu__delete(pmus->pmus[i]);
	free(pmus->pmus);
	free(pmus->root);
	free(pmus);
}

struct pmus *pmus__host(void)
{
	/* read once per process; the sysfs PMU set does not change under us */
	static struct pmus *host;

	if (!host)
		host = pmus__new(NULL);
	return host;
}

struct pmu *pmus__find(const struct pmus *pmus, const char *name)
{
	if (!pmus)
		return NULL;
	for (int i = 0; i < pmus->nr; i++)
		if (!strcmp(pmus->pmus[i]->name, name))
			return pmus->pmus[i];
	return NULL;
}

struct pmu *pmus__find_by_type(const struct pmus *pmus, uint32_t type)
{
	if (!pmus)
		return NULL;
	for (int i = 0; i < pmus->nr; i++)
		if (pmus->pmus[i]->type == type)
			return pmus->pmus[i];
	return NULL;
}

const struct pmu_format *pmu__find_format(const struct pmu *pmu,
					  const char *name)
{
	for (int i = 0; i < pmu->nr_formats; i++)
		if (!strcmp(pmu->formats[i].name, name))
			return &pmu->formats[i];
	return NULL;
}

const struct pmu_alias *pmu__find_alias(const struct pmu *pmu,
					const char *name)
{
	for (int i = 0; i < pmu->nr_aliases; i++)
		if (!strcasecmp(pmu->aliases[i].name, name))
			return &pmu->aliases[i];
	return NULL;
}
