// SPDX-License-Identifier: GPL-2.0
/*
 * mperf list: the events this machine offers, in perf 6.1's categories and
 * line layout, plus --details (encodings) and -j (one JSON document).
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <linux/perf_event.h>
#include "builtin.h"
#include "arch/arch.h"
#include "util/alloc.h"
#include "util/build-id.h"
#include "util/debug.h"
#include "util/evlist.h"
#include "util/evsel.h"
#include "util/json.h"
#include "util/parse-events.h"
#include "util/parse-options.h"
#include "util/pmu.h"
#include "util/pmu-events.h"
#include "util/metricgroup.h"
#include "util/tracepoint.h"

struct list_opts {
	bool desc;		/* -d: accepted, descriptions are always shown */
	bool long_desc;
	bool details;
	bool raw_dump;
	bool json;
	bool deprecated;
	bool debug;
	const char *cputype;
	const char *print_attr;	/* hidden: attrs of an event string */
	const char *cpuid;	/* vendor events of another CPU */
};

/* One listed event, whatever its category. */
struct list_event {
	char *name;		/* as shown: "context-switches OR cs" */
	const char *symbol;	/* the -e name: "context-switches" */
	const char *alias;	/* "cs", or NULL */
	const char *kind;	/* "Software event" */
	const char *category;	/* "sw" (json) */
	int type;		/* attr.type, -1 when not fixed */
	uint64_t config;
	char *encoding;		/* sysfs terms "msr/event=0x00/", or NULL */
	const char *pmu;
	const char *unit;
	double scale;
	const char *desc;
	const char *topic;
	const char *expr;	/* metrics */
	const char *group;	/* metrics: "TopdownL1;..." */
};

struct list_state {
	struct list_opts *o;
	struct json_writer jw;
	bool pager;		/* stdout is a terminal: perf's pager spacing */
	int printed;		/* events of the current category */
};

static void list__emit(struct list_state *ls, const struct list_event *ev)
{
	ls->printed++;
	if (ls->o->json) {
		struct json_writer *w = &ls->jw;

		json__begin_object(w, NULL);
		json__string(w, "name", ev->symbol);
		if (ev->alias && *ev->alias) {
			json__begin_array(w, "aliases");
			json__string(w, NULL, ev->alias);
			json__end_array(w);
		}
		json__string(w, "category", ev->category);
		json__string(w, "event_type", ev->kind);
		if (ev->pmu)
			json__string(w, "pmu", ev->pmu);
		if (ev->type >= 0) {
			char cfg[32];

			json__u64(w, "type", (uint64_t)ev->type);
			snprintf(cfg, sizeof(cfg), "0x%llx", (unsigned long long)ev->config);
			json__string(w, "config", cfg);
		}
		if (ev->encoding)
			json__string(w, "encoding", ev->encoding);
		if (ev->unit)
			json__string(w, "unit", ev->unit);
		if (ev->scale != 0 && ev->scale != 1.0)
			json__double(w, "scale", ev->scale, 12);
		if (ev->topic)
			json__string(w, "topic", ev->topic);
		if (ev->group && *ev->group)
			json__string(w, "metric_group", ev->group);
		if (ev->expr)
			json__string(w, "expr", ev->expr);
		if (ev->desc)
			json__string(w, "desc", ev->desc);
		json__end_object(w);
		return;
	}
	if (ls->o->raw_dump) {
		printf("%s ", ev->symbol);
		return;
	}
	if (ev->desc) {
		printf("  %-50s\n", ev->name);
		printf("%*s%s]\n", 8, "[", ev->desc);
	} else {
		printf("  %-50s [%s]\n", ev->name, ev->kind);
	}
	if (!ls->o->details)
		return;
	if (ev->encoding)
		printf("%*s%s\n", 8, "", ev->encoding);
	else if (ev->type >= 0)
		printf("%*stype=%d,config=0x%llx\n", 8, "", ev->type,
		       (unsigned long long)ev->config);
}

/* perf prints a blank line after each non-empty category when paging. */
static void list__end_category(struct list_state *ls)
{
	if (ls->printed && ls->pager && !ls->o->raw_dump && !ls->o->json)
		printf("\n");
	ls->printed = 0;
}

static bool glob_ok(const char *glob, const char *a, const char *b)
{
	if (!glob)
		return true;
	return (a && !fnmatch(glob, a, 0)) || (b && *b && !fnmatch(glob, b, 0));
}

/* perf's test: can this machine open the event at all (user-only if the
 * paranoid level refuses kernel counting)? */
static bool event_supported(uint32_t type, uint64_t config)
{
	struct perf_event_attr attr = {
		.type = type, .config = config, .disabled = 1,
		.size = sizeof(attr),
	};
	int fd = (int)syscall(__NR_perf_event_open, &attr, 0, -1, -1, 0);

	if (fd < 0 && errno == EACCES) {
		attr.exclude_kernel = 1;
		fd = (int)syscall(__NR_perf_event_open, &attr, 0, -1, -1, 0);
	}
	if (fd < 0)
		return false;
	close(fd);
	return true;
}

static int cmp_event_name(const void *a, const void *b)
{
	return strcmp(((const struct list_event *)a)->name,
		      ((const struct list_event *)b)->name);
}

static void list__events_free(struct list_event *v, int n)
{
	for (int i = 0; i < n; i++) {
		free(v[i].name);
		free(v[i].encoding);
	}
	free(v);
}

static void list__symbols(struct list_state *ls, const char *glob,
			  const struct event_symbol *syms, size_t nr,
			  const char *kind, const char *category)
{
	struct list_event *v = calloc(nr, sizeof(*v));
	int n = 0;

	if (!v)
		return;
	for (size_t i = 0; i < nr; i++) {
		const struct event_symbol *s = &syms[i];
		char *name;

		if (!glob_ok(glob, s->symbol, s->alias))
			continue;
		if (s->type != PERF_TYPE_SOFTWARE && !event_supported(s->type, s->config))
			continue;
		if (*s->alias) {
			if (asprintf(&name, "%s OR %s", s->symbol, s->alias) < 0)
				continue;
		} else {
			name = strdup(s->symbol);
		}
		v[n] = (struct list_event){
			.name = name, .symbol = s->symbol, .alias = s->alias,
			.kind = kind, .category = category, .type = (int)s->type,
			.config = s->config,
			.pmu = s->type == PERF_TYPE_SOFTWARE ? "software" : "cpu",
		};
		n++;
	}
	if (n)
		qsort(v, n, sizeof(*v), cmp_event_name);
	for (int i = 0; i < n; i++)
		list__emit(ls, &v[i]);
	list__events_free(v, n);
	list__end_category(ls);
}

static void list__tool(struct list_state *ls, const char *glob)
{
	for (size_t i = 0; i < event_symbols_tool_nr; i++) {
		const struct event_symbol *s = &event_symbols_tool[i];
		struct list_event ev = {
			.name = (char *)s->symbol, .symbol = s->symbol,
			.kind = "Tool event", .category = "tool", .type = -1,
		};

		if (glob_ok(glob, s->symbol, NULL))
			list__emit(ls, &ev);
	}
	list__end_category(ls);
}

static void list__cache(struct list_state *ls, const char *glob)
{
	struct list_event v[HW_CACHE_TYPES * HW_CACHE_OPS * HW_CACHE_RESULTS];
	char buf[128];
	int n = 0;

	for (int t = 0; t < HW_CACHE_TYPES; t++)
		for (int op = 0; op < HW_CACHE_OPS; op++) {
			if (!hw_cache__op_valid(t, op))
				continue;
			for (int r = 0; r < HW_CACHE_RESULTS; r++) {
				uint64_t config = t | (op << 8) | (r << 16);

				hw_cache__name(buf, sizeof(buf), t, op, r);
				if (!glob_ok(glob, buf, NULL))
					continue;
				if (!event_supported(PERF_TYPE_HW_CACHE, config))
					continue;
				v[n] = (struct list_event){
					.name = strdup(buf), .kind = "Hardware cache event",
					.category = "cache", .type = PERF_TYPE_HW_CACHE,
					.config = config, .pmu = "cpu",
				};
				n++;
			}
		}
	qsort(v, n, sizeof(*v), cmp_event_name);
	for (int i = 0; i < n; i++) {
		v[i].symbol = v[i].name;
		list__emit(ls, &v[i]);
		free(v[i].name);
	}
	list__end_category(ls);
}

/*
 * Named events of the vendor tables (issue 8), as perf prints its JSON
 * events: only when the core PMU they belong to is in sysfs (perf attaches
 * them to it), or when --cpuid asked for another CPU's table.
 */
static void list__vendor_events(struct list_state *ls, const char *glob)
{
	const struct pmu_events_table *t = pmu_events__current();
	struct pmus *pmus = pmus__host();
	struct pmu_events_print_opts po = {
		.glob = glob, .details = ls->o->details,
		.deprecated = ls->o->deprecated, .name_only = ls->o->raw_dump,
	};
	bool core = false;

	if (!t)
		return;
	for (int i = 0; pmus && i < pmus->nr; i++)
		core |= pmus->pmus[i]->is_core;
	if (!core && !ls->o->cpuid)
		return;
	if (!ls->o->json) {
		ls->printed += pmu_events__print(stdout, t, &po);
		return;
	}
	for (size_t i = 0; i < t->nr; i++) {
		const struct pmu_event *pe = &t->events[i];
		char enc[512];
		struct list_event ev = {
			.name = (char *)pe->name, .symbol = pe->name,
			.kind = "Vendor event", .category = "vendor", .type = -1,
			.pmu = pe->pmu, .desc = pe->desc, .topic = pe->topic,
			.encoding = enc,
		};

		if ((pe->flags & PMU_EVENT_F_DEPRECATED) && !ls->o->deprecated)
			continue;
		if (glob && fnmatch(glob, pe->name, FNM_CASEFOLD))
			continue;
		pmu_event__snprintf(pe, false, enc, sizeof(enc));
		list__emit(ls, &ev);
	}
}

static void list__metrics(struct list_state *ls, bool groups, const char *glob)
{
	const struct pmu_events_table *t = pmu_events__current();

	if (!t || ls->o->raw_dump)
		return;
	if (!ls->o->json) {
		metricgroup__print(stdout, t, groups, glob, ls->o->details);
		return;
	}
	for (size_t i = 0; i < t->nr_metrics; i++) {
		const struct pmu_metric *m = &t->metrics[i];
		struct list_event ev = {
			.name = (char *)m->name, .symbol = m->name, .kind = "Metric",
			.category = "metric", .type = -1, .desc = m->desc,
			.unit = m->unit && *m->unit ? m->unit : NULL,
			.expr = m->expr, .group = m->group,
		};

		if (glob && fnmatch(glob, m->name, FNM_CASEFOLD))
			continue;
		list__emit(ls, &ev);
	}
}

/* perf's order: core PMUs first, then by PMU name, then by event name. */
static int cmp_pmu_event(const void *a, const void *b)
{
	const struct list_event *x = a, *y = b;
	bool cx = !strcmp(x->category, "pmu-core"), cy = !strcmp(y->category, "pmu-core");
	int r;

	if (cx != cy)
		return cx ? -1 : 1;
	r = strcmp(x->pmu, y->pmu);
	if (r)
		return r;
	return strcmp(x->symbol, y->symbol);
}

static void list__pmu(struct list_state *ls, const char *glob)
{
	struct pmus *pmus = pmus__host();
	struct list_event *v = NULL;
	int n = 0, cap = 0;

	for (int i = 0; pmus && i < pmus->nr; i++) {
		const struct pmu *pmu = pmus->pmus[i];

		for (int a = 0; a < pmu->nr_aliases; a++) {
			const struct pmu_alias *al = &pmu->aliases[a];
			struct list_event *ev;
			char *full;

			if (asprintf(&full, "%s/%s/", pmu->name, al->name) < 0)
				continue;
			if (!glob_ok(glob, al->name, full)) {
				free(full);
				continue;
			}
			if (ALLOC_GROW(v, n + 1, cap, 32)) {
				free(full);
				break;
			}
			ev = &v[n++];
			*ev = (struct list_event){
				.kind = "Kernel PMU event", .type = (int)pmu->type,
				.pmu = pmu->name, .unit = al->unit, .scale = al->scale,
				.category = pmu->is_core ? "pmu-core" : "pmu",
				.alias = pmu->is_core ? al->name : NULL,
			};
			/* core PMU events can be named without the PMU */
			if (pmu->is_core) {
				if (asprintf(&ev->name, "%s OR %s", al->name, full) < 0)
					ev->name = strdup(full);
			} else {
				ev->name = strdup(full);
			}
			ev->symbol = full;	/* freed through encoding below */
			if (asprintf(&ev->encoding, "%s/%s/", pmu->name, al->terms) < 0)
				ev->encoding = NULL;
			{
				struct perf_event_attr attr = { 0 };
				const char *t = al->terms;

				/* the config the terms give, for json */
				while (t && *t) {
					const char *comma = strchr(t, ',');
					size_t len = comma ? (size_t)(comma - t) : strlen(t);
					char key[64];
					const char *eq = memchr(t, '=', len);
					const struct pmu_format *f;

					if (eq && (size_t)(eq - t) < sizeof(key)) {
						memcpy(key, t, eq - t);
						key[eq - t] = '\0';
						f = pmu__find_format(pmu, key);
						if (f)
							pmu_format__apply(f, strtoull(eq + 1, NULL, 0), &attr);
					}
					t = comma ? comma + 1 : NULL;
				}
				ev->config = attr.config;
			}
		}
	}
	if (n)
		qsort(v, n, sizeof(*v), cmp_pmu_event);
	for (int i = 0; i < n; i++) {
		struct list_event ev = v[i];

		if (!strcmp(ev.category, "pmu-core"))
			ev.category = "pmu";
		list__emit(ls, &ev);
		free(v[i].name);
		free(v[i].encoding);
		free((char *)v[i].symbol);
	}
	free(v);
	list__vendor_events(ls, glob);
	list__end_category(ls);
}

static void list__tracepoints(struct list_state *ls, const char *sys_glob,
			      const char *ev_glob)
{
	struct tracepoint_name *tp;
	int n = tracepoint__list(sys_glob, ev_glob, &tp);
	char buf[512];

	/* no tracefs: an empty list, not an error (the events are absent) */
	if (n <= 0) {
		if (n < 0 && !ls->o->json)
			pr_debug("no tracefs: %s\n", strerror(-n));
		return;
	}
	for (int i = 0; i < n; i++) {
		struct list_event ev = {
			.name = buf, .symbol = buf, .kind = "Tracepoint event",
			.category = "tracepoint", .type = -1, .pmu = "tracepoint",
		};

		snprintf(buf, sizeof(buf), "%s:%s", tp[i].sys, tp[i].name);
		/* ids cost a read each: only when they are shown */
		if (ls->o->details || ls->o->json) {
			int id = tracepoint__id(tp[i].sys, tp[i].name);

			if (id >= 0) {
				ev.type = PERF_TYPE_TRACEPOINT;
				ev.config = (uint64_t)id;
			}
		}
		list__emit(ls, &ev);
	}
	tracepoint__list_free(tp, n);
	list__end_category(ls);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * SDT events that `perf probe`/`perf buildid-cache` cached: each valid
 * <buildid dir>/.build-id/XX/REST link leads to a directory whose "probes"
 * file has one "%group:event=..." line per SDT note.
 */
static void list__sdt(struct list_state *ls, const char *sys_glob, const char *ev_glob)
{
	char base[PATH_MAX], p[PATH_MAX + 600], line[1024];
	char **v = NULL;
	size_t n = 0, cap = 0;
	DIR *top;
	struct dirent *d;

	if (!build_id_cache__dir(base, sizeof(base)))
		snprintf(base, sizeof(base), "/root/.debug");
	snprintf(p, sizeof(p), "%s/.build-id", base);
	top = opendir(p);
	if (!top)
		return;
	while ((d = readdir(top))) {
		struct dirent *e;
		DIR *sub;

		if (strlen(d->d_name) != 2)
			continue;
		snprintf(p, sizeof(p), "%s/.build-id/%s", base, d->d_name);
		sub = opendir(p);
		if (!sub)
			continue;
		while ((e = readdir(sub))) {
			FILE *f;

			if (e->d_name[0] == '.')
				continue;
			snprintf(p, sizeof(p), "%s/.build-id/%s/%s/probes", base,
				 d->d_name, e->d_name);
			f = fopen(p, "r");
			if (!f)
				continue;
			while (fgets(line, sizeof(line), f)) {
				char *colon, *eq, *s;

				if (line[0] != '%')
					continue;
				eq = strchr(line, '=');
				if (eq)
					*eq = '\0';
				line[strcspn(line, "\n")] = '\0';
				colon = strchr(line + 1, ':');
				if (!colon)
					continue;
				*colon = '\0';
				if ((sys_glob && fnmatch(sys_glob, line + 1, 0)) ||
				    (ev_glob && fnmatch(ev_glob, colon + 1, 0)))
					continue;
				if (asprintf(&s, "%s:%s@%s%s", line + 1, colon + 1,
					     d->d_name, e->d_name) < 0)
					continue;
				if (ALLOC_GROW(v, n + 1, cap, 16)) {
					free(s);
					continue;
				}
				v[n++] = s;
			}
			fclose(f);
		}
		closedir(sub);
	}
	closedir(top);
	if (n)
		qsort(v, n, sizeof(*v), cmp_str);
	for (size_t i = 0; i < n; i++) {
		char *at = strchr(v[i], '@'), buf[PATH_MAX + 700];
		size_t plen = at - v[i];
		bool dup = (i + 1 < n && !strncmp(v[i], v[i + 1], plen + 1)) ||
			   (i > 0 && !strncmp(v[i], v[i - 1], plen + 1));
		struct list_event ev = {
			.name = buf, .symbol = buf, .kind = "SDT event",
			.category = "sdt", .type = -1,
		};

		if (i > 0 && !strcmp(v[i], v[i - 1]))
			continue;
		*at = '\0';
		if (dup) {
			/* same probe in several binaries: say which one */
			char link[PATH_MAX + 64], tgt[PATH_MAX];
			ssize_t l;

			snprintf(link, sizeof(link), "%s/.build-id/%.2s/%s", base,
				 at + 1, at + 3);
			l = readlink(link, tgt, sizeof(tgt) - 1);
			tgt[l > 0 ? l : 0] = '\0';
			{
				char *slash = strrchr(tgt, '/'), *o = tgt;

				if (slash)
					*slash = '\0';
				while (!strncmp(o, "../", 3))
					o += 3;
				snprintf(buf, sizeof(buf), "%s@/%s(%.12s)", v[i], o, at + 1);
			}
		} else {
			snprintf(buf, sizeof(buf), "%s", v[i]);
		}
		/* the -e name for scripts and JSON; the text shows the binary */
		if (ls->o->raw_dump || ls->o->json)
			ev.symbol = v[i];
		list__emit(ls, &ev);
		*at = '@';
	}
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
	list__end_category(ls);
}

static void list__descriptors(struct list_state *ls)
{
	static const struct { const char *name, *kind; } d[] = {
		{ "rNNN", "Raw hardware event descriptor" },
		{ "cpu/t1=v1[,t2=v2,t3 ...]/modifier", "Raw hardware event descriptor" },
		{ "mem:<addr>[/len][:access]", "Hardware breakpoint" },
	};

	if (ls->o->raw_dump || ls->o->json)
		return;
	for (size_t i = 0; i < ARRAY_SIZE(d); i++) {
		printf("  %-50s [%s]\n", d[i].name, d[i].kind);
		if (i == 1 && ls->pager)
			printf("   (see 'man mperf-list' on how to encode it)\n\n");
	}
	if (ls->pager)
		printf("\n");
}

static void list__all(struct list_state *ls, const char *glob)
{
	list__symbols(ls, glob, event_symbols_hw, event_symbols_hw_nr,
		      "Hardware event", "hw");
	list__symbols(ls, glob, event_symbols_sw, event_symbols_sw_nr,
		      "Software event", "sw");
	list__tool(ls, glob);
	list__cache(ls, glob);
	list__pmu(ls, glob);
	if (glob) {
		list__tracepoints(ls, NULL, glob);
		list__sdt(ls, NULL, glob);
		list__metrics(ls, true, glob);
		return;
	}
	list__descriptors(ls);
	list__tracepoints(ls, NULL, NULL);
	list__sdt(ls, NULL, NULL);
	list__metrics(ls, true, NULL);
}

static int list__arg(struct list_state *ls, const char *arg)
{
	if (!strcmp(arg, "tracepoint")) {
		list__tracepoints(ls, NULL, NULL);
	} else if (!strcmp(arg, "hw") || !strcmp(arg, "hardware")) {
		list__symbols(ls, NULL, event_symbols_hw, event_symbols_hw_nr,
			      "Hardware event", "hw");
	} else if (!strcmp(arg, "sw") || !strcmp(arg, "software")) {
		list__symbols(ls, NULL, event_symbols_sw, event_symbols_sw_nr,
			      "Software event", "sw");
		list__tool(ls, NULL);
	} else if (!strcmp(arg, "cache") || !strcmp(arg, "hwcache")) {
		list__cache(ls, NULL);
	} else if (!strcmp(arg, "pmu")) {
		list__pmu(ls, NULL);
	} else if (!strcmp(arg, "sdt")) {
		list__sdt(ls, NULL, NULL);
	} else if (!strcmp(arg, "metric") || !strcmp(arg, "metrics")) {
		list__metrics(ls, false, NULL);
	} else if (!strcmp(arg, "metricgroup") || !strcmp(arg, "metricgroups")) {
		list__metrics(ls, true, NULL);
	} else if (strchr(arg, ':')) {
		char *sys = strdup(arg), *ev;

		if (!sys)
			return -ENOMEM;
		ev = strchr(sys, ':');
		*ev++ = '\0';
		list__tracepoints(ls, *sys ? sys : NULL, *ev ? ev : NULL);
		list__sdt(ls, *sys ? sys : NULL, *ev ? ev : NULL);
		free(sys);
	} else {
		/* a plain word matches anywhere in a name, as in perf */
		char *glob;

		if (asprintf(&glob, "*%s*", arg) < 0)
			return -ENOMEM;
		list__all(ls, glob);
		free(glob);
	}
	return 0;
}

/*
 * --print-attr STRING: parse STRING as `perf stat -e STRING cmd` would and
 * print each attr with perf stat's defaults in perf's -vv layout, so tests
 * can diff the attrs against `perf stat -vv -e STRING true`.
 */
static int list__print_attr(const char *str)
{
	struct parse_events_error err;
	struct evlist *evlist = evlist__new();
	struct evsel *evsel;
	int i, ret;

	if (!evlist)
		return 1;
	ret = parse_events(evlist, str, &err);
	if (ret) {
		parse_events_error__print(&err, str);
		parse_events_error__exit(&err);
		evlist__delete(evlist);
		return 1;
	}
	evlist__config_stat(evlist, true, false);
	evlist__for_each(evlist, evsel, i) {
		printf("# %s\n", evsel->name);
		evsel__fprintf_attr(stdout, &evsel->attr);
	}
	evlist__delete(evlist);
	return 0;
}

int cmd_list(int argc, const char **argv)
{
	struct list_opts o = { 0 };
	struct list_state ls = { .o = &o };
	const struct arch_ops *arch = arch__for_host();
	const struct option opts[] = {
		OPT_BOOLEAN('d', "desc", &o.desc,
			    "show the descriptions of events that have one"),
		OPT_BOOLEAN('v', "long-desc", &o.long_desc,
			    "show long descriptions where known"),
		OPT_BOOLEAN(0, "details", &o.details,
			    "show each event's encoding: type and config, or its sysfs terms"),
		OPT_BOOLEAN(0, "raw-dump", &o.raw_dump,
			    "names only, space separated, for scripts and completion"),
		OPT_BOOLEAN('j', "json", &o.json,
			    "print the events as one JSON document"),
		OPT_BOOLEAN(0, "deprecated", &o.deprecated,
			    "include deprecated events (accepted; none are known)"),
		OPT_STRING(0, "cputype", &o.cputype, "hybrid cpu type",
			   "hybrid CPUs: only events of this core type (accepted)"),
		OPT_BOOLEAN(0, "debug", &o.debug, "debug messages on stderr (same as -v globally)"),
		OPT_STRING(0, "cpuid", &o.cpuid, "cpuid",
			   "named events and metrics of this CPU instead (GenuineIntel-6-8F-0, 0x00000000410fd0c0, SKX)"),
		{ .type = OPTION_STRING, .long_name = "print-attr",
		  .value = &o.print_attr, .argh = "events",
		  .help = "print the attrs perf stat would open for these events",
		  .flags = PARSE_OPT_HIDDEN },
		OPT_END()
	};
	static const char *const usage[] = {
		"mperf list [<options>] [hw|sw|cache|tracepoint|pmu|sdt|metric|metricgroup|event_glob]",
		NULL
	};
	char cpuid[128] = "";
	const char *arch_name;

	argc = parse_options(argc, argv, opts, usage, 0);
	if (argc < 0)
		return parse_options_exit(argc);
	if (o.cpuid && pmu_events__set_cpuid(o.cpuid)) {
		pr_err("no named event table for cpuid '%s': give vendor-family-model[-stepping] "
		       "(GenuineIntel-6-8F-0), a MIDR (0x00000000410fd0c0) or a model (SKX)\n", o.cpuid);
		return 1;
	}
	if (o.print_attr)
		return list__print_attr(o.print_attr);
	if (o.debug && !verbose)
		verbose = 1;
	if (o.json && o.raw_dump) {
		pr_err("--json and --raw-dump cannot be combined: pick one output format\n");
		return 129;
	}
	ls.pager = isatty(STDOUT_FILENO) && !o.json && !o.raw_dump;
	if (arch->cpuid && arch->cpuid(cpuid, sizeof(cpuid)))
		cpuid[0] = '\0';
	if (o.cpuid)	/* the table listed is that CPU's */
		snprintf(cpuid, sizeof(cpuid), "%s", o.cpuid);
	arch_name = arch->name;
	if (o.cpuid && pmu_events__current() && pmu_events__current()->arch)
		arch_name = pmu_events__current()->arch;	/* ... and so is the arch */

	if (o.json) {
		json__init(&ls.jw, stdout, true);
		json__begin_object(&ls.jw, NULL);
		json__string(&ls.jw, "arch", arch_name);
		json__string(&ls.jw, "cpuid", cpuid[0] ? cpuid : NULL);
		if (o.cpuid)
			json__string(&ls.jw, "events_cpuid", o.cpuid);
		json__begin_array(&ls.jw, "events");
	} else if (o.details && !o.raw_dump) {
		printf("# arch %s, cpuid %s\n", arch_name, cpuid[0] ? cpuid : "unknown");
	}
	if (ls.pager)
		printf("\nList of pre-defined events (to be used in -e or -M):\n\n");

	if (argc == 0) {
		list__all(&ls, NULL);
	} else {
		for (int i = 0; i < argc; i++)
			if (list__arg(&ls, argv[i]))
				return 1;
	}
	if (o.json) {
		json__end_array(&ls.jw);
		json__end_object(&ls.jw);
	}
	if (fflush(stdout)) {
		pr_err("writing the list failed: %s\n", strerror(errno));
		return 1;
	}
	return 0;
}
