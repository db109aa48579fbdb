/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_RECORD_TRACING_H
#define MPERF_RECORD_TRACING_H

/*
 * The TRACING_DATA feature of a recording with tracepoints: what perf
 * script needs to decode their raw data (tracefs header_page/header_event,
 * the format file of every recorded tracepoint grouped by system, the
 * printk formats), in perf's "tracing 0.6" layout. Owned by the record
 * helper (issue 4).
 */

#include <stdbool.h>
#include <stddef.h>

struct evlist;

/* Does @evlist hold a tracepoint? */
bool record_tracing__wanted(struct evlist *evlist);

/* Build the blob (malloc'd into *@data, *@size). 0 or -errno. */
int record_tracing__data(struct evlist *evlist, void **data, size_t *size);
/* The same for the tracepoints @names ("sys:name[:mods]", @nr of them). */
int record_tracing__data_of(const char *const *names, int nr, void **data, size_t *size);

#endif
