/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_TRACE_EVENT_H
#define MPERF_TRACE_EVENT_H

/*
 * The TRACING_DATA of a perf.data: read into a libtraceevent handle to
 * format tracepoint samples as perf script does, and built from tracefs
 * for the recorder. The only libtraceevent user in mperf.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct trace_event;

/*
 * trace_event__parse - parse a TRACING_DATA blob (@size bytes; never read
 * past it). Return a handle, or NULL with errno (EINVAL: damaged data).
 */
struct trace_event *trace_event__parse(const void *data, size_t size);
/* The same, knowing that samples carry only the tracepoint ids @ids
 * (sorted): the trial parse that guards against formats that crash
 * libtraceevent checks only theirs, and all the others only if one of
 * them is ever looked up (a file of 700 syscall events whose samples are
 * of 30). */
struct trace_event *trace_event__parse_ids(const void *data, size_t size, const uint64_t *ids,
					   size_t nr_ids);
struct evlist;
struct session;
/* The session's tracing data (errno ENOENT: none), by the ids its samples
 * carry when it has many tracepoint events. */
struct trace_event *trace_event__parse_session(struct session *session);
void trace_event__delete(struct trace_event *te);

/*
 * A kernel symbol lookup for the function-pointer fields of tracepoints
 * (hrtimer_start's "function=hrtimer_wakeup"): return the name of the
 * symbol holding *@addr, with *@addr set to its start and *@mod to its
 * module (NULL for the kernel), or NULL to print the address.
 */
typedef const char *(trace_event_resolver_t)(void *priv, uint64_t *addr, const char **mod);
void trace_event__set_resolver(struct trace_event *te, trace_event_resolver_t *fn,
			       void *priv);

/* "sched:sched_switch" for the tracepoint id @id into @buf; -ENOENT. */
int trace_event__name(struct trace_event *te, uint64_t id, char *buf,
		      size_t size);

/* The tracepoints of @el the file does not name (no EVENT_DESC: a damaged
 * or cut file) named "sys:name" from their formats, as perf names them. */
void trace_event__name_events(struct trace_event *te, struct evlist *el);

/* Print a tracepoint sample's fields as perf script does (the event's
 * print format, e.g. "prev_comm=perf prev_pid=..."). Returns chars. */
int trace_event__fprintf(struct trace_event *te, FILE *fp, uint64_t id,
			 int cpu, const void *raw, size_t raw_size);

/* The same as perf report --raw-trace shows it in the "trace" column:
 * each field " NAME=VALUE" (libtraceevent's tep_print_fields). */
int trace_event__fprintf_fields(struct trace_event *te, FILE *fp, uint64_t id,
				const void *raw, size_t raw_size);

/*
 * A field of a tracepoint's format, for perf's dynamic sort keys
 * ("prev_comm", "sched:sched_switch.prev_comm", "trace_fields").
 */
struct trace_field {
	const char *name;	/* the format's (lives with the handle) */
	uint64_t id;		/* the tracepoint */
	uint32_t offset, size;	/* in the payload (a __data_loc: its word) */
	bool string;		/* char arrays and __data_loc strings */
	bool dynamic;		/* __data_loc / __rel_loc */
	void *tep_field;
};

/* The field @name of tracepoint @id: 0, or -ENOENT. */
int trace_event__field(struct trace_event *te, uint64_t id, const char *name,
		       struct trace_field *f);
/* Its fields in format order (common_* ones left out, as perf): fills up
 * to @max and returns how many there are. */
int trace_event__fields(struct trace_event *te, uint64_t id, struct trace_field *f, int max);
/* The tracepoint id of "sys:name" (or "name" when unique), or -ENOENT. */
int64_t trace_event__id(struct trace_event *te, const char *sys_name);
/* The bytes of @f in the payload (a __data_loc field: the array it
 * points to), clipped to the payload; 0 bytes when outside it. */
size_t trace_event__field_bytes(const struct trace_field *f, const void *raw, size_t raw_size,
				const void **bytes);
/* The text of @f as perf shows it in a dynamic sort key, in two halves:
 * the value after "NAME=" in the formatted record (@pretty,
 * trace_event__fprintf's text; returns 1, or 0 where @pretty is NULL or
 * lacks it; TRACE_PRETTY_REST where the first word starting with the name
 * is the name alone ("work struct %p: function %ps"): perf's length of
 * the value is then -1, so it takes the rest of the text after the name
 * and a space, and the column stops widening with its values;
 * TRACE_PRETTY_NONE when that word ends the text: the column stops
 * widening, and perf's text is memory past the record's, mperf's the
 * second half), else libtraceevent's print of the field itself, which
 * depends on its @n bytes alone (trace_event__field_bytes's: a printable
 * char array as text, other arrays as "ARRAY[xx, xx]", pointers and
 * unsigned longs in hex, other numbers in decimal; a number cut off by
 * the record's end as nothing). */
enum { TRACE_PRETTY_REST = 2, TRACE_PRETTY_NONE = 3 };
int trace_event__field_pretty(const struct trace_field *f, const char *pretty, char *buf,
			      size_t size);
void trace_event__field_text(const struct trace_field *f, const void *bytes, size_t n, char *buf,
			     size_t size);

#endif
