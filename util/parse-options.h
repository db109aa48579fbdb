/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_PARSE_OPTIONS_H
#define MPERF_PARSE_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Declarative command-line options. A builtin keeps a local array of
 * struct option bound to fields of its own opts struct and calls
 * parse_options(). Errors are reported (one line, with a "did you mean"
 * hint) and returned; this module never exits.
 */

enum parse_opt_type {
	OPTION_END,
	OPTION_GROUP,		/* a heading in the usage text */
	OPTION_BOOLEAN,		/* bool; --no-NAME sets false */
	OPTION_INCR,		/* int; each use adds one (-vvv) */
	OPTION_SET_INT,		/* int; set to .defval (as intptr) */
	OPTION_STRING,		/* const char * */
	OPTION_INTEGER,		/* int */
	OPTION_UINTEGER,	/* unsigned int */
	OPTION_U64,		/* uint64_t */
	OPTION_DOUBLE,		/* double */
	OPTION_CALLBACK,	/* callback(opt, arg, unset) */
	OPTION_UNSUPPORTED,	/* perf's option mperf lacks: .help says why */
};

enum parse_opt_flags {
	PARSE_OPT_OPTARG = 1 << 0,	/* the argument is optional */
	PARSE_OPT_NOARG  = 1 << 1,	/* callback takes no argument */
	PARSE_OPT_HIDDEN = 1 << 2,	/* not in the usage text */
	PARSE_OPT_NONEG  = 1 << 3,	/* no --no-NAME form */
};

/* flags for parse_options() */
enum {
	PARSE_OPT_STOP_AT_NON_OPTION = 1 << 0,	/* `stat ls -l`: stop at "ls" */
	PARSE_OPT_KEEP_UNKNOWN = 1 << 1,	/* leave unknown options in argv */
};

/* parse_options() return values besides the remaining argc */
#define PARSE_OPT_HELP		(-2)	/* -h/--help was printed */
#define PARSE_OPT_ERROR		(-1)	/* an error line was printed */
#define PARSE_OPT_LIST_OPTS	(-3)	/* --list-opts was printed */

struct option;
typedef int parse_opt_cb(const struct option *opt, const char *arg, int unset);

struct option {
	enum parse_opt_type type;
	int short_name;
	const char *long_name;
	void *value;
	const char *argh;	/* name of the argument in the usage text */
	const char *help;
	int flags;
	parse_opt_cb *callback;
	const char *defval;	/* argument used when an OPTARG option has none */
	void *data;		/* free for callbacks */
	intptr_t set;		/* value for OPTION_SET_INT */
};

#define check_vtype(v, type) (__builtin_choose_expr( \
	__builtin_types_compatible_p(typeof(v), type), (v), (void)0))

#define OPT_END()	{ .type = OPTION_END }
/* A perf option mperf does not have: using it prints one line naming it
 * and @why, instead of "unknown option" (not in the usage text). */
#define OPT_UNSUPPORTED(s, l, why) \
	{ .type = OPTION_UNSUPPORTED, .short_name = (s), .long_name = (l), .help = (why), \
	  .flags = PARSE_OPT_HIDDEN | PARSE_OPT_NONEG }
/* perf report's and perf script's options mperf lacks, alike in both */
#define OPTS_UNSUPPORTED_REPORT_SCRIPT \
	OPT_UNSUPPORTED(0, "itrace", "AUX-area traces (intel_pt, arm_spe) are not decoded")
#define OPT_GROUP(h)	{ .type = OPTION_GROUP, .help = (h) }
#define OPT_BOOLEAN(s, l, v, h) \
	{ .type = OPTION_BOOLEAN, .short_name = (s), .long_name = (l), \
	  .value = check_vtype(v, bool *), .help = (h) }
#define OPT_INCR(s, l, v, h) \
	{ .type = OPTION_INCR, .short_name = (s), .long_name = (l), \
	  .value = check_vtype(v, int *), .help = (h), .flags = PARSE_OPT_NOARG }
#define OPT_SET_INT(s, l, v, h, i) \
	{ .type = OPTION_SET_INT, .short_name = (s), .long_name = (l), \
	  .value = check_vtype(v, int *), .help = (h), .set = (i), \
	  .flags = PARSE_OPT_NOARG }
#define OPT_STRING(s, l, v, a, h) \
	{ .type = OPTION_STRING, .short_name = (s), .long_name = (l), \
	  .value = check_vtype(v, const char **), .argh = (a), .help = (h) }
#define OPT_STRING_OPTARG(s, l, v, a, h, d) \
	{ .type = OPTION_STRING, .short_name = (s), .long_name = (l), \
	  .value = check_vtype(v, const char **), .argh = (a), .help = (h), \
	  .flags = PARSE_OPT_OPTARG, .defval = (d) }
#define OPT_INTEGER(s, l, v, h) \
	{ .type = OPTION_INTEGER, .short_name = (s), .long_name = (l), \
	  .value = check_vtype(v, int *), .argh = "n", .help = (h) }
#define OPT_UINTEGER(s, l, v, h) \
	{ .type = OPTION_UINTEGER, .short_name = (s), .long_name = (l), \
	  .value = check_vtype(v, unsigned int *), .argh = "n", .help = (h) }
#define OPT_U64(s, l, v, h) \
	{ .type = OPTION_U64, .short_name = (s), .long_name = (l), \
	  .value = check_vtype(v, uint64_t *), .argh = "n", .help = (h) }
#define OPT_DOUBLE(s, l, v, h) \
	{ .type = OPTION_DOUBLE, .short_name = (s), .long_name = (l), \
	  .value = check_vtype(v, double *), .argh = "n", .help = (h) }
#define OPT_CALLBACK(s, l, v, a, h, f) \
	{ .type = OPTION_CALLBACK, .short_name = (s), .long_name = (l), \
	  .value = (v), .argh = (a), .help = (h), .callback = (f) }
#define OPT_CALLBACK_NOOPT(s, l, v, h, f) \
	{ .type = OPTION_CALLBACK, .short_name = (s), .long_name = (l), \
	  .value = (v), .help = (h), .callback = (f), .flags = PARSE_OPT_NOARG }
#define OPT_CALLBACK_DEFAULT(s, l, v, a, h, f, d) \
	{ .type = OPTION_CALLBACK, .short_name = (s), .long_name = (l), \
	  .value = (v), .argh = (a), .help = (h), .callback = (f), \
	  .flags = PARSE_OPT_OPTARG, .defval = (d) }

/*
 * parse_options - parse argv[1..argc-1] against @opts.
 *
 * Options and non-options may be mixed (non-options are kept, in order, at
 * the front of argv) unless PARSE_OPT_STOP_AT_NON_OPTION is given; "--" ends
 * the options. "-h"/"--help" prints usage to stdout; "--list-opts" prints
 * every long option (for completion and the docs test).
 *
 * Return: the number of remaining arguments (argv[0..n-1] after the call,
 * argv[n] == NULL), or PARSE_OPT_HELP / PARSE_OPT_LIST_OPTS / PARSE_OPT_ERROR.
 */
int parse_options(int argc, const char **argv, const struct option *opts,
		  const char *const *usage, int flags);

/* Print the usage text (to stdout when !err, else stderr). */
void usage_with_options(const char *const *usage, const struct option *opts,
			int err);

/* The exit status a builtin returns for a parse_options() result < 0. */
static inline int parse_options_exit(int r)
{
	return r == PARSE_OPT_ERROR ? 129 : 0;
}

/* Helpers for callbacks and option values. */
int parse_u64(const char *s, uint64_t *v);	/* decimal, 0x hex; -EINVAL */
int parse_size(const char *s, uint64_t *v);	/* 10, 4K, 16M, 1G */

#endif
