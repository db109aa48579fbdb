// SPDX-License-Identifier: GPL-2.0
/* Named PMU events: table lookup by cpuid, name search, term encoding. */
#include <ctype.h>
#include <fnmatch.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <regex.h>

#include "pmu-events.h"
#include "pmu.h"
#include "metricgroup.h"
#include "levenshtein.h"

const struct pmu_format_term pmu_format_intel[] = {
	{ "event",	 "config:0-7" },
	{ "umask",	 "config:8-15" },
	{ "edge",	 "config:18" },
	{ "pc",		 "config:19" },
	{ "any",	 "config:21" },
	{ "inv",	 "config:23" },
	{ "cmask",	 "config:24-31" },
	{ "in_tx",	 "config:32" },
	{ "in_tx_cp",	 "config:33" },
	{ "ldlat",	 "config1:0-15" },
	{ "offcore_rsp", "config1:0-63" },
	{ "frontend",	 "config1:0-23" },
	{ NULL, NULL },
};

const struct pmu_format_term pmu_format_amd[] = {
	{ "event",	"config:0-7,32-35" },
	{ "umask",	"config:8-15" },
	{ "edge",	"config:18" },
	{ "inv",	"config:23" },
	{ "cmask",	"config:24-31" },
	{ NULL, NULL },
};

const struct pmu_format_term pmu_format_armv8[] = {
	{ "event",	"config:0-15" },
	{ "long",	"config1:0" },
	{ NULL, NULL },
};

/* ---- cpuid -> table ---------------------------------------------------- */

static int count_dashes(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += *s == '-';
	return n;
}

void pmu_events__x86_normalize(const char *cpuid, char *buf, size_t size)
{
	char vendor[64];
	unsigned int family, model, stepping;
	size_t i;

	if (strchr(cpuid, ',') &&
	    sscanf(cpuid, "%63[^,],%u,%u,%u", vendor, &family, &model,
		   &stepping) == 4) {
		snprintf(buf, size, "%s-%u-%X-%X", vendor, family, model,
			 stepping);
		return;
	}
	snprintf(buf, size, "%s", cpuid);
	/* upper-case the hex fields after the vendor */
	for (i = 0; buf[i] && buf[i] != '-'; i++)
		;
	for (; buf[i]; i++)
		buf[i] = toupper((unsigned char)buf[i]);
}

bool pmu_events__x86_cpuid_match(const char *regex, const char *cpuid)
{
	bool full_map = count_dashes(regex) >= 3;
	bool full_id = count_dashes(cpuid) >= 3;
	size_t want = strlen(cpuid);
	regmatch_t m[1];
	regex_t re;
	bool ok;

	/* A regex with a stepping needs a cpuid with one. */
	if (full_map && !full_id)
		return false;
	if (!full_map && full_id)
		want = strrchr(cpuid, '-') - cpuid;
	if (regcomp(&re, regex, REG_EXTENDED) != 0)
		return false;
	ok = regexec(&re, cpuid, 1, m, 0) == 0 && m[0].rm_so == 0 &&
	     (size_t)m[0].rm_eo == want;
	regfree(&re);
	return ok;
}

const struct pmu_events_table *pmu_events__table_for(const char *cpuid)
{
	const struct pmu_events_table *const *t;

	if (!cpuid || !*cpuid)
		return NULL;
	for (t = pmu_events_tables; *t; t++)
		if (!strcasecmp((*t)->model, cpuid))
			return *t;
	if (!strncmp(cpuid, "0x", 2) || !strncmp(cpuid, "0X", 2))
		return arm64__events_for(cpuid);
	return x86__events_for(cpuid);
}

const struct pmu_events_table *pmu_events__host_table(void)
{
	const struct arch_ops *arch;
	const char *env = getenv("MPERF_CPUID");
	char buf[128];

	if (env && *env)
		return pmu_events__table_for(env);
	arch = arch__for_host();
	if (!arch || !arch->cpuid || arch->cpuid(buf, sizeof(buf)) < 0)
		return NULL;
	if (arch->events_for)
		return arch->events_for(buf);
	return pmu_events__table_for(buf);
}

static const struct pmu_events_table *current_table;
static bool current_set;

int pmu_events__set_cpuid(const char *cpuid)
{
	const struct pmu_events_table *t;

	if (!cpuid) {
		current_set = false;
		current_table = NULL;
		return 0;
	}
	t = pmu_events__table_for(cpuid);
	if (!t)
		return -ENOENT;
	current_table = t;
	current_set = true;
	return 0;
}

const struct pmu_events_table *pmu_events__current(void)
{
	if (!current_set) {
		current_table = pmu_events__host_table();
		current_set = true;
	}
	return current_table;
}

char *pmu_events__suggest(const char *name)
{
	const struct pmu_events_table *t = pmu_events__current();
	const struct arch_ops *arch;
	char id[128] = "unknown", *h = NULL;

	if (t) {	/* any case: "INST_RETIRED.ANZ" */
		const char **names = calloc(t->nr, sizeof(*names));
		char *low = strdup(name);
		const char *m;

		if (names && low) {
			for (size_t i = 0; i < t->nr; i++)
				names[i] = t->events[i].name;
			for (char *p = low; *p; p++)
				*p = tolower((unsigned char)*p);
			m = closest_match(low, names, t->nr);
			if (m && asprintf(&h, "did you mean '%s'?", m) < 0)
				h = NULL;
		}
		free(names);
		free(low);
		return h;
	}
	if (!strchr(name, '.'))
		return NULL;
	arch = arch__for_host();
	if (arch && arch->cpuid)
		arch->cpuid(id, sizeof(id));
	if (asprintf(&h, "no named-event table for this CPU (%s); "
		     "set MPERF_CPUID (e.g. GenuineIntel-6-55-4) or see `mperf list --cpuid`", id) < 0)
		return NULL;
	return h;
}

bool pmu_events__pmu_match(const struct pmu_event *ev, const char *pmu_name)
{
	size_t n = strlen(ev->pmu);

	if (!strcmp(ev->pmu, pmu_name))
		return true;
	/* armv8_pmuv3 events: any armv8_ / armv9_ core PMU */
	if (!strncmp(ev->pmu, "armv8_", 6))
		return !strncmp(pmu_name, "armv8_", 6) ||
		       !strncmp(pmu_name, "armv9_", 6);
	/* uncore_cha events: uncore_cha_0, uncore_cha_1, ... */
	if ((ev->flags & PMU_EVENT_F_UNCORE) && !strncmp(ev->pmu, pmu_name, n) &&
	    pmu_name[n] == '_' && isdigit((unsigned char)pmu_name[n + 1]))
		return true;
	return false;
}

int pmu_event__encode_default(const struct pmu_event *ev,
			      const struct pmu_events_table *t,
			      struct pmu_event_config *out)
{
	const struct pmu_format_term *f;

	f = !strcmp(t->arch, "arm64") ? pmu_format_armv8 : pmu_format_intel;
	return pmu_event__encode(ev, pmu_events__format_table, (void *)f, out);
}

/* ---- names ------------------------------------------------------------- */

const struct pmu_event *pmu_events__find(const struct pmu_events_table *t,
					 const char *pmu, const char *name,
					 const struct pmu_event *prev)
{
	size_t i = prev ? (size_t)(prev - t->events) + 1 : 0;

	if (!t || !name)
		return NULL;
	for (; i < t->nr; i++) {
		const struct pmu_event *ev = &t->events[i];

		if (strcasecmp(ev->name, name))
			continue;
		if (pmu && strcmp(pmu, ev->pmu) &&
		    !(!strncmp(pmu, "armv8_", 6) &&
		      !strncmp(ev->pmu, "armv8_", 6)))
			continue;
		return ev;
	}
	return NULL;
}

const struct pmu_metric *pmu_metrics__find(const struct pmu_events_table *t,
					   const char *name)
{
	size_t i;

	if (!t)
		return NULL;
	for (i = 0; i < t->nr_metrics; i++)
		if (!strcasecmp(t->metrics[i].name, name))
			return &t->metrics[i];
	return NULL;
}

bool pmu_metric__in_group(const struct pmu_metric *m, const char *group)
{
	const char *p = m->group;
	size_t len = strlen(group);

	while (p && *p) {
		const char *end = strchr(p, ';');
		size_t n = end ? (size_t)(end - p) : strlen(p);

		if (n == len && !strncasecmp(p, group, len))
			return true;
		p = end ? end + 1 : NULL;
	}
	return false;
}

int pmu_event__snprintf(const struct pmu_event *ev, bool with_period,
			char *buf, size_t size)
{
	if (with_period && ev->period)
		return snprintf(buf, size, "%s/%s,period=%u/", ev->pmu,
				ev->encoding, ev->period);
	return snprintf(buf, size, "%s/%s/", ev->pmu, ev->encoding);
}

/* ---- formats ----------------------------------------------------------- */

const char *pmu_events__format_table(void *ctx, const char *term)
{
	const struct pmu_format_term *f = ctx;

	for (; f && f->name; f++)
		if (!strcmp(f->name, term))
			return f->spec;
	return NULL;
}

const char *pmu_events__format_pmu(void *ctx, const char *term)
{
	const struct pmu_format *f = ctx ? pmu__find_format(ctx, term) : NULL;

	return f ? f->spec : NULL;
}

const struct pmu_format_term *pmu_events__default_format(const char *pmu,
						  const char *cpuid)
{
	if (pmu && (!strncmp(pmu, "armv8", 5) || !strncmp(pmu, "armv9", 5)))
		return pmu_format_armv8;
	if (cpuid && (!strncmp(cpuid, "0x", 2) || !strncmp(cpuid, "0X", 2)))
		return pmu_format_armv8;
	if (cpuid && (!strncmp(cpuid, "AuthenticAMD", 12) ||
		      !strncmp(cpuid, "HygonGenuine", 12)))
		return pmu_format_amd;
	return pmu_format_intel;
}

int pmu_events__format_apply(const char *spec, uint64_t val,
		      struct pmu_event_config *out)
{
	uint64_t *word;
	const char *p;
	uint64_t rest = val;

	if (!strncmp(spec, "config2:", 8)) {
		word = &out->config2;
		p = spec + 8;
	} else if (!strncmp(spec, "config1:", 8)) {
		word = &out->config1;
		p = spec + 8;
	} else if (!strncmp(spec, "config:", 7)) {
		word = &out->config;
		p = spec + 7;
	} else {
		return -EINVAL;
	}
	while (*p) {
		unsigned long lo, hi, width;
		char *end;
		uint64_t mask;

		lo = strtoul(p, &end, 10);
		if (end == p)
			return -EINVAL;
		hi = lo;
		if (*end == '-') {
			p = end + 1;
			hi = strtoul(p, &end, 10);
			if (end == p)
				return -EINVAL;
		}
		if (hi < lo || hi > 63)
			return -EINVAL;
		width = hi - lo + 1;
		mask = width == 64 ? ~0ULL : (1ULL << width) - 1;
		*word &= ~(mask << lo);
		*word |= (rest & mask) << lo;
		rest = width == 64 ? 0 : rest >> width;
		p = end;
		if (*p == ',')
			p++;
		else if (*p)
			return -EINVAL;
	}
	return rest ? -ERANGE : 0;
}

int pmu_terms__encode(const char *terms, pmu_format_fn fmt, void *ctx,
		      struct pmu_event_config *out, char *err, size_t errsz)
{
	char *copy, *tok, *save = NULL;
	int ret = 0;

	copy = strdup(terms ? terms : "");
	if (!copy)
		return -ENOMEM;
	for (tok = strtok_r(copy, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(tok, '=');
		uint64_t val = 1;
		const char *spec;

		while (isspace((unsigned char)*tok))
			tok++;
		if (eq) {
			char *end;

			*eq = '\0';
			errno = 0;
			val = strtoull(eq + 1, &end, 0);
			if (errno || end == eq + 1 || *end) {
				if (err)
					snprintf(err, errsz,
						 "bad value '%s' for term '%s': use a decimal or 0x number",
						 eq + 1, tok);
				ret = -EINVAL;
				break;
			}
		}
		if (!strcmp(tok, "period") || !strcmp(tok, "sample_period")) {
			out->period = val;
			continue;
		}
		if (!strcmp(tok, "config")) {
			out->config = val;
			continue;
		}
		if (!strcmp(tok, "config1")) {
			out->config1 = val;
			continue;
		}
		if (!strcmp(tok, "config2")) {
			out->config2 = val;
			continue;
		}
		spec = fmt ? fmt(ctx, tok) : NULL;
		if (!spec) {
			if (err)
				snprintf(err, errsz,
					 "unknown term '%s' for this PMU: see its format/ directory in sysfs",
					 tok);
			ret = -ENOENT;
			break;
		}
		ret = pmu_events__format_apply(spec, val, out);
		if (ret) {
			if (err)
				snprintf(err, errsz, ret == -ERANGE ?
					 "value %#" PRIx64 " too big for term '%s' (%s)" :
					 "bad format %3$s for term '%2$s' (value %1$#" PRIx64 ")",
					 val, tok, spec);
			break;
		}
	}
	free(copy);
	return ret;
}

int pmu_event__encode(const struct pmu_event *ev, pmu_format_fn fmt,
		      void *ctx, struct pmu_event_config *out)
{
	int ret;

	memset(out, 0, sizeof(*out));
	ret = pmu_terms__encode(ev->encoding, fmt, ctx, out, NULL, 0);
	if (!ret)
		out->period = ev->period;
	return ret;
}

/* ---- printing ---------------------------------------------------------- */

void pmu_events__print_wrapped(FILE *fp, const char *text)
{
	const int indent = 7, width = 79;
	const char *p = text;
	int col;

	fprintf(fp, "%*s[", indent, "");
	col = indent + 1;
	while (*p) {
		const char *w = p;
		int len;

		while (*w && !isspace((unsigned char)*w))
			w++;
		len = (int)(w - p);
		if (col > indent + 1 && col + 1 + len > width) {
			fprintf(fp, "\n%*s", indent + 1, "");
			col = indent + 1;
		} else if (col > indent + 1) {
			fputc(' ', fp);
			col++;
		}
		fwrite(p, 1, len, fp);
		col += len;
		while (isspace((unsigned char)*w))
			w++;
		p = w;
	}
	fputs("]\n", fp);
}

int pmu_events__print(FILE *fp, const struct pmu_events_table *t,
		      const struct pmu_events_print_opts *o)
{
	const char *topic = NULL;
	int n = 0;

	for (size_t i = 0; t && i < t->nr; i++) {
		const struct pmu_event *ev = &t->events[i];
		char desc[2048], enc[512];

		if ((ev->flags & PMU_EVENT_F_DEPRECATED) && !o->deprecated)
			continue;
		if (o->glob && fnmatch(o->glob, ev->name, FNM_CASEFOLD))
			continue;
		n++;
		if (o->name_only) {
			fprintf(fp, "%s\n", ev->name);
			continue;
		}
		if (!topic || strcmp(topic, ev->topic)) {
			fprintf(fp, "%s%s:\n", topic ? "\n" : "", ev->topic);
			topic = ev->topic;
		}
		fprintf(fp, "  %s\n", ev->name);
		{
			size_t dl = strlen(ev->desc);
			bool unit = o->details || t->hybrid ||
				    (ev->flags & PMU_EVENT_F_UNCORE);

			snprintf(desc, sizeof(desc), "%s%s%s%s", dl ? ev->desc : "(no description)",
				 !unit ? "" : dl && ev->desc[dl - 1] == '.' ? " " : ". ",
				 unit ? "Unit: " : "", unit ? ev->pmu : "");
		}
		pmu_events__print_wrapped(fp, desc);
		if (o->details) {
			struct pmu_event_config c;

			pmu_event__snprintf(ev, true, enc, sizeof(enc));
			fprintf(fp, "       %s\n", enc);
			if (!pmu_event__encode_default(ev, t, &c)) {
				fprintf(fp, "       config=%#" PRIx64, c.config);
				if (c.config1)
					fprintf(fp, " config1=%#" PRIx64, c.config1);
				if (ev->counter && ev->counter[0])
					fprintf(fp, " counters=%s", ev->counter);
				fputc('\n', fp);
			}
		}
	}
	return n;
}

int pmu_events__list(FILE *fp, const char *what,
		     const struct pmu_events_print_opts *o)
{
	const struct pmu_events_table *t = pmu_events__current();
	struct pmu_events_print_opts po = *o;
	int n = 0;

	if (!t)
		return 0;
	if (what && (!strcmp(what, "metric") || !strcmp(what, "metrics")))
		return metricgroup__print(fp, t, false, NULL, o->details);
	if (what && (!strcmp(what, "metricgroup") || !strcmp(what, "metricgroups")))
		return metricgroup__print(fp, t, true, NULL, o->details);
	if (what && strcmp(what, "pmu"))
		po.glob = what;
	n = pmu_events__print(fp, t, &po);
	if (!what || strcmp(what, "pmu"))
		n += metricgroup__print(fp, t, false, po.glob, o->details);
	return n;
}
