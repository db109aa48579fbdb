/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_UI_STDIO_HIST_H
#define MPERF_UI_STDIO_HIST_H

/* perf report --stdio tables: column header, one row per hist entry,
 * the callchain graph under each row. */

#include <stdbool.h>
#include <stdio.h>
#include "util/hist.h"

struct stdio_hist_opts {
	const struct sort_field *fields;	/* columns in order */
	int nr_fields;
	bool show_callchain;
	bool skip_first;	/* -s sym...: the first frame is the entry */
	bool quiet;		/* -q: rows only */
	double percent_limit;
	const char *field_sep;	/* -t: NULL = aligned columns */
	bool fields_given;	/* -F: its overhead column is "Overhead" */
	bool dso_list;		/* --dsos given: no unresolved-dso width */
	bool last_elided;	/* a column after the shown ones was elided
				 * by a one-item filter: the last shown one is
				 * padded as the others (perf's) */
	uint64_t chain_total;	/* callchain percentages of this total
				 * (--percentage relative); 0: the hists' */
	uint64_t chain_min_total;	/* the callchain threshold's share is
					 * of this total; 0: the hists' */
	bool color;		/* --stdio-color: percentages coloured as perf */
	bool group_sort_set;	/* --group-sort-idx given: */
	int group_sort_idx;	/* the member the group view sorts by first */
	const int *col_widths;	/* -w: fixed widths of the columns in order,
				 * 0 = as computed; NULL: none */
	int nr_col_widths;
	unsigned int filters;	/* --hierarchy: the kinds of filters given
				 * (HE_FILTER_*); hidden entries are kept */
	const char *symbol_filter;	/* --hierarchy: --symbol-filter, judged
					 * on each node's first entry */
	/* a group view of tracepoint field keys: by member, its event's
	 * fields (by field key index), which perf's walks of that member's
	 * tree compare (nr_dyn each); NULL: no field keys */
	const bool *const *dyn_own;
	int nr_dyn;
};

/* Print the column header and the rows of @hists (output-sorted). */
size_t hists__fprintf_stdio(FILE *fp, struct hists *hists, const struct stdio_hist_opts *o);

/*
 * Print an event group as perf's group view: one row per entry of any
 * member (matched by the sort keys), a column per member for each
 * overhead/sample/period field, ordered by the leader's value, then the
 * next member's. @group[0] is the leader; NULL members have no samples.
 */
size_t hists__fprintf_stdio_group(FILE *fp, struct hists *const *group, int nr,
				  const struct stdio_hist_opts *o);
/* --hierarchy: one level per sort key of o->fields, each node with the
 * overhead below it and the columns after it. 0 (without sort keys: the
 * header alone) or -ENOMEM. */
int hists__fprintf_hierarchy(FILE *fp, struct hists *hists, const struct stdio_hist_opts *o);
/* --hierarchy of an event group (@group as hists__fprintf_stdio_group's):
 * the leader's levels with each member's nodes paired to them by the keys
 * (a member's own nodes added), a column per member */
int hists__fprintf_hierarchy_group(FILE *fp, struct hists *const *group, int nr,
				   const struct stdio_hist_opts *o);
/* --hierarchy --percentage relative: the overhead of the top level's nodes
 * that the filters (o->filters, hidden entries kept) leave shown */
uint64_t hists__hierarchy_shown_period(const struct hists *hists, const struct stdio_hist_opts *o);

/* "1K", "996 ": perf's sample count in "# Samples: ..." */
void stdio__sample_count(char *buf, size_t size, uint64_t nr);
/* A column's header: the key's, or perf's name of an overhead, sample or
 * period column ("Self" with the Children column of no -F list) */
const char *stdio__field_header(const struct sort_field *f, bool children,
				bool fields_given);

#endif
