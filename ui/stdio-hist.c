// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "ui/stdio-hist.h"
#include "util/debug.h"
#include "util/color.h"

void stdio__sample_count(char *buf, size_t size, uint64_t nr)
{
	static const char units[] = " KMG";
	int u = 0;

	while (nr > 1000 && u < 3) {
		nr /= 1000;
		u++;
	}
	snprintf(buf, size, "%" PRIu64 "%c", nr, units[u]);
}

const char *stdio__field_header(const struct sort_field *f, bool children, bool fields_given)
{
	switch (f->kind) {
	case FIELD_KEY:
		return f->key->header;
	case FIELD_OVERHEAD:
		/* "Self" next to the default Children column; a -F list
		 * keeps perf's "Overhead" */
		return children && !fields_given ? "Self" : "Overhead";
	case FIELD_CHILDREN:
		return "Children";
	case FIELD_OVERHEAD_SYS:
		return "sys";
	case FIELD_OVERHEAD_US:
		return "usr";
	case FIELD_OVERHEAD_GUEST_SYS:
		return "guest sys";
	case FIELD_OVERHEAD_GUEST_US:
		return "guest usr";
	case FIELD_SAMPLE:
		return "Samples";
	case FIELD_PERIOD:
		return "Period";
	}
	return "";
}

static int field_min_width(const struct sort_field *f)
{
	switch (f->kind) {
	case FIELD_SAMPLE:
	case FIELD_PERIOD:
		return 12;
	case FIELD_KEY:
		return f->key->min_width;
	case FIELD_OVERHEAD_GUEST_SYS:
	case FIELD_OVERHEAD_GUEST_US:
		return 9;	/* its header's: a group view's member too */
	default:
		return 8;
	}
}

static double pct(uint64_t v, uint64_t total)
{
	return total ? v * 100.0 / total : 0.0;
}

static int field_text(const struct sort_field *f, const struct hist_entry *he,
		      const struct hists *hists, char *buf, size_t size)
{
	uint64_t total = hists->total_period;

	switch (f->kind) {
	case FIELD_KEY:
		return f->key->snprintf(f->key, &hists->opts.sort, he, buf, size);
	case FIELD_OVERHEAD:
		return snprintf(buf, size, "%.2f%%", pct(he->period, total));
	case FIELD_CHILDREN:
		/* perf: nothing cumulated without callchains */
		if (!hists->opts.children)
			return snprintf(buf, size, "N/A");
		return snprintf(buf, size, "%.2f%%", pct(he->period_acc, total));
	case FIELD_OVERHEAD_SYS:
		return snprintf(buf, size, "%.2f%%", pct(he->period_sys, total));
	case FIELD_OVERHEAD_US:
		return snprintf(buf, size, "%.2f%%", pct(he->period_us, total));
	case FIELD_OVERHEAD_GUEST_SYS:
		return snprintf(buf, size, "%.2f%%", pct(he->period_guest_sys, total));
	case FIELD_OVERHEAD_GUEST_US:
		return snprintf(buf, size, "%.2f%%", pct(he->period_guest_us, total));
	case FIELD_SAMPLE:
		return snprintf(buf, size, "%" PRIu64, he->nr_events);
	case FIELD_PERIOD:
		return snprintf(buf, size, "%" PRIu64, he->period);
	}
	return 0;
}

/* the percentage a percent field shows (--stdio-color picks its colour) */
static double field_pct(const struct sort_field *f, const struct hist_entry *he,
			const struct hists *hists)
{
	uint64_t total = hists ? hists->total_period : 0;

	if (!he)
		return 0.0;
	switch (f->kind) {
	case FIELD_OVERHEAD:
		return pct(he->period, total);
	case FIELD_CHILDREN:
		return pct(he->period_acc, total);
	case FIELD_OVERHEAD_SYS:
		return pct(he->period_sys, total);
	case FIELD_OVERHEAD_US:
		return pct(he->period_us, total);
	case FIELD_OVERHEAD_GUEST_SYS:
		return pct(he->period_guest_sys, total);
	case FIELD_OVERHEAD_GUEST_US:
		return pct(he->period_guest_us, total);
	default:
		return 0.0;
	}
}

/* perf widens the dso column to 16 (an address's hex digits) as soon as
 * one entry has no symbol, unless -t, --dsos or -w */
#define UNRESOLVED_DSO_WIDTH 16

static void unresolved_dso_width(const struct stdio_hist_opts *o, int *width,
				 bool unresolved, const char *key)
{
	if (!unresolved || o->field_sep || o->dso_list || o->nr_col_widths)
		return;
	for (int k = 0; k < o->nr_fields; k++)
		if (o->fields[k].kind == FIELD_KEY && !o->fields[k].key->dynamic &&
		    !strcmp(o->fields[k].key->name, key) &&
		    width[k] < UNRESOLVED_DSO_WIDTH)
			width[k] = UNRESOLVED_DSO_WIDTH;
}

static bool right_aligned(const struct sort_field *f)
{
	return f->kind != FIELD_KEY || f->key->right || (!f->key->dynamic &&
	       (!strcmp(f->key->name, "cpu") || !strcmp(f->key->name, "tid") ||
		!strcmp(f->key->name, "tgid")));
}

static bool is_percent(const struct sort_field *f)
{
	return f->kind == FIELD_OVERHEAD || f->kind == FIELD_CHILDREN ||
	       f->kind == FIELD_OVERHEAD_SYS || f->kind == FIELD_OVERHEAD_US ||
	       f->kind == FIELD_OVERHEAD_GUEST_SYS || f->kind == FIELD_OVERHEAD_GUEST_US;
}

static bool entry_shown(const struct hists *h, const struct hist_entry *he, double limit)
{
	uint64_t v = h->opts.children ? he->period_acc : he->period;

	if (!v && !he->period)
		return false;
	return !limit || pct(v, h->total_period) >= limit;
}

/* -w: the width the user gave column @k, or 0 */
static int user_width(const struct stdio_hist_opts *o, int k)
{
	return o->col_widths && k < o->nr_col_widths ? o->col_widths[k] : 0;
}

/*
 * -w: a column of fixed width @w, as perf prints it. A number is a space
 * and the value right-aligned in w - 1, then left in the column (as wide
 * as its header at least); a key's text is cut at w and padded to it,
 * except the CPU (w digits at least) and a symbol, whose name after its
 * "[.] " is cut (not at all when w is below 4), unpadded as the last
 * column.
 */
/* "0x" and 16 hex digits, or 16 hex digits: a sym cell's unresolved address */
static bool unresolved_addr(const char *s)
{
	size_t n;

	if (s[0] == '0' && s[1] == 'x')
		s += 2;
	n = strspn(s, "0123456789abcdef");
	return n == 16 && !s[n];
}

static const char *ltrim_spaces(const char *s)
{
	while (*s == ' ')
		s++;
	return s;
}

static size_t put_fixed_cell(FILE *fp, const struct sort_field *f, const char *buf,
			     int width, int w, bool last)
{
	char text[4096], plain[4000];

	/* a text perf does not cut (SORT_NO_CLIP), padded to the column */
	if (f->kind == FIELD_KEY && f->key->marked && strchr(buf, SORT_NO_CLIP)) {
		snprintf(plain, sizeof(plain), "%s", buf);
		sort__strip_clip_end(f->key, plain);
		if (last && !f->key->pad_last)
			return (size_t)fputs(plain, fp);
		return (size_t)fprintf(fp, "%-*s", w, plain);
	}
	/* a memory key's function name is cut where the column ends, unless
	 * its "[.] " (and -v prefix) does not fit (perf's negative precision) */
	if (f->kind == FIELD_KEY && f->key->mem && f->key->clip) {
		const char *br = strstr(buf, "] ");
		int pre = br ? (int)(br - buf) + 2 : 0;

		if (br && pre <= w)
			snprintf(plain, sizeof(plain), "%.*s", w, buf);
		else
			snprintf(plain, sizeof(plain), "%s", buf);
		if (last && !f->key->pad_last)
			return (size_t)fputs(plain, fp);
		return (size_t)fprintf(fp, "%-*s", w, plain);
	}
	if (f->kind != FIELD_KEY) {
		snprintf(text, sizeof(text), " %*s", w - 1, buf);
		return (size_t)fprintf(fp, "%-*s", width, text);
	}
	if (f->key->dynamic)	/* a field's: right-aligned, cut */
		return (size_t)fprintf(fp, "%*.*s", w, w, buf);
	if (!strcmp(f->key->name, "cpu"))
		return (size_t)fprintf(fp, "%*.*d", w, w, atoi(buf));
	/* socket: perf's "%*.*d" with 3 less digits than the width */
	if (!strcmp(f->key->name, "socket"))
		return (size_t)fprintf(fp, "%*.*d", w, w - 3, atoi(buf));
	/* a size ("%*d"): right-aligned, never cut */
	if (f->key->right && !f->key->clip)
		return (size_t)fprintf(fp, "%*s", w, ltrim_spaces(buf));
	/* perf's IPC placeholder ("%-*s"): padded, never cut */
	if (!strcmp(f->key->name, "ipc_null"))
		return (size_t)fprintf(fp, "%-*s", w, buf);
	/* pid ("%7d:%-*.*s", the comm in max(7, width) less 8, unsigned):
	 * below 8 that is -1, the comm whole (at least 1 wide) */
	if (!strcmp(f->key->name, "pid") && strchr(buf, ':')) {
		const char *comm = strchr(buf, ':') + 1;
		int cw = (w < 7 ? 7 : w) - 8;

		if (cw < 0)
			return (size_t)fprintf(fp, "%.*s%-*s", (int)(comm - buf), buf, -cw, comm);
		return (size_t)fprintf(fp, "%.*s%-*.*s", (int)(comm - buf), buf, cw, cw, comm);
	}
	if (!strcmp(f->key->name, "sym") && strstr(buf, "] ")) {
		/* perf prints the -v prefix and "[.] " whole, then the name
		 * in what the width leaves (all of it when nothing is left),
		 * then " (inlined)"; an unresolved address whole */
		static const char inl[] = " (inlined)";
		const char *br = strstr(buf, "] ");
		int pre = (int)(br - buf) + 2, len = (int)strlen(buf), tail = 0, prec = w - pre;

		if (br - buf < 2 || br[-2] != '[')
			return (size_t)fprintf(fp, "%-*.*s", w, w, buf);
		if (unresolved_addr(buf + pre))
			return (size_t)fprintf(fp, "%-*s", w, buf);
		if (len - pre >= (int)sizeof(inl) - 1 && !strcmp(buf + len - (sizeof(inl) - 1), inl))
			tail = sizeof(inl) - 1;
		if (prec < 0 || prec > len - pre - tail)
			prec = len - pre - tail;
		snprintf(text, sizeof(text), "%.*s%.*s%s", pre, buf, prec, buf + pre,
			 buf + len - tail);
		if (last && !f->key->pad_last)
			return (size_t)fputs(text, fp);
		return (size_t)fprintf(fp, "%-*s", w, text);
	}
	/* cut at the width; padded to it unless last of a key that perf
	 * prints unpadded ("%-.*s": srcline, srcfile) */
	if (last && !f->key->pad_last)
		return (size_t)fprintf(fp, "%.*s", w, buf);
	return (size_t)fprintf(fp, "%-*.*s", w, w, buf);
}

/* One cell of a row: after @sep when given (-t), else aligned in @width
 * as perf aligns the column (the last one unpadded unless its key pads) */
static size_t put_cell(FILE *fp, const struct sort_field *f, const char *buf, int width,
		       int k, bool last, const char *sep, int user_w, const double *color_pct)
{
	char text[4096];

	/* --stdio-color: the percentage's whole cell (not with -t) */
	if (color_pct && !sep && is_percent(f) && strcmp(buf, "N/A")) {
		if (user_w > 0)
			snprintf(text, sizeof(text), " %*s", user_w - 1, buf);
		else
			snprintf(text, sizeof(text), " %*s", width - 1, buf);
		fputs("  ", fp);
		percent_fputs(fp, true, *color_pct, text);
		if (user_w > 0 && (int)strlen(text) < width)
			fprintf(fp, "%*s", width - (int)strlen(text), "");
		return 2 + (strlen(text) > (size_t)width ? strlen(text) : (size_t)width);
	}

	/* -t: a number is left in its column as without -w */
	if (user_w > 0 && !(sep && f->kind != FIELD_KEY)) {
		if (sep && k)
			fputs(sep, fp);
		else if (!sep)
			fputs("  ", fp);
		return put_fixed_cell(fp, f, buf, width, user_w, last);
	}

	if (sep) {
		/* perf's -t: the separator for the two spaces, a number as " %s"
		 * left in the column, keys as without -t */
		if (k)
			fputs(sep, fp);
		/* perf's N/A (children of a file without callchains) is
		 * right-aligned in the column's width, -t or not */
		if (f->kind != FIELD_KEY && !strcmp(buf, "N/A"))
			return (size_t)fprintf(fp, "%*s", width, buf);
		if (f->kind != FIELD_KEY)
			return (size_t)(last ? fprintf(fp, " %s", buf) :
					       fprintf(fp, " %-*s", width - 1, buf));
		/* keys perf pads as it formats them: -t's replacement of
		 * the separator's first character turns the padding into
		 * dots too ("libmwork.so.." for -t ' ') */
		if (sep[0] && !f->key->dynamic && sort_key__perf_pads(f->key) &&
		    (size_t)width < sizeof(text)) {
			char clean[sizeof(text)];
			size_t i, n = 0;

			/* (without the mark of a text not to clip) */
			for (i = 0; buf[i] && n + 1 < sizeof(clean); i++)
				if (buf[i] != SORT_NO_CLIP || !f->key->marked)
					clean[n++] = buf[i];
			clean[n] = '\0';
			/* (cut where perf cuts: a comm before an exec) */
			if (f->key->clip)
				snprintf(text, sizeof(text), right_aligned(f) ? "%*.*s" : "%-*.*s",
					 width, width, clean);
			else
				snprintf(text, sizeof(text), right_aligned(f) ? "%*s" : "%-*s",
					 width, clean);
			for (i = 0; text[i]; i++)
				if (text[i] == sep[0])
					text[i] = '.';
			return (size_t)fprintf(fp, "%s", text);
		}
		/* the separator's first character in a key reads '.' (not
		 * in a tracepoint field's text) */
		if (sep[0] && strchr(buf, sep[0]) && !f->key->dynamic) {
			size_t i;

			snprintf(text, sizeof(text), "%s", buf);
			for (i = 0; text[i]; i++)
				if (text[i] == sep[0])
					text[i] = '.';
			buf = text;
		}
	} else {
		fputs("  ", fp);
	}
	/* perf prints a percentage as a space, the number in the width
	 * less 2, then '%': one space before a value as wide as the column
	 * (children over 1000%) */
	if (is_percent(f))
		return (size_t)fprintf(fp, " %*s", width - 1, buf);
	if (right_aligned(f) && f->kind == FIELD_KEY && f->key->clip)
		return (size_t)fprintf(fp, "%*.*s", width, width, buf);
	if (right_aligned(f))
		return (size_t)fprintf(fp, "%*s", width, buf);
	if (f->kind == FIELD_KEY && f->key->marked && strchr(buf, SORT_NO_CLIP)) {
		char cell[4000];

		snprintf(cell, sizeof(cell), "%s", buf);
		sort__strip_clip_end(f->key, cell);
		if ((last && !f->key->pad_last) || f->key->no_pad)
			return (size_t)fputs(cell, fp);
		return (size_t)fprintf(fp, "%-*s", width, cell);
	}
	if (last && !f->key->pad_last && f->key->clip)
		return (size_t)fprintf(fp, "%.*s", width, buf);
	if ((last && !f->key->pad_last) || f->key->no_pad)
		return (size_t)fputs(buf, fp);
	if (f->key->clip)
		return (size_t)fprintf(fp, "%-*.*s", width, width, buf);
	return (size_t)fprintf(fp, "%-*s", width, buf);
}

#define HEADER_MAX 1023

/* The column header and its dotted underline, "#" lines as perf's */
static size_t put_header(FILE *fp, const struct stdio_hist_opts *o, const int *width,
			 bool children, const char *sep, bool fixed)
{
	size_t ret = (size_t)fputs("# ", fp);
	int k, i;

	for (k = 0; k < o->nr_fields; k++) {
		const char *h = stdio__field_header(&o->fields[k], children, o->fields_given);

		/* perf writes each column's title, padded to the width,
		 * into a buffer of 1024: at most 1023 characters */
		int w = width[k] < HEADER_MAX ? width[k] : HEADER_MAX;

		if (k)
			ret += (size_t)fputs(sep ? sep : "  ", fp);
		/* -w: cut at the width; a field's title right-aligned */
		if (fixed && o->fields[k].kind == FIELD_KEY && user_width(o, k) > 0)
			ret += (size_t)fprintf(fp, o->fields[k].key->dynamic ? "%*.*s" : "%-*.*s",
					       width[k], width[k], h);
		else if (right_aligned(&o->fields[k]))
			ret += (size_t)fprintf(fp, "%*.*s", w, HEADER_MAX, h);
		else
			ret += (size_t)fprintf(fp, "%-*.*s", w, HEADER_MAX, h);
	}
	/* -t: the header line alone */
	if (sep)
		return ret + (size_t)fputs("\n", fp);
	ret += (size_t)fputs("\n# ", fp);
	for (k = 0; k < o->nr_fields; k++) {
		if (k)
			ret += (size_t)fputs("  ", fp);
		for (i = 0; i < width[k]; i++)
			fputc('.', fp);
		ret += (size_t)(width[k] > 0 ? width[k] : 0);
	}
	ret += (size_t)fputs("\n#\n", fp);
	return ret;
}

size_t hists__fprintf_stdio(FILE *fp, struct hists *hists, const struct stdio_hist_opts *o)
{
	int *width = calloc((size_t)o->nr_fields + 1, sizeof(int));
	bool children = hists->opts.children;
	const char *sep = o->field_sep;
	char buf[4096];
	uint64_t i;
	size_t ret = 0;
	bool unresolved = false, dunresolved = false;
	int k;

	if (!width)
		return 0;
	for (k = 0; k < o->nr_fields; k++) {
		int w = (int)strlen(stdio__field_header(&o->fields[k], children, o->fields_given));

		if (w < field_min_width(&o->fields[k]))
			w = field_min_width(&o->fields[k]);
		width[k] = w;
	}
	/* widths over every entry, shown or not (as perf) */
	for (i = 0; i < hists->nr_sorted; i++) {
		const struct hist_entry *he = hists->sorted[i];

		unresolved |= !he->sym;
		/* --mem-mode: the same of the data's object */
		dunresolved |= !he->ddso;

		for (k = 0; k < o->nr_fields; k++) {
			int w;

			if (o->fields[k].kind != FIELD_KEY)
				continue;
			/* (a key with a width of its own is not printed
			 * here: perf's mispredict text depends on the rows
			 * printed before) */
			if (o->fields[k].key->width)
				w = o->fields[k].key->width(o->fields[k].key, &hists->opts.sort,
							    he);
			else
				w = field_text(&o->fields[k], he, hists, buf, sizeof(buf));
			if (w > width[k])
				width[k] = w;
		}
	}

	unresolved_dso_width(o, width, unresolved, "dso");
	unresolved_dso_width(o, width, dunresolved, "dso_daddr");
	/* -w: a key's column is as wide as given, a number's as wide as
	 * its header at least */
	for (k = 0; k < o->nr_fields; k++) {
		int w = user_width(o, k);
		int hl = (int)strlen(stdio__field_header(&o->fields[k], children, o->fields_given));

		if (w > 0)
			width[k] = o->fields[k].kind == FIELD_KEY || w > hl ? w : hl;
	}
	if (!o->quiet)
		ret += put_header(fp, o, width, children, sep, true);

	for (i = 0; i < hists->nr_sorted; i++) {
		struct hist_entry *he = hists->sorted[i];

		FILE *row = fp;
		char *line = NULL;
		size_t line_len = 0;

		if (!entry_shown(hists, he, o->percent_limit))
			continue;
		/* -t: perf prints a row from a buffer as long as the columns'
		 * widths with two spaces between them, plus 3: a longer row
		 * (a symbol's " (inlined)", not counted in its width) is cut */
		if (sep && o->nr_fields)
			row = open_memstream(&line, &line_len);
		if (!row)
			row = fp;
		for (k = 0; k < o->nr_fields; k++) {
			const struct sort_field *f = &o->fields[k];
			bool last = k == o->nr_fields - 1 && !o->last_elided;

			double p = field_pct(f, he, hists);

			hists->opts.sort.col_width = width[k];
			field_text(f, he, hists, buf, sizeof(buf));
			hists->opts.sort.col_width = 0;
			ret += put_cell(row, f, buf, width[k], k, last, sep, user_width(o, k),
					o->color ? &p : NULL);
		}
		if (row != fp) {
			size_t cap = 3 + 2 * (size_t)(o->nr_fields - 1);

			for (k = 0; k < o->nr_fields; k++) {
				cap += (size_t)(width[k] > 0 ? width[k] : 0);
				/* -v: room for a symbol's address and origin */
				if (verbose > 0 && o->fields[k].kind == FIELD_KEY &&
				    !o->fields[k].key->dynamic && !strcmp(o->fields[k].key->name, "sym"))
					cap += 3 + 16;
			}
			fclose(row);
			fwrite(line, 1, line_len < cap ? line_len : cap, fp);
			free(line);
		}
		ret += (size_t)fputs("\n", fp);
		if (o->show_callchain && he->callchain)
			ret += callchain__fprintf(fp, he->callchain, &hists->opts.cc,
						  o->chain_total ? o->chain_total :
						  hists->total_period, o->chain_min_total,
						  children ? he->period_acc : he->period,
						  o->skip_first);
	}
	free(width);
	return ret;
}

/* ---- group view ----------------------------------------------------------- */

struct group_row {
	struct hist_entry **he;		/* [member]: NULL when it has none */
	struct hist_entry *rep;		/* the first non-NULL: keys and callchain */
	uint64_t pos;			/* the order the rows were made */
	uint64_t ins;			/* perf's insertion order */
	struct group_row *hnext;
};

struct group_view {
	struct hists *const *group;
	const struct hists *keys;	/* the first hists: its keys compare rows */
	/* by member: what perf compares walking its tree (field keys of
	 * its event only, the bytes of other events' records too) */
	struct sort_ctx *ctx;
	int nr;
	bool children;
	/* the members whose values order the rows: first, then 1..nr_cmp-1
	 * (--group-sort-idx N: N, then the others; invalid: the leader only) */
	int first, nr_cmp;
	struct group_row *rows;
	uint64_t nr_rows;
	struct group_row **table;
	uint64_t table_size;
};

static uint64_t group__hash(const struct hists *h, const struct hist_entry *he)
{
	uint64_t v = 0xcbf29ce484222325ULL;

	for (int i = 0; i < h->nr_keys; i++) {
		v ^= h->keys[i]->hash(h->keys[i], &h->opts.sort, he);
		v *= 0x100000001b3ULL;
	}
	return v ^ (v >> 31);
}

static int group__add(struct group_view *g, int m, struct hist_entry *he)
{
	uint64_t slot = group__hash(g->keys, he) & (g->table_size - 1);
	struct group_row *r;

	for (r = g->table[slot]; r; r = r->hnext)
		if (!r->he[m] && hist_entry__cmp(g->keys, r->rep, he) == 0)
			break;
	if (!r) {
		r = &g->rows[g->nr_rows];
		r->he = calloc((size_t)g->nr, sizeof(*r->he));
		if (!r->he)
			return -1;
		r->rep = he;
		r->pos = g->nr_rows++;
		r->hnext = g->table[slot];
		g->table[slot] = r;
	}
	r->he[m] = he;
	return 0;
}

static uint64_t group__value(const struct group_view *g, const struct group_row *r, int m)
{
	if (!r->he[m])
		return 0;
	return g->children ? r->he[m]->period_acc : r->he[m]->period;
}

static uint64_t group__self(const struct group_row *r, int m)
{
	return r->he[m] ? r->he[m]->period : 0;
}

/*
 * perf's group order: the leader's overhead, then each member's, then
 * the keys. With children: the leader's children value only (callers
 * before callees of a thread on a tie), then the self overheads of the
 * leader and the members. perf inserts the leader's entries (and a dummy
 * one for each row of members only) into its output tree in the order of
 * its merge tree, equal ones to the right: the rows are placed the same
 * way, as the depth rule makes the comparison no total order.
 */
static uint64_t group__field(const struct group_row *r, int m, enum sort_field_kind kind)
{
	const struct hist_entry *he = r->he[m];

	if (!he)
		return 0;
	switch (kind) {
	case FIELD_CHILDREN:
		return he->period_acc;
	case FIELD_OVERHEAD_SYS:
		return he->period_sys;
	case FIELD_OVERHEAD_US:
		return he->period_us;
	case FIELD_OVERHEAD_GUEST_SYS:
		return he->period_guest_sys;
	case FIELD_OVERHEAD_GUEST_US:
		return he->period_guest_us;
	case FIELD_SAMPLE:
		return he->nr_events;
	default:
		return he->period;
	}
}

/* the member of the @j-th value comparison */
static int group__member(const struct group_view *g, int j)
{
	return j ? j : g->first;
}

/* callers before callees of one thread on equal children values */
static int group__depth_cmp(const struct group_view *g, const struct group_row *a,
			    const struct group_row *b)
{
	const struct hist_entry *la = a->he[0], *lb = b->he[0];

	if (!la || !lb || la->thread != lb->thread || la->depth == lb->depth ||
	    !g->keys->opts.callchain)
		return 0;
	if (g->keys->opts.cc.order == ORDER_CALLER)
		return la->depth > lb->depth ? -1 : 1;
	return la->depth < lb->depth ? -1 : 1;
}

/* a -F list: its columns in order, each value column the leader's then
 * the members' (children: the leader's only, as perf) */
static int group_row_cmp_fields(const struct group_view *g, const struct group_row *a,
				const struct group_row *b)
{
	const struct hists *h = g->keys;

	for (int i = 0; i < h->opts.nr_order; i++) {
		const struct sort_field *f = &h->opts.order[i];
		int r;

		if (f->kind == FIELD_KEY) {
			r = f->key->sort(f->key, &g->ctx[0], a->rep, b->rep);
			if (r)
				return r;
			continue;
		}
		for (int j = 0; j < (f->kind == FIELD_CHILDREN ? 1 : g->nr_cmp); j++) {
			int m = f->kind == FIELD_CHILDREN ? 0 : group__member(g, j);
			uint64_t va = group__field(a, m, f->kind), vb = group__field(b, m, f->kind);

			if (va != vb)
				return va > vb ? -1 : 1;
		}
		r = f->kind == FIELD_CHILDREN ? group__depth_cmp(g, a, b) : 0;
		if (r)
			return r;
	}
	return 0;
}

static int group_row_cmp(const void *pa, const void *pb, void *arg)
{
	const struct group_row *a = pa, *b = pb;
	const struct group_view *g = arg;
	int r;

	if (g->keys->opts.nr_order)
		return group_row_cmp_fields(g, a, b);

	if (g->children) {
		uint64_t va = group__value(g, a, 0), vb = group__value(g, b, 0);

		if (va != vb)
			return va > vb ? -1 : 1;
		r = group__depth_cmp(g, a, b);
		if (r)
			return r;
	}
	for (int j = 0; j < g->nr_cmp; j++) {
		int m = group__member(g, j);
		uint64_t va = g->children ? group__self(a, m) : group__value(g, a, m);
		uint64_t vb = g->children ? group__self(b, m) : group__value(g, b, m);

		if (va != vb)
			return va > vb ? -1 : 1;
	}
	for (int i = 0; i < g->keys->nr_keys; i++) {
		/* the keys of elided columns are left out, as in
		 * hists__output_resort */
		if (hists_opts__out_skip(&g->keys->opts, i))
			continue;
		r = g->keys->keys[i]->sort(g->keys->keys[i], &g->ctx[0], a->rep, b->rep);
		if (r)
			return r;
	}
	return 0;
}

/* perf's insertion order: the leader's rows in its merge tree order, a
 * row of members only where its keys put it among them (after equal
 * ones; among themselves in their member's merge order) */
static int group_row_ins_cmp(const void *pa, const void *pb)
{
	const struct group_row *a = *(struct group_row * const *)pa;
	const struct group_row *b = *(struct group_row * const *)pb;

	if (a->ins != b->ins)
		return a->ins < b->ins ? -1 : 1;
	/* rows of members only at one place: in their member's merge order */
	if (a->rep->cpos != b->rep->cpos)
		return a->rep->cpos < b->rep->cpos ? -1 : 1;
	return a->pos < b->pos ? -1 : a->pos > b->pos;
}

static int group_row_tree_cmp(const void *a, const void *b, void *arg)
{
	return group_row_cmp(a, b, arg);
}

/* @rows in perf's output order; 0 or -ENOMEM */
static int group__order(struct group_view *g, struct group_row **rows)
{
	const struct hists *lh = g->group[0];
	struct hist_entry **lead = NULL;
	uint64_t i, nl = lh ? lh->nr_sorted : 0;

	if (nl) {
		lead = malloc(nl * sizeof(*lead));
		if (!lead)
			return -ENOMEM;
		for (i = 0; i < nl; i++)
			lead[lh->sorted[i]->cpos < nl ? lh->sorted[i]->cpos : i] = lh->sorted[i];
	}
	for (i = 0; i < g->nr_rows; i++) {
		struct group_row *r = &g->rows[i];

		rows[i] = r;
		if (r->he[0]) {
			r->ins = 2 * r->he[0]->cpos + 1;
		} else {
			uint64_t lo = 0, hi = nl;

			while (lo < hi) {
				uint64_t mid = lo + (hi - lo) / 2;

				if (hist_entry__cmp(g->keys, r->rep, lead[mid]) < 0)
					hi = mid;
				else
					lo = mid + 1;
			}
			r->ins = 2 * lo;
		}
	}
	free(lead);
	qsort(rows, g->nr_rows, sizeof(*rows), group_row_ins_cmp);
	return rb_insert_order((void **)rows, g->nr_rows, group_row_tree_cmp, g);
}

/* a new row of @he, the entry of member @m; NULL on ENOMEM */
static struct group_row *group__row(struct group_view *g, int m, struct hist_entry *he)
{
	struct group_row *r = &g->rows[g->nr_rows];

	r->he = calloc((size_t)g->nr, sizeof(*r->he));
	if (!r->he)
		return NULL;
	r->he[m] = he;
	r->rep = he;
	r->pos = g->nr_rows++;
	return r;
}

struct group_link {
	struct group_view *g;
	struct group_row **node;	/* the leader tree's rows */
	const struct hists *mh;		/* the member being paired */
	struct hist_entry **mem;	/* its entries by cpos */
	bool *matched;
	int m;
};

/* perf's pairing walk: leader tree row @x looked for in the member's tree */
static void group__match(uint32_t x, struct group_link *l)
{
	const struct rbt *mt = &l->mh->tree;
	uint32_t cur = mt->root;

	while (cur != RB_NIL) {
		int64_t r = hist_entry__cmp_reach(l->g->keys, &l->g->ctx[l->m], l->node[x]->rep,
						  l->mem[cur], true);

		if (!r) {
			/* an entry equal to several of the leader's (a member
			 * without the leader's field keys): the first has it
			 * (perf pairs it with each, which corrupts its lists:
			 * it loops forever) */
			if (!l->node[x]->he[l->m] && !l->matched[cur])
				l->node[x]->he[l->m] = l->mem[cur];
			l->matched[cur] = true;
			return;
		}
		cur = r < 0 ? mt->left[cur] : mt->right[cur];
	}
}

/* the entries of @h by their place in its last tree (cpos); false when
 * that is no permutation */
static bool group__by_cpos(const struct hists *h, struct hist_entry **by)
{
	for (uint64_t i = 0; i < h->nr_sorted; i++)
		by[i] = NULL;
	for (uint64_t i = 0; i < h->nr_sorted; i++) {
		struct hist_entry *he = h->sorted[i];

		if (he->cpos >= h->nr_sorted || by[he->cpos])
			return false;
		by[he->cpos] = he;
	}
	return true;
}

/*
 * perf's group view pairs the members' entries with the leader's in the
 * leader's last tree (its collapse tree, or its input tree): member after
 * member, each leader tree entry (in order) is looked for in the member's
 * tree by a walk, then each member entry left unpaired (in its tree's
 * order) walks the leader's tree, where it meets an equal entry or is
 * added as a stand-in row. The keys are no total order (unresolved
 * addresses), so the walks, not equality, decide: done on the same trees.
 * The lines, files and trace texts the walks compute count in the
 * columns' widths, as perf sizes its columns after pairing.
 * @order gets the rows in the leader tree's order. 0, 1 when the trees
 * were not kept, or -ENOMEM.
 */
static int group__link(struct group_view *g, struct group_row **order)
{
	struct group_link l = { .g = g };
	struct rbt t = { .root = RB_NIL };
	uint32_t *stack = NULL, *walk = NULL;	/* a walk of the leader tree */
	uint64_t cap = 0, nl = 0, n;
	int m, err = -ENOMEM;

	for (m = 0; m < g->nr; m++) {
		if (!g->group[m])
			continue;
		if (!g->group[m]->tree.left)
			return 1;
		cap += g->group[m]->nr_sorted;
	}
	if (cap >= RB_NIL)
		return 1;
	l.node = malloc((cap ? cap : 1) * sizeof(*l.node));
	l.mem = malloc((cap ? cap : 1) * sizeof(*l.mem));
	l.matched = malloc(cap ? cap : 1);
	walk = malloc((cap ? cap : 1) * sizeof(*walk));
	if (!l.node || !l.mem || !l.matched || !walk || !rbt__alloc(&t, cap ? cap : 1, &stack))
		goto out;
	t.root = RB_NIL;
	if (g->group[0]) {
		const struct hists *lh = g->group[0];

		nl = lh->nr_sorted;
		err = 1;
		if (!group__by_cpos(lh, l.mem))
			goto out;
		err = -ENOMEM;
		for (uint64_t i = 0; i < nl; i++)
			if (!(l.node[i] = group__row(g, 0, l.mem[i])))
				goto out;
		memcpy(t.left, lh->tree.left, nl * sizeof(*t.left));
		memcpy(t.right, lh->tree.right, nl * sizeof(*t.right));
		memcpy(t.parent, lh->tree.parent, nl * sizeof(*t.parent));
		memcpy(t.red, lh->tree.red, nl);
		t.root = nl ? lh->tree.root : RB_NIL;
	}
	for (m = 1; m < g->nr; m++) {
		uint64_t nm;

		if (!g->group[m])
			continue;
		l.mh = g->group[m];
		l.m = m;
		nm = l.mh->nr_sorted;
		err = 1;
		if (!group__by_cpos(l.mh, l.mem))
			goto out;
		err = -ENOMEM;
		memset(l.matched, 0, nm);
		n = rbt__inorder(&t, stack, walk);
		for (uint64_t i = 0; i < n; i++)
			group__match(walk[i], &l);
		for (uint64_t y = 0; y < nm; y++) {
			uint32_t cur = t.root, parent = RB_NIL;
			bool goleft = false;
			struct group_row *r;

			if (l.matched[y])
				continue;
			while (cur != RB_NIL) {
				/* perf places a member's entry left unpaired
				 * by the leader's keys: field keys of the
				 * leader compare its record's bytes too */
				int64_t c = hist_entry__cmp_reach(g->keys, &g->ctx[0], l.mem[y],
								  l.node[cur]->rep, true);

				if (!c)
					break;
				parent = cur;
				goleft = c < 0;
				cur = goleft ? t.left[cur] : t.right[cur];
			}
			if (cur != RB_NIL) {
				if (!l.node[cur]->he[m])
					l.node[cur]->he[m] = l.mem[y];
				continue;
			}
			r = group__row(g, m, l.mem[y]);
			if (!r)
				goto out;
			l.node[r->pos] = r;
			rbt_link(&t, (uint32_t)r->pos, parent, goleft);
		}
	}
	n = rbt__inorder(&t, stack, walk);
	for (uint64_t i = 0; i < n; i++)
		order[i] = l.node[walk[i]];
	/* perf sizes the columns after these walks */
	for (uint64_t i = 0; i < g->nr_rows; i++)
		hist_entry__count_seen(g->keys, g->rows[i].rep);
	err = 0;
out:
	/* a fallback starts over */
	if (err)
		for (uint64_t i = 0; i < g->nr_rows; i++) {
			free(g->rows[i].he);
			g->rows[i].he = NULL;
		}
	if (err)
		g->nr_rows = 0;
	free(l.node);
	free(l.mem);
	free(l.matched);
	free(walk);
	if (t.left)
		rbt__release(&t);
	free(stack);
	return err;
}

static bool group_field_per_member(const struct sort_field *f)
{
	return f->kind != FIELD_KEY;
}

static int group_field_text(const struct sort_field *f, const struct group_row *r, int m,
			    const struct group_view *g, char *buf, size_t size)
{
	static const struct hist_entry none;
	const struct hist_entry *he = r->he[m] ? r->he[m] : &none;

	if (f->kind == FIELD_KEY)
		return f->key->snprintf(f->key, &g->keys->opts.sort, r->rep, buf, size);
	if (!g->group[m]) {
		/* a member without samples: perf shows its zeros */
		struct hists empty;

		memset(&empty, 0, sizeof(empty));
		empty.opts.children = g->children;
		return field_text(f, he, &empty, buf, size);
	}
	return field_text(f, he, g->group[m], buf, size);
}

size_t hists__fprintf_stdio_group(FILE *fp, struct hists *const *group, int nr,
				  const struct stdio_hist_opts *o)
{
	struct group_view g = { .group = group, .nr = nr, .nr_cmp = nr };
	struct group_row **order = NULL;
	const char *sep = o->field_sep;
	uint64_t n = 0, i;
	int *width = NULL, k, m;
	char buf[4096];
	size_t ret = 0;
	bool unresolved = false, dunresolved = false;

	for (m = 0; m < nr; m++) {
		if (group[m] && !g.keys)
			g.keys = group[m];
		if (group[m])
			n += group[m]->nr_sorted;
	}
	if (!g.keys)
		return 0;
	g.children = g.keys->opts.children;
	/* --group-sort-idx: as perf 6.1, the member given takes the leader's
	 * place in the comparisons (the children column stays the leader's);
	 * an index out of the group leaves the leader's value alone */
	if (o->group_sort_set) {
		if (o->group_sort_idx >= 0 && o->group_sort_idx < nr)
			g.first = o->group_sort_idx;
		else
			g.nr_cmp = 1;
	}
	for (g.table_size = 16; g.table_size < 2 * n; g.table_size *= 2)
		;
	g.rows = calloc(n ? n : 1, sizeof(*g.rows));
	g.table = calloc(g.table_size, sizeof(*g.table));
	g.ctx = malloc((size_t)nr * sizeof(*g.ctx));
	width = calloc((size_t)o->nr_fields + 1, sizeof(int));
	if (!g.rows || !g.table || !g.ctx || !width)
		goto out;
	for (m = 0; m < nr; m++) {
		g.ctx[m] = g.keys->opts.sort;
		g.ctx[m].dyn_only = o->dyn_own ? o->dyn_own[m] : NULL;
	}
	order = malloc((n ? n : 1) * sizeof(*order));
	if (!order)
		goto out;
	k = group__link(&g, order);
	if (k < 0)
		goto out;
	if (k > 0) {
		/* no trees kept: pair by the keys, place by them */
		for (m = 0; m < nr; m++)
			for (i = 0; group[m] && i < group[m]->nr_sorted; i++)
				if (group__add(&g, m, group[m]->sorted[i]))
					goto out;
		if (group__order(&g, order))
			goto out;
	} else if (rb_insert_order((void **)order, g.nr_rows, group_row_tree_cmp, &g)) {
		goto out;
	}

	for (k = 0; k < o->nr_fields; k++) {
		const struct sort_field *f = &o->fields[k];
		int w = (int)strlen(stdio__field_header(f, g.children, o->fields_given));

		if (group_field_per_member(f)) {
			width[k] = field_min_width(f) * nr;
			if (w > width[k])
				width[k] = w;
			continue;
		}
		if (w < field_min_width(f))
			w = field_min_width(f);
		for (i = 0; i < g.nr_rows; i++) {
			int t;

			if (g.rows[i].rep->filtered)
				continue;
			t = f->key->width ?
				f->key->width(f->key, &g.keys->opts.sort, g.rows[i].rep) :
				f->key->snprintf(f->key, &g.keys->opts.sort, g.rows[i].rep,
						 buf, sizeof(buf));

			if (t > w)
				w = t;
		}
		width[k] = w;
	}
	for (i = 0; i < g.nr_rows; i++) {
		unresolved |= !g.rows[i].rep->sym && !g.rows[i].rep->filtered;
		dunresolved |= !g.rows[i].rep->ddso && !g.rows[i].rep->filtered;
	}
	unresolved_dso_width(o, width, unresolved, "dso");
	unresolved_dso_width(o, width, dunresolved, "dso_daddr");
	/* -w: a key's column is as wide as given; the members' columns
	 * take it for each value, their header at least (perf) */
	for (k = 0; k < o->nr_fields; k++)
		if (user_width(o, k) > 0 && (!group_field_per_member(&o->fields[k]) ||
					     user_width(o, k) > width[k]))
			width[k] = user_width(o, k);
	if (!o->quiet)
		ret += put_header(fp, o, width, g.children, sep, true);
	for (i = 0; i < g.nr_rows; i++) {
		const struct group_row *r = order[i];
		const struct hists *lh = group[0] ? group[0] : g.keys;
		uint64_t lead = group__value(&g, r, 0);
		bool any = false;

		/* a row shows as its first entry (the leader's, else the
		 * first member's) is hidden or not, as perf's output of the
		 * leader's entries and of the stand-ins it adds for rows of
		 * members only: the members' values show either way */
		if (r->rep->filtered)
			continue;
		for (m = 0; m < nr; m++)
			any |= group__value(&g, r, m) || (r->he[m] && r->he[m]->period);
		if (!any)
			continue;
		if (o->percent_limit && pct(lead, lh->total_period) < o->percent_limit)
			continue;
		for (k = 0; k < o->nr_fields; k++) {
			const struct sort_field *f = &o->fields[k];
			bool last = k == o->nr_fields - 1 && !o->last_elided;

			if (group_field_per_member(f)) {
				int w = width[k] / nr, used = 0;

				if (sep && k)
					fputs(sep, fp);
				/* perf's N/A (nothing cumulated): once for the
				 * group, right-aligned in a member's width, the
				 * rest of the column padded unless it is last */
				group_field_text(f, r, 0, &g, buf, sizeof(buf));
				if (!strcmp(buf, "N/A")) {
					used = fprintf(fp, "%s%*s", sep ? "" : "  ", w, buf);
					if (!last && used < width[k] + (sep ? 0 : 2))
						fprintf(fp, "%*s", width[k] + (sep ? 0 : 2) - used, "");
					continue;
				}
				/* -w W: each member " %*s" in W (perf's hpp
				 * width), the column then padded to its width */
				if (!sep && user_width(o, k) > 0) {
					int uw = user_width(o, k);

					used = fprintf(fp, "  ");
					for (m = 0; m < nr; m++) {
						group_field_text(f, r, m, &g, buf, sizeof(buf));
						if (m && !strcmp(buf, "N/A"))
							buf[0] = '\0';
						used += fprintf(fp, " %*s", uw - 1, buf);
					}
					if (!last && used < width[k] + 2)
						fprintf(fp, "%*s", width[k] + 2 - used, "");
					continue;
				}
				for (m = 0; m < nr; m++) {
					int mw = m ? w : width[k] - w * (nr - 1);

					group_field_text(f, r, m, &g, buf, sizeof(buf));
					/* perf's N/A (nothing cumulated) once, for the group */
					if (m && !strcmp(buf, "N/A"))
						buf[0] = '\0';
					if (sep)	/* -t: " %s" a member, then padded */
						used += fprintf(fp, " %s", buf);
					else if (is_percent(f) && o->color && strcmp(buf, "N/A") &&
						 *buf) {
						char cell[4096];

						snprintf(cell, sizeof(cell), " %*s", mw - 1, buf);
						ret += (size_t)fputs(m ? "" : "  ", fp);
						ret += percent_fputs(fp, true,
								     field_pct(f, r->he[m], group[m]),
								     cell);
					} else if (is_percent(f))
						ret += (size_t)fprintf(fp, "%s %*s", m ? "" : "  ",
								       mw - 1, buf);
					else
						ret += (size_t)fprintf(fp, "%s%*s", m ? "" : "  ",
								       mw, buf);
				}
				if (sep && !last && used < width[k])
					fprintf(fp, "%*s", width[k] - used, "");
				continue;
			}
			group_field_text(f, r, 0, &g, buf, sizeof(buf));
			ret += put_cell(fp, f, buf, width[k], k, last, sep, user_width(o, k), NULL);
		}
		ret += (size_t)fputs("\n", fp);
		/* the leader's callchain, as perf (a member-only row has none) */
		if (o->show_callchain && r->he[0] && r->he[0]->callchain)
			ret += callchain__fprintf(fp, r->he[0]->callchain, &group[0]->opts.cc,
						  o->chain_total ? o->chain_total :
						  group[0]->total_period, o->chain_min_total, lead,
						  o->skip_first);
	}
out:
	for (i = 0; i < g.nr_rows; i++)
		free(g.rows[i].he);
	free(g.rows);
	free(order);
	free(g.table);
	free(g.ctx);
	free(width);
	return ret;
}
