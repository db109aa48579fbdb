// SPDX-License-Identifier: GPL-2.0
/*
 * The fuzzers' findings that are not perf.data files, replayed as their
 * harnesses ran them (tests/fuzz/fuzz-*.c): TRACING_DATA blobs
 * (tests/fuzz/regress/trace-*.bin) through trace_event__parse and the
 * formatting of one payload, event strings (event-*.txt) through the -e
 * parser with the fake sysfs. Each must give a result or a clean error;
 * `make sanitize` runs this under ASan+UBSan, where the original bugs
 * were reads out of bounds. The perf.data findings are replayed through
 * mperf itself by tests/shell/fuzz-regress.sh.
 */
#include "unit.h"
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/evlist.h"
#include "util/parse-events.h"
#include "util/pmu.h"
#include "util/record-tracing.h"
#include "util/trace-event.h"
#include "util/tracepoint.h"

#define REGRESS "tests/fuzz/regress"

/* Under make sanitize: libtraceevent's own leaks on malformed formats, as
 * tests/fuzz/lsan.supp (LeakSanitizer calls this when it is linked in). */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
	return "leak:tep_parse_event\n";
}

static int u64_cmp(const void *a, const void *b)
{
	uint64_t l = *(const uint64_t *)a, r = *(const uint64_t *)b;

	return l < r ? -1 : l > r;
}

/* The contents of REGRESS/@name, exactly @size bytes on the heap. */
static void *slurp(const char *name, size_t *size)
{
	char path[512];
	FILE *f;
	void *buf;
	long n;

	snprintf(path, sizeof(path), REGRESS "/%s", name);
	f = fopen(path, "rb");
	assert_non_null(f);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	rewind(f);
	buf = malloc(n ? n : 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, n, f), (size_t)n);
	fclose(f);
	*size = n;
	return buf;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every REGRESS file named PREFIX*SUFFIX, sorted; returns the count. */
static int list(const char *prefix, const char *suffix, char ***out)
{
	DIR *d = opendir(REGRESS);
	struct dirent *de;
	char **v = NULL;
	int n = 0;

	assert_non_null(d);
	while ((de = readdir(d))) {
		size_t l = strlen(de->d_name), s = strlen(suffix);

		if (strncmp(de->d_name, prefix, strlen(prefix)) || l < s ||
		    strcmp(de->d_name + l - s, suffix))
			continue;
		v = realloc(v, (n + 1) * sizeof(*v));
		assert_non_null(v);
		v[n++] = strdup(de->d_name);
	}
	closedir(d);
	if (n)
		qsort(v, n, sizeof(*v), cmp_names);
	*out = v;
	return n;
}

static void test_trace_data(void **state)
{
	FILE *null = fopen("/dev/null", "w");
	char **names, name[256];
	int n = list("trace-", ".bin", &names);

	assert_non_null(null);
	assert_true(n > 0);
	for (int i = 0; i < n; i++) {
		size_t size, raw_size;
		uint8_t *data = slurp(names[i], &size), *raw;
		struct trace_event *te;
		uint16_t id = 0;

		/* as the harness: the last 128 bytes are a payload whose
		 * first u16 is the tracepoint id */
		raw_size = size < 128 ? size : 128;
		raw = data + size - raw_size;
		te = trace_event__parse(data, size);
		if (raw_size >= 2)
			memcpy(&id, raw, 2);
		if (te) {
			trace_event__name(te, id, name, sizeof(name));
			trace_event__fprintf(te, null, id, 0, raw, raw_size);
			trace_event__delete(te);
		}
		print_message("%s: %s\n", names[i], te ? "parsed" : "rejected");
		/* the same given the payload's id as the samples' ids, then
		 * another id looked up (the trial of all) */
		{
			uint64_t one = id;

			te = trace_event__parse_ids(data, size, &one, 1);
			if (te) {
				trace_event__name(te, id, name, sizeof(name));
				trace_event__fprintf(te, null, id, 0, raw, raw_size);
				trace_event__name(te, (uint16_t)(id + 1), name, sizeof(name));
				trace_event__fprintf(te, null, (uint16_t)(id + 1), 0, raw, raw_size);
				trace_event__delete(te);
			}
		}
		free(data);
		free(names[i]);
	}
	free(names);
	fclose(null);
}

/* The format checks in front of libtraceevent pass every format this
 * machine's kernel writes: TRACING_DATA of all its tracepoints, each one
 * named after parsing. */
static void test_host_formats(void **state)
{
	struct tracepoint_name *l;
	uint64_t *ids;
	char **names;
	char name[256], want[256];
	void *blob;
	size_t size;
	struct trace_event *te;
	int n, nr = 0, named = 0;

	unsetenv("MPERF_TRACEFS");
	n = tracepoint__list(NULL, NULL, &l);
	if (n <= 0) {
		skip();	/* no tracefs here */
		return;
	}
	ids = calloc(n, sizeof(*ids));
	names = calloc(n, sizeof(*names));
	assert_non_null(ids);
	assert_non_null(names);
	for (int i = 0; i < n; i++) {
		int id = tracepoint__id(l[i].sys, l[i].name);

		if (id < 0)
			continue;
		assert_true(asprintf(&names[nr], "%s:%s", l[i].sys, l[i].name) > 0);
		ids[nr++] = id;
	}
	/* the blob mperf record writes */
	assert_int_equal(record_tracing__data_of((const char *const *)names, nr, &blob, &size), 0);
	te = trace_event__parse(blob, size);
	assert_non_null(te);
	for (int i = 0, k = 0; i < n; i++) {
		if (tracepoint__id(l[i].sys, l[i].name) < 0)
			continue;
		snprintf(want, sizeof(want), "%s:%s", l[i].sys, l[i].name);
		if (trace_event__name(te, ids[k++], name, sizeof(name)) == 0 &&
		    !strcmp(name, want))
			named++;
		else
			print_message("not parsed: %s\n", want);
	}
	print_message("%d of %d tracepoint formats parsed\n", named, nr);
	assert_int_equal(named, nr);
	trace_event__delete(te);
	/* the trial of only the formats samples carry (every 50th event):
	 * theirs named, and any other once looked up (a trial of all) */
	{
		uint64_t *some = calloc((size_t)nr, sizeof(*some));
		size_t ns = 0;

		assert_non_null(some);
		for (int k = 0; k < nr; k += 50)
			some[ns++] = ids[k];
		qsort(some, ns, sizeof(*some), u64_cmp);
		te = trace_event__parse_ids(blob, size, some, ns);
		assert_non_null(te);
		named = 0;
		for (int k = 0; k < nr; k += 50)
			named += trace_event__name(te, ids[k], name, sizeof(name)) == 0 &&
				 !strcmp(name, names[k]);
		assert_int_equal(named, (int)ns);
		if (nr > 1) {
			assert_int_equal(trace_event__name(te, ids[1], name, sizeof(name)), 0);
			assert_string_equal(name, names[1]);
		}
		trace_event__delete(te);
		free(some);
	}
	free(blob);
	for (int i = 0; i < nr; i++)
		free(names[i]);
	free(names);
	free(ids);
	tracepoint__list_free(l, n);
}

/* TRACING_DATA of one system holding @n formats. */
static void *blob_of(const char *const *fmts, int n, size_t *size)
{
	static const char hp[] = "\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n";
	char *b = malloc(65536), *p = b;
	uint64_t v64;
	uint32_t v32;

	assert_non_null(b);
#define PUT(src, len) do { memcpy(p, src, len); p += len; } while (0)
	PUT("\x17\x08\x44tracing", 10);
	PUT("0.6", 4);			/* version, NUL-terminated */
	PUT("\0\x08", 2);		/* little endian, long 8 */
	v32 = 4096;
	PUT(&v32, 4);
	PUT("header_page", 12);
	v64 = sizeof(hp) - 1;
	PUT(&v64, 8);
	PUT(hp, sizeof(hp) - 1);
	PUT("header_event", 13);
	v64 = 0;
	PUT(&v64, 8);
	v32 = 0;			/* ftrace formats */
	PUT(&v32, 4);
	v32 = 1;			/* systems */
	PUT(&v32, 4);
	PUT("test", 5);
	v32 = n;
	PUT(&v32, 4);
	for (int i = 0; i < n; i++) {
		v64 = strlen(fmts[i]);
		PUT(&v64, 8);
		PUT(fmts[i], v64);
	}
	v32 = 0;			/* kallsyms, printk formats */
	PUT(&v32, 4);
	PUT(&v32, 4);
	v64 = 0;			/* saved cmdlines */
	PUT(&v64, 8);
#undef PUT
	*size = p - b;
	return b;
}

/* A format that passes the text checks but still kills libtraceevent's
 * parser (found by the fuzzer: "REC->args[0]. REC->args[1]"): a trial
 * child dies on it, so the real parse skips that event and keeps the
 * others. */
static void test_trace_data_trial(void **state)
{
	static const char *const fmts[] = {
		"name: good\nID: 7\nformat:\n"
		"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
		"\tfield:long id;\toffset:8;\tsize:8;\tsigned:1;\n\n"
		"print fmt: \"id=%ld\", REC->id\n",
		"name: bad\nID: 8\nformat:\n"
		"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
		"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
		"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
		"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
		"\tfield:long id;\toffset:8;\tsize:8;\tsigned:1;\n"
		"\tfield:unsigned long args[6];\toffset:16;\tsize:48;\tsigned:0;\n\n"
		"print fmt: \"NR %ld (%lx, %lx, %lx, %lx, %lx, %lx)\", REC->id, "
		"REC->args[0]. REC->args[1], REC->args[2], REC->args[3], "
		"REC->args[4], REC->args[5]",
	};
	size_t size;
	void *blob = blob_of(fmts, 2, &size);
	struct trace_event *te = trace_event__parse(blob, size);
	char name[256];

	assert_non_null(te);
	assert_int_equal(trace_event__name(te, 7, name, sizeof(name)), 0);
	assert_string_equal(name, "test:good");
	assert_int_equal(trace_event__name(te, 8, name, sizeof(name)), -ENOENT);
	trace_event__delete(te);
	/* the trial of the samples' formats only: the crashing one found
	 * when it is among them, or by the trial of all when it is looked
	 * up later; the parent never parses it */
	for (int k = 0; k < 2; k++) {
		uint64_t id = k ? 8 : 7;

		te = trace_event__parse_ids(blob, size, &id, 1);
		assert_non_null(te);
		assert_int_equal(trace_event__name(te, 8, name, sizeof(name)), -ENOENT);
		assert_int_equal(trace_event__name(te, 7, name, sizeof(name)), 0);
		assert_string_equal(name, "test:good");
		trace_event__delete(te);
	}
	free(blob);
}

static void test_event_strings(void **state)
{
	struct pmus *pmus;
	char **names;
	int n = list("event-", ".txt", &names);

	if (!n) {
		free(names);
		skip();	/* the event-string fuzzer has found nothing yet */
		return;
	}
	setenv("MPERF_TRACEFS", TEST_DATA "/sysfs/kernel/tracing", 1);
	pmus = pmus__new(TEST_DATA "/sysfs");
	assert_non_null(pmus);
	for (int i = 0; i < n; i++) {
		size_t size;
		char *data = slurp(names[i], &size), *str = strndup(data, size);
		struct parse_events_error err;
		struct evlist *el = evlist__new();
		int ret;

		assert_non_null(el);
		memset(&err, 0, sizeof(err));
		ret = __parse_events(el, str, &err, pmus);
		/* accepted with events, or refused with a reason */
		if (ret)
			assert_non_null(err.str);
		else
			assert_true(el->nr > 0);
		print_message("%s: %s\n", names[i], ret ? err.str : "accepted");
		parse_events_error__exit(&err);
		evlist__delete(el);
		free(str);
		free(data);
		free(names[i]);
	}
	free(names);
	pmus__delete(pmus);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_trace_data),
		cmocka_unit_test(test_trace_data_trial),
		cmocka_unit_test(test_host_formats),
		cmocka_unit_test(test_event_strings),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
