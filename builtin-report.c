// SPDX-License-Identifier: GPL-2.0
#include <string.h>
#include "builtin.h"
#include "util/debug.h"
#include "util/parse-options.h"

/* Placeholder until the report issue lands: options are parsed, nothing runs. */
int cmd_report(int argc, const char **argv)
{
	const struct option opts[] = {
		OPT_END()
	};
	static const char *const usage[] = { "mperf report [<options>]", NULL };

	argc = parse_options(argc, argv, opts, usage, 0);
	if (argc < 0)
		return parse_options_exit(argc);
	pr_err("'report' is not implemented yet\n");
	return 1;
}
