// SPDX-License-Identifier: GPL-2.0
/*
 * profile.proto writer (see pprof.h). Field numbers are those of
 * perftools.profiles.Profile; the protobuf wire format needs only varints
 * (wire type 0) and length-delimited fields (wire type 2) here.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "alloc.h"
#include "pprof.h"

/* Profile */
#define PROFILE_SAMPLE_TYPE	1
#define PROFILE_SAMPLE		2
#define PROFILE_MAPPING		3
#define PROFILE_LOCATION	4
#define PROFILE_FUNCTION	5
#define PROFILE_STRING_TABLE	6
#define PROFILE_DURATION_NANOS	10
#define PROFILE_PERIOD_TYPE	11
#define PROFILE_PERIOD		12
#define PROFILE_COMMENT		13
#define PROFILE_DEFAULT_SAMPLE_TYPE 14
/* ValueType */
#define VALUETYPE_TYPE		1
#define VALUETYPE_UNIT		2
/* Sample */
#define SAMPLE_LOCATION_ID	1
#define SAMPLE_VALUE		2
#define SAMPLE_LABEL		3
/* Label */
#define LABEL_KEY		1
#define LABEL_STR		2
#define LABEL_NUM		3
/* Mapping */
#define MAPPING_ID		1
#define MAPPING_MEMORY_START	2
#define MAPPING_MEMORY_LIMIT	3
#define MAPPING_FILE_OFFSET	4
#define MAPPING_FILENAME	5
#define MAPPING_BUILD_ID	6
#define MAPPING_HAS_FUNCTIONS	7
#define MAPPING_HAS_FILENAMES	8
#define MAPPING_HAS_LINE_NUMBERS 9
#define MAPPING_HAS_INLINE_FRAMES 10
/* Location */
#define LOCATION_ID		1
#define LOCATION_MAPPING_ID	2
#define LOCATION_ADDRESS	3
#define LOCATION_LINE		4
/* Line */
#define LINE_FUNCTION_ID	1
#define LINE_LINE		2
/* Function */
#define FUNCTION_ID		1
#define FUNCTION_NAME		2
#define FUNCTION_SYSTEM_NAME	3
#define FUNCTION_FILENAME	4

#define ARRAY_SIZE_PPROF(a) (sizeof(a) / sizeof((a)[0]))

#define WIRE_VARINT		0
#define WIRE_LEN		2

/* ---- protobuf writer ---------------------------------------------------- */

void pb__varint(struct bytebuf *b, uint64_t v)
{
	unsigned char tmp[10];
	size_t n = 0;

	do {
		tmp[n] = v & 0x7f;
		v >>= 7;
		if (v)
			tmp[n] |= 0x80;
		n++;
	} while (v);
	bytebuf__put(b, tmp, n);
}

static void pb__tag(struct bytebuf *b, unsigned int field, unsigned int wire)
{
	pb__varint(b, ((uint64_t)field << 3) | wire);
}

void pb__uint(struct bytebuf *b, unsigned int field, uint64_t v)
{
	if (!v)		/* proto3: zero is the default and is not written */
		return;
	pb__tag(b, field, WIRE_VARINT);
	pb__varint(b, v);
}

void pb__bytes(struct bytebuf *b, unsigned int field, const void *data, size_t len)
{
	pb__tag(b, field, WIRE_LEN);
	pb__varint(b, len);
	bytebuf__put(b, data, len);
}

void pb__packed(struct bytebuf *b, unsigned int field, const uint64_t *v, size_t n)
{
	struct bytebuf tmp = { 0 };

	if (!n)
		return;
	for (size_t i = 0; i < n; i++)
		pb__varint(&tmp, v[i]);
	if (tmp.err)
		b->err = tmp.err;
	pb__bytes(b, field, tmp.p, tmp.len);
	free(tmp.p);
}

/* Append a finished sub-message @m as field @field of @b and reset @m. */
static void pb__message(struct bytebuf *b, unsigned int field, struct bytebuf *m)
{
	if (m->err)
		b->err = m->err;
	pb__bytes(b, field, m->p, m->len);
	m->len = 0;
}

/* ---- id maps: a tuple of u64 -> dense id (1-based) ------------------------ */

struct tmap_entry {
	uint32_t n;
	uint64_t *key;
};

struct tmap {
	struct tmap_entry *ents;	/* ents[id - 1] */
	uint32_t nr, alloc;
	uint32_t *slots;		/* id, 0 = empty */
	size_t size;
};

static uint64_t tmap__hash(const uint64_t *k, uint32_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL ^ n;

	for (uint32_t i = 0; i < n; i++) {
		h ^= k[i];
		h *= 0x100000001b3ULL;
		h ^= h >> 29;
	}
	return h;
}

static int tmap__grow(struct tmap *m)
{
	size_t ns = m->size ? m->size * 2 : 1024;
	uint32_t *nslots = calloc(ns, sizeof(*nslots));

	if (!nslots)
		return -ENOMEM;
	for (uint32_t id = 1; id <= m->nr; id++) {
		const struct tmap_entry *e = &m->ents[id - 1];
		size_t j = tmap__hash(e->key, e->n) & (ns - 1);

		while (nslots[j])
			j = (j + 1) & (ns - 1);
		nslots[j] = id;
	}
	free(m->slots);
	m->slots = nslots;
	m->size = ns;
	return 0;
}

/* The id of @key, added when new (*added set). 0 on ENOMEM. */
static uint32_t tmap__id(struct tmap *m, const uint64_t *key, uint32_t n, bool *added)
{
	size_t j;

	*added = false;
	if ((m->nr + 1) * 2 > m->size && tmap__grow(m))
		return 0;
	for (j = tmap__hash(key, n) & (m->size - 1); m->slots[j]; j = (j + 1) & (m->size - 1)) {
		const struct tmap_entry *e = &m->ents[m->slots[j] - 1];

		if (e->n == n && !memcmp(e->key, key, n * sizeof(*key)))
			return m->slots[j];
	}
	if (ALLOC_GROW(m->ents, m->nr + 1, m->alloc, 256))
		return 0;
	m->ents[m->nr].key = malloc(n * sizeof(*key) + 1);
	if (!m->ents[m->nr].key)
		return 0;
	memcpy(m->ents[m->nr].key, key, n * sizeof(*key));
	m->ents[m->nr].n = n;
	m->slots[j] = ++m->nr;
	*added = true;
	return m->nr;
}

static void tmap__exit(struct tmap *m)
{
	for (uint32_t i = 0; i < m->nr; i++)
		free(m->ents[i].key);
	free(m->ents);
	free(m->slots);
}

/* ---- the encoder -------------------------------------------------------- */

struct pprof_enc {
	struct profile *p;
	struct tmap strings;		/* interned pointer -> index + 1 */
	struct bytebuf strtab;	/* encoded string_table fields */
	struct tmap mappings, functions, locations;
	struct bytebuf funcbuf, locbuf;
	struct bytebuf ftmp, ltmp, lntmp, vtmp, mtmp;	/* one per message kind */
	/* per mapping id - 1: a frame of the mapping and the has_* flags */
	const struct profile_frame **mapframe;
	unsigned char *mapflags;
	uint32_t mapflags_alloc;
};

enum { MF_FUNCS = 1, MF_FILES = 2, MF_LINES = 4, MF_INLINE = 8 };

static int64_t enc__str(struct pprof_enc *e, const char *s)
{
	uint64_t key;
	bool added;
	uint32_t id;

	char clean[4096];

	if (!s || !*s)
		return 0;
	/* protobuf strings are UTF-8 */
	s = profile__intern(e->p, profile__utf8_clean(s, clean, sizeof(clean)));
	if (!s)
		return -ENOMEM;
	key = (uintptr_t)s;
	id = tmap__id(&e->strings, &key, 1, &added);
	if (!id)
		return -ENOMEM;
	if (added)
		pb__bytes(&e->strtab, PROFILE_STRING_TABLE, s, strlen(s));
	return id;	/* index 0 is "" */
}

static uint32_t enc__mapping(struct pprof_enc *e, const struct profile_frame *f)
{
	uint64_t key[3] = { (uintptr_t)f->dso, f->map_start, (uintptr_t)f->build_id };
	bool added;
	uint32_t id = tmap__id(&e->mappings, key, 3, &added);

	if (!id)
		return 0;
	if (id > e->mapflags_alloc) {
		uint32_t na = e->mapflags_alloc ? e->mapflags_alloc * 2 : 64;
		unsigned char *nf = realloc(e->mapflags, na);
		const struct profile_frame **nm;

		if (!nf)
			return 0;
		e->mapflags = nf;
		nm = realloc(e->mapframe, na * sizeof(*nm));
		if (!nm)
			return 0;
		e->mapframe = nm;
		memset(nf + e->mapflags_alloc, 0, na - e->mapflags_alloc);
		e->mapflags_alloc = na;
	}
	if (added)
		e->mapframe[id - 1] = f;
	if (!f->unresolved)
		e->mapflags[id - 1] |= MF_FUNCS;
	if (f->srcfile)
		e->mapflags[id - 1] |= MF_FILES;
	if (f->line)
		e->mapflags[id - 1] |= MF_LINES;
	return id;
}

/* The Mapping messages, once every frame has been seen (for the has_* flags). */
static void enc__mappings(struct pprof_enc *e, struct bytebuf *out)
{
	struct bytebuf *m = &e->mtmp;

	for (uint32_t id = 1; id <= e->mappings.nr; id++) {
		const struct profile_frame *f = e->mapframe[id - 1];
		unsigned char fl = e->mapflags[id - 1];
		int64_t fname = enc__str(e, f->dso), bid = enc__str(e, f->build_id);

		pb__uint(m, MAPPING_ID, id);
		pb__uint(m, MAPPING_MEMORY_START, f->map_start);
		pb__uint(m, MAPPING_MEMORY_LIMIT, f->map_end);
		pb__uint(m, MAPPING_FILE_OFFSET, f->map_pgoff);
		pb__uint(m, MAPPING_FILENAME, fname);
		pb__uint(m, MAPPING_BUILD_ID, bid);
		pb__uint(m, MAPPING_HAS_FUNCTIONS, !!(fl & MF_FUNCS));
		pb__uint(m, MAPPING_HAS_FILENAMES, !!(fl & MF_FILES));
		pb__uint(m, MAPPING_HAS_LINE_NUMBERS, !!(fl & MF_LINES));
		pb__uint(m, MAPPING_HAS_INLINE_FRAMES, !!(fl & MF_INLINE));
		pb__message(out, PROFILE_MAPPING, m);
	}
}

static uint32_t enc__function(struct pprof_enc *e, const struct profile_frame *f)
{
	const char *name;
	uint64_t key[2];
	bool added;
	uint32_t id;

	name = f->display;
	key[0] = (uintptr_t)name;
	key[1] = (uintptr_t)f->srcfile;
	id = tmap__id(&e->functions, key, 2, &added);
	if (id && added) {
		struct bytebuf *m = &e->ftmp;
		int64_t sname = enc__str(e, name);
		int64_t sfile = enc__str(e, f->srcfile);

		pb__uint(m, FUNCTION_ID, id);
		pb__uint(m, FUNCTION_NAME, sname);
		pb__uint(m, FUNCTION_SYSTEM_NAME, sname);
		pb__uint(m, FUNCTION_FILENAME, sfile);
		pb__message(&e->funcbuf, PROFILE_FUNCTION, m);
	}
	return id;
}

/*
 * The location of frames[0..n): frames[n-1] is the physical frame, the
 * ones before it are inlined into it at the same address.
 */
static uint32_t enc__location(struct pprof_enc *e, struct profile_frame **frames, uint32_t n)
{
	uint64_t key[64];
	bool added;
	uint32_t id;

	if (n > ARRAY_SIZE_PPROF(key))
		n = ARRAY_SIZE_PPROF(key);
	for (uint32_t i = 0; i < n; i++)
		key[i] = frames[i]->idx;
	id = tmap__id(&e->locations, key, n, &added);
	if (id && added) {
		const struct profile_frame *phys = frames[n - 1];
		struct bytebuf *m = &e->ltmp;
		uint32_t mid = enc__mapping(e, phys);

		if (mid && n > 1)
			e->mapflags[mid - 1] |= MF_INLINE;

		pb__uint(m, LOCATION_ID, id);
		pb__uint(m, LOCATION_MAPPING_ID, mid);
		pb__uint(m, LOCATION_ADDRESS, phys->addr);
		for (uint32_t i = 0; i < n; i++) {
			struct bytebuf *l = &e->lntmp;
			uint32_t fid;

			fid = enc__function(e, frames[i]);
			pb__uint(l, LINE_FUNCTION_ID, fid);
			pb__uint(l, LINE_LINE, frames[i]->line);
			pb__message(m, LOCATION_LINE, l);
		}
		pb__message(&e->locbuf, PROFILE_LOCATION, m);
	}
	return id;
}

static void enc__value_type(struct pprof_enc *e, struct bytebuf *out, unsigned int field,
			    const char *type, const char *unit)
{
	struct bytebuf *m = &e->vtmp;
	int64_t t = enc__str(e, type), u = enc__str(e, unit);

	pb__uint(m, VALUETYPE_TYPE, t);
	pb__uint(m, VALUETYPE_UNIT, u);
	pb__message(out, field, m);
}

int pprof__encode(struct profile *p, struct bytebuf *out)
{
	struct pprof_enc e = { .p = p };
	struct bytebuf samples = { 0 }, sm = { 0 }, label = { 0 };
	uint64_t *locs = NULL, *vals;
	int *slot, nslots = 0;
	uint32_t locs_alloc = 0;
	int err;
	char name[600];

	/* events without samples (perf's dummy tracking event) get no values */
	slot = calloc(p->nr_events ? p->nr_events : 1, sizeof(*slot));
	vals = calloc(2 * (p->nr_events ? p->nr_events : 1), sizeof(*vals));
	if (!vals || !slot) {
		free(vals);
		free(slot);
		return -ENOMEM;
	}
	for (unsigned int i = 0; i < p->nr_events; i++)
		slot[i] = p->events[i].samples ? nslots++ : -1;
	/* string_table[0] must be "" */
	pb__bytes(&e.strtab, PROFILE_STRING_TABLE, "", 0);

	for (unsigned int i = 0; i < p->nr_events; i++) {
		const struct profile_event *ev = &p->events[i];

		if (slot[i] < 0)
			continue;
		snprintf(name, sizeof(name), "%s_samples", ev->name);
		enc__value_type(&e, out, PROFILE_SAMPLE_TYPE, name, "count");
		enc__value_type(&e, out, PROFILE_SAMPLE_TYPE, ev->name,
				ev->time_based ? "nanoseconds" : "count");
	}

	for (uint32_t i = 0; i < p->nr_stacks; i++) {
		const struct profile_stack *s = p->stacks[i];
		uint32_t nl = 0, start = 0;

		if (slot[s->event] < 0)
			continue;

		if (s->nr > locs_alloc) {
			uint64_t *nlocs = realloc(locs, s->nr * sizeof(*locs));

			if (!nlocs) {
				err = -ENOMEM;
				goto out;
			}
			locs = nlocs;
			locs_alloc = s->nr;
		}
		/* group inlined frames with the physical frame at their address */
		for (uint32_t j = 0; j < s->nr; j++) {
			const struct profile_frame *f = s->frames[j];
			bool last = j + 1 == s->nr;

			if (f->kind == PROFILE_FRAME_INLINED && !last &&
			    s->frames[j + 1]->addr == f->addr)
				continue;
			locs[nl] = enc__location(&e, &s->frames[start], j - start + 1);
			if (!locs[nl]) {
				err = -ENOMEM;
				goto out;
			}
			nl++;
			start = j + 1;
		}
		memset(vals, 0, 2 * p->nr_events * sizeof(*vals));
		vals[2 * slot[s->event]] = s->samples;
		vals[2 * slot[s->event] + 1] = s->period;
		pb__packed(&sm, SAMPLE_LOCATION_ID, locs, nl);
		pb__packed(&sm, SAMPLE_VALUE, vals, 2 * nslots);
		pb__uint(&label, LABEL_KEY, enc__str(&e, "comm"));
		pb__uint(&label, LABEL_STR, enc__str(&e, s->comm));
		pb__message(&sm, SAMPLE_LABEL, &label);
		pb__uint(&label, LABEL_KEY, enc__str(&e, "pid"));
		pb__uint(&label, LABEL_NUM, (uint64_t)(int64_t)s->pid);
		pb__message(&sm, SAMPLE_LABEL, &label);
		pb__message(&samples, PROFILE_SAMPLE, &sm);
	}

	bytebuf__put(out, samples.p, samples.len);
	enc__mappings(&e, out);
	bytebuf__put(out, e.locbuf.p, e.locbuf.len);
	bytebuf__put(out, e.funcbuf.p, e.funcbuf.len);
	for (unsigned int i = 0; i < p->nr_events; i++) {
		const struct profile_event *ev = &p->events[i];

		if (slot[i] < 0)
			continue;
		uint64_t period = ev->samples ? ev->period / ev->samples : 0;
		int64_t dst = enc__str(&e, ev->name);

		enc__value_type(&e, out, PROFILE_PERIOD_TYPE, ev->name,
				ev->time_based ? "nanoseconds" : "count");
		pb__uint(out, PROFILE_PERIOD, period);
		pb__uint(out, PROFILE_DEFAULT_SAMPLE_TYPE, dst);
		break;	/* the first event with samples */
	}
	if (p->last_time > p->first_time)
		pb__uint(out, PROFILE_DURATION_NANOS, p->last_time - p->first_time);
	if (p->title) {
		snprintf(name, sizeof(name), "mperf report -i %s", p->title);
		pb__uint(out, PROFILE_COMMENT, enc__str(&e, name));
	}
	bytebuf__put(out, e.strtab.p, e.strtab.len);
	err = out->err ? out->err : samples.err ? samples.err : e.mtmp.err ? e.mtmp.err :
	      e.locbuf.err ? e.locbuf.err : e.funcbuf.err ? e.funcbuf.err : e.strtab.err;
out:
	free(vals);
	free(slot);
	free(locs);
	free(samples.p);
	free(sm.p);
	free(label.p);
	free(e.strtab.p);
	free(e.funcbuf.p);
	free(e.locbuf.p);
	free(e.ftmp.p);
	free(e.ltmp.p);
	free(e.lntmp.p);
	free(e.vtmp.p);
	free(e.mtmp.p);
	free(e.mapflags);
	free(e.mapframe);
	tmap__exit(&e.strings);
	tmap__exit(&e.mappings);
	tmap__exit(&e.functions);
	tmap__exit(&e.locations);
	return err;
}

int pprof__gzip(const unsigned char *in, size_t len, struct bytebuf *out)
{
	z_stream zs = { 0 };
	uLong bound;
	int ret;

	/* windowBits 15 + 16: a gzip header and trailer instead of zlib's */
	if (deflateInit2(&zs, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8,
			 Z_DEFAULT_STRATEGY) != Z_OK)
		return -ENOMEM;
	bound = deflateBound(&zs, len) + 32;
	out->p = malloc(bound);
	if (!out->p) {
		deflateEnd(&zs);
		return -ENOMEM;
	}
	out->cap = bound;
	zs.next_in = (unsigned char *)in;
	zs.avail_in = len;
	zs.next_out = out->p;
	zs.avail_out = bound;
	ret = deflate(&zs, Z_FINISH);
	out->len = bound - zs.avail_out;
	deflateEnd(&zs);
	return ret == Z_STREAM_END ? 0 : -EIO;
}

int pprof__write_file(struct profile *p, const char *path)
{
	struct bytebuf raw = { 0 }, gz = { 0 };
	FILE *f;
	int err;

	err = pprof__encode(p, &raw);
	if (!err)
		err = pprof__gzip(raw.p, raw.len, &gz);
	free(raw.p);
	if (err)
		goto out;
	f = strcmp(path, "-") ? fopen(path, "wb") : stdout;
	if (!f) {
		err = -errno;
		goto out;
	}
	if (fwrite(gz.p, 1, gz.len, f) != gz.len)
		err = -EIO;
	if (f != stdout) {
		if (fclose(f) && !err)
			err = -errno;
	} else if (fflush(f) && !err) {
		err = -errno;
	}
out:
	free(gz.p);
	return err;
}
