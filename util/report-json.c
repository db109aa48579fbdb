// SPDX-License-Identifier: GPL-2.0
/* The `mperf report --json` document (see report-json.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "json.h"
#include "report-json.h"

#define JSTR(w, key, val) do {						\
		char _b[4096];						\
		json__string(w, key, profile__utf8_clean(val, _b, sizeof(_b)));	\
	} while (0)

static bool has_callchains(const struct profile *p, int event)
{
	for (uint32_t i = 0; i < p->nr_stacks; i++) {
		const struct profile_stack *s = p->stacks[i];

		if ((int)s->event == event && s->nr > 1)
			return true;
	}
	return false;
}

static double pct(uint64_t v, uint64_t total)
{
	return total ? 100.0 * v / total : 0.0;
}

static int write_event(struct json_writer *w, struct profile *p, int ev,
		       const struct report_json_opts *o)
{
	const struct profile_event *e = &p->events[ev];
	struct profile_entry *ents;
	bool cc = has_callchains(p, ev);
	int n = profile__entries(p, ev, 0, &ents);

	if (n < 0)
		return n;
	json__begin_object(w, NULL);
	JSTR(w, "name", e->name);
	json__string(w, "unit", e->time_based ? "nanoseconds" : "count");
	json__u64(w, "samples", e->samples);
	json__u64(w, "period", e->period);
	json__bool(w, "callchains", cc);
	json__begin_array(w, "entries");
	for (int i = 0; i < n; i++) {
		const struct profile_entry *en = &ents[i];
		double self = pct(en->self_period, e->period);
		double children = pct(en->children_period, e->period);

		if (o->percent_limit > 0 && self < o->percent_limit &&
		    (!cc || children < o->percent_limit))
			continue;
		if (!cc && !en->self_samples)
			continue;
		json__begin_object(w, NULL);
		JSTR(w, "comm", en->comm);
		JSTR(w, "dso", profile__dso_short(en->dso));
		JSTR(w, "dso_path", en->dso);
		JSTR(w, "symbol", en->sym);
		json__string(w, "kind", profile_frame_kind__name(en->kind));
		json__double(w, "overhead", self, 2);
		if (cc)
			json__double(w, "children", children, 2);
		json__u64(w, "samples", en->self_samples);
		json__u64(w, "period", en->self_period);
		if (cc) {
			json__u64(w, "children_samples", en->children_samples);
			json__u64(w, "children_period", en->children_period);
		}
		json__end_object(w);
	}
	json__end_array(w);
	free(ents);
	if (!o->no_stacks) {
		json__begin_array(w, "stacks");
		for (uint32_t i = 0; i < p->nr_stacks; i++) {
			const struct profile_stack *s = p->stacks[i];

			if ((int)s->event != ev)
				continue;
			json__begin_object(w, NULL);
			JSTR(w, "comm", s->comm);
			json__i64(w, "pid", s->pid);
			json__u64(w, "samples", s->samples);
			json__u64(w, "period", s->period);
			json__begin_array(w, "frames");
			for (uint32_t j = 0; j < s->nr; j++)
				json__u64(w, NULL, s->frames[j]->idx);
			json__end_array(w);
			json__end_object(w);
		}
		json__end_array(w);
	}
	json__end_object(w);
	return 0;
}

int report_json__write(struct profile *p, const struct report_json_opts *opts, FILE *f)
{
	struct report_json_opts defaults = { 0 };
	struct json_writer w;
	int err = 0;

	if (!opts)
		opts = &defaults;
	profile__sort_stacks(p);
	json__init(&w, f, opts->pretty);
	json__begin_object(&w, NULL);
	json__string(&w, "schema", "mperf-report");
	json__u64(&w, "version", REPORT_JSON_VERSION);
	JSTR(&w, "input", p->title);
	json__begin_array(&w, "events");
	/* events without samples (perf's dummy tracking event) are left out */
	for (unsigned int ev = 0; ev < p->nr_events && !err; ev++) {
		if (p->events[ev].samples)
			err = write_event(&w, p, ev, opts);
	}
	json__end_array(&w);
	if (!opts->no_stacks && !err) {
		json__begin_array(&w, "frames");
		for (uint32_t i = 0; i < p->nr_frames; i++) {
			const struct profile_frame *fr = p->frames[i];
			char src[4200];

			json__begin_object(&w, NULL);
			JSTR(&w, "name", fr->display);
			JSTR(&w, "dso", fr->dso);
			json__string(&w, "kind", profile_frame_kind__name(fr->kind));
			json__u64(&w, "addr", fr->addr);
			if (fr->srcfile) {
				snprintf(src, sizeof(src), "%s:%u", fr->srcfile, fr->line);
				JSTR(&w, "srcline", src);
			} else {
				json__null(&w, "srcline");
			}
			json__string(&w, "build_id", fr->build_id);
			json__end_object(&w);
		}
		json__end_array(&w);
	}
	json__end_object(&w);
	if (!err && ferror(f))
		err = -EIO;
	return err;
}
