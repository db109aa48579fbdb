/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_UI_HIST_BROWSER_H
#define MPERF_UI_HIST_BROWSER_H

/*
 * The report TUI: browse the hists of every event with perf's keys.
 *
 *   tr = tui_report__new(input);       NULL: no terminal, notice printed
 *   per sample: tui_report__sample(tr, session, idx, &al, period);
 *   hist_browser__run(tr, &opts);      after reading, hists resorted here
 *   tui_report__delete(tr);            restores the terminal (idempotent)
 */
#include <stdint.h>
#include "util/hist.h"

struct addr_location;
struct session;
struct header;
struct symbol_opts;
struct tui_report;

struct hist_browser_opts {
	struct hists **hists;		/* by event index; NULL: no samples */
	int nr_hists;
	const struct sort_field *fields;	/* columns */
	int nr_fields;
	const struct callchain_param *cc;	/* threshold, order */
	const struct header *header;	/* 'i' */
	const struct symbol_opts *symopts;	/* annotate: where the objects are */
	const char *input;
	double percent_limit;
};

/* Set the terminal up for @input (a progress bar shows while it loads).
 * NULL when the terminal cannot be driven: one notice line was printed
 * and the caller shows the --stdio report instead. */
struct tui_report *tui_report__new(const char *input);
void tui_report__delete(struct tui_report *tr);
/* --percent-type of the annotate view (enum annotate_percent, ui/annotate.h) */
void tui_report__set_percent_type(struct tui_report *tr, int type);
struct annotate_style;
/* -M/--asm-raw: the annotate view's instruction style */
void tui_report__set_annotate_style(struct tui_report *tr, const struct annotate_style *st);
/* Account one sample (annotation) and move the progress bar. */
void tui_report__sample(struct tui_report *tr, struct session *session, int idx,
			const struct addr_location *al, uint64_t period);
/* Browse until the user quits; resorts the hists. 0 or -errno. */
int hist_browser__run(struct tui_report *tr, const struct hist_browser_opts *opts);

#endif
