// SPDX-License-Identifier: GPL-2.0
/* Metrics and metric groups from the compiled vendor tables (-M). */
#include <ctype.h>
#include <fnmatch.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "metricgroup.h"
#include "debug.h"
#include "stat.h"
#include "stat-display.h"

void metric__scale_unit(const char *su, double *scale, char *unit, size_t size)
{
	char *end;
	double s;

	s = strtod(su ? su : "", &end);
	if (end == su || !su) {
		*scale = 1;
		snprintf(unit, size, "%s", su ? su : "");
		return;
	}
	*scale = s;
	while (isspace((unsigned char)*end))
		end++;
	snprintf(unit, size, "%s", end);
}

/*
 * How an expression id is asked for in parse-events: "INST_RETIRED.ANY" ->
 * "inst_retired.any"; "TSC" -> "msr/tsc/"; perf's pmu@EVENT,terms@ form
 * ("cha@UNC_CHA_TOR_INSERTS.IA_MISS,config1=0x40433@") -> the event's own
 * PMU and terms plus the extra ones: "uncore_cha/event=0x35,umask=0x21,
 * config1=0x40433/" (the plain name when the table does not know it).
 */
static char *event_for_id(const struct pmu_events_table *t, const char *id,
			  bool *tool)
{
	const struct pmu_event *ev;
	char *s, *p, *extra = NULL;

	*tool = !strcmp(id, "duration_time");
	if (*tool)
		return strdup(id);
	if (!strcmp(id, "TSC"))
		return strdup("msr/tsc/");
	p = strchr(id, '@');
	s = strdup(p ? p + 1 : id);	/* "EVENT,terms@" or "EVENT" */
	if (!s)
		return NULL;
	if (p) {
		char *stop = strpbrk(s, ",@");

		if (stop && *stop == ',') {
			extra = stop + 1;
			*strchrnul(extra, '@') = '\0';
		}
		if (stop)
			*stop = '\0';
	}
	for (p = s; *p; p++)
		*p = tolower((unsigned char)*p);
	if (extra && *extra && (ev = pmu_events__find(t, NULL, s, NULL))) {
		char *r;

		if (asprintf(&r, "%s/%s,%s/", ev->pmu, ev->encoding, extra) < 0)
			r = NULL;
		free(s);
		return r;
	}
	return s;
}

struct add_ctx {
	struct metric *m;
	const struct pmu_events_table *t;
};

static int add_id(void *ctx, const char *id, int source_count)
{
	struct add_ctx *ac = ctx;
	struct metric *m = ac->m;
	struct metric_event *ev;

	if (id[0] == '#')
		return 0;
	for (int i = 0; i < m->nr_events; i++)
		if (!strcmp(m->events[i].id, id))
			return 0;
	ev = realloc(m->events, (m->nr_events + 1) * sizeof(*ev));
	if (!ev)
		return -ENOMEM;
	m->events = ev;
	ev = &m->events[m->nr_events];
	ev->id = strdup(id);
	ev->event = event_for_id(ac->t, id, &ev->tool);
	if (!ev->id || !ev->event) {
		free(ev->id);
		free(ev->event);
		return -ENOMEM;
	}
	m->nr_events++;
	return 0;
}

static void metric__exit(struct metric *m)
{
	for (int i = 0; i < m->nr_events; i++) {
		free(m->events[i].id);
		free(m->events[i].event);
	}
	free(m->events);
}

static int metric_list__add(struct metric_list *ml, const struct pmu_events_table *t,
			    const struct pmu_metric *pm, char *err, size_t errsz)
{
	struct add_ctx ac;
	struct metric *m;
	int ret;

	for (int i = 0; i < ml->nr; i++)
		if (ml->metrics[i].pm == pm)
			return 0;
	m = realloc(ml->metrics, (ml->nr + 1) * sizeof(*m));
	if (!m)
		return -ENOMEM;
	ml->metrics = m;
	m = &ml->metrics[ml->nr];
	memset(m, 0, sizeof(*m));
	m->pm = pm;
	metric__scale_unit(pm->unit, &m->scale, m->unit, sizeof(m->unit));
	ac.m = m;
	ac.t = t;
	ret = expr__ids(pm->expr, add_id, &ac, err, errsz);
	if (ret) {
		metric__exit(m);
		return ret;
	}
	ml->nr++;
	return 0;
}

int metricgroup__parse(const struct pmu_events_table *t, const char *str,
		       struct metric_list *ml, char *err, size_t errsz)
{
	char *copy, *tok, *save = NULL;
	int ret = 0;

	memset(ml, 0, sizeof(*ml));
	if (!t || !t->nr_metrics) {
		if (err)
			snprintf(err, errsz, "no metrics are known for this CPU%s%s: see `mperf list --cpuid CPUID metric`, and MPERF_CPUID to pick another CPU's tables",
				 t ? " model " : "", t ? t->model : "");
		return -ENOENT;
	}
	copy = strdup(str);
	if (!copy)
		return -ENOMEM;
	for (tok = strtok_r(copy, ",", &save); tok && !ret;
	     tok = strtok_r(NULL, ",", &save)) {
		const struct pmu_metric *pm = pmu_metrics__find(t, tok);
		bool all = !strcasecmp(tok, "all");
		bool nogroup = !strcasecmp(tok, "No_group");
		int found = 0;

		if (pm) {
			ret = metric_list__add(ml, t, pm, err, errsz);
			continue;
		}
		for (size_t i = 0; i < t->nr_metrics && !ret; i++) {
			const struct pmu_metric *m = &t->metrics[i];

			if (all || (nogroup && !m->group[0]) ||
			    pmu_metric__in_group(m, tok)) {
				ret = metric_list__add(ml, t, m, err, errsz);
				found++;
			}
		}
		if (!found && !ret) {
			if (err)
				snprintf(err, errsz, "unknown metric or metric group '%s' for %s: see `mperf list metric`",
					 tok, t->model);
			ret = -ENOENT;
		}
	}
	free(copy);
	if (ret)
		metric_list__exit(ml);
	return ret;
}

void metric_list__exit(struct metric_list *ml)
{
	for (int i = 0; i < ml->nr; i++)
		metric__exit(&ml->metrics[i]);
	free(ml->metrics);
	ml->metrics = NULL;
	ml->nr = 0;
}

/* Are all PMU events of @a among those of @b? */
static bool events_subset(const struct metric *a, const struct metric *b)
{
	for (int i = 0; i < a->nr_events; i++) {
		bool found = a->events[i].tool;

		for (int j = 0; j < b->nr_events && !found; j++)
			found = !b->events[j].tool &&
				!strcmp(a->events[i].event, b->events[j].event);
		if (!found)
			return false;
	}
	return true;
}

static int pmu_event_count(const struct metric *m)
{
	int n = 0;

	for (int i = 0; i < m->nr_events; i++)
		n += !m->events[i].tool;
	return n;
}

int metricgroup__events(const struct metric_list *ml, char *buf, size_t size)
{
	size_t len = 0;
	int n, *order, *emitted, nemitted = 0;
	bool tool_done = false;

#define OUT(...) do {							\
		n = snprintf(len < size ? buf + len : NULL,		\
			     len < size ? size - len : 0, __VA_ARGS__);	\
		len += n;						\
	} while (0)

	if (size)
		buf[0] = '\0';
	order = calloc(ml->nr + 1, sizeof(*order));
	emitted = calloc(ml->nr + 1, sizeof(*emitted));
	if (!order || !emitted) {
		free(order);
		free(emitted);
		return -ENOMEM;
	}
	/* As perf: the metrics with most events first, and a metric whose
	 * events all are in an earlier metric's group shares that group. */
	for (int i = 0; i < ml->nr; i++)
		order[i] = i;
	for (int i = 1; i < ml->nr; i++)
		for (int j = i; j > 0 && pmu_event_count(&ml->metrics[order[j]]) >
					 pmu_event_count(&ml->metrics[order[j - 1]]); j--) {
			int t = order[j];

			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	for (int k = 0; k < ml->nr; k++) {
		const struct metric *m = &ml->metrics[order[k]];
		int in_group = 0;
		bool shared = false;

		for (int e = 0; e < nemitted && !shared; e++)
			shared = events_subset(m, &ml->metrics[emitted[e]]);
		if (shared || !pmu_event_count(m))
			continue;
		emitted[nemitted++] = order[k];
		for (int j = 0; j < m->nr_events; j++) {
			if (m->events[j].tool)
				continue;
			OUT("%s%s%s", len ? "," : "", in_group ? "" : "{",
			    m->events[j].event);
			in_group++;
		}
		OUT("}");
	}
	for (int i = 0; i < ml->nr && !tool_done; i++)
		for (int j = 0; j < ml->metrics[i].nr_events; j++)
			if (ml->metrics[i].events[j].tool && !tool_done) {
				OUT("%s%s", len ? "," : "",
				    ml->metrics[i].events[j].event);
				tool_done = true;
			}
#undef OUT
	free(order);
	free(emitted);
	return len < size ? (int)len : -ENOSPC;
}

struct compute_ctx {
	expr_lookup_fn lookup;
	void *ctx;
};

static int compute_lookup(void *ctx, const char *id, double *val)
{
	struct compute_ctx *c = ctx;

	if (c->lookup && !c->lookup(c->ctx, id, val))
		return 0;
	if (id[0] == '#')
		return metric__literal(id, val);
	return -ENOENT;
}

int metric__compute(const struct metric *m, expr_lookup_fn lookup, void *ctx,
		    double *val, char *err, size_t errsz)
{
	struct compute_ctx c = { lookup, ctx };
	int ret;

	ret = expr__eval(m->pm->expr, compute_lookup, &c, val, err, errsz);
	if (!ret)
		*val *= m->scale;
	return ret;
}

struct values_ctx {
	const struct metric *m;
	const double *values;
};

static int values_lookup(void *ctx, const char *id, double *val)
{
	struct values_ctx *c = ctx;

	for (int i = 0; i < c->m->nr_events; i++) {
		if (strcmp(c->m->events[i].id, id))
			continue;
		*val = c->values[i];
		if (c->m->events[i].tool)
			*val *= 1e-9;
		return isnan(*val) ? -ENOENT : 0;
	}
	return -ENOENT;
}

int metric__compute_values(const struct metric *m, const double *values,
			   double *val, char *err, size_t errsz)
{
	struct values_ctx c = { m, values };

	return metric__compute(m, values_lookup, &c, val, err, errsz);
}

int metric__snprintf(const struct metric *m, double val, char *buf,
		     size_t size)
{
	return snprintf(buf, size, "%8.1f %s  %s", val, m->unit, m->pm->name);
}

/* ---- mperf stat ----------------------------------------------------------- */

static bool has_group(const struct pmu_events_table *t, const char *group)
{
	for (size_t i = 0; t && i < t->nr_metrics; i++)
		if (pmu_metric__in_group(&t->metrics[i], group))
			return true;
	return false;
}

int metricgroup__stat_setup(const char *str, bool topdown,
			    struct metric_list *ml, char **events)
{
	const struct pmu_events_table *t = pmu_events__current();
	char err[512], *buf = NULL, *all;
	size_t old = *events ? strlen(*events) : 0;
	int ret, len;

	if (!str && topdown) {
		str = "TopdownL1";
		if (!has_group(t, str)) {
			pr_err("--topdown: no TopdownL1 metrics for this CPU%s%s "
			       "(Intel models from Haswell on have them; see `mperf list --cpuid CPUID metricgroup`)\n",
			       t ? " model " : "", t ? t->model : "");
			return -ENOENT;
		}
	}
	ret = metricgroup__parse(t, str, ml, err, sizeof(err));
	if (ret) {
		pr_err("-M %s: %s\n", str, err);
		return ret;
	}
	for (size_t size = 1024;; size *= 2) {
		buf = malloc(size);
		if (!buf)
			return -ENOMEM;
		len = metricgroup__events(ml, buf, size);
		if (len >= 0)
			break;
		free(buf);
		if (size > (1 << 20)) {
			pr_err("-M %s: too many metric events\n", str);
			return -E2BIG;
		}
	}
	all = realloc(*events, old + len + 2);
	if (!all) {
		free(buf);
		return -ENOMEM;
	}
	if (old && len)
		all[old++] = ',';
	memcpy(all + old, buf, len + 1);
	*events = all;
	free(buf);
	return 0;
}

struct stat_lookup {
	const struct metric *m;
	const struct stat_view *view;
	const int *ctr;		/* counter index per metric event, -1: none */
};

static double counter_value(const struct stat_view *view, int i, bool repeat)
{
	const struct stat_counter *c = &view->counters[i];
	uint64_t ena, run;
	double val, noise;

	if (!c->supported || !c->nr_aggr || c->aggr[0].scaled < 0)
		return NAN;
	stat_counter__display(c, 0, repeat, &val, &ena, &run, &noise);
	if (!run || !ena)
		return NAN;
	return val;
}

void metricgroup__stat_print(const struct metric_list *ml,
			     const struct stat_config *config,
			     const struct stat_view *view)
{
	FILE *out = config->output;
	bool repeat = config->run_count > 1;

	if (!ml->nr || config->csv_output || config->json_output ||
	    config->json_doc || config->aggr_mode != AGGR_GLOBAL || view->nr_ids != 1)
		return;
	for (int k = 0; k < ml->nr; k++) {
		const struct metric *m = &ml->metrics[k];
		double vals[64], v;
		char err[256], txt[160];
		bool ok = m->nr_events <= 64;

		/* each event's counter by name (a shared group holds them) */
		for (int j = 0; ok && j < m->nr_events; j++) {
			int found = -1;

			for (int i = 0; i < view->nr_counters && found < 0; i++)
				if (!strcmp(view->counters[i].name, m->events[j].event))
					found = i;
			if (found < 0) {
				ok = false;
				break;
			}
			vals[j] = counter_value(view, found, repeat);
		}
		if (!ok || metric__compute_values(m, vals, &v, err, sizeof(err)) || isnan(v)) {
			pr_debug("metric %s not computed: %s\n", m->pm->name,
				 ok ? err : "its events were not all counted");
			continue;
		}
		metric__snprintf(m, v, txt, sizeof(txt));
		fprintf(out, "%49s # %s\n", "", txt);
	}
}

/* ---- host literals ------------------------------------------------------ */

static int count_distinct(const char *key)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[512], seen[256][64];
	int nr = 0;

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		char *colon;
		int i;

		if (strncmp(line, key, strlen(key)))
			continue;
		colon = strchr(line, ':');
		if (!colon)
			continue;
		for (i = 0; i < nr; i++)
			if (!strcmp(seen[i], colon + 1))
				break;
		if (i == nr && nr < 256)
			snprintf(seen[nr++], sizeof(seen[0]), "%s", colon + 1);
	}
	fclose(f);
	return nr;
}

static double tsc_freq(void)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[512];
	double ghz = 0;

	/* "model name : Intel(R) Xeon(R) ... @ 2.10GHz" is the TSC rate. */
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		char *at;

		if (strncmp(line, "model name", 10))
			continue;
		at = strrchr(line, '@');
		if (at)
			ghz = strtod(at + 1, NULL);
		break;
	}
	fclose(f);
	return ghz * 1e9;
}

int metric__literal(const char *id, double *val)
{
	long cpus = sysconf(_SC_NPROCESSORS_CONF);
	int pkgs, cores;

	if (!strcasecmp(id, "#num_cpus") || !strcasecmp(id, "#num_cpus_online")) {
		*val = cpus;
		return 0;
	}
	pkgs = count_distinct("physical id");
	if (pkgs <= 0)
		pkgs = 1;
	if (!strcasecmp(id, "#num_packages") || !strcasecmp(id, "#num_dies")) {
		*val = pkgs;
		return 0;
	}
	cores = count_distinct("core id");
	if (cores <= 0)
		cores = cpus;
	if (!strcasecmp(id, "#num_cores")) {
		*val = (double)cores * pkgs;
		return 0;
	}
	if (!strcasecmp(id, "#smt_on")) {
		*val = cpus > (long)cores * pkgs;
		return 0;
	}
	if (!strcasecmp(id, "#SYSTEM_TSC_FREQ")) {
		*val = tsc_freq();
		return *val > 0 ? 0 : -ENOENT;
	}
	return -ENOENT;
}

/* ---- list ------------------------------------------------------------- */

static void print_metric(FILE *fp, const struct pmu_metric *m, bool details)
{
	char desc[2048];

	fprintf(fp, "  %s\n", m->name);
	size_t dl = strlen(m->desc);

	snprintf(desc, sizeof(desc), "%s%s%s", m->desc,
		 !m->unit[0] ? "" : dl && m->desc[dl - 1] == '.' ? " Unit: " : ". Unit: ",
		 m->unit);
	pmu_events__print_wrapped(fp, desc);
	if (details) {
		fprintf(fp, "       %s\n", m->expr);
	}
}

static bool metric_match(const struct pmu_metric *m, const char *glob)
{
	return !glob || !fnmatch(glob, m->name, FNM_CASEFOLD);
}

int metricgroup__print(FILE *fp, const struct pmu_events_table *t,
		       bool groups, const char *glob, bool details)
{
	char seen[64][64];
	int nseen = 0, n = 0;

	if (!t || !t->nr_metrics)
		return 0;
	for (size_t i = 0; i < t->nr_metrics; i++)
		n += metric_match(&t->metrics[i], glob);
	if (!n)
		return 0;
	n = 0;
	if (!groups) {
		fprintf(fp, "\nMetrics:\n\n");
		for (size_t i = 0; i < t->nr_metrics; i++) {
			if (!metric_match(&t->metrics[i], glob))
				continue;
			print_metric(fp, &t->metrics[i], details);
			n++;
		}
		return n;
	}
	fprintf(fp, "\nMetric Groups:\n\n");
	/* the groups in name order ("No_group" for metrics without one) */
	for (;;) {
		const char *best = NULL;
		size_t blen = 0;

		for (size_t i = 0; i < t->nr_metrics; i++) {
			const char *p = t->metrics[i].group[0] ? t->metrics[i].group : "No_group";

			while (*p) {
				size_t len = strcspn(p, ";");
				bool done = false;

				for (int k = 0; k < nseen && !done; k++)
					done = strlen(seen[k]) == len && !strncmp(seen[k], p, len);
				if (!done && len < sizeof(seen[0]) &&
				    (!best || strncasecmp(p, best, len < blen ? len : blen) < 0 ||
				     (!strncasecmp(p, best, len < blen ? len : blen) && len < blen))) {
					best = p;
					blen = len;
				}
				p += len;
				if (*p == ';')
					p++;
			}
		}
		if (!best || nseen == 64)
			break;
		snprintf(seen[nseen], sizeof(seen[0]), "%.*s", (int)blen, best);
		fprintf(fp, "%s:\n", seen[nseen]);
		for (size_t i = 0; i < t->nr_metrics; i++) {
			const struct pmu_metric *m = &t->metrics[i];
			bool in = m->group[0] ? pmu_metric__in_group(m, seen[nseen])
					      : !strcmp(seen[nseen], "No_group");

			if (in && metric_match(m, glob)) {
				print_metric(fp, m, details);
				n++;
			}
		}
		nseen++;
	}
	return n;
}
