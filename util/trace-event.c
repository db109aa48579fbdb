// SPDX-License-Identifier: GPL-2.0
/*
 * TRACING_DATA: parse it into a libtraceevent handle (reader), build it
 * from tracefs (writer). Layout: "\x17\x08\x44tracing", a version string,
 * endianness, long size, page size, header_page, header_event, ftrace
 * formats, per-system event formats, kallsyms, printk formats and (0.6)
 * saved cmdlines; every size is checked against the blob.
 */
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <traceevent/event-parse.h>
#include <traceevent/trace-seq.h>
#include "debug.h"
#include "trace-event.h"

struct trace_event {
	struct tep_handle *tep;
};

static const char magic[] = { 0x17, 0x08, 0x44, 't', 'r', 'a', 'c', 'i', 'n', 'g' };

struct tcur {
	const char *p, *end;
	int err;
	bool swap;
};

static const char *tc_bytes(struct tcur *c, uint64_t n)
{
	const char *p = c->p;

	if (c->err || (uint64_t)(c->end - c->p) < n) {
		c->err = -EINVAL;
		return NULL;
	}
	c->p += n;
	return p;
}

static uint32_t tc_u32(struct tcur *c)
{
	const char *p = tc_bytes(c, 4);
	uint32_t v = 0;

	if (p)
		memcpy(&v, p, 4);
	return c->swap ? __builtin_bswap32(v) : v;
}

static uint64_t tc_u64(struct tcur *c)
{
	const char *p = tc_bytes(c, 8);
	uint64_t v = 0;

	if (p)
		memcpy(&v, p, 8);
	return c->swap ? __builtin_bswap64(v) : v;
}

static const char *tc_str(struct tcur *c)
{
	const char *p = c->p;
	size_t n;

	if (c->err)
		return NULL;
	n = strnlen(p, c->end - p);
	if (n == (size_t)(c->end - p)) {
		c->err = -EINVAL;
		return NULL;
	}
	c->p += n + 1;
	return p;
}

/* A NUL-terminated copy for the tep parsers. */
static char *dup_n(const char *p, size_t n)
{
	char *s = malloc(n + 1);

	if (s) {
		memcpy(s, p, n);
		s[n] = '\0';
	}
	return s;
}

static int parse_format(struct tep_handle *tep, struct tcur *c, const char *sys)
{
	uint64_t size = tc_u64(c);
	const char *p = tc_bytes(c, size);
	char *buf;

	if (!p)
		return -EINVAL;
	buf = dup_n(p, size);
	if (!buf)
		return -ENOMEM;
	if (tep_parse_event(tep, buf, size, sys))
		pr_debug("trace data: cannot parse a %s event format\n", sys);
	free(buf);
	return 0;
}

struct trace_event *trace_event__parse(const void *data, size_t size)
{
	struct tcur c = { data, (const char *)data + size, 0, false };
	struct trace_event *te;
	const char *p, *version;
	uint32_t n, page_size;
	uint64_t sz;
	int big, long_size;
	char *buf;

	p = tc_bytes(&c, sizeof(magic));
	if (!p || memcmp(p, magic, sizeof(magic))) {
		errno = EINVAL;
		return NULL;
	}
	version = tc_str(&c);
	p = tc_bytes(&c, 2);
	if (!version || !p) {
		errno = EINVAL;
		return NULL;
	}
	big = p[0];
	long_size = p[1];
	c.swap = big != (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__);
	page_size = tc_u32(&c);

	te = calloc(1, sizeof(*te));
	if (!te)
		return NULL;
	te->tep = tep_alloc();
	if (!te->tep) {
		free(te);
		errno = ENOMEM;
		return NULL;
	}
	tep_set_file_bigendian(te->tep, big ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
	tep_set_local_bigendian(te->tep, __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ?
				TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
	tep_set_long_size(te->tep, long_size);
	tep_set_page_size(te->tep, page_size);

	/* header_page */
	p = tc_bytes(&c, 12);
	if (!p || memcmp(p, "header_page", 12))
		goto bad;
	sz = tc_u64(&c);
	p = tc_bytes(&c, sz);
	if (!p)
		goto bad;
	buf = dup_n(p, sz);
	if (!buf)
		goto bad;
	tep_parse_header_page(te->tep, buf, sz, long_size);
	free(buf);
	/* header_event: nothing perf needs from it */
	p = tc_bytes(&c, 13);
	if (!p || memcmp(p, "header_event", 13))
		goto bad;
	sz = tc_u64(&c);
	if (!tc_bytes(&c, sz))
		goto bad;
	/* ftrace formats */
	n = tc_u32(&c);
	for (uint32_t i = 0; i < n && !c.err; i++)
		if (parse_format(te->tep, &c, "ftrace"))
			goto bad;
	/* event formats per system */
	n = tc_u32(&c);
	for (uint32_t i = 0; i < n && !c.err; i++) {
		const char *sys = tc_str(&c);
		uint32_t cnt = tc_u32(&c);

		if (!sys)
			goto bad;
		for (uint32_t j = 0; j < cnt && !c.err; j++)
			if (parse_format(te->tep, &c, sys))
				goto bad;
	}
	if (c.err)
		goto bad;
	/* kallsyms, printk formats: optional tails */
	if (c.end - c.p >= 4) {
		sz = tc_u32(&c);
		p = tc_bytes(&c, sz);
		if (p && sz) {
			buf = dup_n(p, sz);
			if (buf)
				tep_parse_kallsyms(te->tep, buf);
			free(buf);
		}
	}
	if (!c.err && c.end - c.p >= 4) {
		sz = tc_u32(&c);
		p = tc_bytes(&c, sz);
		if (p && sz) {
			buf = dup_n(p, sz);
			if (buf)
				tep_parse_printk_formats(te->tep, buf);
			free(buf);
		}
	}
	if (!c.err && strcmp(version, "0.6") >= 0 && c.end - c.p >= 8) {
		sz = tc_u64(&c);
		p = tc_bytes(&c, sz);
		if (p && sz) {
			buf = dup_n(p, sz);
			if (buf)
				tep_parse_saved_cmdlines(te->tep, buf);
			free(buf);
		}
	}
	return te;
bad:
	pr_debug("trace data: damaged (at byte %zu of %zu)\n",
		 (size_t)(c.p - (const char *)data), size);
	trace_event__delete(te);
	errno = EINVAL;
	return NULL;
}

void trace_event__delete(struct trace_event *te)
{
	if (!te)
		return;
	tep_free(te->tep);
	free(te);
}

int trace_event__name(struct trace_event *te, uint64_t id, char *buf,
		      size_t size)
{
	struct tep_event *ev = te ? tep_find_event(te->tep, (int)id) : NULL;

	if (!ev)
		return -ENOENT;
	snprintf(buf, size, "%s:%s", ev->system, ev->name);
	return 0;
}

int trace_event__fprintf(struct trace_event *te, FILE *fp, uint64_t id,
			 int cpu, const void *raw, size_t raw_size)
{
	struct tep_event *ev = te ? tep_find_event(te->tep, (int)id) : NULL;
	struct tep_record rec;
	struct trace_seq s;
	int n;

	if (!ev)
		return 0;
	memset(&rec, 0, sizeof(rec));
	rec.cpu = cpu;
	rec.size = raw_size;
	rec.data = (void *)raw;
	trace_seq_init(&s);
	tep_print_event(te->tep, &s, &rec, "%s", TEP_PRINT_INFO);
	trace_seq_terminate(&s);
	n = fprintf(fp, "%s", s.buffer);
	trace_seq_destroy(&s);
	return n;
}
