// SPDX-License-Identifier: GPL-2.0
/*
 * The event pump: file mode (mmap'd, records parsed in place) and pipe mode
 * (streamed, records copied into refcounted chunks), time ordering between
 * FINISHED_ROUNDs, COMPRESSED records, pipe-mode header records. Every
 * record is bounds-checked before a field of it is read.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <fcntl.h>
#include <linux/hw_breakpoint.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "alloc.h"
#include "compress.h"
#include "data.h"
#include "debug.h"
#include "event.h"
#include "evlist.h"
#include "evsel.h"
#include "header.h"
#include "parse-events.h"
#include "ordered-events.h"
#include "session.h"

#define CHUNK_SIZE	(1024 * 1024)
/* What one COMPRESSED record may decompress to: the recorder's ring buffer
 * size (the COMPRESSED feature's mmap_len: a record never holds more than
 * one flush of it, and perf's reader takes no more), at least 1 MiB, at
 * most MAX_DECOMP. A few KiB of zstd can claim gigabytes. */
#define MIN_DECOMP	(1024 * 1024)
#define MAX_DECOMP	(256 * 1024 * 1024)

struct id_hash {
	uint64_t *keys;
	struct evsel **vals;
	uint64_t *read_last;	/* PERF_SAMPLE_READ: the id's last value */
	size_t cap, nr;
};

/* A stream's zstd decompression: each file of a perf.data directory is a
 * zstd stream of its own (perf record --threads -z), the others one */
struct decomp {
	bool ready;
	struct zstd_data zstd;
	char *buf;		/* what is left of the last record, then more */
	size_t len, cap;
};

struct session {
	struct data data;
	struct header header;
	struct tool *tool;
	struct evlist evlist;
	struct id_hash ids;
	struct session_stats stats;
	struct ordered_events oe;
	struct decomp dec;		/* the file's (or pipe's) stream */
	struct decomp *dir_decs;	/* by directory file, 'data' first */
	struct decomp *cur_dec;		/* the stream being read (NULL: dec) */
	struct oe_chunk *chunk;		/* current stream chunk */
	FILE *feat_fp;
	bool feat_full;
	bool attrs_done;		/* tool->attrs_done called */
	uint64_t cur_offset;
	void *priv;
	bool tracing_data_seen;
	bool unfinished;		/* header never finalized: warned once */
	/* a perf.data directory's data.N files, mapped while events queued
	 * from them may be delivered */
	struct { void *base; size_t size; } *dir_maps;
	size_t nr_dir_maps;
	const char *dir_file;		/* the file of the directory being read */
	char **dir_paths;		/* "DIR/data", then the data.N files' */
	size_t nr_dir_paths;
};

/* ---- id -> evsel -------------------------------------------------------- */

static size_t id_slot(uint64_t id, size_t cap)
{
	id ^= id >> 33;
	id *= 0xff51afd7ed558ccdULL;
	id ^= id >> 33;
	return id & (cap - 1);
}

static int id_hash__add(struct id_hash *h, uint64_t id, struct evsel *evsel)
{
	size_t i;

	if ((h->nr + 1) * 2 > h->cap) {
		struct id_hash n = { 0 };

		n.cap = h->cap ? h->cap * 2 : 64;
		n.keys = calloc(n.cap, sizeof(*n.keys));
		n.vals = calloc(n.cap, sizeof(*n.vals));
		n.read_last = calloc(n.cap, sizeof(*n.read_last));
		if (!n.keys || !n.vals || !n.read_last) {
			free(n.keys);
			free(n.vals);
			free(n.read_last);
			return -ENOMEM;
		}
		for (i = 0; i < h->cap; i++) {
			size_t j;

			if (!h->vals[i])
				continue;
			j = id_slot(h->keys[i], n.cap);
			while (n.vals[j])
				j = (j + 1) & (n.cap - 1);
			n.keys[j] = h->keys[i];
			n.vals[j] = h->vals[i];
			n.read_last[j] = h->read_last[i];
			n.nr++;
		}
		free(h->keys);
		free(h->vals);
		free(h->read_last);
		*h = n;
	}
	i = id_slot(id, h->cap);
	while (h->vals[i]) {
		if (h->keys[i] == id) {
			h->vals[i] = evsel;
			return 0;
		}
		i = (i + 1) & (h->cap - 1);
	}
	h->keys[i] = id;
	h->vals[i] = evsel;
	h->nr++;
	return 0;
}

/* The slot of @id, or -1 when the file gave no attr that id. */
static ssize_t id_hash__slot(const struct id_hash *h, uint64_t id)
{
	size_t i;

	if (!h->cap)
		return -1;
	i = id_slot(id, h->cap);
	while (h->vals[i]) {
		if (h->keys[i] == id)
			return (ssize_t)i;
		i = (i + 1) & (h->cap - 1);
	}
	return -1;
}

static struct evsel *id_hash__find(const struct id_hash *h, uint64_t id)
{
	ssize_t i = id_hash__slot(h, id);

	return i < 0 ? NULL : h->vals[i];
}

/* ---- evsels of the file -------------------------------------------------- */

static struct evsel *session__add_evsel(struct session *s,
					const struct perf_event_attr *attr,
					const uint64_t *ids, uint32_t nr_ids)
{
	struct evlist *el = &s->evlist;
	struct evsel *evsel, **entries;

	entries = realloc(el->entries, (el->nr + 1) * sizeof(*entries));
	if (!entries)
		return NULL;
	el->entries = entries;
	evsel = calloc(1, sizeof(*evsel));
	if (!evsel)
		return NULL;
	evsel->attr = *attr;
	evsel->idx = el->nr;
	evsel->leader = evsel;
	evsel->nr_members = 1;
	evsel->supported = true;
	evsel->scale = 1.0;
	evsel->is_tracepoint = attr->type == PERF_TYPE_TRACEPOINT;
	evsel->name = evsel__attr_name(attr);
	evsel->attr_named = true;
	el->entries[el->nr++] = evsel;
	for (uint32_t i = 0; i < nr_ids; i++)
		if (id_hash__add(&s->ids, ids[i], evsel))
			return NULL;
	return evsel;
}

/* EVENT_DESC names the attrs by position; GROUP_DESC rebuilds groups. */
static void session__apply_env(struct session *s)
{
	struct env *env = &s->header.env;
	struct evlist *el = &s->evlist;

	for (uint32_t i = 0; i < env->nr_event_desc && i < (uint32_t)el->nr; i++)
		evsel__set_name(el->entries[i], env->event_desc[i].name);
	for (uint32_t g = 0; g < env->nr_groups; g++) {
		const struct env_group *grp = &env->groups[g];
		struct evsel *leader;

		if (grp->leader_idx >= (uint32_t)el->nr ||
		    grp->nr_members > (uint32_t)el->nr - grp->leader_idx)
			continue;
		leader = el->entries[grp->leader_idx];
		leader->nr_members = grp->nr_members;
		if (grp->name && strcmp(grp->name, "{anon_group}")) {
			free(leader->group_name);
			leader->group_name = strdup(grp->name);
		}
		for (uint32_t k = 1; k < grp->nr_members; k++)
			el->entries[grp->leader_idx + k]->leader = leader;
	}
}

struct evsel *session__evsel_by_id(struct session *s, uint64_t id)
{
	return id_hash__find(&s->ids, id);
}

struct evsel *session__evsel_of(struct session *s, const union perf_event *ev)
{
	struct evlist *el = &s->evlist;
	const struct perf_event_attr *a;
	uint64_t id;
	int pos;

	if (!el->nr)
		return NULL;
	if (el->nr == 1)
		return el->entries[0];
	/* every attr of one file shares the id position (perf requires it) */
	a = &el->entries[0]->attr;
	if (ev->header.type == PERF_RECORD_SAMPLE) {
		pos = event__id_pos(a);
		if (pos < 0 || ev->header.size < sizeof(ev->header) + (pos + 1) * 8)
			return NULL;
		memcpy(&id, (const char *)ev + sizeof(ev->header) + pos * 8, 8);
	} else {
		if (!a->sample_id_all)
			return el->entries[0];
		pos = event__is_pos(a);
		if (pos < 0)
			return el->entries[0];
		if (ev->header.size < sizeof(ev->header) + pos * 8)
			return NULL;
		memcpy(&id, (const char *)ev + ev->header.size - pos * 8, 8);
	}
	/* synthesized records carry id 0: they belong to the first event,
	 * as perf takes them */
	if (!id)
		return el->entries[0];
	return id_hash__find(&s->ids, id);
}

/* ---- delivery ----------------------------------------------------------- */

/*
 * A PERF_SAMPLE_READ record (the :S modifier) is, as perf takes it, one
 * sample per counter value it carries (every member's with
 * PERF_FORMAT_GROUP), each of the event that owns the value's id and worth
 * what the value grew since the last record that read that id. A value
 * that did not grow makes no sample; an id no attr gave is counted unknown.
 */
static int deliver_read(struct session *s, const union perf_event *ev,
			struct perf_sample *sample, const struct perf_event_attr *attr)
{
	struct read_values rv;
	int err;

	/* the sample parser checked the size */
	if (read_values__parse(&rv, attr->read_format, sample->read_data,
			       sample->read_size))
		return 0;
	for (uint64_t i = 0; i < rv.nr; i++) {
		struct read_value v = read_values__get(&rv, i);
		uint64_t delta;
		ssize_t slot;

		slot = id_hash__slot(&s->ids, v.id);
		if (slot < 0) {
			s->stats.nr_unknown_id++;
			continue;
		}
		delta = v.value - s->ids.read_last[slot];
		s->ids.read_last[slot] = v.value;
		if (!delta)
			continue;
		sample->id = v.id;
		sample->period = delta;
		s->stats.total_period += delta;
		err = s->tool->sample(s->tool, ev, sample, s->ids.vals[slot], s);
		if (err)
			return err;
	}
	return 0;
}

/*
 * In a perf.data directory a record's offset carries the index of its
 * file in bits 48 and up (a queued record is dumped when delivered, and
 * perf names its file): set the file, return the offset in it.
 */
#define DIR_OFF_SHIFT 48

static uint64_t dir_off(struct session *s, uint64_t off)
{
	size_t idx = (size_t)(off >> DIR_OFF_SHIFT);

	if (!s->nr_dir_paths)
		return off;
	if (idx < s->nr_dir_paths)
		s->dir_file = s->dir_paths[idx];
	return off & ((1ULL << DIR_OFF_SHIFT) - 1);
}

static int deliver(struct session *s, const union perf_event *ev, uint64_t off)
{
	struct tool *tool = s->tool;
	struct perf_sample sample;
	struct evsel *evsel;

	off = dir_off(s, off);

	s->cur_offset = off;
	evsel = session__evsel_of(s, ev);
	if (ev->header.type == PERF_RECORD_SAMPLE) {
		if (!evsel) {
			s->stats.nr_unknown_id++;
			return 0;
		}
		if (event__parse_sample(ev, &evsel->attr, &sample)) {
			s->stats.nr_invalid_samples++;
			return 0;
		}
		if (tool && tool->dump)
			tool->dump(tool, ev, &sample, off, s);
		if ((evsel->attr.sample_type & PERF_SAMPLE_READ) && sample.read_data)
			return tool && tool->sample ?
			       deliver_read(s, ev, &sample, &evsel->attr) : 0;
		s->stats.total_period += sample.period;
		return tool && tool->sample ? tool->sample(tool, ev, &sample, evsel, s) : 0;
	}
	if (evsel)
		event__parse_sample(ev, &evsel->attr, &sample);
	else
		event__parse_sample(ev, &(struct perf_event_attr){ 0 }, &sample);
	if (tool && tool->dump)
		tool->dump(tool, ev, &sample, off, s);
	if (ev->header.type == PERF_RECORD_LOST &&
	    ev->header.size >= sizeof(struct perf_record_lost))
		s->stats.total_lost += ((const struct perf_record_lost *)ev)->lost;
	if (ev->header.type == PERF_RECORD_LOST_SAMPLES &&
	    ev->header.size >= sizeof(struct perf_record_lost_samples))
		s->stats.total_lost_samples +=
			((const struct perf_record_lost_samples *)ev)->lost;
	return tool && tool->event ? tool->event(tool, ev, &sample, s) : 0;
}

static int oe_deliver(struct ordered_events *oe, const union perf_event *ev,
		      uint64_t off)
{
	return deliver(oe->priv, ev, off);
}

/* A record's timestamp, or -1 when it carries none. */
static uint64_t record_time(struct session *s, const union perf_event *ev)
{
	struct evsel *evsel = session__evsel_of(s, ev);
	struct perf_sample sample;

	if (!evsel || event__parse_sample(ev, &evsel->attr, &sample))
		return (uint64_t)-1;
	return sample.time;
}

static int process_record(struct session *s, const union perf_event *ev,
			  struct oe_chunk *chunk, uint64_t off, size_t depth);

/* Walk the records in [buf, buf+len) whose storage is @chunk. Returns
 * bytes consumed (complete records) or -errno. */
static ssize_t process_buffer(struct session *s, const char *buf, size_t len,
			      struct oe_chunk *chunk, uint64_t off, size_t depth)
{
	size_t pos = 0;

	while (len - pos >= sizeof(struct perf_event_header)) {
		struct perf_event_header h;
		int err;

		memcpy(&h, buf + pos, sizeof(h));
		if (h.size < sizeof(h))
			return -EINVAL;
		if (h.size > len - pos)
			break;
		if ((uintptr_t)(buf + pos) & 7) {
			/* an odd-sized record before: parse an aligned copy */
			struct oe_chunk *c = oe_chunk__new(h.size);

			if (!c)
				return -ENOMEM;
			memcpy(c->data, buf + pos, h.size);
			c->used = h.size;
			err = process_record(s, (const void *)c->data, c, off, depth);
			oe_chunk__put(c);
		} else {
			err = process_record(s, (const void *)(buf + pos), chunk, off, depth);
		}
		if (err)
			return err;
		pos += h.size;
	}
	return pos;
}

static void decomp__exit(struct decomp *d)
{
	if (d->ready)
		zstd__exit(&d->zstd);
	free(d->buf);
	memset(d, 0, sizeof(*d));
}

static int process_compressed(struct session *s, const union perf_event *ev,
			      uint64_t off, size_t depth)
{
	const char *payload = (const char *)ev + sizeof(ev->header);
	size_t size = ev->header.size - sizeof(ev->header), limit;
	struct oe_chunk *chunk;
	struct decomp *d = s->cur_dec ? s->cur_dec : &s->dec;
	ssize_t n, used;

	if (depth > 0) {
		pr_warning("COMPRESSED record inside a COMPRESSED record: skipped\n");
		return 0;
	}
	if (!d->ready) {
		if (zstd__init(&d->zstd, 0))
			return -ENOMEM;
		d->ready = true;
	}
	limit = s->header.env.comp_mmap_len;
	if (limit < MIN_DECOMP)
		limit = MIN_DECOMP;
	if (limit > MAX_DECOMP)
		limit = MAX_DECOMP;
	/* what is left of the last record, then this one's bytes */
	n = zstd__decompress(&d->zstd, payload, size, &d->buf, &d->len, &d->cap,
			     d->len + limit + 64 * 1024);
	if (n < 0) {
		pr_warning("a COMPRESSED record could not be decompressed (%s); skipped\n",
			   n == -EFBIG ? "too large" : "damaged zstd stream");
		d->len = 0;
		return 0;
	}
	if (!d->len)
		return 0;
	/* the records need stable storage while they wait for their round */
	chunk = oe_chunk__new(d->len);
	if (!chunk)
		return -ENOMEM;
	memcpy(chunk->data, d->buf, d->len);
	chunk->used = d->len;
	used = process_buffer(s, chunk->data, chunk->used, chunk, off, depth + 1);
	oe_chunk__put(chunk);
	if (used < 0) {
		if (used == -EINVAL) {
			pr_warning("a decompressed record has an invalid size; the rest of that block is skipped\n");
			d->len = 0;
			return 0;
		}
		return used;
	}
	/* a record may continue in the next COMPRESSED record */
	memmove(d->buf, d->buf + used, d->len - used);
	d->len -= used;
	return 0;
}

static void header_attr_record(struct session *s, const union perf_event *ev, uint64_t off)
{
	const struct perf_record_header_attr *ha = (const void *)ev;
	size_t body = ev->header.size - sizeof(ev->header);
	struct perf_event_attr attr;
	struct header_attr *a;
	uint32_t asz;

	if (body >= PERF_ATTR_SIZE_VER0)
		memcpy(&asz, (const char *)&ha->attr + offsetof(struct perf_event_attr, size), 4);
	else
		asz = PERF_ATTR_SIZE_VER0;
	if (!asz)
		asz = PERF_ATTR_SIZE_VER0;
	if (asz < PERF_ATTR_SIZE_VER0 || asz > body) {
		pr_warning("an ATTR record at offset %" PRIu64 " is damaged (attr of %" PRIu32
			   " bytes in %zu): its event's samples are skipped\n",
			   off, asz, body);
		return;
	}
	memset(&attr, 0, sizeof(attr));
	memcpy(&attr, &ha->attr, asz < sizeof(attr) ? asz : sizeof(attr));
	/* the ids follow an attr of any size: use the header's aligned copy */
	if (header__add_attr(&s->header, &attr, sizeof(attr),
			     (const uint64_t *)((const char *)&ha->attr + asz),
			     (body - asz) / 8, NULL))
		return;
	a = &s->header.attrs[s->header.nr_attrs - 1];
	session__add_evsel(s, &attr, a->ids, a->nr_ids);
}

static void header_feature_record(struct session *s, const union perf_event *ev)
{
	const struct perf_record_header_feature *fe = (const void *)ev;
	uint64_t feat;

	if (ev->header.size < sizeof(*fe))
		return;
	feat = fe->feat_id;
	if (feat == HEADER_RESERVED || feat >= HEADER_FEAT_BITS) {
		pr_warning("invalid feature id %" PRIu64 " in a pipe-mode FEATURE record; skipped\n",
			   feat);
		return;
	}
	/* perf 6.1 ends a pipe's features with an empty record of this id */
	if (feat == HEADER_LAST_FEATURE)
		return;
	if (header__process_feature(&s->header, (int)feat, fe->data,
				    ev->header.size - sizeof(*fe)))
		return;		/* damaged: warned, nothing of it shown */
	if (feat == HEADER_EVENT_DESC || feat == HEADER_GROUP_DESC)
		session__apply_env(s);
	if (s->feat_fp)
		header__fprintf_feature(&s->header, (int)feat, s->feat_fp, s->feat_full);
}

static void header_build_id_record(struct session *s, const union perf_event *ev)
{
	const struct perf_record_header_build_id *b = (const void *)ev;
	size_t nlen;
	uint8_t size = 20;
	char *fn;

	if (ev->header.size < sizeof(*b))
		return;
	nlen = strnlen(b->filename, ev->header.size - sizeof(*b));
	fn = strndup(b->filename, nlen);
	if (!fn)
		return;
	if (ev->header.misc & (1 << 15))
		size = b->size <= 20 ? b->size : 20;
	env__add_build_id(&s->header.env, b->pid, ev->header.misc, b->data, size, fn);
	header__set_feat(&s->header, HEADER_BUILD_ID);
	free(fn);
}

static void event_update_record(struct session *s, const union perf_event *ev)
{
	const struct perf_record_event_update *eu = (const void *)ev;
	struct evsel *evsel;

	if (ev->header.size < sizeof(*eu) || eu->type != PERF_EVENT_UPDATE__NAME)
		return;
	evsel = id_hash__find(&s->ids, eu->id);
	if (evsel) {
		char *n = strndup(eu->data, ev->header.size - sizeof(*eu));

		evsel__set_name(evsel, n);
		free(n);
	}
}

static int process_user(struct session *s, const union perf_event *ev,
			uint64_t off, size_t depth)
{
	struct tool *tool = s->tool;
	bool pass = true;
	uint64_t tagged = off;	/* a COMPRESSED record's contents keep its file */

	off = dir_off(s, off);

	if (tool && tool->dump && ev->header.type != PERF_RECORD_COMPRESSED)
		tool->dump(tool, ev, NULL, off, s);

	switch (ev->header.type) {
	case PERF_RECORD_HEADER_ATTR:
		header_attr_record(s, ev, off);
		pass = false;
		break;
	case PERF_RECORD_HEADER_FEATURE:
		header_feature_record(s, ev);
		pass = false;
		break;
	case PERF_RECORD_HEADER_TRACING_DATA:
		pass = false;	/* its payload was consumed by the walker */
		break;
	case PERF_RECORD_HEADER_BUILD_ID:
		header_build_id_record(s, ev);
		break;
	case PERF_RECORD_FINISHED_ROUND: {
		int err = 0;

		pass = false;
		if (tool && tool->ordered_events)
			err = ordered_events__flush_round(&s->oe);
		if (!err && tool && tool->finished_round)
			err = tool->finished_round(tool, ev, s);
		return err;
	}
	case PERF_RECORD_COMPRESSED:
		return process_compressed(s, ev, tagged, depth);
	case PERF_RECORD_EVENT_UPDATE:
		event_update_record(s, ev);
		break;
	default:
		break;
	}
	if (pass && tool && tool->user_event)
		return tool->user_event(tool, ev, s);
	return 0;
}

static int process_record(struct session *s, const union perf_event *ev,
			  struct oe_chunk *chunk, uint64_t off, size_t depth)
{
	uint32_t type = ev->header.type;
	uint64_t t;

	s->stats.nr_total++;
	if (type < PERF_RECORD_HEADER_MAX)
		s->stats.nr_events[type]++;
	/* a pipe's attrs are all in at its first other record */
	if (s->tool && s->tool->attrs_done && s->header.pipe && !s->attrs_done &&
	    s->header.nr_attrs && type != PERF_RECORD_HEADER_ATTR) {
		int err;

		s->attrs_done = true;
		err = s->tool->attrs_done(s->tool, s);
		if (err)
			return err;
	}
	if (type >= PERF_RECORD_USER_TYPE_START) {
		if (type >= PERF_RECORD_HEADER_MAX) {
			s->stats.nr_unknown_events++;
			return 0;
		}
		return process_user(s, ev, off, depth);
	}
	if (type == 0 || type >= PERF_RECORD_MAX) {
		s->stats.nr_unknown_events++;
		return 0;
	}
	if (!s->tool || !s->tool->ordered_events)
		return deliver(s, ev, off);
	t = record_time(s, ev);
	/* as perf: records without a time (or time 0, synthesized before
	 * the recording) are not queued */
	if (t == (uint64_t)-1 || t == 0)
		return deliver(s, ev, off);
	return ordered_events__queue(&s->oe, ev, t, chunk, off);
}

/* ---- walking a mapped file ----------------------------------------------- */

/* Room for @n bytes in the current chunk. */
static char *chunk_room(struct session *s, size_t n)
{
	n = (n + 7) & ~(size_t)7;
	if (!s->chunk || s->chunk->cap - s->chunk->used < n) {
		oe_chunk__put(s->chunk);
		s->chunk = oe_chunk__new(n > CHUNK_SIZE ? n : CHUNK_SIZE);
		if (!s->chunk)
			return NULL;
	}
	return s->chunk->data + s->chunk->used;
}

static void warn_truncated(struct session *s, uint64_t off, uint64_t left)
{
	s->stats.truncated_bytes += left;
	/* a killed recorder's last record is cut: already said so */
	if (s->unfinished)
		return;
	pr_warning("%s is truncated at offset %" PRIu64 ": %" PRIu64
		   " bytes of data are missing or cut; showing what was read\n",
		   s->data.path, off, left);
}

/*
 * Pages of the mapped file that every queued event lies beyond are not
 * needed again: give them back, so that the resident size stays a window
 * of the file rather than all of it (a later touch would read them again
 * from the page cache: the mapping is private and read-only).
 */
#define DROP_STEP (8ULL << 20)

static void drop_mapped(struct session *s, uint64_t off, uint64_t *dropped)
{
	const char *base = s->data.base;
	uint64_t keep = off, page = (uint64_t)sysconf(_SC_PAGESIZE);
	size_t i;

	for (i = 0; i < s->oe.nr; i++) {
		const char *ev = (const char *)s->oe.q[i].event;

		if (ev >= base && ev < base + s->data.size &&
		    (uint64_t)(ev - base) < keep)
			keep = (uint64_t)(ev - base);
	}
	keep &= ~(page - 1);
	if (keep > *dropped) {
		madvise((char *)base + *dropped, keep - *dropped, MADV_DONTNEED);
		*dropped = keep;
	}
}

/* A walk over the records of [off, end) of a mapping: the file's own
 * (@own: pages behind every queued event are dropped), or a data.N file
 * of a perf.data directory */
struct walk {
	const char *base;
	uint64_t off, end;
	bool own;
	uint64_t dropped, next_drop;
	uint64_t tag;		/* a directory's file: its index << DIR_OFF_SHIFT */
	uint64_t time;		/* walk__time() of the record at off, once timed */
	bool timed;
	struct decomp *dec;	/* its zstd stream (NULL: the session's) */
};

static void walk__init(struct walk *w, const char *base, bool own, uint64_t start,
		       uint64_t end, size_t file)
{
	*w = (struct walk){ .base = base, .off = start, .end = end, .own = own,
			    .next_drop = own ? start + DROP_STEP : UINT64_MAX,
			    .tag = (uint64_t)file << DIR_OFF_SHIFT };
}

/* The record at w->off, processed, and w->off past it: 0; 1 at the end
 * or where the rest cannot be read (warned); < 0 an error. */
static int walk__step(struct session *s, struct walk *w)
{
	const char *base = w->base;
	uint64_t off = w->off, end = w->end;
	int err;

	if (off >= end)
		return 1;
	if (off >= w->next_drop) {
		drop_mapped(s, off, &w->dropped);
		w->next_drop = off + DROP_STEP;
	}
	{
		const union perf_event *ev;
		struct perf_event_header h;
		struct oe_chunk *owner = NULL;
		uint64_t size, skip = 0;

		if (end - off < sizeof(h)) {
			warn_truncated(s, off, end - off);
			return 1;
		}
		memcpy(&h, base + off, sizeof(h));
		size = h.size;
		if (size < sizeof(h)) {
			pr_warning("%s: invalid record size %" PRIu64 " at offset %" PRIu64
				   "; the rest of the file (%" PRIu64 " bytes) is skipped\n",
				   s->data.path, size, off, end - off);
			s->stats.truncated_bytes += end - off;
			return 1;
		}
		if (size > end - off) {
			warn_truncated(s, off, end - off);
			return 1;
		}
		/* TRACING_DATA and AUXTRACE carry a payload after the record */
		if (h.type == PERF_RECORD_HEADER_TRACING_DATA &&
		    size >= sizeof(struct perf_record_header_tracing_data)) {
			uint32_t tsz;

			memcpy(&tsz, base + off + 8, 4);
			skip = ((uint64_t)tsz + 7) & ~7ULL;
			if (skip > end - off - size) {
				warn_truncated(s, off, end - off);
				return 1;
			}
			free(s->header.env.tracing_data);
			s->header.env.tracing_data = malloc(tsz ? tsz : 1);
			if (!s->header.env.tracing_data)
				return -ENOMEM;
			memcpy(s->header.env.tracing_data, base + off + size, tsz);
			s->header.env.tracing_data_size = tsz;
			header__set_feat(&s->header, HEADER_TRACING_DATA);
		} else if (h.type == PERF_RECORD_AUXTRACE && size >= 16) {
			memcpy(&skip, base + off + 8, 8);
			if (skip > end - off - size) {
				warn_truncated(s, off, end - off);
				return 1;
			}
		}
		if ((uintptr_t)(base + off) & 7) {
			/* pipe-mode and -z files have records of any size:
			 * parse an aligned copy */
			char *p = chunk_room(s, size);

			if (!p)
				return -ENOMEM;
			memcpy(p, base + off, size);
			s->chunk->used += (size + 7) & ~7ULL;
			ev = (const void *)p;
			owner = s->chunk;
		} else {
			ev = (const void *)(base + off);
		}
		s->cur_dec = w->dec;
		err = process_record(s, ev, owner, off | w->tag, 0);
		s->cur_dec = NULL;
		if (err)
			return err;
		w->off = off + size + skip;
	}
	return 0;
}

static int walk_mapped_at(struct session *s, const char *base, bool own, uint64_t start,
			  uint64_t end)
{
	struct walk w;
	int r;

	walk__init(&w, base, own, start, end, 0);
	while (!(r = walk__step(s, &w)))
		;
	return r < 0 ? r : 0;
}

/* The time of the record a walk is at, for the merge of a directory's
 * files; 0 for one without (the header's records, the main thread's
 * synthesized ones) and where the step will stop. */
static uint64_t walk__time(struct session *s, const struct walk *w)
{
	struct perf_event_header h;
	uint64_t t;

	if (w->end - w->off < sizeof(h))
		return 0;
	memcpy(&h, w->base + w->off, sizeof(h));
	if (h.size < sizeof(h) || h.size > w->end - w->off ||
	    h.type >= PERF_RECORD_USER_TYPE_START || ((uintptr_t)(w->base + w->off) & 7))
		return 0;
	t = record_time(s, (const void *)(w->base + w->off));
	return t == (uint64_t)-1 ? 0 : t;
}

static int walk_mapped(struct session *s, uint64_t start, uint64_t end)
{
	return walk_mapped_at(s, s->data.base, true, start, end);
}

static int dir_add_path(struct session *s, const char *name)
{
	char path[4096], **p;

	snprintf(path, sizeof(path), "%s/%s", s->data.dir, name);
	p = realloc(s->dir_paths, (s->nr_dir_paths + 1) * sizeof(*p));
	if (!p)
		return -ENOMEM;
	s->dir_paths = p;
	p[s->nr_dir_paths] = strdup(path);
	if (!p[s->nr_dir_paths])
		return -ENOMEM;
	s->nr_dir_paths++;
	return 0;
}

/*
 * A perf.data directory (version 1): the data section of its "data" file
 * and each data.N file, a stream of records without a header, merged as
 * perf reads them, the next record always that of the earliest time (the
 * reader first in the directory's order on a tie; records without a time
 * count as 0). perf record --threads writes no rounds, so a report sorts
 * all records at the end. Other versions: the "data" file alone, as perf.
 */
static int walk_dir(struct session *s, uint64_t start, uint64_t end)
{
	struct walk *w = NULL;
	size_t nw = 0, i;
	DIR *dir;
	struct dirent *de;
	int err = 0;

	if (s->header.env.dir_version != 1) {
		if (header__has_feat(&s->header, HEADER_DIR_FORMAT))
			pr_warning("%s: perf.data directory version %" PRIu64
				   " (mperf reads version 1): only its 'data' file is read\n",
				   s->data.dir, s->header.env.dir_version);
		return walk_mapped(s, start, end);
	}
	err = dir_add_path(s, "data");
	if (err)
		return err;
	dir = opendir(s->data.dir);
	if (!dir)
		pr_warning("%s: cannot list the directory (%s): only its 'data' file is read\n",
			   s->data.dir, strerror(errno));
	while (dir && !err && (de = readdir(dir)))
		if (!strncmp(de->d_name, "data.", 5))
			err = dir_add_path(s, de->d_name);
	if (dir)
		closedir(dir);
	w = err ? NULL : calloc(s->nr_dir_paths, sizeof(*w));
	s->dir_decs = w ? calloc(s->nr_dir_paths, sizeof(*s->dir_decs)) : NULL;
	if (!w || !s->dir_decs) {
		free(w);
		return err ? err : -ENOMEM;
	}
	walk__init(&w[nw], s->data.base, true, start, end, 0);
	w[nw++].dec = &s->dir_decs[0];
	for (i = 1; i < s->nr_dir_paths && !err; i++) {
		const char *path = s->dir_paths[i];
		struct stat st;
		void *base, *m;
		int fd = open(path, O_RDONLY | O_CLOEXEC);

		if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || !st.st_size) {
			if (fd < 0)
				pr_warning("%s: cannot open it (%s): its records are left out\n",
					   path, strerror(errno));
			else
				close(fd);
			continue;
		}
		base = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		close(fd);
		if (base == MAP_FAILED) {
			pr_warning("%s: cannot map it (%s): its records are left out\n",
				   path, strerror(errno));
			continue;
		}
		m = realloc(s->dir_maps, (s->nr_dir_maps + 1) * sizeof(*s->dir_maps));
		if (!m) {
			munmap(base, (size_t)st.st_size);
			err = -ENOMEM;
			break;
		}
		s->dir_maps = m;
		s->dir_maps[s->nr_dir_maps].base = base;
		s->dir_maps[s->nr_dir_maps].size = (size_t)st.st_size;
		s->nr_dir_maps++;
		walk__init(&w[nw], base, false, 0, (uint64_t)st.st_size, i);
		w[nw++].dec = &s->dir_decs[i];
	}
	while (!err) {
		size_t best = nw;
		uint64_t bt = 0;
		int r;

		for (i = 0; i < nw; i++) {
			uint64_t t;

			if (w[i].off >= w[i].end)
				continue;
			if (!w[i].timed) {
				w[i].time = walk__time(s, &w[i]);
				w[i].timed = true;
			}
			t = w[i].time;
			if (best == nw || t < bt) {
				best = i;
				bt = t;
			}
		}
		if (best == nw)
			break;
		r = walk__step(s, &w[best]);
		w[best].timed = false;
		if (r < 0)
			err = r;
		else if (r > 0)
			w[best].off = w[best].end;	/* warned: the rest is left out */
	}
	free(w);
	return err;
}

/* ---- walking a stream ------------------------------------------------------ */

static int skip_stream(struct session *s, uint64_t n)
{
	char buf[4096];

	while (n) {
		size_t k = n < sizeof(buf) ? n : sizeof(buf);
		ssize_t r = data__read(&s->data, buf, k);

		if (r < (ssize_t)k)
			return -EIO;
		n -= k;
	}
	return 0;
}

static int walk_stream(struct session *s)
{
	uint64_t off = sizeof(struct perf_pipe_file_header);
	int err = 0;

	for (;;) {
		struct perf_event_header h;
		ssize_t r = data__read(&s->data, &h, sizeof(h));
		union perf_event *ev;
		uint64_t rec_off = off;	/* its offset in the stream */
		char *p;

		if (r == 0)
			break;
		if (r < 0)
			return r;
		if (r < (ssize_t)sizeof(h)) {
			warn_truncated(s, off, r);
			break;
		}
		if (h.size < sizeof(h)) {
			pr_warning("%s: invalid record size %u at offset %" PRIu64
				   "; the rest of the input is skipped\n",
				   s->data.path, h.size, off);
			break;
		}
		p = chunk_room(s, h.size);
		if (!p)
			return -ENOMEM;
		memcpy(p, &h, sizeof(h));
		r = data__read(&s->data, p + sizeof(h), h.size - sizeof(h));
		if (r < 0)
			return r;
		if ((size_t)r < h.size - sizeof(h)) {
			warn_truncated(s, off, sizeof(h) + r);
			break;
		}
		s->chunk->used += (h.size + 7) & ~7U;
		ev = (union perf_event *)p;
		if (h.type == PERF_RECORD_HEADER_TRACING_DATA &&
		    h.size >= sizeof(struct perf_record_header_tracing_data)) {
			uint32_t tsz = ((struct perf_record_header_tracing_data *)ev)->size;
			uint64_t pad = ((uint64_t)tsz + 7) & ~7ULL;
			char *td = NULL;
			uint64_t got = 0;

			/* grow with what actually arrives, never to the size
			 * the record claims up front */
			r = 0;
			while (got < pad) {
				size_t step = pad - got < (1 << 20) ? pad - got : (1 << 20);
				char *n = realloc(td, got + step);

				if (!n) {
					free(td);
					return -ENOMEM;
				}
				td = n;
				r = data__read(&s->data, td + got, step);
				if (r < (ssize_t)step) {
					got += r > 0 ? r : 0;
					break;
				}
				got += step;
			}
			if (got < pad) {
				free(td);
				warn_truncated(s, off, h.size + got);
				break;
			}
			if (!td)
				td = calloc(1, 1);
			free(s->header.env.tracing_data);
			s->header.env.tracing_data = td;
			s->header.env.tracing_data_size = tsz;
			header__set_feat(&s->header, HEADER_TRACING_DATA);
			off += pad;
		} else if (h.type == PERF_RECORD_AUXTRACE && h.size >= 16) {
			uint64_t asz;

			memcpy(&asz, p + 8, 8);
			if (skip_stream(s, asz)) {
				warn_truncated(s, off, h.size);
				break;
			}
			off += asz;
		}
		err = process_record(s, ev, s->chunk, rec_off, 0);
		if (err)
			return err;
		off += h.size;
	}
	return 0;
}

/* ---- public ---------------------------------------------------------------- */

struct session *session__new(const char *path, struct tool *tool)
{
	struct session *s = calloc(1, sizeof(*s));
	int err, kind;

	if (!s) {
		errno = ENOMEM;
		return NULL;
	}
	s->tool = tool;
	header__init(&s->header);
	ordered_events__init(&s->oe, oe_deliver, s);
	err = data__open_read(&s->data, path);
	if (err) {
		free(s);
		errno = -err;
		return NULL;
	}
	s->header.mtime = s->data.mtime;
	if (s->data.is_pipe) {
		struct perf_pipe_file_header ph;
		ssize_t r = data__read(&s->data, &ph, sizeof(ph));

		kind = r == sizeof(ph) ? header__probe(&ph, sizeof(ph)) : 0;
		if (kind == 1)
			pr_err("%s: a file-mode perf.data cannot be read from a pipe; give it with -i FILE\n",
			       s->data.path);
	} else {
		kind = header__probe(s->data.base, s->data.size);
	}
	if (kind == -EPROTONOSUPPORT) {
		pr_err("%s was recorded on a machine of the other byte order; mperf reads only native-endian files\n",
		       s->data.path);
		err = -EPROTONOSUPPORT;
		goto out_err;
	}
	if (kind == 0) {
		if (!s->data.is_pipe && !s->data.size)
			pr_err("%s is empty: not a perf.data file\n", s->data.path);
		else
			pr_err("%s is not a perf.data file (bad magic); record one with 'mperf record'\n",
			       s->data.path);
		err = -EINVAL;
		goto out_err;
	}
	if (kind == 1 && s->data.is_pipe) {
		err = -EINVAL;
		goto out_err;
	}
	if (kind == 2) {
		s->header.pipe = true;
		return s;
	}
	s->header.seek_fd = s->data.is_pipe ? -1 : s->data.fd;
	err = header__read_file(&s->header, s->data.base, s->data.size, s->data.path);
	if (err)
		goto out_err;
	/* a directory's 'data' file read alone: perf reads no version of
	 * it there (and so says 0) */
	if (!s->data.dir)
		s->header.env.dir_version = 0;
	for (int i = 0; i < s->header.nr_attrs; i++) {
		struct header_attr *a = &s->header.attrs[i];

		if (!session__add_evsel(s, &a->attr, a->ids, a->nr_ids)) {
			err = -ENOMEM;
			goto out_err;
		}
	}
	session__apply_env(s);
	return s;

out_err:
	session__delete(s);
	errno = -err;
	return NULL;
}

void session__delete(struct session *s)
{
	if (!s)
		return;
	ordered_events__exit(&s->oe);
	oe_chunk__put(s->chunk);
	for (int i = 0; i < s->evlist.nr; i++) {
		struct evsel *e = s->evlist.entries[i];

		free(e->name);
		free(e->group_name);
		free(e->pmu_name);
		free(e);
	}
	free(s->evlist.entries);
	free(s->ids.keys);
	free(s->ids.vals);
	free(s->ids.read_last);
	decomp__exit(&s->dec);
	for (size_t i = 0; s->dir_decs && i < s->nr_dir_paths; i++)
		decomp__exit(&s->dir_decs[i]);
	free(s->dir_decs);
	header__exit(&s->header);
	for (size_t i = 0; i < s->nr_dir_maps; i++)
		munmap(s->dir_maps[i].base, s->dir_maps[i].size);
	free(s->dir_maps);
	for (size_t i = 0; i < s->nr_dir_paths; i++)
		free(s->dir_paths[i]);
	free(s->dir_paths);
	data__close(&s->data);
	free(s);
}

/* The feature bitmap as the file has it (the header reader may have
 * cleared it for a cut file, after its own warning). */
static bool file_has_features(const struct session *s)
{
	const struct perf_file_header *fh = (const void *)s->data.base;
	uint64_t any = 0;

	if (s->data.size < sizeof(*fh))
		return true;
	for (size_t i = 0; i < sizeof(fh->adds_features) / sizeof(fh->adds_features[0]); i++)
		any |= fh->adds_features[i];
	return any != 0;
}


/* The compressed data of a stream stopped inside a record or a zstd block */
static bool decomp__cut(const struct decomp *d)
{
	return d->ready && (d->len || zstd__mid_block(&d->zstd));
}

static bool session__zstd_cut(const struct session *s)
{
	for (size_t i = 0; s->dir_decs && i < s->nr_dir_paths; i++)
		if (decomp__cut(&s->dir_decs[i]))
			return true;
	return decomp__cut(&s->dec);
}

bool session__damaged(const struct session *s)
{
	return s->stats.nr_invalid_samples || s->stats.nr_unknown_id ||
	       s->stats.truncated_bytes || session__zstd_cut(s);
}

/* What was read but could not be used: a damaged file (or one from a
 * newer perf) says so instead of printing a smaller profile silently. */
static void session__warn_skipped(const struct session *s)
{
	const struct session_stats *st = &s->stats;

	if (st->nr_invalid_samples)
		pr_warning("%s: %" PRIu64 " sample%s shorter than the fields its event "
			   "records (damaged data): skipped\n", s->data.path,
			   st->nr_invalid_samples, st->nr_invalid_samples == 1 ? " is" : "s are");
	if (st->nr_unknown_id)
		pr_warning("%s: %" PRIu64 " sample%s to no event the file describes "
			   "(damaged attrs or ids): skipped\n", s->data.path,
			   st->nr_unknown_id, st->nr_unknown_id == 1 ? " belongs" : "s belong");
	if (session__zstd_cut(s))
		pr_warning("%s: the compressed data ends inside a record (a COMPRESSED record "
			   "was cut): the records in it are lost\n", s->data.path);
	if (st->nr_unknown_events)
		pr_warning("%s: %" PRIu64 " record%s of unknown type skipped (damaged data, "
			   "or a file from a newer perf: mperf report --stats counts them)\n",
			   s->data.path, st->nr_unknown_events, st->nr_unknown_events == 1 ? "" : "s");
}
int session__process_events(struct session *s)
{
	int err;

	if (s->header.pipe) {
		if (s->data.is_pipe)
			err = walk_stream(s);
		else
			err = walk_mapped(s, sizeof(struct perf_pipe_file_header),
					  s->data.size);
	} else {
		uint64_t start = s->header.data_offset;
		uint64_t end = start + s->header.data_size;

		if (start > s->data.size) {
			pr_warning("%s: the data section starts beyond the end of the file (truncated file?)\n",
				   s->data.path);
			start = end = s->data.size;
		}
		if (!s->header.data_size && s->data.size > start) {
			pr_warning("%s: the header was never finalized (data size 0: was the recording killed?); "
				   "reading the records up to the end of the file\n",
				   s->data.path);
			s->unfinished = true;
			end = s->data.size;
		} else if (!file_has_features(s) && end <= s->data.size) {
			/* mperf keeps the data size at the last complete
			 * round while recording; the features come last */
			char tail[64] = "";

			if (s->data.size > end)
				snprintf(tail, sizeof(tail), " (%" PRIu64 " bytes after it ignored)",
					 s->data.size - end);
			pr_warning("%s has no feature sections (was the recording killed, or its disk full?); "
				   "reading the data up to its last complete round%s\n",
				   s->data.path, tail);
		}
		if (end > s->data.size || end < start) {
			uint64_t missing = end - s->data.size;

			end = s->data.size;
			err = walk_mapped(s, start, end);
			/* the walk ended at a record boundary short of the
			 * size the header claims */
			if (!s->stats.truncated_bytes)
				warn_truncated(s, s->data.size, missing);
		} else if (s->data.dir) {
			err = walk_dir(s, start, end);
		} else {
			err = walk_mapped(s, start, end);
		}
	}
	if (!err && s->tool && s->tool->ordered_events)
		err = ordered_events__flush_all(&s->oe);
	s->stats.nr_unordered = s->oe.nr_unordered;
	session__warn_skipped(s);
	/* (not after an error: the records were counted as they were read,
	 * their losses as they were delivered, which stopped early) */
	if (!err && s->tool && s->stats.nr_events[PERF_RECORD_LOST])
		pr_warning("%s: %" PRIu64 " events were lost in %" PRIu64 " chunks while recording "
			   "(the ring buffers overflowed): the profile misses them; record with a bigger -m or a lower -F\n",
			   s->data.path, s->stats.total_lost,
			   s->stats.nr_events[PERF_RECORD_LOST]);
	return err;
}

void session__set_feature_printer(struct session *s, FILE *fp, bool full)
{
	s->feat_fp = fp;
	s->feat_full = full;
}

bool session__is_pipe(const struct session *s)
{
	return s->header.pipe;
}

const char *session__dump_path(const struct session *s)
{
	return s->dir_file;
}

const char *session__path(const struct session *s)
{
	return s->data.path;
}

struct evlist *session__evlist(struct session *s)
{
	return &s->evlist;
}

struct header *session__header(struct session *s)
{
	return &s->header;
}

struct env *session__env(struct session *s)
{
	return &s->header.env;
}

bool session__file_order(const struct session *s)
{
	return !session__is_pipe(s) && s->evlist.nr &&
	       !s->evlist.entries[0]->attr.sample_id_all;
}

bool session__kernel_samples_likely(const struct session *s, size_t window)
{
	const char *base = s->data.base;
	uint64_t off, end;

	if (s->data.is_pipe || !base)
		return true;
	if (s->header.pipe) {
		off = sizeof(struct perf_pipe_file_header);
		end = s->data.size;
	} else {
		off = s->header.data_offset;
		end = off + s->header.data_size;
		if (!s->header.data_size || end > s->data.size)
			end = s->data.size;
	}
	if (off >= end)
		return false;
	if (end - off > window)
		end = off + window;
	while (off + sizeof(struct perf_event_header) <= end) {
		struct perf_event_header h;
		uint8_t mode;

		memcpy(&h, base + off, sizeof(h));
		if (h.size < sizeof(h))
			break;
		mode = h.misc & PERF_RECORD_MISC_CPUMODE_MASK;
		if (h.type == PERF_RECORD_COMPRESSED ||
		    (h.type == PERF_RECORD_SAMPLE &&
		     (mode == PERF_RECORD_MISC_KERNEL ||
		      mode == PERF_RECORD_MISC_GUEST_KERNEL)))
			return true;
		off += h.size;
	}
	/* none in the window: a later one loads them when it comes */
	return false;
}

static int u64_cmp(const void *a, const void *b)
{
	uint64_t l = *(const uint64_t *)a, r = *(const uint64_t *)b;

	return l < r ? -1 : l > r;
}

int session__tracepoint_ids(const struct session *s, uint64_t max_bytes, uint64_t **ids,
			    size_t *nr)
{
	const char *base = s->data.base;
	uint64_t off, end, *v = NULL;
	size_t n = 0, cap = 0, i, j;

	*ids = NULL;
	*nr = 0;
	if (s->data.is_pipe || !base || s->header.pipe)
		return -1;
	off = s->header.data_offset;
	end = off + s->header.data_size;
	if (!s->header.data_size || end > s->data.size)
		end = s->data.size;
	if (off > end || end - off > max_bytes)
		return -1;
	while (off + sizeof(struct perf_event_header) <= end) {
		const union perf_event *ev = (const void *)(base + off);
		struct perf_event_header h;
		struct evsel *evsel;

		memcpy(&h, base + off, sizeof(h));
		if (h.size < sizeof(h) || h.size > end - off)
			break;
		off += h.size;
		if (h.type == PERF_RECORD_COMPRESSED)
			goto unknown;
		if (h.type != PERF_RECORD_SAMPLE)
			continue;
		/* its start is copied (the file's bytes need not be aligned):
		 * the id is among its first words */
		{
			union { union perf_event ev; uint64_t u[16]; } copy;
			size_t sz = h.size < sizeof(copy.u) ? h.size : sizeof(copy.u);

			memcpy(&copy, ev, sz);
			copy.ev.header.size = (uint16_t)sz;
			evsel = session__evsel_of((struct session *)s, &copy.ev);
		}
		if (!evsel)
			goto unknown;
		if (evsel->attr.type != PERF_TYPE_TRACEPOINT)
			continue;
		/* most samples repeat the last id */
		if (n && v[n - 1] == evsel->attr.config)
			continue;
		if (ALLOC_GROW(v, n + 1, cap, 64))
			goto unknown;
		v[n++] = evsel->attr.config;
	}
	if (n) {
		qsort(v, n, sizeof(*v), u64_cmp);
		for (i = 1, j = 1; i < n; i++)
			if (v[i] != v[j - 1])
				v[j++] = v[i];
		n = j;
	}
	*ids = v;
	*nr = n;
	return 0;
unknown:
	free(v);
	return -1;
}

const struct session_stats *session__stats(const struct session *s)
{
	return &s->stats;
}

uint64_t session__current_offset(const struct session *s)
{
	return s->cur_offset;
}

void session__set_priv(struct session *s, void *priv)
{
	s->priv = priv;
}

void *session__priv(const struct session *s)
{
	return s->priv;
}
