// SPDX-License-Identifier: GPL-2.0
/* Dispatch of report's profile outputs (see report-outputs.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "alloc.h"
#include "build-id.h"
#include "callchain.h"
#include "debug.h"
#include "diff.h"
#include "dso.h"
#include "env.h"
#include "evlist.h"
#include "evsel.h"
#include "machine.h"
#include "map.h"
#include "session.h"
#include "srcline.h"
#include "symbol.h"
#include "thread.h"
#include "flamegraph.h"
#include "folded.h"
#include "pprof.h"
#include "report-json.h"
#include "report-outputs.h"

bool report_outputs__wanted(const struct report_outputs *o)
{
	return o->folded || o->flamegraph || o->json || o->pprof || o->diff;
}

/* The event of the first sample (stackcollapse-perf shows the first one seen). */
static int first_event(const struct profile *p)
{
	if (p->first_sampled >= 0)
		return p->first_sampled;
	for (unsigned int i = 0; i < p->nr_events; i++) {
		if (p->events[i].samples)
			return i;
	}
	return -1;
}

int report_outputs__emit(const struct report_outputs *o, struct profile *p,
			 struct profile *base)
{
	int ev = first_event(p), err = 0, e;
	unsigned int with_samples = 0;

	for (unsigned int i = 0; i < p->nr_events; i++)
		with_samples += p->events[i].samples != 0;
	if (ev < 0) {
		/* as report: not an error; JSON and pprof still describe the file */
		pr_warning("%s has no samples\n", p->title ? p->title : "input");
		if (o->flamegraph || o->diff) {
			pr_err("nothing to draw or compare: %s has no samples (record with mperf record -g -- CMD)\n",
			       p->title ? p->title : "input");
			return -ENODATA;
		}
	}
	if (o->diff && !base) {
		pr_err("--diff: no base profile\n");
		return -EINVAL;
	}
	if ((o->folded || o->flamegraph) && with_samples > 1)
		pr_warning("showing the first event only ('%s'); %u events have samples\n",
			   p->events[ev].name, with_samples);
	if (o->folded && ev >= 0) {
		unsigned int flags = 0;

		if (o->folded_pid)
			flags |= FOLDED_PID;
		if (o->folded_annotate)
			flags |= FOLDED_ANNOTATE;
		if (o->folded_period)
			flags |= FOLDED_PERIOD;
		e = folded__write(p, ev, stdout, flags);
		if (e) {
			pr_err("folded output: %s\n", strerror(-e));
			err = err ? err : e;
		}
	}
	if (o->flamegraph) {
		struct flamegraph_opts fo = {
			.title = o->flamegraph_title,
			.icicle = o->flamegraph_reverse,
			.callers = o->flamegraph_callers,
			.base = o->diff ? base : NULL,
		};

		e = flamegraph__write_file(p, ev, &fo, o->flamegraph);
		if (e) {
			pr_err("cannot write flame graph %s: %s\n", o->flamegraph, strerror(-e));
			err = err ? err : e;
		} else if (strcmp(o->flamegraph, "-")) {
			pr_info("flame graph written to %s (open it in a browser)\n", o->flamegraph);
		}
	}
	if (o->diff && !o->flamegraph) {
		e = diff__print(p, ev, base, 0.0, stdout);
		if (e) {
			pr_err("diff against %s: %s\n", o->diff, strerror(-e));
			err = err ? err : e;
		}
	}
	if (o->json) {
		struct report_json_opts jo = {
			.pretty = o->json_pretty,
			.no_stacks = o->json_no_stacks,
		};

		e = report_json__write(p, &jo, stdout);
		if (e) {
			pr_err("JSON output: %s\n", strerror(-e));
			err = err ? err : e;
		}
	}
	if (o->pprof) {
		e = pprof__write_file(p, o->pprof);
		if (e) {
			pr_err("cannot write pprof profile %s: %s\n", o->pprof, strerror(-e));
			err = err ? err : e;
		} else if (strcmp(o->pprof, "-")) {
			pr_info("pprof profile written to %s (go tool pprof -top %s)\n",
				o->pprof, o->pprof);
		}
	}
	fflush(stdout);
	return err;
}

/* ---- building a profile from a perf.data file ----------------------------- */

struct profile_builder {
	struct tool tool;		/* first: the session hands us &tool */
	struct machine *machine;
	struct profile *profile;
	struct callchain_cursor cursor;
	struct profile_frame_desc *descs;
	uint32_t alloc_descs, nr_descs;
	int max_stack;
	const struct symbol_opts *symopts;
	bool srclines;			/* look up file:line (pprof, JSON) */
	bool inlines;			/* expand inline chains (--inline-frames; off by
					 * default: perf script shows none for fp chains) */
	struct {
		const struct evsel *evsel;
		int idx;
	} evmap[16];
	unsigned int nr_evmap;
	/* the last dso's hex build-id, interned in the profile */
	const struct dso *bid_dso;
	const char *bid_hex;
};

static int builder__event_idx(struct profile_builder *b, const struct evsel *evsel)
{
	int idx;

	for (unsigned int i = 0; i < b->nr_evmap; i++) {
		if (b->evmap[i].evsel == evsel)
			return b->evmap[i].idx;
	}
	idx = profile__event(b->profile, evsel && evsel->name ? evsel->name : "unknown");
	if (idx >= 0 && b->nr_evmap < ARRAY_SIZE(b->evmap)) {
		b->evmap[b->nr_evmap].evsel = evsel;
		b->evmap[b->nr_evmap++].idx = idx;
	}
	return idx;
}

static struct profile_frame_desc *builder__desc(struct profile_builder *b)
{
	if (ALLOC_GROW(b->descs, b->nr_descs + 1, b->alloc_descs, 256))
		return NULL;
	memset(&b->descs[b->nr_descs], 0, sizeof(b->descs[0]));
	return &b->descs[b->nr_descs++];
}

static const char *builder__build_id(struct profile_builder *b, struct dso *dso)
{
	if (!dso)
		return NULL;
	if (b->bid_dso != dso) {
		char hex[2 * BUILD_ID_MAX + 1];
		struct build_id bid = dso->bid;

		/*
		 * perf records build-ids of the objects that got samples only;
		 * for the others (callers in libc, say) read the note of the
		 * file symbols came from, once per dso.
		 */
		if (!bid.size && dso->kind == DSO_KIND_USER) {
			const char *path = dso__symsrc(dso, b->symopts);

			if (!path || filename__read_build_id(path, &bid) < 0)
				bid.size = 0;
			if (bid.size)
				dso__set_build_id(dso, &bid);
		}
		if (!bid.size || build_id__snprintf(&bid, hex, sizeof(hex)) < 0) {
			b->bid_dso = dso;
			b->bid_hex = NULL;
			return NULL;
		}
		/* interned: the frame descs of one sample may span many dsos */
		b->bid_hex = profile__intern(b->profile, hex);
		b->bid_dso = dso;
	}
	return b->bid_hex;
}

/* "file.c:42" -> srcfile/line; other forms ("sym+off", "??:0") are not lines */
static void builder__srcline(struct profile_builder *b, struct profile_frame_desc *d,
			     struct dso *dso, struct symbol *sym, uint64_t addr)
{
	const char *sl, *colon;
	char *end, buf[1024];
	size_t size = sizeof(buf);
	unsigned long line;

	if (!b->srclines || !dso || !sym)
		return;
	sl = srcline__line(b->machine, dso, sym, addr);
	colon = sl ? strrchr(sl, ':') : NULL;
	if (!colon || colon == sl || !strncmp(sl, "??", 2))
		return;
	line = strtoul(colon + 1, &end, 10);
	if (*end || !line || (size_t)(colon - sl) >= size)
		return;
	memcpy(buf, sl, colon - sl);
	buf[colon - sl] = '\0';
	/* interned in the profile: the desc outlives this buffer */
	d->srcfile = profile__intern(b->profile, buf);
	d->line = d->srcfile ? line : 0;
}

/*
 * One resolved address -> frames. With debug info, the inline chain at the
 * address comes first (innermost first): every function of it whose name
 * differs from the ELF symbol is an inlined frame, as perf script shows
 * them ("(inlined)").
 */
static int builder__add_frames(struct profile_builder *b, uint64_t ip, uint64_t addr,
			       struct map *map, struct dso *dso, struct symbol *sym, char level)
{
	const char *inl[16];
	int n = 0;
	struct profile_frame_desc *d;
	enum profile_frame_kind kind = level == 'k' ? PROFILE_FRAME_KERNEL : PROFILE_FRAME_USER;
	const char *bid = builder__build_id(b, dso);

	if (b->inlines && dso && sym && kind == PROFILE_FRAME_USER)
		n = srcline__inlines(b->machine, dso, addr, inl, ARRAY_SIZE(inl));
	/*
	 * Keep the inlined ones (innermost first); the ELF symbol follows as
	 * the physical frame. A NULL name is "the containing function".
	 */
	while (n > 0 && (!inl[n - 1] || !strcmp(inl[n - 1], sym->name)))
		n--;
	for (int i = 0; i < n; i++) {
		if (!inl[i] || (i && inl[i] == inl[i - 1]))
			continue;
		d = builder__desc(b);
		if (!d)
			return -ENOMEM;
		d->name = inl[i];
		d->sym = sym->name;
		d->kind = PROFILE_FRAME_INLINED;
		d->dso = dso->long_name;
		d->addr = ip;
		d->build_id = bid;
		if (map) {
			d->map_start = map->start;
			d->map_end = map->end;
			d->map_pgoff = map->pgoff;
		}
		/* the source line belongs to the innermost function */
		if (!i)
			builder__srcline(b, d, dso, sym, addr);
	}
	d = builder__desc(b);
	if (!d)
		return -ENOMEM;
	d->name = sym ? sym->name : NULL;
	d->kind = kind;
	d->dso = dso ? dso->long_name : NULL;
	d->addr = ip;
	d->build_id = bid;
	if (map) {
		d->map_start = map->start;
		d->map_end = map->end;
		d->map_pgoff = map->pgoff;
	}
	if (!n)
		builder__srcline(b, d, dso, sym, addr);
	return 0;
}

static int builder__sample(struct tool *tool, const union perf_event *event,
			   const struct perf_sample *sample, struct evsel *evsel,
			   struct session *session)
{
	struct profile_builder *b = (struct profile_builder *)tool;
	struct addr_location al = { 0 };
	uint64_t period = sample->period;
	int ev, err;

	/* -c N recordings carry no PERIOD: every sample is worth N (as report) */
	if (evsel && !(evsel->attr.sample_type & PERF_SAMPLE_PERIOD))
		period = evsel->attr.freq ? 1 : evsel->attr.sample_period;
	if (!period)
		period = 1;

	if (machine__resolve(b->machine, sample, &al) < 0)
		return -ENOMEM;
	if (sample->time) {
		if (!b->profile->first_time || sample->time < b->profile->first_time)
			b->profile->first_time = sample->time;
		if (sample->time > b->profile->last_time)
			b->profile->last_time = sample->time;
	}
	ev = builder__event_idx(b, evsel);
	if (ev < 0)
		return ev;
	err = machine__resolve_callchain(b->machine, al.thread, sample, &b->cursor, b->max_stack);
	if (err)
		return err;
	b->nr_descs = 0;
	if (!b->cursor.nr) {
		err = builder__add_frames(b, al.ip, al.addr, al.map, al.dso, al.sym, al.level);
	} else {
		for (uint32_t i = 0; i < b->cursor.nr && !err; i++) {
			const struct callchain_cursor_node *c = &b->cursor.nodes[i];

			err = builder__add_frames(b, c->ip, c->addr, c->map, c->dso, c->sym,
						  c->level);
		}
	}
	if (!err)
		err = profile__add_sample(b->profile, ev, al.comm, al.thread ? al.thread->pid : -1,
					  b->descs, b->nr_descs, period);
	return err;
}

static int builder__event(struct tool *tool, const union perf_event *event,
			  const struct perf_sample *sample, struct session *session)
{
	struct profile_builder *b = (struct profile_builder *)tool;
	int err = machine__process_event(b->machine, event, sample);

	return err == -EINVAL ? 0 : err;	/* a malformed record is skipped */
}

struct profile *profile__from_file(const char *input, const struct symbol_opts *symopts,
				   int max_stack, unsigned int flags)
{
	struct profile_builder b = {
		.tool = {
			.sample = builder__sample,
			.event = builder__event,
			.ordered_events = true,
		},
		.max_stack = max_stack > 0 ? max_stack : 127,
		.symopts = symopts,
		.srclines = flags & PROFILE_READ_SRCLINES,
		.inlines = flags & PROFILE_READ_INLINES,
	};
	struct session *session;
	struct profile *p = NULL;
	int err;

	session = session__new(input, &b.tool);
	if (!session)
		return NULL;	/* session__new printed why */
	b.machine = machine__new(symopts);
	b.profile = profile__new();
	if (!b.machine || !b.profile || profile__set_title(b.profile, input)) {
		pr_err("out of memory reading %s\n", input);
		goto out;
	}
	b.machine->env = session__env(session);
	machine__set_env_build_ids(b.machine, session__env(session));
	/* events in the file's order (pipe mode: they come with the records) */
	{
		struct evlist *el = session__evlist(session);

		for (int i = 0; el && i < el->nr; i++)
			builder__event_idx(&b, el->entries[i]);
	}
	err = session__process_events(session);
	if (err < 0) {
		pr_err("reading %s failed: %s\n", input, strerror(-err));
		goto out;
	}
	p = b.profile;
	b.profile = NULL;
out:
	profile__delete(b.profile);
	callchain_cursor__exit(&b.cursor);
	free(b.descs);
	if (b.machine)
		machine__delete(b.machine);
	session__delete(session);
	return p;
}

int report_outputs__run(const struct report_outputs *o, const char *input,
			const struct symbol_opts *symopts, int max_stack)
{
	unsigned int flags = (o->pprof || o->json ? PROFILE_READ_SRCLINES : 0) |
			     (o->inline_frames ? PROFILE_READ_INLINES : 0);
	struct profile *p, *base = NULL;
	int err;

	p = profile__from_file(input, symopts, max_stack, flags);
	if (!p)
		return -EIO;
	if (o->diff) {
		base = profile__from_file(o->diff, symopts, max_stack,
					  flags & ~PROFILE_READ_SRCLINES);
		if (!base) {
			profile__delete(p);
			return -EIO;
		}
	}
	err = report_outputs__emit(o, p, base);
	profile__delete(base);
	profile__delete(p);
	return err;
}
