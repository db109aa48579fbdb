// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>
#include "builtin.h"
#include "util/debug.h"
#include "util/evlist.h"
#include "util/evsel.h"
#include "util/parse-events.h"
#include "util/parse-options.h"

struct list_opts {
	const char *print_attr;	/* hidden: attrs of an event string */
};

/*
 * --print-attr STRING: parse STRING as `perf stat -e STRING cmd` would and
 * print each attr with perf stat's defaults in perf's -vv layout, so tests
 * can diff the attrs against `perf stat -vv -e STRING true`.
 */
static int list__print_attr(const char *str)
{
	struct parse_events_error err;
	struct evlist *evlist = evlist__new();
	struct evsel *evsel;
	int i, ret;

	if (!evlist)
		return 1;
	ret = parse_events(evlist, str, &err);
	if (ret) {
		parse_events_error__print(&err, str);
		parse_events_error__exit(&err);
		evlist__delete(evlist);
		return 1;
	}
	evlist__config_stat(evlist, true, false);
	evlist__for_each(evlist, evsel, i) {
		printf("# %s\n", evsel->name);
		evsel__fprintf_attr(stdout, &evsel->attr);
	}
	evlist__delete(evlist);
	return 0;
}

int cmd_list(int argc, const char **argv)
{
	struct list_opts o = { 0 };
	const struct option opts[] = {
		{ .type = OPTION_STRING, .long_name = "print-attr",
		  .value = &o.print_attr, .argh = "events",
		  .help = "print the attrs perf stat would open for these events",
		  .flags = PARSE_OPT_HIDDEN },
		OPT_END()
	};
	static const char *const usage[] = { "mperf list [<options>]", NULL };

	argc = parse_options(argc, argv, opts, usage, 0);
	if (argc < 0)
		return parse_options_exit(argc);
	if (o.print_attr)
		return list__print_attr(o.print_attr);
	pr_err("'list' is not implemented yet\n");
	return 1;
}
