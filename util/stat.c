// SPDX-License-Identifier: GPL-2.0
/*
 * Counter arithmetic for mperf stat: scaling, running statistics over -r,
 * derived metrics and number formatting. See stat.h.
 */
#include <errno.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <linux/perf_event.h>
#include "stat.h"

/* ---- running statistics ---------------------------------------------- */

void stats__init(struct stats *s)
{
	s->n = 0;
	s->mean = 0;
	s->M2 = 0;
	s->max = 0;
	s->min = UINT64_MAX;
}

void stats__update_double(struct stats *s, double val)
{
	double delta;

	s->n++;
	delta = val - s->mean;
	s->mean += delta / s->n;
	s->M2 += delta * (val - s->mean);
}

void stats__update(struct stats *s, uint64_t val)
{
	stats__update_double(s, (double)val);
	if (val > s->max)
		s->max = val;
	if (val < s->min)
		s->min = val;
}

double stats__avg(const struct stats *s)
{
	return s->mean;
}

/*
 * The sample variance is M2 / (n - 1); what perf reports as the noise of
 * a mean is the standard error, sqrt(variance / n).
 */
double stats__stddev(const struct stats *s)
{
	double variance;

	if (s->n < 2)
		return 0.0;
	variance = s->M2 / (s->n - 1);
	return sqrt(variance / s->n);
}

double stats__rel_stddev(double stddev, double avg)
{
	if (avg == 0.0)
		return 0.0;
	return 100.0 * stddev / avg;
}

/* ---- scaling --------------------------------------------------------- */

int stat__scale_count(struct stat_count *c, bool scale)
{
	if (c->run == 0) {
		c->val = 0;
		return -1;
	}
	if (c->run < c->ena) {
		if (scale)
			c->val = (uint64_t)((double)c->val * c->ena / c->run);
		return 1;
	}
	return 0;
}

/* ---- counters -------------------------------------------------------- */

int stat_counter__init(struct stat_counter *c, const char *name,
		       const char *unit, double scale, int nr_aggr)
{
	memset(c, 0, sizeof(*c));
	c->name = name;
	c->unit = unit ? unit : "";
	c->scale = scale != 0.0 ? scale : 1.0;
	c->supported = true;
	c->nr_aggr = nr_aggr;
	c->aggr = calloc(nr_aggr > 0 ? nr_aggr : 1, sizeof(*c->aggr));
	if (!c->aggr)
		return -ENOMEM;
	for (int i = 0; i < nr_aggr; i++) {
		stats__init(&c->aggr[i].val_stats);
		stats__init(&c->aggr[i].ena_stats);
		stats__init(&c->aggr[i].run_stats);
	}
	return 0;
}

void stat_counter__exit(struct stat_counter *c)
{
	free(c->aggr);
	c->aggr = NULL;
	c->nr_aggr = 0;
}

void stat_counter__reset_cur(struct stat_counter *c)
{
	for (int i = 0; i < c->nr_aggr; i++)
		memset(&c->aggr[i].cur, 0, sizeof(c->aggr[i].cur));
}

void stat_counter__add(struct stat_counter *c, int idx,
		       const struct stat_count *raw)
{
	struct stat_count *cur;

	if (idx < 0 || idx >= c->nr_aggr)
		return;
	cur = &c->aggr[idx].cur;
	cur->val += raw->val;
	cur->ena += raw->ena;
	cur->run += raw->run;
}

void stat_counter__process(struct stat_counter *c, bool scale, bool interval)
{
	for (int i = 0; i < c->nr_aggr; i++) {
		struct stat_aggr *a = &c->aggr[i];
		struct stat_count cnt = a->cur;

		if (interval) {
			struct stat_count now = a->cur;

			cnt.val = now.val - a->prev.val;
			cnt.ena = now.ena - a->prev.ena;
			cnt.run = now.run - a->prev.run;
			a->prev = now;
		}
		a->scaled = stat__scale_count(&cnt, scale);
		a->cur = cnt;
		a->val = (double)cnt.val;
		if (interval) {
			/* every interval stands alone: no mean over intervals */
			stats__init(&a->val_stats);
			stats__init(&a->ena_stats);
			stats__init(&a->run_stats);
		}
		if (a->scaled >= 0)
			a->nr_runs_counted++;
		stats__update(&a->val_stats, cnt.val);
		stats__update(&a->ena_stats, cnt.ena);
		stats__update(&a->run_stats, cnt.run);
	}
}

void stat_counter__display(const struct stat_counter *c, int idx,
			   bool repeat, double *val, uint64_t *ena,
			   uint64_t *run, double *noise_pct)
{
	const struct stat_aggr *a = &c->aggr[idx];

	if (!repeat) {
		*val = a->val;
		*ena = a->cur.ena;
		*run = a->cur.run;
		*noise_pct = 0.0;
		return;
	}
	*val = stats__avg(&a->val_stats);
	*ena = (uint64_t)stats__avg(&a->ena_stats);
	*run = (uint64_t)stats__avg(&a->run_stats);
	*noise_pct = stats__rel_stddev(stats__stddev(&a->val_stats), *val);
}

enum stat_kind stat__kind(uint32_t type, uint64_t config)
{
	if (type == PERF_TYPE_SOFTWARE) {
		if (config == PERF_COUNT_SW_TASK_CLOCK ||
		    config == PERF_COUNT_SW_CPU_CLOCK)
			return STAT_NSECS;
		return STAT_NONE;
	}
	if (type == PERF_TYPE_HARDWARE) {
		switch (config) {
		case PERF_COUNT_HW_CPU_CYCLES:
			return STAT_CYCLES;
		case PERF_COUNT_HW_INSTRUCTIONS:
			return STAT_INSTRUCTIONS;
		case PERF_COUNT_HW_BRANCH_INSTRUCTIONS:
			return STAT_BRANCHES;
		case PERF_COUNT_HW_BRANCH_MISSES:
			return STAT_BRANCH_MISSES;
		case PERF_COUNT_HW_CACHE_REFERENCES:
			return STAT_CACHE_REFS;
		case PERF_COUNT_HW_CACHE_MISSES:
			return STAT_CACHE_MISSES;
		case PERF_COUNT_HW_STALLED_CYCLES_FRONTEND:
			return STAT_STALLED_FRONT;
		case PERF_COUNT_HW_STALLED_CYCLES_BACKEND:
			return STAT_STALLED_BACK;
		default:
			return STAT_NONE;
		}
	}
	if (type == PERF_TYPE_HW_CACHE) {
		unsigned int cache = config & 0xff;
		unsigned int op = (config >> 8) & 0xff;
		unsigned int res = (config >> 16) & 0xff;
		bool miss = res == PERF_COUNT_HW_CACHE_RESULT_MISS;

		/* perf pairs misses with the read accesses of the same cache */
		if (op != PERF_COUNT_HW_CACHE_OP_READ)
			return STAT_NONE;
		switch (cache) {
		case PERF_COUNT_HW_CACHE_L1D:
			return miss ? STAT_L1_DCACHE_MISS : STAT_L1_DCACHE;
		case PERF_COUNT_HW_CACHE_L1I:
			return miss ? STAT_L1_ICACHE_MISS : STAT_L1_ICACHE;
		case PERF_COUNT_HW_CACHE_LL:
			return miss ? STAT_LL_CACHE_MISS : STAT_LL_CACHE;
		case PERF_COUNT_HW_CACHE_DTLB:
			return miss ? STAT_DTLB_MISS : STAT_DTLB;
		case PERF_COUNT_HW_CACHE_ITLB:
			return miss ? STAT_ITLB_MISS : STAT_ITLB;
		default:
			return STAT_NONE;
		}
	}
	return STAT_NONE;
}

/* ---- derived metrics ------------------------------------------------- */

double stat__convert_unit(double value, char *unit)
{
	*unit = ' ';
	if (value > 1000.0) {
		value /= 1000.0;
		*unit = 'K';
	}
	if (value > 1000.0) {
		value /= 1000.0;
		*unit = 'M';
	}
	if (value > 1000.0) {
		value /= 1000.0;
		*unit = 'G';
	}
	return value;
}

static void metric__set(struct stat_metric *m, const char *fmt,
			const char *unit, double val)
{
	m->fmt = fmt;
	m->unit_null = unit == NULL;
	snprintf(m->unit, sizeof(m->unit), "%s", unit ? unit : "");
	m->val = val;
}

/* a miss counter as a percentage of its accesses */
static int metric__ratio_pct(struct stat_metric *m, const struct stat_shadow *sh,
			     enum stat_kind base, double avg, const char *fmt,
			     const char *unit)
{
	double total = sh->v[base];

	if (!sh->have[base]) {
		metric__set(m, NULL, unit, 0);
		return 1;
	}
	metric__set(m, fmt, unit, total ? avg / total * 100.0 : 0.0);
	return 1;
}

int stat__metrics(enum stat_kind kind, bool is_clock, double avg, double scale,
		  const struct stat_shadow *sh, double walltime_ns,
		  struct stat_metric *m, int max)
{
	double total, ratio;
	int n = 0;

	if (max < 1)
		return 0;
	if (is_clock) {
		/* avg is in the counter's unit (msec): compare like with like */
		if (walltime_ns)
			metric__set(&m[0], "%8.3f", "CPUs utilized",
				    avg / (walltime_ns * scale));
		else
			metric__set(&m[0], NULL, "CPUs utilized", 0);
		return 1;
	}
	switch (kind) {
	case STAT_INSTRUCTIONS:
		total = sh->v[STAT_CYCLES];
		if (sh->have[STAT_CYCLES] && total)
			metric__set(&m[n++], "%7.2f ", "insn per cycle", avg / total);
		else
			metric__set(&m[n++], NULL, "insn per cycle", 0);
		total = fmax(sh->v[STAT_STALLED_FRONT], sh->v[STAT_STALLED_BACK]);
		if (total && avg && n < max)
			metric__set(&m[n++], "%7.2f ", "stalled cycles per insn",
				    total / avg);
		return n;
	case STAT_BRANCH_MISSES:
		return metric__ratio_pct(m, sh, STAT_BRANCHES, avg, "%7.2f%%",
					 "of all branches");
	case STAT_L1_DCACHE_MISS:
		return metric__ratio_pct(m, sh, STAT_L1_DCACHE, avg, "%7.2f%%",
					 "of all L1-dcache accesses");
	case STAT_L1_ICACHE_MISS:
		return metric__ratio_pct(m, sh, STAT_L1_ICACHE, avg, "%7.2f%%",
					 "of all L1-icache accesses");
	case STAT_DTLB_MISS:
		return metric__ratio_pct(m, sh, STAT_DTLB, avg, "%7.2f%%",
					 "of all dTLB cache accesses");
	case STAT_ITLB_MISS:
		return metric__ratio_pct(m, sh, STAT_ITLB, avg, "%7.2f%%",
					 "of all iTLB cache accesses");
	case STAT_LL_CACHE_MISS:
		return metric__ratio_pct(m, sh, STAT_LL_CACHE, avg, "%7.2f%%",
					 "of all LL-cache accesses");
	case STAT_CACHE_MISSES:
		return metric__ratio_pct(m, sh, STAT_CACHE_REFS, avg, "%8.3f %%",
					 "of all cache refs");
	case STAT_STALLED_FRONT:
		return metric__ratio_pct(m, sh, STAT_CYCLES, avg, "%7.2f%%",
					 "frontend cycles idle");
	case STAT_STALLED_BACK:
		return metric__ratio_pct(m, sh, STAT_CYCLES, avg, "%7.2f%%",
					 "backend cycles idle");
	case STAT_CYCLES:
		total = sh->v[STAT_NSECS];
		if (sh->have[STAT_NSECS] && total)
			metric__set(&m[0], "%8.3f", "GHz", avg / total);
		else
			metric__set(&m[0], NULL, "Ghz", 0);
		return 1;
	default:
		break;
	}
	if (sh->have[STAT_NSECS]) {
		char unit = ' ', buf[16] = "/sec";

		total = sh->v[STAT_NSECS];
		ratio = 0;
		if (total)
			ratio = stat__convert_unit(1e9 * avg / total, &unit);
		if (unit != ' ')
			snprintf(buf, sizeof(buf), "%c/sec", unit);
		metric__set(&m[0], "%8.3f", buf, ratio);
		return 1;
	}
	metric__set(&m[0], NULL, NULL, 0);
	return 1;
}

/* ---- number formatting ----------------------------------------------- */

int stat__fmt_num(char *buf, size_t size, double val, int prec, int width,
		  const char *thousands, const char *point)
{
	char raw[128], out[192];
	const char *p, *dot;
	size_t o = 0, tl = thousands ? strlen(thousands) : 0;
	size_t pl;
	int ndig, len;

	if (!point)
		point = ".";
	pl = strlen(point);
	if (!isfinite(val)) {
		len = snprintf(buf, size, "%*s", width, isnan(val) ? "nan" : "inf");
		return len;
	}
	/* snprintf runs in the C locale (mperf never calls setlocale) */
	snprintf(raw, sizeof(raw), "%.*f", prec, val);
	p = raw;
	if (*p == '-')
		out[o++] = *p++;
	dot = strchr(p, '.');
	ndig = dot ? (int)(dot - p) : (int)strlen(p);
	for (int i = 0; i < ndig && o < sizeof(out) - 8; i++) {
		out[o++] = p[i];
		if (tl && (ndig - i - 1) > 0 && (ndig - i - 1) % 3 == 0 &&
		    o + tl < sizeof(out) - 8) {
			memcpy(out + o, thousands, tl);
			o += tl;
		}
	}
	if (dot) {
		if (o + pl < sizeof(out) - 8) {
			memcpy(out + o, point, pl);
			o += pl;
		}
		for (p = dot + 1; *p && o < sizeof(out) - 1; p++)
			out[o++] = *p;
	}
	out[o] = 0;
	len = snprintf(buf, size, "%*s", width, out);
	return len;
}

void stat__locale_numeric(char *thousands, size_t tsize, char *point,
			  size_t psize)
{
	const struct lconv *lc;

	snprintf(thousands, tsize, "%s", "");
	snprintf(point, psize, "%s", ".");
	/*
	 * Look at the environment's LC_NUMERIC and go back to "C" at once:
	 * every other printf of mperf stays locale-independent. (newlocale()
	 * would avoid the switch but leaks glibc's locale path list.)
	 */
	if (!setlocale(LC_NUMERIC, ""))
		return;
	lc = localeconv();
	if (lc->thousands_sep)
		snprintf(thousands, tsize, "%s", lc->thousands_sep);
	if (lc->decimal_point && lc->decimal_point[0])
		snprintf(point, psize, "%s", lc->decimal_point);
	setlocale(LC_NUMERIC, "C");
}
