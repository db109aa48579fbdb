/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_REPORT_OUTPUTS_H
#define MPERF_REPORT_OUTPUTS_H

/*
 * The profile outputs of `mperf report` (flame graph, folded stacks, JSON,
 * pprof, diff): their options and the one call builtin-report makes.
 * Owned by the flame helper (issue 9); builtin-report only embeds
 * REPORT_OUTPUTS_OPTIONS() in its option table and calls
 * report_outputs__run() when report_outputs__wanted().
 */

#include <stdbool.h>
#include "parse-options.h"
#include "profile.h"

struct report_outputs {
	bool folded, folded_pid, folded_annotate, folded_period;
	const char *flamegraph;		/* output file */
	bool flamegraph_reverse;	/* icicle */
	bool flamegraph_callers;	/* leaf-rooted */
	const char *flamegraph_title;
	bool json, json_pretty, json_no_stacks;
	const char *pprof;		/* output file */
	const char *diff;		/* base perf.data */
	bool inline_frames;		/* expand inlined functions (debug info) */
};

#define REPORT_OUTPUTS_OPTIONS(o)							\
	OPT_BOOLEAN(0, "folded", &(o)->folded,						\
		    "print folded stacks (comm;caller;...;leaf count), as stackcollapse-perf"), \
	OPT_BOOLEAN(0, "folded-pid", &(o)->folded_pid, "folded: comm-PID as the first frame"), \
	OPT_BOOLEAN(0, "folded-annotate", &(o)->folded_annotate,			\
		    "folded: _[k] on kernel, _[i] on inlined frames"),			\
	OPT_BOOLEAN(0, "folded-period", &(o)->folded_period,				\
		    "folded: count periods instead of samples"),			\
	OPT_STRING(0, "flamegraph", &(o)->flamegraph, "file",				\
		   "write an interactive SVG flame graph"),				\
	OPT_BOOLEAN(0, "flamegraph-reverse", &(o)->flamegraph_reverse,			\
		    "flame graph as an icicle graph (root at the top)"),		\
	OPT_BOOLEAN(0, "flamegraph-callers", &(o)->flamegraph_callers,			\
		    "flame graph rooted at the leaf functions"),			\
	OPT_STRING(0, "flamegraph-title", &(o)->flamegraph_title, "text",		\
		   "title of the flame graph"),						\
	OPT_BOOLEAN(0, "json", &(o)->json, "print the report as a JSON document"),	\
	OPT_BOOLEAN(0, "json-pretty", &(o)->json_pretty, "indent the JSON document"),	\
	OPT_BOOLEAN(0, "json-no-stacks", &(o)->json_no_stacks,				\
		    "JSON without the stacks and frames arrays"),			\
	OPT_STRING(0, "pprof", &(o)->pprof, "file", "write a gzip'd pprof profile"),	\
	OPT_STRING(0, "diff", &(o)->diff, "base.data",					\
		   "change per symbol against a base perf.data (with --flamegraph: diff graph)"), \
	OPT_BOOLEAN(0, "inline-frames", &(o)->inline_frames,				\
		    "profile outputs: inlined functions as frames, from debug info")

struct symbol_opts;

/*
 * Build the profile of perf.data @input (and of o->diff) with the machine
 * model (symbols as report resolves them: @symopts, build-ids, kallsyms,
 * DWARF unwinding, inline frames from debug info) and write the outputs.
 * Returns 0 or -errno (the reason was printed).
 */
int report_outputs__run(const struct report_outputs *o, const char *input,
			const struct symbol_opts *symopts, int max_stack);

enum {
	PROFILE_READ_SRCLINES	= 1 << 0,	/* file:line of every frame (pprof, JSON) */
	PROFILE_READ_INLINES	= 1 << 1,	/* inlined functions as frames */
};

/* Read @input into a new profile (its title is @input). NULL on error (printed). */
struct profile *profile__from_file(const char *input, const struct symbol_opts *symopts,
				   int max_stack, unsigned int flags);

/* Was any of the outputs asked for? */
bool report_outputs__wanted(const struct report_outputs *o);

/*
 * Write the requested outputs of @p (and @base for --diff, else NULL).
 * Errors are printed (one line each); returns 0 or -errno of the first.
 */
int report_outputs__emit(const struct report_outputs *o, struct profile *p,
			 struct profile *base);

#endif
