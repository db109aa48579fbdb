// SPDX-License-Identifier: GPL-2.0
/* Dispatch of report's profile outputs (see report-outputs.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "debug.h"
#include "diff.h"
#include "flamegraph.h"
#include "folded.h"
#include "pprof.h"
#include "report-json.h"
#include "report-outputs.h"

bool report_outputs__wanted(const struct report_outputs *o)
{
	return o->folded || o->flamegraph || o->json || o->pprof || o->diff;
}

/* The first event with samples (stackcollapse-perf shows the first one seen). */
static int first_event(const struct profile *p)
{
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
		pr_err("%s: no samples to show\n", p->title ? p->title : "input");
		return -ENODATA;
	}
	if (o->diff && !base) {
		pr_err("--diff: no base profile\n");
		return -EINVAL;
	}
	if ((o->folded || o->flamegraph) && with_samples > 1)
		pr_warning("showing the first event only ('%s'); %u events have samples\n",
			   p->events[ev].name, with_samples);
	if (o->folded) {
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
