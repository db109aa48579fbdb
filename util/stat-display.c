// SPDX-License-Identifier: GPL-2.0
/*
 * mperf stat output. The standard layout, -x and -j follow perf 6.1
 * column for column (widths, separators, key order), measured against
 * /usr/bin/perf on the same runs; --json-doc is mperf's own.
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>
#include "stat-display.h"

#define METRIC_LEN		35	/* " # value unit" area of a row */
#define NAME_WIDTH		32	/* event name of a counted row */
#define NAME_WIDTH_NC		25	/* event name of a not counted row */
#define METRIC_ONLY_LEN		20
#define CNTR_NOT_SUPPORTED	"<not supported>"
#define CNTR_NOT_COUNTED	"<not counted>"

void stat_config__init(struct stat_config *config)
{
	memset(config, 0, sizeof(*config));
	config->aggr_mode = AGGR_GLOBAL;
	config->output = stderr;
	config->big_num = true;
	config->scale = true;
	config->csv_sep = " ";
	config->run_count = 1;
	config->unit_width = 4;
	stats__init(&config->walltime_nsecs_stats);
	strcpy(config->point, ".");
}

/*
 * printf for the numbers of the standard layout: perf formats them under
 * the environment's LC_NUMERIC, so a de_DE user sees "0,405 CPUs
 * utilized". Only the decimal point of the numbers changes; CSV and JSON
 * never go through here.
 */
static int __attribute__((format(printf, 2, 3)))
std_printf(const struct stat_config *config, const char *fmt, ...)
{
	char buf[256];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (strcmp(config->point, ".")) {
		char out[512];
		size_t o = 0, pl = strlen(config->point);

		for (const char *p = buf; *p && o + pl < sizeof(out) - 1; p++) {
			/* a '.' between digits is a decimal point */
			if (*p == '.' && p > buf && p[-1] >= '0' && p[-1] <= '9' &&
			    p[1] >= '0' && p[1] <= '9') {
				memcpy(out + o, config->point, pl);
				o += pl;
			} else {
				out[o++] = *p;
			}
		}
		out[o] = 0;
		return fputs(out, config->output) < 0 ? -1 : (int)strlen(out);
	}
	fputs(buf, config->output);
	return n;
}

/* one row being printed: where continuation lines start again */
struct outstate {
	struct stat_config *config;
	const struct stat_view *view;
	const char *prefix;	/* interval timestamp column, or "" */
	int idx;		/* aggregation id */
	int nr;			/* CPUs in it */
	int nfields;		/* CSV: empty fields before a 2nd metric */
	bool mo_first;		/* --metric-only -j: no comma before it */
};

static bool repeat_mode(const struct stat_config *config)
{
	return config->run_count > 1 && !config->interval;
}

void stat__shadow(const struct stat_view *view, int idx, int ctx,
		  bool repeat, struct stat_shadow *sh)
{
	memset(sh, 0, sizeof(*sh));
	for (int i = 0; i < view->nr_counters; i++) {
		const struct stat_counter *c = &view->counters[i];
		double val, noise;
		uint64_t ena, run;

		/* a clock pairs with counters of any exclude bits, as perf */
		if (c->kind == STAT_NONE || (c->kind != STAT_NSECS && c->ctx != ctx) ||
		    !c->supported)
			continue;
		if (idx >= c->nr_aggr || c->aggr[idx].scaled < 0)
			continue;
		stat_counter__display(c, idx, repeat, &val, &ena, &run, &noise);
		sh->v[c->kind] = val;
		sh->have[c->kind] = true;
	}
}

static double walltime(const struct stat_config *config)
{
	if (config->interval)
		return config->interval_ns;
	return stats__avg(&config->walltime_nsecs_stats);
}

/* ---- the aggregation column ------------------------------------------- */

static void aggr_printout(const struct outstate *os)
{
	struct stat_config *config = os->config;
	const struct aggr_id *id = &os->view->ids[os->idx];
	bool csv = config->csv_output;
	const char *sep = config->csv_sep;
	FILE *out = config->output;

	if (config->json_output) {
		switch (config->aggr_mode) {
		case AGGR_CORE:
			fprintf(out, "\"core\" : \"S%d-D%d-C%d\", \"aggregate-number\" : %d, ",
				id->socket, id->die, id->core, os->nr);
			break;
		case AGGR_SOCKET:
			fprintf(out, "\"socket\" : \"S%d\", \"aggregate-number\" : %d, ",
				id->socket, os->nr);
			break;
		case AGGR_DIE:
			fprintf(out, "\"die\" : \"S%d-D%d\", \"aggregate-number\" : %d, ",
				id->socket, id->die, os->nr);
			break;
		case AGGR_NONE:
			fprintf(out, "\"cpu\" : \"%d\", ", id->cpu);
			break;
		case AGGR_THREAD:
			fprintf(out, "\"thread\" : \"%s-%d\", ",
				os->view->comm ? os->view->comm[os->idx] : "?",
				os->view->pid ? os->view->pid[os->idx] : -1);
			break;
		case AGGR_GLOBAL:
		default:
			break;
		}
		return;
	}
	switch (config->aggr_mode) {
	case AGGR_CORE:
		fprintf(out, "S%d-D%d-C%*d%s%*d%s", id->socket, id->die,
			csv ? 0 : -8, id->core, sep, csv ? 0 : 4, os->nr, sep);
		break;
	case AGGR_SOCKET:
		fprintf(out, "S%*d%s%*d%s", csv ? 0 : -5, id->socket, sep,
			csv ? 0 : 4, os->nr, sep);
		break;
	case AGGR_DIE:
		fprintf(out, "S%d-D%*d%s%*d%s", id->socket, csv ? 0 : -8, id->die,
			sep, csv ? 0 : 4, os->nr, sep);
		break;
	case AGGR_NONE:
		if (id->cpu > -1)
			fprintf(out, "CPU%*d%s", csv ? 0 : -7, id->cpu, sep);
		break;
	case AGGR_THREAD:
		fprintf(out, "%*s-%*d%s", csv ? 0 : 16,
			os->view->comm ? os->view->comm[os->idx] : "?",
			csv ? 0 : -8, os->view->pid ? os->view->pid[os->idx] : -1,
			sep);
		break;
	case AGGR_GLOBAL:
	default:
		break;
	}
}

/* ---- metrics ------------------------------------------------------------ */

static void new_line(const struct outstate *os)
{
	struct stat_config *config = os->config;
	FILE *out = config->output;

	fputc('\n', out);
	if (config->json_output) {
		fputc('{', out);
		fputs(os->prefix, out);
		aggr_printout(os);
		return;
	}
	fputs(os->prefix, out);
	aggr_printout(os);
	if (config->csv_output) {
		for (int i = 0; i < os->nfields; i++)
			fputs(config->csv_sep, out);
		return;
	}
	if (config->aggr_mode == AGGR_NONE)
		fprintf(out, "        ");
	fprintf(out, "%49s", "");
}

static const char *skip_spaces(const char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	return s;
}

static void print_metric(const struct outstate *os, const struct stat_metric *m)
{
	struct stat_config *config = os->config;
	FILE *out = config->output;
	char buf[64];
	int n;

	if (config->json_output) {
		fprintf(out, "\"metric-value\" : %f, ", m->fmt ? m->val : 0.0);
		fprintf(out, "\"metric-unit\" : \"%s\"}",
			m->unit_null ? "(null)" : m->unit);
		return;
	}
	if (config->csv_output) {
		char *end;
		const char *vals;

		if (!m->fmt || m->unit_null) {
			fprintf(out, "%s%s", config->csv_sep, config->csv_sep);
			return;
		}
		snprintf(buf, sizeof(buf), m->fmt, m->val);
		vals = skip_spaces(buf);
		end = (char *)vals;
		while (isdigit((unsigned char)*end) || *end == '.')
			end++;
		*end = 0;
		fprintf(out, "%s%s%s%s", config->csv_sep, vals, config->csv_sep,
			skip_spaces(m->unit));
		return;
	}
	if (!m->fmt || m->unit_null) {
		fprintf(out, "%-*s", METRIC_LEN, "");
		return;
	}
	n = fprintf(out, " # ");
	n += std_printf(config, m->fmt, m->val);
	fprintf(out, " %-*s", METRIC_LEN - n - 1, m->unit);
}

/* ---- counter rows --------------------------------------------------------- */

static void print_noise(const struct outstate *os, double pct)
{
	struct stat_config *config = os->config;

	if (!repeat_mode(config))
		return;
	if (config->json_output)
		fprintf(config->output, "\"variance\" : %.2f, ", pct);
	else if (config->csv_output)
		fprintf(config->output, "%s%.2f%%", config->csv_sep, pct);
	else if (pct)
		std_printf(config, "  ( +-%6.2f%% )", pct);
}

static void print_running(const struct outstate *os, uint64_t run, uint64_t ena)
{
	struct stat_config *config = os->config;
	/* perf divides in integers here: 66.67% running prints as 66.00 */
	double enabled_percent = 100;

	if (run != ena)
		enabled_percent = ena ? (double)(100 * run / ena) : 0;
	if (config->json_output)
		fprintf(config->output,
			"\"event-runtime\" : %llu, \"pcnt-running\" : %.2f, ",
			(unsigned long long)run, enabled_percent);
	else if (config->csv_output)
		fprintf(config->output, "%s%llu%s%.2f", config->csv_sep,
			(unsigned long long)run, config->csv_sep, enabled_percent);
	else if (run != ena && ena)
		std_printf(config, "  (%.2f%%)", 100.0 * run / ena);
}

static bool metric_only_valid(const char *unit)
{
	if (!unit)
		return false;
	return !strstr(unit, "/sec") && !strstr(unit, "CPUs utilized");
}

static void print_counter_metric_only(struct outstate *os,
				      const struct stat_counter *c,
				      bool counted, double uval)
{
	struct stat_config *config = os->config;
	FILE *out = config->output;
	struct stat_metric m[4];
	struct stat_shadow sh;
	int n;

	if (!counted) {
		if (config->json_output)
			return;
		if (config->csv_output)
			fputs(config->csv_sep, out);
		else
			fprintf(out, "%*s ", METRIC_ONLY_LEN, "");
		return;
	}
	stat__shadow(os->view, os->idx, c->ctx, repeat_mode(config), &sh);
	n = stat__metrics(c->kind, c->is_clock, uval, c->scale, &sh,
			  walltime(config), m, 4);
	for (int i = 0; i < n; i++) {
		char buf[64];
		const char *v;
		int mlen;

		if (m[i].unit_null || !metric_only_valid(m[i].unit))
			continue;
		mlen = (int)strlen(m[i].unit);
		if (mlen < METRIC_ONLY_LEN)
			mlen = METRIC_ONLY_LEN;
		if (m[i].fmt)
			snprintf(buf, sizeof(buf), m[i].fmt, m[i].val);
		else
			buf[0] = 0;
		v = skip_spaces(buf);
		if (config->json_output)
		{
			fprintf(out, "%s\"%s\" : \"%s\"", os->mo_first ? "" : ", ",
				m[i].unit, v);
			os->mo_first = false;
		}
		else if (config->csv_output)
			fprintf(out, "%s%s", v, config->csv_sep);
		else
			fprintf(out, "%*s ", mlen, v);
	}
}

static void print_counter(struct outstate *os, const struct stat_counter *c)
{
	struct stat_config *config = os->config;
	FILE *out = config->output;
	bool csv = config->csv_output, json = config->json_output;
	const char *sep = config->csv_sep;
	double val, uval, noise;
	uint64_t ena, run;
	struct stat_metric m[4];
	struct stat_shadow sh;
	int n;

	stat_counter__display(c, os->idx, repeat_mode(config), &val, &ena, &run,
			      &noise);
	uval = val * c->scale;

	if (config->metric_only) {
		print_counter_metric_only(os, c, c->supported && run && ena &&
					  c->aggr[os->idx].scaled >= 0, uval);
		return;
	}

	if (json)
		fputc('{', out);
	fputs(os->prefix, out);
	aggr_printout(os);

	if (!c->supported || run == 0 || ena == 0 || c->aggr[os->idx].scaled < 0) {
		const char *what = c->supported ? CNTR_NOT_COUNTED : CNTR_NOT_SUPPORTED;
		struct stat_metric none = { .fmt = NULL, .unit = "" };

		if (json) {
			fprintf(out, "\"counter-value\" : \"%s\", ", what);
			fprintf(out, "\"unit\" : \"%s\", ", c->unit);
			fprintf(out, "\"event\" : \"%s\", ", c->name);
		} else {
			fprintf(out, "%*s%s", csv ? 0 : 18, what, sep);
			fprintf(out, "%-*s%s", csv ? 0 : config->unit_width, c->unit, sep);
			fprintf(out, "%-*s", csv ? 0 : NAME_WIDTH_NC, c->name);
		}
		if (!csv && !json)
			print_metric(os, &none);
		print_noise(os, noise);
		print_running(os, run, ena);
		if (csv || json)
			print_metric(os, &none);
		fputc('\n', out);
		return;
	}

	if (json) {
		fprintf(out, "\"counter-value\" : \"%f\", ", uval);
		fprintf(out, "\"unit\" : \"%s\", ", c->unit);
		fprintf(out, "\"event\" : \"%s\", ", c->name);
	} else {
		char num[96];
		bool frac = floor(c->scale) != c->scale;

		if (csv)
			stat__fmt_num(num, sizeof(num), uval, frac ? 2 : 0, 0,
				      NULL, NULL);
		else
			stat__fmt_num(num, sizeof(num), uval, frac ? 2 : 0, 18,
				      config->big_num ? config->thousands : NULL,
				      config->point);
		fprintf(out, "%s%s", num, sep);
		if (c->unit)
			fprintf(out, "%-*s%s", csv ? 0 : config->unit_width,
				c->unit, sep);
		fprintf(out, "%-*s", csv ? 0 : NAME_WIDTH, c->name);
	}
	if (csv || json) {
		print_noise(os, noise);
		print_running(os, run, ena);
	}
	stat__shadow(os->view, os->idx, c->ctx, repeat_mode(config), &sh);
	n = stat__metrics(c->kind, c->is_clock, uval, c->scale, &sh,
			  walltime(config), m, 4);
	for (int i = 0; i < n; i++) {
		if (i)
			new_line(os);
		print_metric(os, &m[i]);
	}
	if (!csv && !json) {
		print_noise(os, noise);
		print_running(os, run, ena);
	}
	fputc('\n', out);
}

static void print_interval_header(struct stat_config *config,
				  const struct stat_view *view)
{
	FILE *out = config->output;

	if (config->csv_output || config->json_output)
		return;
	if (config->num_print_interval == 0) {
		switch (config->aggr_mode) {
		case AGGR_SOCKET:
			fprintf(out, "#           time socket cpus");
			break;
		case AGGR_DIE:
			fprintf(out, "#           time die          cpus");
			break;
		case AGGR_CORE:
			fprintf(out, "#           time core            cpus");
			break;
		case AGGR_NONE:
			fprintf(out, "#           time CPU    ");
			break;
		case AGGR_THREAD:
			fprintf(out, "#           time             comm-pid");
			break;
		case AGGR_GLOBAL:
		default:
			fprintf(out, "#           time");
			break;
		}
		/* perf pads the counts heading differently per mode */
		if (!config->metric_only)
			fprintf(out, "%s counts %*s events\n",
				config->aggr_mode == AGGR_NONE ? "               " :
				config->aggr_mode == AGGR_THREAD ? "                 " :
				"            ", config->unit_width, "unit");
	}
	if (++config->num_print_interval == 25)
		config->num_print_interval = 0;
}

static void print_metric_only_header(struct stat_config *config,
				     const struct stat_view *view,
				     const char *prefix)
{
	FILE *out = config->output;
	struct stat_metric m[4];
	struct stat_shadow sh;
	if (config->json_output)
		return;
	if (config->csv_output && prefix[0])
		fprintf(out, "time%s", config->csv_sep);
	else if (prefix[0])
		fprintf(out, "%16s ", "time");
	for (int i = 0; i < view->nr_counters; i++) {
		const struct stat_counter *c = &view->counters[i];
		int n;

		if (!c->supported || !c->nr_aggr)
			continue;
		stat__shadow(view, 0, c->ctx, repeat_mode(config), &sh);
		n = stat__metrics(c->kind, c->is_clock, 1.0, c->scale, &sh,
				  1.0, m, 4);
		for (int j = 0; j < n; j++) {
			if (m[j].unit_null || !metric_only_valid(m[j].unit))
				continue;
			if (config->csv_output)
				fprintf(out, "%s%s", m[j].unit, config->csv_sep);
			else
				fprintf(out, "%*s ", METRIC_ONLY_LEN, m[j].unit);
		}
	}
	fputc('\n', out);
}

void stat_display__counters(struct stat_config *config,
			    const struct stat_view *view,
			    const struct timespec *ts)
{
	struct outstate os = {
		.config = config,
		.view = view,
		.prefix = "",
	};
	static const int aggr_fields[] = {
		[AGGR_GLOBAL] = 0, [AGGR_NONE] = 1, [AGGR_CORE] = 2,
		[AGGR_SOCKET] = 2, [AGGR_THREAD] = 1, [AGGR_DIE] = 2,
	};
	char prefix[64] = "";
	FILE *out = config->output;

	if (config->json_doc) {
		stat_doc__counters(config, view, ts);
		return;
	}
	if (ts) {
		if (config->json_output)
			snprintf(prefix, sizeof(prefix), "\"interval\" : %lu.%09lu, ",
				 (unsigned long)ts->tv_sec, (unsigned long)ts->tv_nsec);
		else
			snprintf(prefix, sizeof(prefix), "%6lu.%09lu%s",
				 (unsigned long)ts->tv_sec, (unsigned long)ts->tv_nsec,
				 config->csv_sep);
		os.prefix = prefix;
		print_interval_header(config, view);
	}
	os.nfields = 3 + aggr_fields[config->aggr_mode];

	if (config->metric_only) {
		/* one header line (std/CSV; repeats with the -I header), then
		 * one line of values per aggregation id */
		if (!ts || config->num_print_interval == 1)
			print_metric_only_header(config, view, os.prefix);
		for (int idx = 0; idx < view->nr_ids; idx++) {
			os.idx = idx;
			os.nr = view->ids[idx].nr;
			os.mo_first = true;
			if (config->json_output)
				fputc('{', out);
			fputs(os.prefix, out);
			if (config->aggr_mode != AGGR_GLOBAL)
				aggr_printout(&os);
			for (int i = 0; i < view->nr_counters; i++)
				print_counter(&os, &view->counters[i]);
			if (config->json_output)
				fputc('}', out);
			fputc('\n', out);
		}
		return;
	}

	switch (config->aggr_mode) {
	case AGGR_THREAD:
		/* perf lists the threads of each counter busiest first */
		for (int i = 0; i < view->nr_counters; i++) {
			const struct stat_counter *c = &view->counters[i];
			int order[view->nr_ids > 0 ? view->nr_ids : 1];
			double vals[view->nr_ids > 0 ? view->nr_ids : 1];

			for (int idx = 0; idx < view->nr_ids; idx++) {
				uint64_t ena, run;
				double noise;

				stat_counter__display(c, idx, repeat_mode(config),
						      &vals[idx], &ena, &run, &noise);
				if (c->aggr[idx].scaled < 0 || !run)
					vals[idx] = -1;
				order[idx] = idx;
			}
			for (int a = 1; a < view->nr_ids; a++)
				for (int b = a; b > 0 && vals[order[b - 1]] < vals[order[b]]; b--) {
					int t = order[b];

					order[b] = order[b - 1];
					order[b - 1] = t;
				}
			for (int k = 0; k < view->nr_ids; k++) {
				os.idx = order[k];
				os.nr = view->ids[os.idx].nr;
				print_counter(&os, c);
			}
		}
		break;
	case AGGR_NONE:
	case AGGR_GLOBAL:
		/* counter-major */
		for (int i = 0; i < view->nr_counters; i++) {
			const struct stat_counter *c = &view->counters[i];

			for (int idx = 0; idx < view->nr_ids; idx++) {
				os.idx = idx;
				os.nr = view->ids[idx].nr;
				print_counter(&os, c);
			}
		}
		break;
	case AGGR_CORE:
	case AGGR_DIE:
	case AGGR_SOCKET:
		/* id-major */
		for (int idx = 0; idx < view->nr_ids; idx++) {
			os.idx = idx;
			for (int i = 0; i < view->nr_counters; i++) {
				const struct stat_counter *c = &view->counters[i];
				int nr = view->ids[idx].nr;

				/* perf stops counting CPUs at the first bad one */
				if (!c->supported || c->aggr[idx].scaled < 0)
					nr = 1;
				os.nr = nr;
				print_counter(&os, c);
			}
		}
		break;
	}
}

void stat_display__header(struct stat_config *config, const char *target)
{
	FILE *out = config->output;

	if (config->csv_output || config->json_output || config->json_doc)
		return;
	fprintf(out, "\n Performance counter stats for %s", target);
	if (config->run_count > 1)
		fprintf(out, " (%d runs)", config->run_count);
	fprintf(out, ":\n\n");
}

static int get_precision(double num)
{
	if (num > 1)
		return 0;
	return (int)lround(ceil(-log10(num)));
}

void stat_display__footer(struct stat_config *config)
{
	FILE *out = config->output;
	double avg = stats__avg(&config->walltime_nsecs_stats) / 1e9;

	if (config->csv_output || config->json_output || config->json_doc)
		return;
	if (!config->null_run)
		fprintf(out, "\n");
	if (config->run_count == 1) {
		std_printf(config, " %17.9f seconds time elapsed", avg);
		if (config->ru_display) {
			double ut = config->ru_data.ru_utime.tv_sec +
				    config->ru_data.ru_utime.tv_usec / 1e6;
			double st = config->ru_data.ru_stime.tv_sec +
				    config->ru_data.ru_stime.tv_usec / 1e6;

			fprintf(out, "\n\n");
			std_printf(config, " %17.9f seconds user\n", ut);
			std_printf(config, " %17.9f seconds sys\n", st);
		}
	} else {
		double sd = stats__stddev(&config->walltime_nsecs_stats) / 1e9;
		int precision = get_precision(sd) + 2;
		double pct = stats__rel_stddev(sd, avg);

		std_printf(config, " %17.*f +- %.*f seconds time elapsed", precision,
			   avg, precision, sd);
		if (pct)
			std_printf(config, "  ( +-%6.2f%% )", pct);
	}
	fprintf(out, "\n\n");
}
