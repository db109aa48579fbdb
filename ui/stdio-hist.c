// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "ui/stdio-hist.h"

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

static const char *field_header(const struct sort_field *f, bool children)
{
	switch (f->kind) {
	case FIELD_KEY:
		return f->key->header;
	case FIELD_OVERHEAD:
		return children ? "Self" : "Overhead";
	case FIELD_CHILDREN:
		return "Children";
	case FIELD_OVERHEAD_SYS:
		return "sys";
	case FIELD_OVERHEAD_US:
		return "usr";
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
		return 0;
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
		return f->key->snprintf(he, buf, size);
	case FIELD_OVERHEAD:
		return snprintf(buf, size, "%.2f%%", pct(he->period, total));
	case FIELD_CHILDREN:
		return snprintf(buf, size, "%.2f%%", pct(he->period_acc, total));
	case FIELD_OVERHEAD_SYS:
		return snprintf(buf, size, "%.2f%%", pct(he->period_sys, total));
	case FIELD_OVERHEAD_US:
		return snprintf(buf, size, "%.2f%%", pct(he->period_us, total));
	case FIELD_SAMPLE:
		return snprintf(buf, size, "%" PRIu64, he->nr_events);
	case FIELD_PERIOD:
		return snprintf(buf, size, "%" PRIu64, he->period);
	}
	return 0;
}

/* --group: a value column holds the leader's value, then each member's,
 * each as wide as perf prints them (8 for percentages, 12 for counts) */
static int group_text(const struct sort_field *f, const struct hist_entry *he,
		      const struct hists *hists, const struct stdio_hist_opts *o,
		      char *buf, size_t size)
{
	int n = 0, i;

	for (i = 0; i <= o->nr_members && (size_t)n < size; i++) {
		const struct hist_entry *e = i ? o->member(o->member_arg, he, i - 1) : he;
		const struct hists *h = i ? o->member_hists[i - 1] : hists;
		uint64_t total = h ? h->total_period : 0;
		struct hist_entry zero = { 0 };

		if (!e)
			e = &zero;
		switch (f->kind) {
		case FIELD_OVERHEAD:
			n += snprintf(buf + n, size - n, "%7.2f%%", pct(e->period, total));
			break;
		case FIELD_CHILDREN:
			n += snprintf(buf + n, size - n, "%7.2f%%", pct(e->period_acc, total));
			break;
		case FIELD_OVERHEAD_SYS:
			n += snprintf(buf + n, size - n, "%7.2f%%", pct(e->period_sys, total));
			break;
		case FIELD_OVERHEAD_US:
			n += snprintf(buf + n, size - n, "%7.2f%%", pct(e->period_us, total));
			break;
		case FIELD_SAMPLE:
			n += snprintf(buf + n, size - n, "%12" PRIu64, e->nr_events);
			break;
		case FIELD_PERIOD:
			n += snprintf(buf + n, size - n, "%12" PRIu64, e->period);
			break;
		case FIELD_KEY:
			return f->key->snprintf(he, buf, size);
		}
	}
	return n;
}

/* the text of a column, --group aware */
static int column_text(const struct sort_field *f, const struct hist_entry *he,
		       const struct hists *hists, const struct stdio_hist_opts *o,
		       char *buf, size_t size)
{
	if (o->nr_members && f->kind != FIELD_KEY)
		return group_text(f, he, hists, o, buf, size);
	return field_text(f, he, hists, buf, size);
}

/* an entry some member has samples in is shown even when the leader has
 * none */
static bool member_has_period(const struct hist_entry *he, const struct stdio_hist_opts *o)
{
	for (int i = 0; i < o->nr_members; i++) {
		const struct hist_entry *e = o->member(o->member_arg, he, i);

		if (e && (e->period || e->period_acc))
			return true;
	}
	return false;
}

static bool right_aligned(const struct sort_field *f)
{
	return f->kind != FIELD_KEY || !strcmp(f->key->name, "cpu") || !strcmp(f->key->name, "tid") ||
	       !strcmp(f->key->name, "tgid");
}

static bool entry_shown(const struct hists *h, const struct hist_entry *he, double limit)
{
	uint64_t v = h->opts.children ? he->period_acc : he->period;

	if (!v && !he->period)
		return false;
	return !limit || pct(v, h->total_period) >= limit;
}

size_t hists__fprintf_stdio(FILE *fp, struct hists *hists, const struct stdio_hist_opts *o)
{
	int *width = calloc((size_t)o->nr_fields + 1, sizeof(int));
	bool children = hists->opts.children;
	const char *sep = o->field_sep;
	char buf[4096];
	uint64_t i;
	size_t ret = 0;
	int k;

	if (!width)
		return 0;
	for (k = 0; k < o->nr_fields; k++) {
		int w = (int)strlen(field_header(&o->fields[k], children));

		if (w < field_min_width(&o->fields[k]) * (o->fields[k].kind == FIELD_KEY ? 1 :
							  1 + o->nr_members))
			w = field_min_width(&o->fields[k]) * (o->fields[k].kind == FIELD_KEY ? 1 :
							      1 + o->nr_members);
		width[k] = w;
	}
	/* widths over every entry, shown or not (as perf) */
	for (i = 0; i < hists->nr_sorted; i++) {
		const struct hist_entry *he = hists->sorted[i];

		for (k = 0; k < o->nr_fields; k++) {
			int w;

			if (o->fields[k].kind != FIELD_KEY)
				continue;
			w = field_text(&o->fields[k], he, hists, buf, sizeof(buf));
			if (o->fields[k].key->width)
				w = o->fields[k].key->width(he);
			if (w > width[k])
				width[k] = w;
		}
	}

	if (!o->quiet) {
		ret += (size_t)fputs("# ", fp);
		for (k = 0; k < o->nr_fields; k++) {
			const char *h = field_header(&o->fields[k], children);

			if (k)
				ret += (size_t)fputs(sep ? sep : "  ", fp);
			if (sep)
				ret += (size_t)fputs(h, fp);
			else if (right_aligned(&o->fields[k]))
				ret += (size_t)fprintf(fp, "%*s", width[k], h);
			else
				ret += (size_t)fprintf(fp, "%-*s", width[k], h);
		}
		ret += (size_t)fputs("\n# ", fp);
		for (k = 0; k < o->nr_fields && !sep; k++) {
			if (k)
				ret += (size_t)fputs("  ", fp);
			memset(buf, '.', (size_t)width[k]);
			buf[width[k]] = '\0';
			ret += (size_t)fputs(buf, fp);
		}
		ret += (size_t)fputs("\n#\n", fp);
	}

	for (i = 0; i < hists->nr_sorted; i++) {
		struct hist_entry *he = hists->sorted[i];

		if (!entry_shown(hists, he, o->percent_limit) &&
		    !(o->nr_members && !o->percent_limit && member_has_period(he, o)))
			continue;
		for (k = 0; k < o->nr_fields; k++) {
			const struct sort_field *f = &o->fields[k];
			bool last = k == o->nr_fields - 1;

			column_text(f, he, hists, o, buf, sizeof(buf));
			if (sep) {
				if (k)
					fputs(sep, fp);
				fputs(buf, fp);
				continue;
			}
			fputs("  ", fp);
			if (right_aligned(f))
				ret += (size_t)fprintf(fp, "%*s", width[k], buf);
			else if (last && !f->key->pad_last && f->key->clip)
				ret += (size_t)fprintf(fp, "%.*s", width[k], buf);
			else if (last && !f->key->pad_last)
				ret += (size_t)fputs(buf, fp);
			else if (f->key->clip)
				ret += (size_t)fprintf(fp, "%-*.*s", width[k], width[k], buf);
			else
				ret += (size_t)fprintf(fp, "%-*s", width[k], buf);
		}
		ret += (size_t)fputs("\n", fp);
		if (o->show_callchain && he->callchain)
			ret += callchain__fprintf(fp, he->callchain, &hists->opts.cc,
						  o->chain_total ? o->chain_total :
						  hists->total_period,
						  children ? he->period_acc : he->period,
						  o->skip_first);
	}
	free(width);
	return ret;
}
