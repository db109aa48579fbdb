// SPDX-License-Identifier: GPL-2.0
/* TRACING_DATA from tracefs; see record-tracing.h. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "bytebuf.h"
#include "evlist.h"
#include "evsel.h"
#include "record-tracing.h"
#include "tracepoint.h"

/* A whole (small) tracefs file; tracefs reports size 0, so read it. */
static int read_file(const char *path, char **out, size_t *len)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t cap = 0, n = 0, r;

	if (!f)
		return -errno;
	do {
		if (n + 4096 > cap) {
			char *nb = realloc(buf, cap + 65536);

			if (!nb) {
				free(buf);
				fclose(f);
				return -ENOMEM;
			}
			buf = nb;
			cap += 65536;
		}
		r = fread(buf + n, 1, cap - n, f);
		n += r;
	} while (r > 0);
	fclose(f);
	*out = buf;
	*len = n;
	return 0;
}

/* u64 size then the content of @path (size_bytes: 4 or 8) */
static int tb_file(struct bytebuf *b, const char *path, int size_bytes)
{
	char *data = NULL;
	size_t len = 0;
	int err = read_file(path, &data, &len);

	if (err)
		len = 0;
	if (size_bytes == 8) {
		uint64_t l = len;

		bytebuf__put(b, &l, 8);
	} else {
		uint32_t l = (uint32_t)len;

		bytebuf__put(b, &l, 4);
	}
	if (len)
		bytebuf__put(b, data, len);
	free(data);
	return err;
}

bool record_tracing__wanted(struct evlist *evlist)
{
	struct evsel *evsel;
	int i;

	evlist__for_each(evlist, evsel, i)
		if (evsel->attr.type == PERF_TYPE_TRACEPOINT)
			return true;
	return false;
}

struct tp {
	char sys[128];
	char name[256];
};

static int tp_cmp(const void *a, const void *b)
{
	return strcmp(((const struct tp *)a)->sys, ((const struct tp *)b)->sys);
}

/* "sys:name[:mods]", a tracepoint evsel's name */
static int tp_split(const char *n, struct tp *tp)
{
	const char *colon, *end;

	if (!n)
		return -EINVAL;
	colon = strchr(n, ':');
	if (!colon)
		return -EINVAL;
	end = strchr(colon + 1, ':');
	if (!end)
		end = colon + 1 + strlen(colon + 1);
	snprintf(tp->sys, sizeof(tp->sys), "%.*s", (int)(colon - n), n);
	snprintf(tp->name, sizeof(tp->name), "%.*s", (int)(end - colon - 1),
		 colon + 1);
	return 0;
}

int record_tracing__data(struct evlist *evlist, void **data, size_t *size)
{
	const char **names = calloc((size_t)evlist->nr + 1, sizeof(*names));
	struct evsel *evsel;
	int i, n = 0, err;

	if (!names)
		return -ENOMEM;
	evlist__for_each(evlist, evsel, i)
		if (evsel->attr.type == PERF_TYPE_TRACEPOINT && evsel->name)
			names[n++] = evsel->name;
	err = record_tracing__data_of(names, n, data, size);
	free(names);
	return err;
}

int record_tracing__data_of(const char *const *names, int nr, void **data, size_t *size)
{
	static const unsigned char magic[] = { 0x17, 0x08, 0x44 };
	const char *tracefs = tracepoint__tracefs();
	struct bytebuf b = { 0 };
	struct tp *tps;
	char path[4096];
	uint32_t u32, nsys = 0;
	int i, n = 0;
	unsigned char c;

	if (!tracefs)
		return -ENOENT;
	tps = calloc((size_t)nr + 1, sizeof(*tps));
	if (!tps)
		return -ENOMEM;
	for (i = 0; i < nr; i++)
		if (!tp_split(names[i], &tps[n]))
			n++;
	qsort(tps, (size_t)n, sizeof(*tps), tp_cmp);

	bytebuf__put(&b, magic, sizeof(magic));
	bytebuf__put(&b, "tracing", 7);
	bytebuf__put(&b, "0.6", 4);
	c = 0;				/* little endian */
	{
		uint16_t probe = 1;

		c = *(unsigned char *)&probe ? 0 : 1;
	}
	bytebuf__put(&b, &c, 1);
	c = sizeof(long);
	bytebuf__put(&b, &c, 1);
	u32 = (uint32_t)sysconf(_SC_PAGESIZE);
	bytebuf__put(&b, &u32, 4);

	bytebuf__put(&b, "header_page", 12);
	snprintf(path, sizeof(path), "%s/events/header_page", tracefs);
	tb_file(&b, path, 8);
	bytebuf__put(&b, "header_event", 13);
	snprintf(path, sizeof(path), "%s/events/header_event", tracefs);
	tb_file(&b, path, 8);

	/* ftrace's own events: none recorded as such */
	u32 = 0;
	bytebuf__put(&b, &u32, 4);

	for (i = 0; i < n; i++)
		if (!i || strcmp(tps[i].sys, tps[i - 1].sys))
			nsys++;
	bytebuf__put(&b, &nsys, 4);
	for (i = 0; i < n;) {
		int j = i;
		uint32_t cnt;

		while (j < n && !strcmp(tps[j].sys, tps[i].sys))
			j++;
		cnt = (uint32_t)(j - i);
		bytebuf__put(&b, tps[i].sys, strlen(tps[i].sys) + 1);
		bytebuf__put(&b, &cnt, 4);
		for (; i < j; i++) {
			snprintf(path, sizeof(path), "%s/events/%s/%s/format",
				 tracefs, tps[i].sys, tps[i].name);
			tb_file(&b, path, 8);
		}
	}
	/* kallsyms: not needed by perf script; perf writes none either */
	u32 = 0;
	bytebuf__put(&b, &u32, 4);
	snprintf(path, sizeof(path), "%s/printk_formats", tracefs);
	tb_file(&b, path, 4);
	{
		uint64_t zero = 0;	/* saved_cmdlines: the COMMs name tasks */

		bytebuf__put(&b, &zero, 8);
	}
	free(tps);
	return bytebuf__take(&b, data, size);
}
