// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness: the -e event-string grammar (util/parse-events.c)
 * against the fake sysfs PMUs and tracefs of tests/data, as the unit tests
 * use them: parse, print the error as `mperf stat -e` does, free. Nothing
 * is opened with perf_event_open.
 */
#include "fuzz.h"
#include "util/evlist.h"
#include "util/parse-events.h"
#include "util/pmu.h"

static struct pmus *pmus;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz__init();
	setenv("MPERF_TRACEFS", TEST_DATA "/sysfs/kernel/tracing", 1);
	pmus = pmus__new(TEST_DATA "/sysfs");
	if (!pmus)
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct parse_events_error err;
	struct evlist *evlist;
	char *str;

	if (size > 4096)
		return 0;
	str = malloc(size + 1);
	if (!str)
		return 0;
	memcpy(str, data, size);
	str[size] = '\0';
	evlist = evlist__new();
	if (evlist) {
		memset(&err, 0, sizeof(err));
		if (__parse_events(evlist, str, &err, pmus))
			parse_events_error__print(&err, str);
		parse_events_error__exit(&err);
		evlist__delete(evlist);
	}
	free(str);
	return 0;
}
