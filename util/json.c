// SPDX-License-Identifier: GPL-2.0
#include <math.h>
#include <string.h>
#include "json.h"

void json__init(struct json_writer *w, FILE *f, bool pretty)
{
	memset(w, 0, sizeof(*w));
	w->f = f;
	w->pretty = pretty;
}

void json__quote(FILE *f, const char *s)
{
	fputc('"', f);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '"':  fputs("\\\"", f); break;
		case '\\': fputs("\\\\", f); break;
		case '\n': fputs("\\n", f); break;
		case '\t': fputs("\\t", f); break;
		case '\r': fputs("\\r", f); break;
		default:
			if (*p < 0x20)
				fprintf(f, "\\u%04x", *p);
			else
				fputc(*p, f);
		}
	}
	fputc('"', f);
}

static void json__sep(struct json_writer *w, const char *key)
{
	if (w->need_comma[w->depth])
		fputc(',', w->f);
	w->need_comma[w->depth] = true;
	if (w->pretty && w->depth > 0)
		fprintf(w->f, "\n%*s", 2 * w->depth, "");
	if (key) {
		json__quote(w->f, key);
		fputs(w->pretty ? ": " : ":", w->f);
	}
}

static void json__open(struct json_writer *w, const char *key, char c)
{
	json__sep(w, key);
	fputc(c, w->f);
	if (w->depth < 63)
		w->depth++;
	w->need_comma[w->depth] = false;
}

static void json__close(struct json_writer *w, char c)
{
	bool had = w->need_comma[w->depth];

	if (w->depth > 0)
		w->depth--;
	if (w->pretty && had)
		fprintf(w->f, "\n%*s", 2 * w->depth, "");
	fputc(c, w->f);
	if (w->depth == 0)
		fputc('\n', w->f);
}

void json__begin_object(struct json_writer *w, const char *key) { json__open(w, key, '{'); }
void json__end_object(struct json_writer *w) { json__close(w, '}'); }
void json__begin_array(struct json_writer *w, const char *key) { json__open(w, key, '['); }
void json__end_array(struct json_writer *w) { json__close(w, ']'); }

void json__string(struct json_writer *w, const char *key, const char *val)
{
	json__sep(w, key);
	if (val)
		json__quote(w->f, val);
	else
		fputs("null", w->f);
}

void json__u64(struct json_writer *w, const char *key, uint64_t val)
{
	json__sep(w, key);
	fprintf(w->f, "%llu", (unsigned long long)val);
}

void json__i64(struct json_writer *w, const char *key, int64_t val)
{
	json__sep(w, key);
	fprintf(w->f, "%lld", (long long)val);
}

void json__double(struct json_writer *w, const char *key, double val, int prec)
{
	char buf[64], *p;

	json__sep(w, key);
	if (!isfinite(val)) {
		fputs("null", w->f);
		return;
	}
	snprintf(buf, sizeof(buf), "%.*f", prec, val);
	/* %f uses the locale's decimal point; JSON wants '.' */
	for (p = buf; *p; p++)
		if (*p == ',')
			*p = '.';
	fputs(buf, w->f);
}

void json__bool(struct json_writer *w, const char *key, bool val)
{
	json__sep(w, key);
	fputs(val ? "true" : "false", w->f);
}

void json__null(struct json_writer *w, const char *key)
{
	json__sep(w, key);
	fputs("null", w->f);
}
