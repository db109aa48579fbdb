// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness: a TRACING_DATA blob (util/trace-event.c and the
 * libtraceevent format parsers it feeds: header_page, ftrace and event
 * format files, kallsyms, printk formats, saved cmdlines), then one
 * tracepoint payload formatted as `mperf script` does. The payload is the
 * last 128 bytes of the input (or all of it); its first u16 is the
 * tracepoint id, as in a real sample's raw data.
 */
#include "fuzz.h"
#include "util/trace-event.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz__init();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct trace_event *te;
	size_t raw_size = size < 128 ? size : 128;
	const uint8_t *raw = data + size - raw_size;
	uint16_t id = 0;
	char name[256];
	uint8_t *copy;

	/* an exact-size heap copy: a read past the blob is an ASan report */
	copy = malloc(size ? size : 1);
	if (!copy)
		return 0;
	memcpy(copy, data, size);
	te = trace_event__parse(copy, size);
	if (te) {
		uint8_t *rcopy = malloc(raw_size ? raw_size : 1);

		if (raw_size >= 2)
			memcpy(&id, raw, 2);
		if (rcopy) {
			memcpy(rcopy, raw, raw_size);
			trace_event__name(te, id, name, sizeof(name));
			trace_event__fprintf(te, stdout, id, 0, rcopy, raw_size);
			free(rcopy);
		}
		trace_event__delete(te);
	}
	free(copy);
	return 0;
}
