/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_JSON_H
#define MPERF_JSON_H

/*
 * A small streaming JSON writer shared by every JSON output (list -j,
 * stat --json-doc, report --json). Numbers never depend on the locale.
 */

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct json_writer {
	FILE *f;
	int depth;
	bool need_comma[64];
	bool pretty;
};

void json__init(struct json_writer *w, FILE *f, bool pretty);
void json__begin_object(struct json_writer *w, const char *key);	/* key NULL in arrays / top */
void json__end_object(struct json_writer *w);
void json__begin_array(struct json_writer *w, const char *key);
void json__end_array(struct json_writer *w);
void json__string(struct json_writer *w, const char *key, const char *val); /* NULL -> null */
void json__u64(struct json_writer *w, const char *key, uint64_t val);
void json__i64(struct json_writer *w, const char *key, int64_t val);
void json__double(struct json_writer *w, const char *key, double val, int prec);
void json__bool(struct json_writer *w, const char *key, bool val);
void json__null(struct json_writer *w, const char *key);
/* Write @s as a JSON string literal (quotes included) to @f. */
void json__quote(FILE *f, const char *s);

#endif
