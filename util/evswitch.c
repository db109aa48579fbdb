// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <string.h>
#include "debug.h"
#include "evswitch.h"
#include "evlist.h"
#include "evsel.h"

static const struct evsel *evswitch__find(const struct evlist *el, const char *name)
{
	for (int i = 0; el && i < el->nr; i++)
		if (el->entries[i]->name && !strcmp(el->entries[i]->name, name))
			return el->entries[i];
	return NULL;
}

int evswitch__init(struct evswitch *sw, const struct evlist *el, const char *tool)
{
	const char *missing = NULL;

	sw->ready = true;
	if (sw->on_name) {
		sw->on = evswitch__find(el, sw->on_name);
		if (!sw->on)
			missing = sw->on_name;
	}
	if (sw->off_name && !missing) {
		sw->off = evswitch__find(el, sw->off_name);
		if (!sw->off)
			missing = sw->off_name;
	}
	if (missing) {
		pr_err("%s: --switch-on/--switch-off event '%s' is not in the file (mperf report --stats lists its events)\n",
		       tool, missing);
		return -ENOENT;
	}
	sw->discarding = sw->on != NULL;
	return 0;
}

bool evswitch__discard(struct evswitch *sw, const struct evsel *evsel)
{
	/* closed: only an on-event opens the window again */
	if (sw->on && sw->discarding) {
		if (evsel != sw->on)
			return true;
		sw->discarding = false;
		return !sw->show;
	}
	/* open: an off-event closes it (for good without an on-event:
	 * nothing is left out after it then, as perf 6.1) */
	if (sw->off && !sw->discarding && evsel == sw->off) {
		sw->discarding = true;
		return !sw->show;
	}
	return false;
}
