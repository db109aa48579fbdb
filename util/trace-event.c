// SPDX-License-Identifier: GPL-2.0
/*
 * TRACING_DATA: parse it into a libtraceevent handle (reader), build it
 * from tracefs (writer). Layout: "\x17\x08\x44tracing", a version string,
 * endianness, long size, page size, header_page, header_event, ftrace
 * formats, per-system event formats, kallsyms, printk formats and (0.6)
 * saved cmdlines; every size is checked against the blob.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include "alloc.h"
#include "env.h"
#include "evlist.h"
#include "evsel.h"
#include "session.h"
#include <unistd.h>
#include <traceevent/event-parse.h>
#include <traceevent/trace-seq.h>
#include "debug.h"
#include "trace-event.h"
#include "numfmt.h"

/* Under a sanitizer a trial child must not run its death report (libFuzzer
 * would save the input as a crash of the parent). */
#if defined(__SANITIZE_ADDRESS__)
#define MPERF_HAVE_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MPERF_HAVE_SANITIZER 1
#endif
#endif
#ifdef MPERF_HAVE_SANITIZER
#include <sanitizer/common_interface_defs.h>
#endif

/*
 * Formatted samples by raw payload: tracepoint payloads repeat a lot (the
 * same syscall from the same task, the same two tasks switching), and
 * tep_print_event is most of the cost of printing them. The output depends
 * only on the event, the cpu and the payload, so equal keys print equal.
 */
#define FMT_CACHE_SIZE	16384

struct fmt_entry {
	uint64_t hash;
	uint32_t id, cpu;
	uint32_t raw_size, out_len;
	char *raw;		/* raw_size bytes, then out_len bytes of output */
};

/*
 * Print formats made only of text and integer conversions (%d %u %x, with
 * l or ll) of plain integer fields or constant elements of integer array
 * fields, such as raw_syscalls:sys_enter's "NR %ld (%lx, ...)", are
 * printed here: libtraceevent reads such a field as an unsigned number of
 * its size (an array element as a long) and hands it to printf cast to
 * int, long or long long; this does the same without a printf per field.
 * Any other format (or an event with a plugin handler) is libtraceevent's.
 */
#define FAST_MAX_PIECES 32

struct fast_piece {
	const char *text;	/* literal text before the conversion */
	uint32_t text_len;
	char conv;		/* 0: text only (the end); d i u x X */
	uint8_t ls;		/* 0 int, 1 long, 2 long long */
	uint32_t offset, size;	/* where the value is in the payload */
};

struct fast_fmt {
	int id;
	bool tried, ok;
	struct fast_piece piece[FAST_MAX_PIECES];
	int nr;
	uint32_t min_size;	/* payload bytes the pieces read */
};

#define FAST_FMT_SLOTS 256

/* An event format not parsed yet (see te_find) */
struct pending_fmt {
	int id;			/* its "ID:" line */
	uint32_t step;		/* its guard step (skipped when it crashed a trial) */
	char *text;		/* NULL once parsed */
	size_t size;
	char *sys;
};

struct trace_event {
	struct tep_handle *tep;
	struct fmt_entry *cache;
	struct fast_fmt *fast;	/* FAST_FMT_SLOTS, by id */
	trace_event_resolver_t *resolve;	/* kernel function names */
	void *resolve_priv;
	/* formats parsed when their event is first looked up, by id */
	struct pending_fmt *pending;
	size_t nr_pending, alloc_pending;
	uint32_t *skip;		/* the guard's steps to skip (MAX_BAD_STEPS) */
	int nr_skip;
	/*
	 * Given the ids the samples carry, a trial child parsed only their
	 * formats (checked, sorted); any other format needs a trial of all
	 * first, on a copy of the blob. all_checked: that is done (or was
	 * never needed); broken: it found too many crashing parts.
	 */
	uint64_t *checked;
	size_t nr_checked;
	void *blob;
	size_t blob_size;
	bool all_checked, broken;
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

/*
 * The printk formats as "ADDR : FORMAT" lines, for tep_parse_printk_formats.
 * That parser reads the format from one byte after the ':' without looking
 * (past the end of the buffer on a last line without one) and strips a
 * trailing "\n" by reading 2 bytes before the end of the format (before
 * its start when the format is shorter): only lines with a ':' and at least
 * 5 bytes after it are passed. NUL-terminated copy, or NULL.
 */
static char *printk_lines(const char *p, size_t n)
{
	char *out = malloc(n + 2), *o = out;
	const char *end = p + n;

	if (!out)
		return NULL;
	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		const char *eol = nl ? nl : end;
		const char *q = p, *colon;
		size_t len = eol - p;

		/* the address token, as strtok_r(":") finds it */
		while (q < eol && *q == ':')
			q++;
		colon = memchr(q, ':', eol - q);
		if (colon && eol - colon > 5 && !memchr(p, '\0', len)) {
			memcpy(o, p, len);
			o += len;
			*o++ = '\n';
		}
		p = nl ? nl + 1 : end;
	}
	*o = '\0';
	return out;
}

/* ---- format text checks ----------------------------------------------------
 * libtraceevent's format parser trusts its input: on a format cut inside a
 * field or an expression it dereferences a NULL token, and it recurses once
 * per nesting level. Formats from the TRACING_DATA of a damaged file are
 * checked here first: text without NUL, every field line complete, and the
 * print fmt with closed strings and balanced, shallow brackets, naming only
 * fields the format declares (an unknown REC->x crashes it too). A format the
 * kernel wrote always passes (tests/unit/test-fuzz-regress.c checks every
 * format of this machine's tracefs).
 */
#define FMT_MAX_DEPTH	32

static const char *skip_blank(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

/* "KEY:" then decimal digits then ';' at @p; the position after, or NULL */
static const char *key_num(const char *p, const char *end, const char *key)
{
	size_t kl = strlen(key);
	const char *d;

	p = skip_blank(p, end);
	if ((size_t)(end - p) < kl || memcmp(p, key, kl))
		return NULL;
	p += kl;
	if (p < end && *p == '-')
		p++;
	for (d = p; p < end && *p >= '0' && *p <= '9'; p++)
		;
	if (p == d || p >= end || *p != ';')
		return NULL;
	return p + 1;
}

/* "\tfield:TYPE NAME[N];\toffset:N;\tsize:N;[\tsigned:N;]" */
static bool field_line_ok(const char *p, const char *end)
{
	int depth = 0;

	p = skip_blank(p, end);
	if (end - p < 6 || memcmp(p, "field", 5))
		return false;
	p = memchr(p, ':', end - p);
	if (!p)
		return false;
	for (p++; p < end && *p != ';'; p++) {
		if (*p == '[')
			depth++;
		else if (*p == ']' && --depth < 0)
			return false;
	}
	if (p >= end || depth)
		return false;
	p = key_num(p + 1, end, "offset:");
	p = p ? key_num(p, end, "size:") : NULL;
	if (!p)
		return false;
	if (skip_blank(p, end) < end) {
		p = key_num(p, end, "signed:");
		if (!p)
			return false;
	}
	return skip_blank(p, end) == end;
}

/* Every non-blank line of [p, end) a complete field. */
static bool field_lines_ok(const char *p, const char *end)
{
	while (p < end) {
		const char *eol = memchr(p, '\n', end - p);

		if (!eol)
			eol = end;
		if (skip_blank(p, eol) < eol && !field_line_ok(p, eol))
			return false;
		p = eol + 1;
	}
	return true;
}

static bool is_ident(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/* Is @name (@len bytes) the name of one of the field lines in
 * [p, end)? The name is the last identifier before ';', after any [N]. */
static bool field_declared(const char *p, const char *end, const char *name,
			   size_t len)
{
	while (p < end) {
		const char *eol = memchr(p, '\n', end - p), *semi, *q;

		if (!eol)
			eol = end;
		semi = memchr(p, ';', eol - p);
		if (semi) {
			for (q = semi;;) {
				while (q > p && q[-1] == ' ')
					q--;
				if (q == p || q[-1] != ']')
					break;
				while (q > p && q[-1] != '[')
					q--;
				if (q > p)
					q--;
			}
			semi = q;
			while (q > p && is_ident(q[-1]))
				q--;
			if ((size_t)(semi - q) == len && !memcmp(q, name, len))
				return true;
		}
		p = eol + 1;
	}
	return false;
}

/* A print fmt: a string, then arguments with closed strings and character
 * constants, balanced (), [], {} at most FMT_MAX_DEPTH deep, and REC->x
 * only for fields x of the format in [fields, fields_end). */
static bool print_fmt_ok(const char *p, const char *end, const char *fields,
			 const char *fields_end)
{
	char stack[FMT_MAX_DEPTH];
	int depth = 0;

	p = skip_blank(p, end);
	if (p >= end || *p != '"')
		return false;
	for (; p < end; p++) {
		char q = *p, open;

		if (q == '"' || q == '\'') {
			for (p++; p < end && *p != q; p++)
				if (*p == '\\' && ++p == end)
					return false;
			if (p >= end)
				return false;
		} else if (q == '(' || q == '[' || q == '{') {
			if (depth == FMT_MAX_DEPTH)
				return false;
			stack[depth++] = q;
		} else if (q == ')' || q == ']' || q == '}') {
			open = q == ')' ? '(' : q == ']' ? '[' : '{';
			if (!depth || stack[--depth] != open)
				return false;
		} else if (q == 'R' && end - p > 5 && !memcmp(p, "REC->", 5) &&
			   !is_ident(p[-1])) {
			const char *n = p + 5;

			while (n < end && is_ident(*n))
				n++;
			if (!field_declared(fields, fields_end, p + 5, n - (p + 5)))
				return false;
			p = n - 1;
		}
	}
	return depth == 0;
}

/* An event format: "name:", "ID:", "format:", fields, "print fmt: ...". */
static bool event_format_ok(const char *p, size_t n)
{
	const char *end = p + n, *fields, *print;

	if (memchr(p, '\0', n))
		return false;
	fields = memmem(p, n, "\nformat:\n", 9);
	if (!fields)
		return false;
	fields += 9;
	print = memmem(fields, end - fields, "\nprint fmt:", 11);
	if (!print)
		return false;
	return field_lines_ok(fields, print) &&
	       print_fmt_ok(print + 11, end, fields, print);
}

/* ---- libtraceevent in a trial child --------------------------------------
 * The checks above keep the malformed formats seen so far away from
 * libtraceevent, but its parsers have more ways to crash on damaged text
 * than a check can foresee. So the blob is first parsed in a child process
 * that reports each libtraceevent call ("step") on a pipe before making it;
 * a step during which the child dies (signal, sanitizer, 10 s alarm) is
 * skipped, and the child retried, before the real parse in this process.
 */
#define MAX_BAD_STEPS	16

struct guard {
	int fd;			/* the trial child reports steps here; else -1 */
	uint32_t step;		/* the next libtraceevent call on the blob */
	const uint32_t *skip;	/* steps that killed a trial child */
	int nr_skip;
	bool lazy;		/* event formats wait for their first lookup */
};

static bool guard__skips(const uint32_t *skip, int nr_skip, uint32_t s)
{
	for (int i = 0; i < nr_skip; i++)
		if (skip[i] == s) {
			pr_debug("trace data: part %u of the tracing data crashes libtraceevent; skipped\n", s);
			return true;
		}
	return false;
}

/* Before the libtraceevent call of step @s: false when it is to be
 * skipped; a trial child reports it first */
static bool guard__step(struct guard *g, uint32_t s)
{
	if (guard__skips(g->skip, g->nr_skip, s))
		return false;
	if (g->fd >= 0 && write(g->fd, &s, sizeof(s)) != sizeof(s))
		_exit(0);	/* the parent is gone */
	return true;
}

/* Before each libtraceevent call of the blob's walk */
static bool guard__enter(struct guard *g)
{
	return guard__step(g, g->step++);
}

/* The N of a format's "ID: N" line; -1 without one */
static int format_id(const char *p, size_t size)
{
	const char *end = p + size;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		if (end - p > 4 && !memcmp(p, "ID: ", 4)) {
			long id = 0;

			for (p += 4; p < end && *p >= '0' && *p <= '9' && id < INT32_MAX / 10; p++)
				id = id * 10 + (*p - '0');
			return p < end && *p == '\n' ? (int)id : -1;
		}
		p = nl ? nl + 1 : end;
	}
	return -1;
}

/*
 * tep_parse_event of a format whose print fmt string may hold a literal
 * TAB (maple_tree's events): the system libtraceevent refuses those
 * (perf 6.1's own copy takes them), so a tab inside the string's quotes
 * is given as the escape "\t", which prints the same tab.
 */
static int te_parse_event(struct tep_handle *tep, const char *text, size_t size,
			  const char *sys)
{
	const char *pf = memmem(text, size, "print fmt:", 10);
	size_t tabs = 0, n = 0;
	bool quoted = false;
	char *buf;
	int r;

	for (const char *q = pf; q && q < text + size && *q != '\n'; q++)
		tabs += *q == '\t';
	if (!tabs)
		return tep_parse_event(tep, text, size, sys);
	buf = malloc(size + tabs + 1);
	if (!buf)
		return -1;
	for (size_t i = 0; i < size; i++) {
		const char *q = text + i;

		if (q >= pf && *q == '"' && (q == pf || q[-1] != '\\'))
			quoted = !quoted;
		if (q >= pf && quoted && *q == '\t') {
			buf[n++] = '\\';
			buf[n++] = 't';
		} else {
			buf[n++] = *q;
		}
	}
	buf[n] = '\0';
	r = tep_parse_event(tep, buf, n, sys);
	free(buf);
	return r;
}

static int defer_format(struct trace_event *te, const char *p, size_t size, const char *sys,
			uint32_t step, int id)
{
	struct pending_fmt *f;

	if (ALLOC_GROW(te->pending, te->nr_pending + 1, te->alloc_pending, 64))
		return -ENOMEM;
	f = &te->pending[te->nr_pending];
	f->text = dup_n(p, size);
	f->sys = strdup(sys);
	if (!f->text || !f->sys) {
		free(f->text);
		free(f->sys);
		return -ENOMEM;
	}
	f->size = size;
	f->step = step;
	f->id = id;
	te->nr_pending++;
	return 0;
}

static int parse_format(struct trace_event *te, struct tcur *c, const char *sys,
			struct guard *g)
{
	uint64_t size = tc_u64(c);
	const char *p = tc_bytes(c, size);
	char *buf;
	int id;

	if (!p)
		return -EINVAL;
	if (!event_format_ok(p, size)) {
		pr_debug("trace data: a damaged %s event format; skipped\n", sys);
		return 0;
	}
	/* a file of many tracepoint events whose samples are of a few:
	 * most formats are never needed (the trial child parses them all) */
	if (g->lazy && (id = format_id(p, size)) >= 0)
		return defer_format(te, p, size, sys, g->step++, id);
	if (!guard__enter(g))
		return 0;
	buf = dup_n(p, size);
	if (!buf)
		return -ENOMEM;
	if (te_parse_event(te->tep, buf, size, sys))
		pr_debug("trace data: cannot parse a %s event format\n", sys);
	free(buf);
	return 0;
}

/* @id among the sorted @ids */
static bool ids_have(const uint64_t *ids, size_t nr, uint64_t id)
{
	size_t lo = 0, hi = nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (ids[mid] == id)
			return true;
		if (ids[mid] < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

static bool id_checked(const struct trace_event *te, int id)
{
	return ids_have(te->checked, te->nr_checked, (uint64_t)id);
}

static int trial_all(const void *data, size_t size, uint32_t *skip, int *nr_skip,
		     const uint64_t *ids, size_t nr_ids);

static void pending__parse(struct trace_event *te, struct pending_fmt *f)
{
	if (!f->text)
		return;
	/* a format no trial child parsed yet: all of them, once */
	if (!te->all_checked && !id_checked(te, f->id)) {
		te->all_checked = true;
		te->broken = trial_all(te->blob, te->blob_size, te->skip, &te->nr_skip,
				       NULL, 0) < 0;
		free(te->blob);
		te->blob = NULL;
	}
	if (!te->broken && !guard__skips(te->skip, te->nr_skip, f->step) &&
	    te_parse_event(te->tep, f->text, f->size, f->sys))
		pr_debug("trace data: cannot parse a %s event format\n", f->sys);
	free(f->text);
	f->text = NULL;
}

static int pending_cmp(const void *a, const void *b)
{
	const struct pending_fmt *l = a, *r = b;

	if (l->id != r->id)
		return l->id < r->id ? -1 : 1;
	return l->step < r->step ? -1 : l->step > r->step;
}

/* The event of @id, its format parsed now if it was not yet */
static struct tep_event *te_find(struct trace_event *te, uint64_t id)
{
	struct tep_event *ev = tep_find_event(te->tep, (int)id);
	size_t lo = 0, hi = te->nr_pending;

	if (ev || !te->nr_pending || id > INT32_MAX)
		return ev;
	while (lo < hi) {	/* the first pending of @id */
		size_t mid = lo + (hi - lo) / 2;

		if (te->pending[mid].id < (int)id)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == te->nr_pending || te->pending[lo].id != (int)id)
		return NULL;
	for (; lo < te->nr_pending && te->pending[lo].id == (int)id; lo++)
		pending__parse(te, &te->pending[lo]);
	return tep_find_event(te->tep, (int)id);
}

/* Every format parsed (a walk over all events) */
static void te_parse_all(struct trace_event *te)
{
	for (size_t i = 0; i < te->nr_pending; i++)
		pending__parse(te, &te->pending[i]);
}

static struct trace_event *parse_blob(const void *data, size_t size,
				      struct guard *g)
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
	/* a damaged header_page is left out (tep keeps its defaults) */
	if (!memchr(p, '\0', sz) && field_lines_ok(p, p + sz) && guard__enter(g)) {
		buf = dup_n(p, sz);
		if (!buf)
			goto bad;
		tep_parse_header_page(te->tep, buf, sz, long_size);
		free(buf);
	}
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
		if (parse_format(te, &c, "ftrace", g))
			goto bad;
	/* event formats per system */
	n = tc_u32(&c);
	for (uint32_t i = 0; i < n && !c.err; i++) {
		const char *sys = tc_str(&c);
		uint32_t cnt = tc_u32(&c);

		if (!sys)
			goto bad;
		for (uint32_t j = 0; j < cnt && !c.err; j++)
			if (parse_format(te, &c, sys, g))
				goto bad;
	}
	if (c.err)
		goto bad;
	/* kallsyms, printk formats: optional tails */
	if (c.end - c.p >= 4) {
		sz = tc_u32(&c);
		p = tc_bytes(&c, sz);
		if (p && sz && guard__enter(g)) {
			buf = dup_n(p, sz);
			if (buf)
				tep_parse_kallsyms(te->tep, buf);
			free(buf);
		}
	}
	if (!c.err && c.end - c.p >= 4) {
		sz = tc_u32(&c);
		p = tc_bytes(&c, sz);
		if (p && sz && guard__enter(g)) {
			buf = printk_lines(p, sz);
			if (buf && *buf)
				tep_parse_printk_formats(te->tep, buf);
			free(buf);
		}
	}
	if (!c.err && strcmp(version, "0.6") >= 0 && c.end - c.p >= 8) {
		sz = tc_u64(&c);
		p = tc_bytes(&c, sz);
		if (p && sz && guard__enter(g)) {
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

/*
 * One trial parse in a child. Return -1 when it finished (or no child could
 * be made: then the parse runs unguarded, as it would anyway), else the
 * step it died in; *hung says it was stopped by its alarm rather than by a
 * fault.
 */
static long trial_parse(const void *data, size_t size, const uint32_t *skip,
			int nr_skip, const uint64_t *ids, size_t nr_ids, bool *hung)
{
	uint32_t s, last = UINT32_MAX;
	int p[2], status, null;
	pid_t pid;

	if (pipe2(p, O_CLOEXEC))
		return -1;
	pid = fork();
	if (pid < 0) {
		close(p[0]);
		close(p[1]);
		return -1;
	}
	if (pid == 0) {
		struct guard g = { p[1], 0, skip, nr_skip, ids != NULL };
		static const int sigs[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGALRM };
		struct trace_event *te;

		/* die quietly and at once: no crash report, no core */
		for (size_t i = 0; i < ARRAY_SIZE(sigs); i++)
			signal(sigs[i], SIG_DFL);
#ifdef MPERF_HAVE_SANITIZER
		__sanitizer_set_death_callback(NULL);
#endif
		null = open("/dev/null", O_WRONLY);
		if (null >= 0)
			dup2(null, 2);
		setrlimit(RLIMIT_CORE, &(struct rlimit){ 0, 0 });
		close(p[0]);
		alarm(10);
		te = parse_blob(data, size, &g);
		/* given ids: the formats of those only, as the parent will
		 * parse them when their events are looked up */
		for (size_t i = 0; te && i < te->nr_pending; i++) {
			struct pending_fmt *f = &te->pending[i];

			if (ids_have(ids, nr_ids, (uint64_t)f->id) && guard__step(&g, f->step))
				te_parse_event(te->tep, f->text, f->size, f->sys);
		}
		_exit(0);
	}
	close(p[1]);
	while (read(p[0], &s, sizeof(s)) == sizeof(s))
		last = s;
	close(p[0]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	if ((WIFEXITED(status) && WEXITSTATUS(status) == 0) || last == UINT32_MAX)
		return -1;
	*hung = WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM;
	return last;
}

/*
 * Trial children until one gets through: each step that killed one joins
 * @skip (*@nr_skip of MAX_BAD_STEPS). 0, or -1 when too many do. With
 * @ids, the children parse only those events' formats.
 */
static int trial_all(const void *data, size_t size, uint32_t *skip, int *nr_skip,
		     const uint64_t *ids, size_t nr_ids)
{
	int retries = 0;

	while (*nr_skip < MAX_BAD_STEPS) {
		bool hung = false;
		long bad = trial_parse(data, size, skip, *nr_skip, ids, nr_ids, &hung);

		if (bad < 0)
			return 0;
		/*
		 * A child forked while another thread (the kallsyms loader,
		 * in pipe mode) held an allocator lock waits forever on it:
		 * try a fresh child once before blaming the step.
		 */
		if (hung && retries++ == 0)
			continue;
		skip[(*nr_skip)++] = (uint32_t)bad;
		retries = 0;
	}
	pr_debug("trace data: too many parts crash libtraceevent; not used\n");
	return -1;
}

struct trace_event *trace_event__parse_ids(const void *data, size_t size, const uint64_t *ids,
					   size_t nr_ids)
{
	uint32_t skip[MAX_BAD_STEPS];
	struct guard g = { -1, 0, skip, 0, false };
	struct trace_event *te;

	if (trial_all(data, size, skip, &g.nr_skip, ids, nr_ids) < 0) {
		errno = EINVAL;
		return NULL;
	}
	g.lazy = true;
	te = parse_blob(data, size, &g);
	if (!te)
		return NULL;
	te->all_checked = !ids;
	if (te->nr_pending) {
		qsort(te->pending, te->nr_pending, sizeof(*te->pending), pending_cmp);
		te->skip = malloc(MAX_BAD_STEPS * sizeof(*te->skip));
		if (ids && !te->all_checked) {
			te->checked = malloc((nr_ids ? nr_ids : 1) * sizeof(*te->checked));
			te->blob = malloc(size ? size : 1);
		}
		if (!te->skip || (ids && (!te->checked || !te->blob))) {
			trace_event__delete(te);
			errno = ENOMEM;
			return NULL;
		}
		memcpy(te->skip, skip, (size_t)g.nr_skip * sizeof(*te->skip));
		te->nr_skip = g.nr_skip;
		if (ids) {
			memcpy(te->checked, ids, nr_ids * sizeof(*ids));
			te->nr_checked = nr_ids;
			memcpy(te->blob, data, size);
			te->blob_size = size;
		}
	}
	return te;
}

struct trace_event *trace_event__parse(const void *data, size_t size)
{
	return trace_event__parse_ids(data, size, NULL, 0);
}

/* past these, scanning the records costs more than the formats it spares */
#define IDS_MIN_EVENTS	16
#define IDS_MAX_BYTES	(32ULL << 20)

struct trace_event *trace_event__parse_session(struct session *session)
{
	struct env *env = session__env(session);
	struct evlist *el = session__evlist(session);
	struct trace_event *te;
	uint64_t *ids;
	size_t nr;
	int n = 0;

	if (!env || !env->tracing_data) {
		errno = ENOENT;
		return NULL;
	}
	for (int i = 0; el && i < el->nr; i++)
		n += el->entries[i]->attr.type == PERF_TYPE_TRACEPOINT;
	if (n < IDS_MIN_EVENTS ||
	    session__tracepoint_ids(session, IDS_MAX_BYTES, &ids, &nr) < 0)
		return trace_event__parse(env->tracing_data, env->tracing_data_size);
	te = trace_event__parse_ids(env->tracing_data, env->tracing_data_size, ids, nr);
	free(ids);
	return te;
}

/* libtraceevent's hook for %ps/%pS/%pF arguments: the kernel's symbols */
static char *trace_event__tep_resolver(void *priv, unsigned long long *addrp, char **modp)
{
	struct trace_event *te = priv;
	uint64_t addr = *addrp;
	const char *mod = NULL, *name = te->resolve(te->resolve_priv, &addr, &mod);

	if (!name)
		return NULL;
	*addrp = addr;
	*modp = (char *)mod;
	return (char *)name;
}

void trace_event__set_resolver(struct trace_event *te, trace_event_resolver_t *fn,
			       void *priv)
{
	te->resolve = fn;
	te->resolve_priv = priv;
	if (fn)
		tep_set_function_resolver(te->tep, trace_event__tep_resolver, te);
	else
		tep_reset_function_resolver(te->tep);
}

void trace_event__delete(struct trace_event *te)
{
	if (!te)
		return;
	if (te->cache) {
		for (size_t i = 0; i < FMT_CACHE_SIZE; i++)
			free(te->cache[i].raw);
		free(te->cache);
	}
	free(te->fast);
	for (size_t i = 0; i < te->nr_pending; i++) {
		free(te->pending[i].text);
		free(te->pending[i].sys);
	}
	free(te->pending);
	free(te->skip);
	free(te->checked);
	free(te->blob);
	tep_free(te->tep);
	free(te);
}

int trace_event__name(struct trace_event *te, uint64_t id, char *buf,
		      size_t size)
{
	struct tep_event *ev = te ? te_find(te, id) : NULL;

	if (!ev)
		return -ENOENT;
	snprintf(buf, size, "%s:%s", ev->system, ev->name);
	return 0;
}

void trace_event__name_events(struct trace_event *te, struct evlist *el)
{
	char name[256];

	for (int i = 0; te && el && i < el->nr; i++) {
		struct evsel *e = el->entries[i];

		if (e->is_tracepoint && e->attr_named &&
		    !trace_event__name(te, e->attr.config, name, sizeof(name)))
			evsel__set_name(e, name);
	}
}

static uint64_t fmt_hash(uint64_t id, int cpu, const void *raw, size_t size)
{
	const unsigned char *p = raw;
	uint64_t h = 0xcbf29ce484222325ULL ^ (id * 0x9e3779b97f4a7c15ULL) ^ (uint64_t)cpu;

	for (size_t i = 0; i < size; i++)
		h = (h ^ p[i]) * 0x100000001b3ULL;
	return h;
}

static bool fast__value_arg(struct tep_event *ev, struct tep_print_arg *arg,
			    struct fast_piece *pc, int long_size)
{
	struct tep_format_field *f;

	if (arg->type == TEP_PRINT_FIELD) {
		f = tep_find_any_field(ev, arg->field.name);
		if (!f || (f->flags & (TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_DYNAMIC |
				       TEP_FIELD_IS_STRING | TEP_FIELD_IS_RELATIVE)) ||
		    (f->size != 1 && f->size != 2 && f->size != 4 && f->size != 8))
			return false;
		pc->offset = f->offset;
		pc->size = f->size;
		return true;
	}
	if (arg->type == TEP_PRINT_OP && arg->op.op && !strcmp(arg->op.op, "[") &&
	    arg->op.left && arg->op.left->type == TEP_PRINT_FIELD &&
	    arg->op.right && arg->op.right->type == TEP_PRINT_ATOM) {
		char *end;
		unsigned long idx = strtoul(arg->op.right->atom.atom, &end, 0);

		f = tep_find_any_field(ev, arg->op.left->field.name);
		if (*end || !f || !(f->flags & TEP_FIELD_IS_ARRAY) ||
		    (f->flags & (TEP_FIELD_IS_DYNAMIC | TEP_FIELD_IS_STRING | TEP_FIELD_IS_RELATIVE)) ||
		    f->elementsize != (unsigned int)long_size ||
		    (idx + 1) * (unsigned long)long_size > (unsigned long)f->size)
			return false;
		pc->offset = f->offset + (uint32_t)(idx * (unsigned long)long_size);
		pc->size = (uint32_t)long_size;
		return true;
	}
	return false;
}

static void fast__compile(struct trace_event *te, struct tep_event *ev, struct fast_fmt *ff)
{
	struct tep_print_arg *arg = ev->print_fmt.args;
	const char *p = ev->print_fmt.format, *text;
	int long_size = tep_get_long_size(te->tep);

	ff->tried = true;
	ff->ok = false;
	ff->nr = 0;
	ff->min_size = 0;
	if (!p || ev->handler || (ev->flags & (TEP_EVENT_FL_PRINTRAW | TEP_EVENT_FL_FAILED)) ||
	    tep_is_file_bigendian(te->tep) != tep_is_local_bigendian(te->tep) ||
	    long_size != 8)
		return;
	for (text = p;; ) {
		struct fast_piece *pc;

		if (*p && *p != '%') {
			p++;
			continue;
		}
		if (ff->nr == FAST_MAX_PIECES)
			return;
		pc = &ff->piece[ff->nr];
		memset(pc, 0, sizeof(*pc));
		pc->text = text;
		pc->text_len = (uint32_t)(p - text);
		if (!*p) {
			ff->nr++;
			break;
		}
		if (p[1] == '%' || !arg)
			return;		/* "%%", or more conversions than args */
		p++;
		while (*p == 'l' && pc->ls < 2) {
			pc->ls++;
			p++;
		}
		if (*p != 'd' && *p != 'i' && *p != 'u' && *p != 'x' && *p != 'X')
			return;
		pc->conv = *p++;
		if (!fast__value_arg(ev, arg, pc, long_size))
			return;
		/* a narrow signed field in a long conversion: leave the
		 * question of its sign to libtraceevent */
		if (pc->ls && pc->size < 8 && arg->type == TEP_PRINT_FIELD &&
		    (tep_find_any_field(ev, arg->field.name)->flags & TEP_FIELD_IS_SIGNED))
			return;
		if (pc->offset + pc->size > ff->min_size)
			ff->min_size = pc->offset + pc->size;
		arg = arg->next;
		text = p;
		ff->nr++;
	}
	ff->ok = arg == NULL;
}

static char *fast__num(char *o, uint64_t v, char conv, int ls)
{
	char tmp[24], *t;
	bool neg = false;

	if (ls == 0)
		v = (uint32_t)v;
	if (conv == 'd' || conv == 'i') {
		int64_t sv = ls == 0 ? (int64_t)(int32_t)v : (int64_t)v;

		if (sv < 0) {
			neg = true;
			v = (uint64_t)0 - (uint64_t)sv;
		} else {
			v = (uint64_t)sv;
		}
	}
	t = numfmt__digits(tmp + sizeof(tmp), v, conv == 'x' || conv == 'X' ? 16 : 10,
			   conv == 'X');
	if (neg)
		*--t = '-';
	memcpy(o, t, (size_t)(tmp + sizeof(tmp) - t));
	return o + (tmp + sizeof(tmp) - t);
}

/* >= 0: bytes printed; -1: not a format printed here */
static int fast__fprintf(struct trace_event *te, FILE *fp, uint64_t id,
			 const void *raw, size_t raw_size)
{
	struct fast_fmt *ff;
	char buf[4096], *o = buf;
	int i;

	if (!te->fast) {
		te->fast = calloc(FAST_FMT_SLOTS, sizeof(*te->fast));
		if (!te->fast)
			return -1;
	}
	ff = &te->fast[id & (FAST_FMT_SLOTS - 1)];
	if (!ff->tried || ff->id != (int)id) {
		struct tep_event *ev = te_find(te, id);

		ff->id = (int)id;
		if (!ev) {
			ff->tried = true;
			ff->ok = false;
			return -1;
		}
		fast__compile(te, ev, ff);
	}
	if (!ff->ok || raw_size < ff->min_size)
		return -1;
	for (i = 0; i < ff->nr; i++) {
		const struct fast_piece *pc = &ff->piece[i];
		const unsigned char *q = (const unsigned char *)raw + pc->offset;
		uint64_t v = 0;

		if ((size_t)(o - buf) + pc->text_len + 24 > sizeof(buf))
			return -1;
		memcpy(o, pc->text, pc->text_len);
		o += pc->text_len;
		if (!pc->conv)
			break;
		switch (pc->size) {
		case 1: v = *q; break;
		case 2: { uint16_t x; memcpy(&x, q, 2); v = x; break; }
		case 4: { uint32_t x; memcpy(&x, q, 4); v = x; break; }
		default: memcpy(&v, q, 8); break;
		}
		o = fast__num(o, v, pc->conv, pc->ls);
	}
	return (int)fwrite(buf, 1, (size_t)(o - buf), fp);
}

/* a char array prints as text when it holds nothing unprintable before
 * its NUL (perf 6.1's libtraceevent rule) */
static bool printable_bytes(const unsigned char *p, size_t len)
{
	for (size_t i = 0; i < len && p[i]; i++)
		if (!isprint(p[i]) && !isspace(p[i]))
			return false;
	return true;
}

/* one field's value as perf 6.1's libtraceevent prints it raw: numbers by
 * their declared type (pointers and 32-bit signed longs in hex), arrays as
 * text or "ARRAY[xx, ...]"; nothing read past the payload */
static void fprintf_field_raw(struct tep_handle *tep, FILE *fp, const struct tep_format_field *f,
			      const unsigned char *data, size_t size)
{
	unsigned long long val;

	if ((size_t)f->offset + (size_t)f->size > size || f->size <= 0)
		return;
	if (f->flags & TEP_FIELD_IS_ARRAY) {
		size_t off = (size_t)f->offset, len = (size_t)f->size;

		if (f->flags & TEP_FIELD_IS_DYNAMIC) {
			val = tep_read_number(tep, data + off, f->size);
			off = val & 0xffff;
			len = (val >> 16) & 0xffff;
			if (f->flags & TEP_FIELD_IS_RELATIVE)
				off += (size_t)f->offset + (size_t)f->size;
		}
		if (off > size)
			return;
		if (len > size - off)
			len = size - off;
		if ((f->flags & TEP_FIELD_IS_STRING) && printable_bytes(data + off, len)) {
			fprintf(fp, "%.*s", (int)strnlen((const char *)data + off, len),
				(const char *)data + off);
			return;
		}
		fputs("ARRAY[", fp);
		for (size_t i = 0; i < len; i++)
			fprintf(fp, "%s%02x", i ? ", " : "", data[off + i]);
		fputc(']', fp);
		return;
	}
	val = tep_read_number(tep, data + f->offset, f->size);
	if (f->flags & TEP_FIELD_IS_POINTER) {
		fprintf(fp, "0x%llx", val);
	} else if (f->flags & TEP_FIELD_IS_SIGNED) {
		switch (f->size) {
		case 4:
			if (f->flags & TEP_FIELD_IS_LONG)
				fprintf(fp, "0x%x", (int)val);
			else
				fprintf(fp, "%d", (int)val);
			break;
		case 2:
			fprintf(fp, "%2d", (short)val);
			break;
		case 1:
			fprintf(fp, "%1d", (char)val);
			break;
		default:
			fprintf(fp, "%lld", (long long)val);
		}
	} else if (f->flags & TEP_FIELD_IS_LONG) {
		fprintf(fp, "0x%llx", val);
	} else {
		fprintf(fp, "%llu", val);
	}
}

int trace_event__fprintf_fields(struct trace_event *te, FILE *fp, uint64_t id,
				const void *raw, size_t raw_size)
{
	struct tep_event *ev;
	long start = ftell(fp);

	if (!te || !raw || !(ev = te_find(te, id)))
		return 0;
	for (struct tep_format_field *f = ev->format.fields; f; f = f->next) {
		fprintf(fp, " %s=", f->name);
		fprintf_field_raw(te->tep, fp, f, raw, raw_size);
	}
	return start >= 0 ? (int)(ftell(fp) - start) : 0;
}

int trace_event__fprintf(struct trace_event *te, FILE *fp, uint64_t id,
			 int cpu, const void *raw, size_t raw_size)
{
	struct tep_event *ev;
	struct fmt_entry *e = NULL;
	struct tep_record rec;
	struct trace_seq s;
	uint64_t h = 0;
	int n;

	if (!te)
		return 0;
	n = fast__fprintf(te, fp, id, raw, raw_size);
	if (n >= 0)
		return n;
	if (!te->cache)
		te->cache = calloc(FMT_CACHE_SIZE, sizeof(*te->cache));
	if (te->cache && raw_size <= 4096) {
		h = fmt_hash(id, cpu, raw, raw_size);
		e = &te->cache[h & (FMT_CACHE_SIZE - 1)];
		if (e->raw && e->hash == h && e->id == id && e->cpu == (uint32_t)cpu &&
		    e->raw_size == raw_size && !memcmp(e->raw, raw, raw_size))
			return fwrite(e->raw + raw_size, 1, e->out_len, fp);
	}
	ev = te_find(te, id);
	if (!ev)
		return 0;
	memset(&rec, 0, sizeof(rec));
	rec.cpu = cpu;
	rec.size = raw_size;
	rec.data = (void *)raw;
	/* libtraceevent formats the record as the event its common_type
	 * names: that format parsed too, if another */
	if (raw_size >= 8) {
		int type = tep_data_type(te->tep, &rec);

		if (type >= 0 && (uint64_t)type != id)
			te_find(te, (uint64_t)type);
	}
	trace_seq_init(&s);
	tep_print_event(te->tep, &s, &rec, "%s", TEP_PRINT_INFO);
	trace_seq_terminate(&s);
	n = fwrite(s.buffer, 1, s.len, fp);
	if (e) {
		char *copy = malloc(raw_size + s.len + 1);

		if (copy) {
			free(e->raw);
			memcpy(copy, raw, raw_size);
			memcpy(copy + raw_size, s.buffer, s.len);
			e->raw = copy;
			e->hash = h;
			e->id = id;
			e->cpu = cpu;
			e->raw_size = raw_size;
			e->out_len = s.len;
		}
	}
	trace_seq_destroy(&s);
	return n;
}


/* ---- fields, for the dynamic sort keys ----------------------------------- */

static void field__fill(struct trace_field *f, uint64_t id, struct tep_format_field *tf)
{
	f->name = tf->name;
	f->id = id;
	f->offset = (uint32_t)tf->offset;
	f->size = (uint32_t)tf->size;
	f->string = (tf->flags & TEP_FIELD_IS_STRING) != 0;
	f->dynamic = (tf->flags & TEP_FIELD_IS_DYNAMIC) != 0;
	f->tep_field = tf;
}

int trace_event__field(struct trace_event *te, uint64_t id, const char *name,
		       struct trace_field *f)
{
	struct tep_event *ev = te ? te_find(te, id) : NULL;
	struct tep_format_field *tf = ev ? tep_find_field(ev, name) : NULL;

	if (!tf)
		return -ENOENT;
	field__fill(f, id, tf);
	return 0;
}

int trace_event__fields(struct trace_event *te, uint64_t id, struct trace_field *f, int max)
{
	struct tep_event *ev = te ? te_find(te, id) : NULL;
	struct tep_format_field *tf;
	int n = 0;

	for (tf = ev ? ev->format.fields : NULL; tf; tf = tf->next, n++)
		if (n < max)
			field__fill(&f[n], id, tf);
	return n;
}

int64_t trace_event__id(struct trace_event *te, const char *sys_name)
{
	const char *colon = strchr(sys_name, ':');
	struct tep_event **evs;
	int64_t id = -ENOENT;

	if (!te)
		return -ENOENT;
	te_parse_all(te);
	evs = tep_list_events(te->tep, TEP_EVENT_SORT_ID);
	for (int i = 0; evs && evs[i]; i++) {
		const struct tep_event *ev = evs[i];

		if (colon ? (strlen(ev->system) == (size_t)(colon - sys_name) &&
			     !strncmp(ev->system, sys_name, (size_t)(colon - sys_name)) &&
			     !strcmp(ev->name, colon + 1))
			  : !strcmp(ev->name, sys_name)) {
			if (!colon && id >= 0)
				return -ENOENT;	/* "name" in two systems */
			id = ev->id;
		}
	}
	return id;
}

size_t trace_event__field_bytes(const struct trace_field *f, const void *raw, size_t raw_size,
				const void **bytes)
{
	uint64_t off = f->offset, size = f->size;

	*bytes = raw;
	if (f->dynamic) {
		uint32_t loc;

		if ((uint64_t)f->offset + 4 > raw_size)
			return 0;
		memcpy(&loc, (const char *)raw + f->offset, 4);
		off = loc & 0xffff;
		size = loc >> 16;
		if (((struct tep_format_field *)f->tep_field)->flags & TEP_FIELD_IS_RELATIVE)
			off += (uint64_t)f->offset + f->size;
	}
	if (off > raw_size)
		return 0;
	if (size > raw_size - off)
		size = raw_size - off;
	*bytes = (const char *)raw + off;
	return (size_t)size;
}

static const char xdigits[] = "0123456789abcdef";

/* a char array printable up to its NUL (or its end) */
static bool printable(const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n && p[i]; i++)
		if (!isprint(p[i]) && !isspace(p[i]))
			return false;
	return true;
}

/*
 * A field's own value, as perf 6.1 prints one its record's text lacks
 * (the libtraceevent it was built with ignores the print format there): a
 * printable char array as text, other arrays as "ARRAY[xx, xx]", pointers
 * and unsigned longs in hex, other numbers in decimal by their size.
 */
void trace_event__field_text(const struct trace_field *f, const void *bytes, size_t n, char *buf,
			     size_t size)
{
	const struct tep_format_field *tf = f->tep_field;
	const unsigned char *p = bytes;
	uint64_t v = 0;
	size_t len = 0;

	buf[0] = '\0';
	if (tf->flags & TEP_FIELD_IS_ARRAY) {
		if ((tf->flags & TEP_FIELD_IS_STRING) && printable(p, n)) {
			snprintf(buf, size, "%.*s", (int)strnlen((const char *)p, n), (const char *)p);
			return;
		}
		/* perf's libtraceevent, once it printed a char array so,
		 * takes the field for no string from then on: its later
		 * values print as arrays too, printable or not */
		((struct tep_format_field *)tf)->flags &= ~TEP_FIELD_IS_STRING;
		/* "ARRAY[xx, xx]", cut to @size as snprintf would: by hand,
		 * a syscall's args (48 bytes) took 48 snprintf calls */
		for (const char *c = "ARRAY["; *c && len + 1 < size; c++)
			buf[len++] = *c;
		for (size_t i = 0; i < n && len + 1 < size; i++) {
			char item[4] = { ',', ' ', xdigits[p[i] >> 4], xdigits[p[i] & 15] };

			for (size_t j = i ? 0 : 2; j < 4 && len + 1 < size; j++)
				buf[len++] = item[j];
		}
		if (len + 1 < size)
			buf[len++] = ']';
		buf[len] = '\0';
		return;
	}
	/* a scalar cut off by the record's end: nothing */
	if (n < f->size || f->size > 8)
		return;
	memcpy(&v, p, f->size);	/* little endian */
	if (tf->flags & TEP_FIELD_IS_POINTER) {
		snprintf(buf, size, "0x%" PRIx64, v);
	} else if (tf->flags & TEP_FIELD_IS_SIGNED) {
		switch (f->size) {
		case 4:
			if (tf->flags & TEP_FIELD_IS_LONG)
				snprintf(buf, size, "0x%x", (unsigned int)v);
			else
				snprintf(buf, size, "%d", (int32_t)v);
			break;
		case 2:
			snprintf(buf, size, "%2d", (int16_t)v);
			break;
		case 1:
			snprintf(buf, size, "%1d", (int8_t)v);
			break;
		default:
			snprintf(buf, size, "%" PRId64, (int64_t)v);
		}
	} else if (tf->flags & TEP_FIELD_IS_LONG) {
		snprintf(buf, size, "0x%" PRIx64, v);
	} else {
		snprintf(buf, size, "%" PRIu64, v);
	}
}

int trace_event__field_pretty(const struct trace_field *f, const char *pretty, char *buf,
			      size_t size)
{
	size_t nl = strlen(f->name);
	const char *s = pretty;

	/* perf takes the first space-separated word starting with the name
	 * and skips the name and one character ('=') */
	while (s && *s) {
		const char *end = strchr(s, ' ');
		bool alone;
		size_t n;

		if (!end)
			end = s + strlen(s);
		if (strncmp(s, f->name, nl)) {
			s = *end ? end + 1 : NULL;
			continue;
		}
		/* the name alone: the rest of the text, or none at its end */
		alone = (size_t)(end - s) == nl;
		if (alone && !*end)
			return TRACE_PRETTY_NONE;
		n = alone ? strlen(end + 1) : (size_t)(end - s) - nl - 1;
		if (n >= size)
			n = size - 1;
		memcpy(buf, s + nl + 1, n);
		buf[n] = '\0';
		return alone ? TRACE_PRETTY_REST : 1;
	}
	return 0;
}
