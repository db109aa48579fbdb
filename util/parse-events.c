// SPDX-License-Identifier: GPL-2.0
/*
 * perf's -e event grammar, by hand: a small recursive-descent parser over
 * the string that appends evsels to an evlist. Every error records the
 * column of the bad token so the caller can put a caret under it.
 */
#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <linux/perf_event.h>
#include <linux/hw_breakpoint.h>
#include "parse-events.h"
#include "alloc.h"
#include "evlist.h"
#include "evsel.h"
#include "pmu.h"
#include "pmu-events.h"
#include "tracepoint.h"
#include "levenshtein.h"
#include "debug.h"

/* ---- symbol tables ------------------------------------------------------- */

const struct event_symbol event_symbols_hw[] = {
	{ "cpu-cycles", "cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
	{ "instructions", "", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS },
	{ "cache-references", "", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_REFERENCES },
	{ "cache-misses", "", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES },
	{ "branch-instructions", "branches", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
	{ "branch-misses", "", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES },
	{ "bus-cycles", "", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BUS_CYCLES },
	{ "stalled-cycles-frontend", "idle-cycles-frontend", PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND },
	{ "stalled-cycles-backend", "idle-cycles-backend", PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_BACKEND },
	{ "ref-cycles", "", PERF_TYPE_HARDWARE, PERF_COUNT_HW_REF_CPU_CYCLES },
};
const size_t event_symbols_hw_nr = ARRAY_SIZE(event_symbols_hw);

const struct event_symbol event_symbols_sw[] = {
	{ "cpu-clock", "", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK },
	{ "task-clock", "", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK },
	{ "page-faults", "faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS },
	{ "context-switches", "cs", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES },
	{ "cpu-migrations", "migrations", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS },
	{ "minor-faults", "", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MIN },
	{ "major-faults", "", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MAJ },
	{ "alignment-faults", "", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_ALIGNMENT_FAULTS },
	{ "emulation-faults", "", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_EMULATION_FAULTS },
	{ "dummy", "", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_DUMMY },
	{ "bpf-output", "", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_BPF_OUTPUT },
	{ "cgroup-switches", "", PERF_TYPE_SOFTWARE, 11 /* PERF_COUNT_SW_CGROUP_SWITCHES */ },
};
const size_t event_symbols_sw_nr = ARRAY_SIZE(event_symbols_sw);

const struct event_symbol event_symbols_tool[] = {
	{ "duration_time", "", PERF_TYPE_SOFTWARE, TOOL_DURATION_TIME },
	{ "user_time", "", PERF_TYPE_SOFTWARE, TOOL_USER_TIME },
	{ "system_time", "", PERF_TYPE_SOFTWARE, TOOL_SYSTEM_TIME },
};
const size_t event_symbols_tool_nr = ARRAY_SIZE(event_symbols_tool);

const char *const hw_cache_names[HW_CACHE_TYPES][HW_CACHE_ALIASES] = {
	{ "L1-dcache", "l1-d", "l1d", "L1-data" },
	{ "L1-icache", "l1-i", "l1i", "L1-instruction" },
	{ "LLC", "L2" },
	{ "dTLB", "d-tlb", "Data-TLB" },
	{ "iTLB", "i-tlb", "Instruction-TLB" },
	{ "branch", "branches", "bpu", "btb", "bpc" },
	{ "node" },
};

const char *const hw_cache_op_names[HW_CACHE_OPS][HW_CACHE_ALIASES] = {
	{ "load", "loads", "read" },
	{ "store", "stores", "write" },
	{ "prefetch", "prefetches", "speculative-read", "speculative-load" },
};

const char *const hw_cache_result_names[HW_CACHE_RESULTS][HW_CACHE_ALIASES] = {
	{ "refs", "Reference", "ops", "access" },
	{ "misses", "miss" },
};

bool hw_cache__op_valid(int type, int op)
{
	/* bit per op: load 1, store 2, prefetch 4 */
	static const unsigned char valid[HW_CACHE_TYPES] = {
		7,	/* L1-dcache */
		5,	/* L1-icache: no stores */
		7,	/* LLC */
		7,	/* dTLB */
		1,	/* iTLB */
		1,	/* branch */
		7,	/* node */
	};

	if (type < 0 || type >= HW_CACHE_TYPES || op < 0 || op >= HW_CACHE_OPS)
		return false;
	return valid[type] & (1 << op);
}

int hw_cache__name(char *buf, size_t size, int type, int op, int result)
{
	if (result)
		return snprintf(buf, size, "%s-%s-%s", hw_cache_names[type][0],
				hw_cache_op_names[op][0],
				hw_cache_result_names[result][0]);
	return snprintf(buf, size, "%s-%s", hw_cache_names[type][0],
			hw_cache_op_names[op][1]);
}

/* ---- parser state and errors ---------------------------------------------- */

struct pe_state {
	const char *str;		/* the whole string */
	const char *p;			/* cursor */
	struct evlist *list;		/* events parsed so far (temporary) */
	struct parse_events_error *err;
	struct pmus *pmus;
};

struct mods {
	int eu, ek, eh, eH, eG, eI;
	int precise, precise_max, sample_read, pinned, exclusive, weak, bpf;
	int exclude_GH;
};

static int pe_error(struct pe_state *ps, const char *at, char *help,
		    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Record the first error; @help is taken over (may be NULL). */
static int pe_error(struct pe_state *ps, const char *at, char *help,
		    const char *fmt, ...)
{
	struct parse_events_error *err = ps->err;
	va_list ap;

	if (!err || err->str) {
		free(help);
		return -EINVAL;
	}
	va_start(ap, fmt);
	if (vasprintf(&err->str, fmt, ap) < 0)
		err->str = NULL;
	va_end(ap);
	err->idx = at ? (int)(at - ps->str) : -1;
	err->help = help;
	return -EINVAL;
}

static char *did_you_mean(const char *word, char *const *cands, size_t n)
{
	const char *m = closest_match(word, (const char *const *)cands, n);
	char *s;

	if (!m || !strcmp(m, word))
		return NULL;
	if (asprintf(&s, "did you mean '%s'?", m) < 0)
		return NULL;
	return s;
}

/* ---- suggestions ---------------------------------------------------------- */

static int names_add(char ***v, size_t *nr, size_t *cap, const char *s)
{
	if (!s || !*s)
		return 0;
	if (ALLOC_GROW(*v, *nr + 1, *cap, 64))
		return -ENOMEM;
	(*v)[*nr] = strdup(s);
	if (!(*v)[*nr])
		return -ENOMEM;
	(*nr)++;
	return 0;
}

void parse_events__free_names(char **names, size_t nr)
{
	if (!names)
		return;
	for (size_t i = 0; i < nr; i++)
		free(names[i]);
	free(names);
}

char **parse_events__known_names(struct pmus *pmus, size_t *nr)
{
	char **v = NULL, buf[128];
	size_t n = 0, cap = 0;
	int err = 0;

	for (size_t i = 0; i < event_symbols_hw_nr && !err; i++) {
		err |= names_add(&v, &n, &cap, event_symbols_hw[i].symbol);
		err |= names_add(&v, &n, &cap, event_symbols_hw[i].alias);
	}
	for (size_t i = 0; i < event_symbols_sw_nr && !err; i++) {
		err |= names_add(&v, &n, &cap, event_symbols_sw[i].symbol);
		err |= names_add(&v, &n, &cap, event_symbols_sw[i].alias);
	}
	for (size_t i = 0; i < event_symbols_tool_nr && !err; i++)
		err |= names_add(&v, &n, &cap, event_symbols_tool[i].symbol);
	for (int t = 0; t < HW_CACHE_TYPES && !err; t++)
		for (int o = 0; o < HW_CACHE_OPS; o++)
			for (int r = 0; r < HW_CACHE_RESULTS; r++) {
				if (!hw_cache__op_valid(t, o))
					continue;
				hw_cache__name(buf, sizeof(buf), t, o, r);
				err |= names_add(&v, &n, &cap, buf);
			}
	for (int i = 0; pmus && i < pmus->nr && !err; i++)
		for (int a = 0; a < pmus->pmus[i]->nr_aliases; a++)
			err |= names_add(&v, &n, &cap, pmus->pmus[i]->aliases[a].name);
	if (err) {
		parse_events__free_names(v, n);
		return NULL;
	}
	*nr = n;
	return v;
}

static char *suggest_event(struct pe_state *ps, const char *word)
{
	size_t n = 0;
	char **names = parse_events__known_names(ps->pmus, &n);
	char *h;

	if (!names)
		return NULL;
	h = did_you_mean(word, names, n);
	parse_events__free_names(names, n);
	if (!h)
		h = pmu_events__suggest(word);
	return h;
}

/* ---- evsel creation ------------------------------------------------------- */

static void attr_init(struct perf_event_attr *attr)
{
	memset(attr, 0, sizeof(*attr));
	attr->size = sizeof(*attr);
	/* perf: guest samples are excluded unless asked for (perf_guest = 0) */
	attr->exclude_guest = 1;
}

static struct evsel *pe_add(struct pe_state *ps, const struct perf_event_attr *attr,
			    const char *name, const char *pmu_name)
{
	struct evsel *evsel = evsel__new(attr, name);

	if (!evsel)
		return NULL;
	evsel->exclude_guest_default = true;
	if (pmu_name)
		evsel->pmu_name = strdup(pmu_name);
	if (evlist__add(ps->list, evsel)) {
		evsel__delete(evsel);
		return NULL;
	}
	return evsel;
}

static const char *type_pmu_name(uint32_t type)
{
	switch (type) {
	case PERF_TYPE_HARDWARE:
	case PERF_TYPE_HW_CACHE:
	case PERF_TYPE_RAW:
		return "cpu";
	case PERF_TYPE_SOFTWARE:
		return "software";
	case PERF_TYPE_TRACEPOINT:
		return "tracepoint";
	case PERF_TYPE_BREAKPOINT:
		return "breakpoint";
	default:
		return NULL;
	}
}

/* ---- modifiers ------------------------------------------------------------- */

static const char MOD_CHARS[] = "ukhpPGHSDIWeb";

/*
 * Parse @len chars of modifiers at @s. @evsel NULL: start from nothing
 * (an event's own modifiers); else start from the evsel's current attr
 * (a group's modifiers add to its members'), as perf does.
 */
static int mods_parse(struct pe_state *ps, const char *s, size_t len,
		      const struct evsel *evsel, struct mods *m)
{
	int seen[128] = { 0 };
	int exclude;

	memset(m, 0, sizeof(*m));
	if (evsel) {
		m->eu = evsel->attr.exclude_user;
		m->ek = evsel->attr.exclude_kernel;
		m->eh = evsel->attr.exclude_hv;
		m->eH = evsel->attr.exclude_host;
		m->eG = evsel->attr.exclude_guest;
		m->eI = evsel->attr.exclude_idle;
		m->precise = evsel->attr.precise_ip;
		m->pinned = evsel->attr.pinned;
		m->exclusive = evsel->attr.exclusive;
		m->exclude_GH = evsel->exclude_GH;
	}
	exclude = m->eu | m->ek | m->eh;

	if (len == 0)
		return pe_error(ps, s, strdup("modifiers are [ukhpPGHSDIWeb], e.g. cycles:u"),
				"empty modifier after ':'");
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c >= 128 || !strchr(MOD_CHARS, c) || !c)
			return pe_error(ps, s + i,
					strdup("modifiers are u k h p pp ppp P G H S D I W e b"),
					"unknown modifier '%c'", c);
		seen[c]++;
		if (c == 'p' && seen[c] > 3)
			return pe_error(ps, s + i, strdup("use :p, :pp or :ppp"),
					"too many 'p' modifiers (at most 3)");
		if (c != 'p' && seen[c] > 1)
			return pe_error(ps, s + i, NULL,
					"modifier '%c' given twice", c);
		switch (c) {
		case 'u':
			if (!exclude)
				exclude = m->eu = m->ek = m->eh = 1;
			if (!m->exclude_GH)
				m->eG = 1;
			m->eu = 0;
			break;
		case 'k':
			if (!exclude)
				exclude = m->eu = m->ek = m->eh = 1;
			m->ek = 0;
			break;
		case 'h':
			if (!exclude)
				exclude = m->eu = m->ek = m->eh = 1;
			m->eh = 0;
			break;
		case 'G':
			if (!m->exclude_GH)
				m->exclude_GH = m->eG = m->eH = 1;
			m->eG = 0;
			break;
		case 'H':
			if (!m->exclude_GH)
				m->exclude_GH = m->eG = m->eH = 1;
			m->eH = 0;
			break;
		case 'I':
			m->eI = 1;
			break;
		case 'p':
			m->precise++;
			/* precise sampling implies exclude_guest */
			if (!m->exclude_GH)
				m->eG = 1;
			break;
		case 'P':
			m->precise_max = 1;
			break;
		case 'S':
			m->sample_read = 1;
			break;
		case 'D':
			m->pinned = 1;
			break;
		case 'e':
			m->exclusive = 1;
			break;
		case 'W':
			m->weak = 1;
			break;
		case 'b':
			/* perf: count with a BPF program; mperf counts normally */
			m->bpf = 1;
			break;
		}
	}
	if (m->precise > 3)
		return pe_error(ps, s, NULL, "too many 'p' modifiers (at most 3)");
	return 0;
}

static void mods_apply(struct evsel *evsel, const struct mods *m)
{
	evsel->attr.exclude_user = m->eu;
	evsel->attr.exclude_kernel = m->ek;
	evsel->attr.exclude_hv = m->eh;
	evsel->attr.precise_ip = m->precise;
	evsel->attr.exclude_host = m->eH;
	evsel->attr.exclude_guest = m->eG;
	evsel->attr.exclude_idle = m->eI;
	evsel->exclude_GH = m->exclude_GH;
	evsel->sample_read = m->sample_read;
	evsel->precise_max = m->precise_max;
	evsel->weak_group = m->weak;
	evsel->exclude_guest_default = false;
	if (evsel__is_group_leader(evsel)) {
		evsel->attr.pinned = m->pinned;
		evsel->attr.exclusive = m->exclusive;
	}
}

/* Length of a modifier string at @s: up to ',', '}' or the end. */
static size_t mods_span(const char *s)
{
	return strcspn(s, ",}");
}

/* Apply the event modifiers at ps->p (after ':' or '/') to list[from..]. */
static int pe_event_mods(struct pe_state *ps, int from)
{
	size_t len = mods_span(ps->p);
	struct mods m;
	int err;

	err = mods_parse(ps, ps->p, len, NULL, &m);
	if (err)
		return err;
	for (int i = from; i < ps->list->nr; i++)
		mods_apply(ps->list->entries[i], &m);
	ps->p += len;
	return 0;
}

/* ---- terms: pmu/a=1,b=2/ ---------------------------------------------------- */

static const char *const generic_terms[] = {
	"config", "config1", "config2", "name", "period", "freq", "percore",
	"call-graph", "stack-size", "max-stack", "inherit", "no-inherit",
	"overwrite", "no-overwrite", "time", "nr", "branch_type", "aux-output",
	"metric-id",
};

static int parse_num(const char *s, size_t len, uint64_t *v)
{
	char buf[64], *end;

	if (len == 0 || len >= sizeof(buf))
		return -EINVAL;
	memcpy(buf, s, len);
	buf[len] = '\0';
	if (!isdigit((unsigned char)buf[0]))
		return -EINVAL;
	errno = 0;
	*v = strtoull(buf, &end, 0);
	if (errno || *end)
		return -EINVAL;
	return 0;
}

static char *term_suggest(const struct pmu *pmu, const char *key)
{
	char **c;
	size_t n = 0;
	char *h;

	c = calloc(ARRAY_SIZE(generic_terms) + (pmu ? pmu->nr_formats + pmu->nr_aliases : 0),
		   sizeof(*c));
	if (!c)
		return NULL;
	for (size_t i = 0; i < ARRAY_SIZE(generic_terms); i++)
		c[n++] = (char *)generic_terms[i];
	for (int i = 0; pmu && i < pmu->nr_formats; i++)
		c[n++] = pmu->formats[i].name;
	for (int i = 0; pmu && i < pmu->nr_aliases; i++)
		c[n++] = pmu->aliases[i].name;
	h = did_you_mean(key, c, n);
	free(c);
	return h;
}

struct term_ctx {
	struct perf_event_attr *attr;
	const struct pmu *pmu;		/* NULL for hw/sw events with terms */
	char *name;			/* name= */
	char *unit;
	double scale;
	bool user_period, user_freq;
	int depth;			/* alias expansion depth */
	struct evsel_terms terms;	/* record's config terms */
};

static void term_ctx__init(struct term_ctx *tc, struct perf_event_attr *attr,
			   const struct pmu *pmu)
{
	memset(tc, 0, sizeof(*tc));
	tc->attr = attr;
	tc->pmu = pmu;
	tc->scale = 1.0;
	evsel__terms_init(&tc->terms);
}

static void term_ctx__exit(struct term_ctx *tc)
{
	free(tc->name);
	free(tc->unit);
	free(tc->terms.call_graph);
	free(tc->terms.branch_type);
}

/* Hand the config terms over to @evsel (a copy: globs make several). */
static int term_ctx__give(struct term_ctx *tc, struct evsel *evsel)
{
	struct evsel_terms *t = &evsel->terms;

	*t = tc->terms;
	t->call_graph = tc->terms.call_graph ? strdup(tc->terms.call_graph) : NULL;
	t->branch_type = tc->terms.branch_type ? strdup(tc->terms.branch_type) : NULL;
	evsel->user_period = tc->user_period;
	evsel->user_freq = tc->user_freq;
	if ((tc->terms.call_graph && !t->call_graph) ||
	    (tc->terms.branch_type && !t->branch_type))
		return -ENOMEM;
	return 0;
}

static int pe_terms(struct pe_state *ps, const char *s, size_t len,
		    const char *col, struct term_ctx *tc);

/* String-valued terms: value kept as written. */
static int term_string(struct pe_state *ps, const char *key, const char *val,
		       size_t vlen, const char *vcol, struct term_ctx *tc)
{
	char **dst;

	if (!strcmp(key, "call-graph"))
		dst = &tc->terms.call_graph;
	else if (!strcmp(key, "branch_type"))
		dst = &tc->terms.branch_type;
	else if (!strcmp(key, "metric-id"))
		return 0;
	else
		return 1;	/* not a string term */
	if (!val || !vlen)
		return pe_error(ps, vcol, NULL, "%s= needs a value", key);
	if (!strcmp(key, "call-graph")) {
		static const char *const modes[] = { "fp", "dwarf", "lbr", "no" };
		bool ok = false;

		for (size_t i = 0; i < ARRAY_SIZE(modes); i++)
			ok |= strlen(modes[i]) == vlen && !strncmp(val, modes[i], vlen);
		if (!ok)
			return pe_error(ps, vcol, strdup("use fp, dwarf, lbr or no"),
					"unknown call-graph mode '%.*s'", (int)vlen, val);
	}
	free(*dst);
	*dst = strndup(val, vlen);
	return *dst ? 0 : -ENOMEM;
}


/* One term "key[=value]"; @col is where errors point (the term in the
 * user's string; for terms coming from an alias, the alias name). */
static int pe_term(struct pe_state *ps, const char *s, size_t len,
		   const char *col, struct term_ctx *tc)
{
	const char *eq = memchr(s, '=', len);
	size_t klen = eq ? (size_t)(eq - s) : len;
	const char *val = eq ? eq + 1 : NULL;
	size_t vlen = eq ? len - klen - 1 : 0;
	char key[64];
	uint64_t v = 1;
	const struct pmu_format *fmt = NULL;
	const char *vcol = tc->depth ? col : (val ? val : col);

	if (klen == 0 || klen >= sizeof(key))
		return pe_error(ps, col, NULL, "empty or too long term");
	memcpy(key, s, klen);
	key[klen] = '\0';

	if (!strcmp(key, "name")) {
		if (!val || !vlen)
			return pe_error(ps, vcol, NULL, "name= needs a value");
		free(tc->name);
		tc->name = strndup(val, vlen);
		return 0;
	}
	if (tc->pmu)
		fmt = pmu__find_format(tc->pmu, key);
	if (!fmt) {
		int r = term_string(ps, key, val, vlen, vcol, tc);

		if (r <= 0)
			return r;
	}
	if (!fmt && (!strcmp(key, "inherit") || !strcmp(key, "no-inherit") ||
		     !strcmp(key, "overwrite") || !strcmp(key, "no-overwrite") ||
		     !strcmp(key, "aux-output"))) {
		/* bare, or =N as perf takes them (inherit=0: no-inherit) */
		bool on = key[0] != 'n';

		if (val && parse_num(val, vlen, &v))
			return pe_error(ps, vcol, NULL, "term '%s' needs a number, not '%.*s'",
					key, (int)vlen, val);
		if (!v)
			on = !on;
		if (!strcmp(key, "inherit") || !strcmp(key, "no-inherit"))
			tc->terms.inherit = on;
		else if (strcmp(key, "aux-output"))
			tc->terms.overwrite = on;
		return 0;
	}
	if (!fmt && !val && tc->pmu) {
		const struct pmu_alias *a = pmu__find_alias(tc->pmu, key);

		if (a) {
			int err;

			if (tc->depth > 4)
				return pe_error(ps, col, NULL, "alias '%s' nests too deep", key);
			tc->depth++;
			err = pe_terms(ps, a->terms, strlen(a->terms), col, tc);
			tc->depth--;
			if (err)
				return err;
			if (a->unit) {
				free(tc->unit);
				tc->unit = strdup(a->unit);
			}
			tc->scale = a->scale;
			return 0;
		}
	}
	if (val && parse_num(val, vlen, &v))
		return pe_error(ps, vcol, NULL, "term '%s' needs a number, not '%.*s'",
				key, (int)vlen, val);
	if (fmt) {
		if (pmu_format__apply(fmt, v, tc->attr) == -ERANGE) {
			int w = pmu_format__width(fmt);
			char *h = NULL;

			if (asprintf(&h, "'%s' is %d bit%s wide (%s)", key, w,
				     w == 1 ? "" : "s", fmt->spec) < 0)
				h = NULL;
			return pe_error(ps, vcol, h,
					"value %#llx too big for '%s', the maximum is %#llx",
					(unsigned long long)v, key,
					(unsigned long long)(w >= 64 ? ~0ULL : (1ULL << w) - 1));
		}
		return 0;
	}
	if (!strcmp(key, "config")) {
		tc->attr->config = v;
	} else if (!strcmp(key, "config1")) {
		tc->attr->config1 = v;
	} else if (!strcmp(key, "config2")) {
		tc->attr->config2 = v;
	} else if (!strcmp(key, "period")) {
		tc->attr->sample_period = v;
		tc->attr->freq = 0;
		tc->user_period = true;
	} else if (!strcmp(key, "freq")) {
		tc->attr->sample_freq = v;
		tc->attr->freq = 1;
		tc->user_freq = true;
	} else if (!strcmp(key, "percore")) {
		/* aggregation hint for stat; no attr bits */
	} else if (!strcmp(key, "stack-size")) {
		tc->terms.stack_size = (int64_t)v;
	} else if (!strcmp(key, "max-stack")) {
		tc->terms.max_stack = (int)v;
	} else if (!strcmp(key, "time")) {
		tc->terms.time = v != 0;
	} else if (!strcmp(key, "nr")) {
		tc->terms.max_events = (int64_t)v;
	} else {
		return pe_error(ps, col, term_suggest(tc->pmu, key),
				tc->pmu ? "unknown term '%s' for PMU '%s'" :
					  "unknown term '%s'%s",
				key, tc->pmu ? tc->pmu->name : "");
	}
	return 0;
}

static int pe_terms(struct pe_state *ps, const char *s, size_t len,
		    const char *col, struct term_ctx *tc)
{
	size_t i = 0;

	while (i < len) {
		size_t tl = 0;
		int err;

		while (i + tl < len && s[i + tl] != ',')
			tl++;
		if (tl == 0)
			return pe_error(ps, tc->depth ? col : s + i, NULL, "empty term");
		err = pe_term(ps, s + i, tl, tc->depth ? col : s + i, tc);
		if (err)
			return err;
		i += tl;
		if (i < len)
			i++;	/* ',' */
	}
	return 0;
}

/* ---- symbols ---------------------------------------------------------------- */

static const struct event_symbol *find_symbol(const char *name, bool *tool)
{
	*tool = false;
	for (size_t i = 0; i < event_symbols_hw_nr; i++)
		if (!strcmp(name, event_symbols_hw[i].symbol) ||
		    !strcmp(name, event_symbols_hw[i].alias))
			return &event_symbols_hw[i];
	for (size_t i = 0; i < event_symbols_sw_nr; i++)
		if (!strcmp(name, event_symbols_sw[i].symbol) ||
		    !strcmp(name, event_symbols_sw[i].alias))
			return &event_symbols_sw[i];
	for (size_t i = 0; i < event_symbols_tool_nr; i++)
		if (!strcmp(name, event_symbols_tool[i].symbol)) {
			*tool = true;
			return &event_symbols_tool[i];
		}
	return NULL;
}

/* Match one of @names (case-insensitive) at @s ending at '-' or end. */
static int match_alias(const char *s, const char *const names[][HW_CACHE_ALIASES],
		       int n, size_t *mlen)
{
	int best = -1;
	size_t blen = 0;

	for (int i = 0; i < n; i++)
		for (int j = 0; j < HW_CACHE_ALIASES && names[i][j]; j++) {
			size_t l = strlen(names[i][j]);

			if (l > blen && !strncasecmp(s, names[i][j], l) &&
			    (s[l] == '\0' || s[l] == '-')) {
				best = i;
				blen = l;
			}
		}
	*mlen = blen;
	return best;
}

/*
 * A cache event name: TYPE[-OP_OR_RESULT[-OP_OR_RESULT]]. Return 1 with
 * @config set, 0 if @name is not a cache name, -EINVAL (error recorded)
 * for a cache name with an op the cache does not have.
 */
static int parse_cache(struct pe_state *ps, const char *name, const char *col,
		       uint64_t *config)
{
	int type, op = -1, res = -1;
	const char *s = name;
	size_t l;

	type = match_alias(s, hw_cache_names, HW_CACHE_TYPES, &l);
	if (type < 0)
		return 0;
	s += l;
	for (int k = 0; k < 2 && *s == '-'; k++) {
		int x;

		s++;
		if (op < 0) {
			x = match_alias(s, hw_cache_op_names, HW_CACHE_OPS, &l);
			if (x >= 0) {
				op = x;
				s += l;
				continue;
			}
		}
		if (res < 0) {
			x = match_alias(s, hw_cache_result_names, HW_CACHE_RESULTS, &l);
			if (x >= 0) {
				res = x;
				s += l;
				continue;
			}
		}
		return 0;
	}
	if (*s)
		return 0;
	if (op < 0)
		op = 0;		/* loads */
	if (res < 0)
		res = 0;	/* accesses */
	if (!hw_cache__op_valid(type, op))
		return pe_error(ps, col, NULL, "%s has no %s events",
				hw_cache_names[type][0], hw_cache_op_names[op][1]);
	*config = (uint64_t)type | ((uint64_t)op << 8) | ((uint64_t)res << 16);
	return 1;
}

static bool is_raw(const char *name, uint64_t *config)
{
	size_t n;

	if (name[0] != 'r')
		return false;
	n = strspn(name + 1, "0123456789abcdefABCDEF");
	if (n == 0 || n > 16 || name[1 + n])
		return false;
	*config = strtoull(name + 1, NULL, 16);
	return true;
}

/*
 * A named event from the vendor tables (util/pmu-events.h, arch helper):
 * "inst_retired.any", any case; one evsel per sysfs PMU that carries it
 * (hybrid: cpu_core and cpu_atom). When sysfs lacks the PMU (another
 * CPU's table via --cpuid or $MPERF_CPUID) core events use the
 * architectural layout as PERF_TYPE_RAW. 1 added, 0 unknown, -errno.
 */
static int pe_vendor_event(struct pe_state *ps, const char *name, const char *col,
			   const char *evname)
{
	const struct pmu_events_table *t = pmu_events__current();
	const struct pmu_event *ev = NULL;
	int r = 0;

	while (t && (ev = pmu_events__find(t, NULL, name, ev))) {
		struct perf_event_attr attr;
		struct pmu_event_config c;
		int found = 0, err;

		for (int i = 0; ps->pmus && i < ps->pmus->nr; i++) {
			const struct pmu *pmu = ps->pmus->pmus[i];
			struct term_ctx tc = { .attr = &attr, .pmu = pmu, .scale = 1.0, .depth = 1 };
			struct evsel *evsel;

			if (!pmu_events__pmu_match(ev, pmu->name))
				continue;
			attr_init(&attr);
			attr.type = pmu->type;
			/* the vendor's period: record keeps it unless -c/-F (perf's
			 * weak alias period); stat clears it */
			attr.sample_period = ev->period;
			err = pe_terms(ps, ev->encoding, strlen(ev->encoding), col, &tc);
			free(tc.name);
			free(tc.unit);
			if (err)
				return err;
			evsel = pe_add(ps, &attr, evname, pmu->name);
			if (!evsel)
				return -ENOMEM;
			if (pmu->cpumask)
				evsel->own_cpus = strdup(pmu->cpumask);
			found++;
		}
		if (!found && (ev->flags & PMU_EVENT_F_UNCORE))
			return pe_error(ps, col, strdup("uncore events need their PMU in /sys/bus/event_source/devices"),
					"event '%s' needs PMU '%s', which this machine does not have",
					name, ev->pmu);
		if (!found) {
			attr_init(&attr);
			attr.type = PERF_TYPE_RAW;
			if (pmu_event__encode_default(ev, t, &c))
				return pe_error(ps, col, NULL, "cannot encode '%s' (%s)", name, ev->encoding);
			attr.config = c.config;
			attr.config1 = c.config1;
			attr.config2 = c.config2;
			attr.sample_period = ev->period;
			if (!pe_add(ps, &attr, evname, ev->pmu))
				return -ENOMEM;
		}
		r = 1;
	}
	return r;
}

/*
 * Resolve a bare name into evsels appended to ps->list (named @evname).
 * Return 1 when added, 0 when the name is unknown, -errno on error.
 */
static int pe_symbol(struct pe_state *ps, const char *name, const char *col,
		     const char *evname)
{
	const struct event_symbol *sym;
	struct perf_event_attr attr;
	struct evsel *evsel;
	uint64_t config = 0;
	bool tool;
	int r;

	attr_init(&attr);
	sym = find_symbol(name, &tool);
	if (sym) {
		attr.type = sym->type;
		attr.config = tool ? PERF_COUNT_SW_DUMMY : sym->config;
		evsel = pe_add(ps, &attr, evname, type_pmu_name(attr.type));
		if (!evsel)
			return -ENOMEM;
		if (tool)
			evsel->tool_event = (int)sym->config;
		return 1;
	}
	r = parse_cache(ps, name, col, &config);
	if (r < 0)
		return r;
	if (r > 0) {
		attr.type = PERF_TYPE_HW_CACHE;
		attr.config = config;
		return pe_add(ps, &attr, evname, "cpu") ? 1 : -ENOMEM;
	}
	if (is_raw(name, &config)) {
		attr.type = PERF_TYPE_RAW;
		attr.config = config;
		return pe_add(ps, &attr, evname, "cpu") ? 1 : -ENOMEM;
	}
	/* a sysfs alias of one or more PMUs: "tsc" is msr/tsc/ */
	r = 0;
	for (int i = 0; ps->pmus && i < ps->pmus->nr; i++) {
		const struct pmu *pmu = ps->pmus->pmus[i];
		const struct pmu_alias *a = pmu__find_alias(pmu, name);
		struct term_ctx tc;
		int err;

		if (!a)
			continue;
		attr_init(&attr);
		attr.type = pmu->type;
		term_ctx__init(&tc, &attr, pmu);
		tc.depth = 1;
		err = pe_terms(ps, a->terms, strlen(a->terms), col, &tc);
		if (!err) {
			evsel = pe_add(ps, &attr, tc.name ? tc.name : evname, pmu->name);
			if (!evsel)
				err = -ENOMEM;
		}
		if (!err) {
			evsel->unit = a->unit ? strdup(a->unit) : NULL;
			evsel->scale = a->scale;
			if (pmu->cpumask)
				evsel->own_cpus = strdup(pmu->cpumask);
			err = term_ctx__give(&tc, evsel);
		}
		term_ctx__exit(&tc);
		if (err)
			return err;
		r = 1;
	}
	if (!r)
		r = pe_vendor_event(ps, name, col, evname);
	return r;
}

/* ---- event forms ------------------------------------------------------------- */

static size_t name_span(const char *s)
{
	return strcspn(s, ",{}:/");
}

static bool has_glob(const char *s)
{
	return strpbrk(s, "*?[") != NULL;
}

/* After an event: ':' modifiers, or the end of this event. */
static int pe_after_event(struct pe_state *ps, int from)
{
	if (*ps->p == ':') {
		ps->p++;
		return pe_event_mods(ps, from);
	}
	if (*ps->p && !strchr(",}", *ps->p))
		return pe_error(ps, ps->p, NULL, "unexpected '%c'", *ps->p);
	return 0;
}

static char *system_suggest(const char *sys)
{
	struct tracepoint_name *all;
	char **c;
	int n = tracepoint__list(NULL, NULL, &all), k = 0;
	char *h = NULL;

	if (n <= 0)
		return NULL;
	c = calloc(n, sizeof(*c));
	if (c) {
		for (int i = 0; i < n; i++)
			if (!k || strcmp(c[k - 1], all[i].sys))
				c[k++] = all[i].sys;
		h = did_you_mean(sys, c, k);
		free(c);
	}
	tracepoint__list_free(all, n);
	return h;
}

static char *event_suggest(const char *sys, const char *ev)
{
	struct tracepoint_name *list;
	int n = tracepoint__list(sys, NULL, &list);
	char **c, *h = NULL;

	if (n <= 0)
		return NULL;
	c = calloc(n, sizeof(*c));
	if (c) {
		const char *m;

		for (int i = 0; i < n; i++)
			c[i] = list[i].name;
		m = closest_match(ev, (const char *const *)c, n);
		if (m && asprintf(&h, "did you mean '%s:%s'?", sys, m) < 0)
			h = NULL;
		free(c);
	}
	tracepoint__list_free(list, n);
	return h;
}

static int pe_add_tracepoint(struct pe_state *ps, const char *sys,
			     const char *ev, int id)
{
	struct perf_event_attr attr;
	struct evsel *evsel;
	char *name;

	attr_init(&attr);
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.config = (uint64_t)id;
	attr.sample_type = PERF_SAMPLE_RAW | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU;
	attr.sample_period = 1;
	if (asprintf(&name, "%s:%s", sys, ev) < 0)
		return -ENOMEM;
	evsel = pe_add(ps, &attr, name, "tracepoint");
	free(name);
	if (!evsel)
		return -ENOMEM;
	evsel->is_tracepoint = true;
	evsel->tp_id_sys_len = (int)strlen(sys);
	return 0;
}

static int pe_tracepoint(struct pe_state *ps, const char *start,
			 const char *sys, const char *ev, const char *evcol)
{
	int id, err;

	/* not the event's fault: no caret under it (at NULL) */
	if (!tracepoint__tracefs() && errno == EACCES)
		return pe_error(ps, NULL, strdup("run mperf as root, or `" TRACEFS_MODE_HINT "` as root"),
				"tracepoint '%s:%s' cannot be read: tracefs is readable by root only",
				sys, ev);
	if (!tracepoint__tracefs())
		return pe_error(ps, NULL, strdup("run `" TRACEFS_MOUNT_HINT "` as root"),
				"tracepoint '%s:%s' needs tracefs, which is not mounted",
				sys, ev);
	if (has_glob(sys) || has_glob(ev)) {
		struct tracepoint_name *list;
		/* directory order, as perf adds them */
		int n = tracepoint__list_unsorted(sys, ev, &list);

		if (n < 0)
			return pe_error(ps, start, NULL, "cannot read tracefs: %s",
					strerror(-n));
		if (n == 0)
			return pe_error(ps, start, strdup("see `mperf list tracepoint`"),
					"no tracepoint matches '%s:%s'", sys, ev);
		for (int i = 0; i < n; i++) {
			id = tracepoint__id(list[i].sys, list[i].name);
			if (id < 0)
				continue;
			err = pe_add_tracepoint(ps, list[i].sys, list[i].name, id);
			if (err) {
				tracepoint__list_free(list, n);
				return err;
			}
		}
		tracepoint__list_free(list, n);
		return 0;
	}
	id = tracepoint__id(sys, ev);
	if (id == -ENOENT || id == -EINVAL) {
		{
			struct tracepoint_name *l;
			int n = tracepoint__list(sys, NULL, &l);

			tracepoint__list_free(l, n > 0 ? n : 0);
			if (n <= 0)
				return pe_error(ps, start, system_suggest(sys),
						"unknown tracepoint system '%s'", sys);
		}
		return pe_error(ps, evcol, event_suggest(sys, ev),
				"unknown tracepoint '%s:%s'", sys, ev);
	}
	if (id < 0)
		return pe_error(ps, start, NULL, "cannot read the id of %s:%s: %s",
				sys, ev, strerror(-id));
	return pe_add_tracepoint(ps, sys, ev, id);
}

/* mem:ADDR[/LEN][:ACCESS] */
static int pe_breakpoint(struct pe_state *ps)
{
	const char *start = ps->p, *s = ps->p + 4;
	struct perf_event_attr attr;
	unsigned long long addr, len = 0;
	char *end, *name;
	int bp_type = 0;
	struct evsel *evsel;

	errno = 0;
	addr = strtoull(s, &end, 0);
	if (end == s || errno)
		return pe_error(ps, s, strdup("e.g. mem:0x1000/8:rw"),
				"breakpoint needs an address");
	s = end;
	if (*s == '/') {
		const char *l = ++s;

		len = strtoull(s, &end, 0);
		if (end == l || !(len == 1 || len == 2 || len == 4 || len == 8))
			return pe_error(ps, l, NULL, "breakpoint length must be 1, 2, 4 or 8");
		s = end;
	}
	if (*s == ':') {
		size_t n = strspn(s + 1, "rwx");

		if (n && strchr(",}:", s[1 + n])) {
			for (size_t i = 1; i <= n; i++) {
				int bit = s[i] == 'r' ? HW_BREAKPOINT_R :
					  s[i] == 'w' ? HW_BREAKPOINT_W : HW_BREAKPOINT_X;

				if (bp_type & bit)
					return pe_error(ps, s + i, NULL,
							"access '%c' given twice", s[i]);
				bp_type |= bit;
			}
			s += 1 + n;
		}
	}
	if (!bp_type)
		bp_type = HW_BREAKPOINT_R | HW_BREAKPOINT_W;
	if (!len)
		len = (bp_type & HW_BREAKPOINT_X) ? sizeof(long) : HW_BREAKPOINT_LEN_4;
	if ((bp_type & HW_BREAKPOINT_X) && (bp_type & HW_BREAKPOINT_RW))
		return pe_error(ps, start, NULL, "a breakpoint is either x or r/w, not both");

	attr_init(&attr);
	attr.type = PERF_TYPE_BREAKPOINT;
	attr.bp_type = bp_type;
	attr.bp_addr = addr;
	attr.bp_len = len;
	attr.sample_period = 1;
	ps->p = s;
	if (*s == ':') {
		/* modifiers follow: the name is mem:... up to their end */
		size_t m = mods_span(s + 1);

		name = strndup(start, (size_t)(s + 1 + m - start));
	} else {
		name = strndup(start, (size_t)(s - start));
	}
	if (!name)
		return -ENOMEM;
	evsel = pe_add(ps, &attr, name, "breakpoint");
	free(name);
	if (!evsel)
		return -ENOMEM;
	return pe_after_event(ps, ps->list->nr - 1);
}

static char *pmu_suggest(struct pe_state *ps, const char *name)
{
	char **c;
	char *h;

	if (!ps->pmus || !ps->pmus->nr)
		return NULL;
	c = calloc(ps->pmus->nr, sizeof(*c));
	if (!c)
		return NULL;
	for (int i = 0; i < ps->pmus->nr; i++)
		c[i] = ps->pmus->pmus[i]->name;
	h = did_you_mean(name, c, ps->pmus->nr);
	free(c);
	return h;
}

/* NAME/terms/[mods]: a PMU event, or a hw/sw event with terms. */
static int pe_slash_event(struct pe_state *ps, const char *start, const char *name)
{
	const char *terms = ps->p + 1, *close = strchr(terms, '/');
	struct perf_event_attr attr;
	struct term_ctx tc;
	const struct event_symbol *sym = NULL;
	const struct pmu *pmu;
	struct evsel *evsel;
	char *evname;
	bool tool;
	int err, from = ps->list->nr;
	size_t mlen = 0;

	if (!close)
		return pe_error(ps, ps->p, NULL, "missing closing '/' after the terms of '%s'", name);
	attr_init(&attr);
	pmu = pmus__find(ps->pmus, name);
	if (!pmu) {
		sym = find_symbol(name, &tool);
		if (!sym || tool) {
			char *h = pmu_suggest(ps, name);

			if (!h && !strcmp(name, "cpu"))
				h = strdup("this machine has no hardware PMU (a VM?)");
			return pe_error(ps, start, h, "unknown PMU '%s'", name);
		}
		attr.type = sym->type;
		attr.config = sym->config;
	} else {
		attr.type = pmu->type;
	}
	term_ctx__init(&tc, &attr, pmu);
	err = pe_terms(ps, terms, (size_t)(close - terms), terms, &tc);
	if (err)
		goto out;
	ps->p = close + 1;
	if (*ps->p == ':')
		mlen = 1 + mods_span(ps->p + 1);
	else if (*ps->p && !strchr(",}", *ps->p))
		mlen = mods_span(ps->p);	/* perf accepts cpu/.../u too */
	evname = tc.name ? strdup(tc.name) : strndup(start, (size_t)(ps->p + mlen - start));
	if (!evname) {
		err = -ENOMEM;
		goto out;
	}
	evsel = pe_add(ps, &attr, evname, pmu ? pmu->name : type_pmu_name(attr.type));
	free(evname);
	if (!evsel) {
		err = -ENOMEM;
		goto out;
	}
	evsel->unit = tc.unit;
	tc.unit = NULL;
	evsel->scale = tc.scale;
	err = term_ctx__give(&tc, evsel);
	if (err)
		goto out;
	if (pmu && pmu->cpumask)
		evsel->own_cpus = strdup(pmu->cpumask);
	if (mlen) {
		if (*ps->p == ':')
			ps->p++;
		err = pe_event_mods(ps, from);
	}
out:
	term_ctx__exit(&tc);
	return err;
}

/*
 * sys:name/terms/: the record terms (call-graph=, stack-size=, max-stack=,
 * [no-]inherit, [no-]overwrite, time=, nr=, name=) for every tracepoint
 * just added; attr terms (config, period, ...) are refused, as by perf.
 */
static int pe_tracepoint_terms(struct pe_state *ps, int from)
{
	const char *terms = ps->p + 1, *close = strchr(terms, '/');
	struct perf_event_attr dummy, before;
	struct term_ctx tc;
	int err;

	if (!close)
		return pe_error(ps, ps->p, NULL, "missing closing '/' after the tracepoint terms");
	memset(&dummy, 0, sizeof(dummy));
	before = dummy;
	term_ctx__init(&tc, &dummy, NULL);
	err = pe_terms(ps, terms, (size_t)(close - terms), terms, &tc);
	if (!err && (memcmp(&dummy, &before, sizeof(dummy)) || tc.user_period || tc.user_freq))
		err = pe_error(ps, terms, strdup("tracepoints take call-graph=, stack-size=, max-stack=, "
						 "[no-]inherit, [no-]overwrite, time=, nr=, name="),
			       "config, period and freq terms are not valid for a tracepoint");
	for (int i = from; !err && i < ps->list->nr; i++) {
		struct evsel *evsel = ps->list->entries[i];

		err = term_ctx__give(&tc, evsel);
		if (!err && tc.name && ps->list->nr - from == 1) {
			free(evsel->name);
			evsel->name = strdup(tc.name);
			if (!evsel->name)
				err = -ENOMEM;
		}
	}
	term_ctx__exit(&tc);
	if (!err)
		ps->p = close + 1;
	return err;
}

static bool is_mods(const char *s)
{
	size_t n = mods_span(s);

	return n > 0 && strspn(s, MOD_CHARS) == n;
}

static int pe_event(struct pe_state *ps)
{
	const char *start = ps->p;
	size_t n;
	char *name;
	int err, from = ps->list->nr;

	if (!strncmp(start, "mem:", 4))
		return pe_breakpoint(ps);
	n = name_span(start);
	if (n == 0) {
		if (!*start || *start == ',' || *start == '}')
			return pe_error(ps, start, NULL, "empty event");
		if (*start == '{')
			return pe_error(ps, start, NULL, "groups cannot be nested");
		return pe_error(ps, start, NULL, "unexpected '%c'", *start);
	}
	for (size_t i = 0; i < n; i++)
		if (isspace((unsigned char)start[i]) || !isprint((unsigned char)start[i]))
			return pe_error(ps, start + i, strdup("separate events with ','"),
					"unexpected blank or control character in an event name");
	name = strndup(start, n);
	if (!name)
		return -ENOMEM;
	ps->p = start + n;

	if (*ps->p == '/') {
		err = pe_slash_event(ps, start, name);
		free(name);
		return err;
	}
	if (*ps->p == ':' && !has_glob(name)) {
		/* "cycles:u" or "sched:sched_switch": a known name takes modifiers */
		char *evname = strndup(start, (size_t)(ps->p + 1 + mods_span(ps->p + 1) - start));

		if (!evname) {
			free(name);
			return -ENOMEM;
		}
		err = pe_symbol(ps, name, start, evname);
		free(evname);
		if (err < 0 || err > 0) {
			free(name);
			return err < 0 ? err : pe_after_event(ps, from);
		}
	}
	if (*ps->p == ':') {
		/* sys:event[:mods] */
		const char *evs = ps->p + 1;
		size_t en = name_span(evs);
		char *ev;

		if (en == 0) {
			free(name);
			return pe_error(ps, evs, NULL, "expected a tracepoint name after '%.*s:'",
					(int)n, start);
		}
		/* an unknown name with modifiers: "cyclse:u" */
		if (!has_glob(name) && is_mods(evs) && evs[en] != ':') {
			struct tracepoint_name *l;
			int k = tracepoint__list(name, NULL, &l);

			tracepoint__list_free(l, k > 0 ? k : 0);
			if (k <= 0) {
				err = pe_error(ps, start, suggest_event(ps, name),
					       "unknown event '%s'", name);
				free(name);
				return err;
			}
		}
		ev = strndup(evs, en);
		if (!ev) {
			free(name);
			return -ENOMEM;
		}
		ps->p = evs + en;
		err = pe_tracepoint(ps, start, name, ev, evs);
		free(ev);
		free(name);
		if (!err && *ps->p == '/')
			err = pe_tracepoint_terms(ps, from);
		if (err)
			return err;
		return pe_after_event(ps, from);
	}
	err = pe_symbol(ps, name, start, name);
	if (err == 0)
		err = pe_error(ps, start, suggest_event(ps, name), "unknown event '%s'", name);
	free(name);
	if (err < 0)
		return err;
	return pe_after_event(ps, from);
}

static int pe_group(struct pe_state *ps)
{
	const char *start = ps->p;
	int from = ps->list->nr, err;
	struct evsel *leader;

	ps->p++;	/* '{' */
	for (;;) {
		if (*ps->p == '}' && ps->list->nr == from)
			return pe_error(ps, ps->p, NULL, "empty group");
		err = pe_event(ps);
		if (err)
			return err;
		if (*ps->p == ',') {
			ps->p++;
			continue;
		}
		if (*ps->p == '}')
			break;
		if (!*ps->p)
			return pe_error(ps, start, NULL, "missing '}' to close this group");
		return pe_error(ps, ps->p, NULL, "unexpected '%c' in group", *ps->p);
	}
	ps->p++;	/* '}' */
	leader = ps->list->entries[from];
	leader->nr_members = ps->list->nr - from;
	for (int i = from; i < ps->list->nr; i++)
		ps->list->entries[i]->leader = leader;
	if (*ps->p == ':') {
		const char *m = ++ps->p;
		size_t len = mods_span(m);

		for (int i = from; i < ps->list->nr; i++) {
			struct mods mo;

			err = mods_parse(ps, m, len, ps->list->entries[i], &mo);
			if (err)
				return err;
			mods_apply(ps->list->entries[i], &mo);
		}
		ps->p += len;
	}
	leader->group_name = strndup(start, (size_t)(ps->p - start));
	if (*ps->p && *ps->p != ',')
		return pe_error(ps, ps->p, NULL, "unexpected '%c' after group", *ps->p);
	return 0;
}

static int __parse_events_clean(struct evlist *evlist, const char *str,
				struct parse_events_error *err, struct pmus *pmus);

static bool is_ws(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static bool is_sep(char c)
{
	return c == '\0' || strchr(",{}:/=", c) != NULL;
}

/*
 * perf's lexer skips blanks between tokens ("cycles, instructions",
 * "{a, b}:u"): drop the blanks next to a separator or at either end, and
 * keep the column of each kept character so errors point into @str.
 * Blanks inside a name ("cpu clock") stay and are refused by the parser.
 */
static char *strip_blanks(const char *str, int **map)
{
	size_t len = strlen(str), n = 0;
	char *out = malloc(len + 1);
	int *m = malloc((len + 1) * sizeof(*m));

	if (!out || !m) {
		free(out);
		free(m);
		return NULL;
	}
	for (size_t i = 0; i < len; i++) {
		size_t j;

		if (!is_ws(str[i])) {
			m[n] = (int)i;
			out[n++] = str[i];
			continue;
		}
		for (j = i; j < len && is_ws(str[j]); j++)
			;
		/* a run of blanks: kept only between two name characters */
		if (n > 0 && !is_sep(out[n - 1]) && !is_sep(str[j])) {
			m[n] = (int)i;
			out[n++] = str[i];
			continue;
		}
		i = j - 1;
	}
	m[n] = (int)len;
	out[n] = '\0';
	*map = m;
	return out;
}

int __parse_events(struct evlist *evlist, const char *str,
		   struct parse_events_error *err, struct pmus *pmus)
{
	int *map = NULL;
	char *clean = str ? strip_blanks(str, &map) : NULL;
	int ret;

	if (str && !clean)
		return -ENOMEM;
	ret = __parse_events_clean(evlist, clean, err, pmus);
	if (ret && err && err->idx >= 0 && map)
		err->idx = map[err->idx];
	free(clean);
	free(map);
	return ret;
}

static int __parse_events_clean(struct evlist *evlist, const char *str,
				struct parse_events_error *err, struct pmus *pmus)
{
	struct pe_state ps = {
		.str = str, .p = str, .err = err,
		.pmus = pmus ? pmus : pmus__host(),
	};
	int ret = 0;

	if (err) {
		err->idx = -1;
		err->str = NULL;
		err->help = NULL;
	}
	ps.list = evlist__new();
	if (!ps.list)
		return -ENOMEM;
	if (!str || !*str) {
		ret = pe_error(&ps, str, NULL, "empty event list");
		goto out;
	}
	for (;;) {
		if (*ps.p == '{')
			ret = pe_group(&ps);
		else if (*ps.p == '}')
			ret = pe_error(&ps, ps.p, NULL, "'}' without '{'");
		else
			ret = pe_event(&ps);
		if (ret)
			goto out;
		if (*ps.p == ',') {
			ps.p++;
			if (!*ps.p) {
				ret = pe_error(&ps, ps.p - 1, NULL, "trailing ','");
				goto out;
			}
			continue;
		}
		if (!*ps.p)
			break;
		ret = pe_error(&ps, ps.p, NULL, "unexpected '%c'", *ps.p);
		goto out;
	}
	/* success: move the new evsels over (order, groups unchanged) */
	for (int i = 0; i < ps.list->nr; i++) {
		ret = evlist__add(evlist, ps.list->entries[i]);
		if (ret) {
			/* the rest stay in ps.list and are freed with it */
			memmove(ps.list->entries, ps.list->entries + i,
				(ps.list->nr - i) * sizeof(*ps.list->entries));
			ps.list->nr -= i;
			goto out;
		}
	}
	ps.list->nr = 0;
out:
	if (ret && err && !err->str)
		err->str = strdup(strerror(-ret));
	evlist__delete(ps.list);
	return ret;
}

int parse_events(struct evlist *evlist, const char *str,
		 struct parse_events_error *err)
{
	return __parse_events(evlist, str, err, NULL);
}

void parse_events_error__print(const struct parse_events_error *err,
			       const char *str)
{
	static const char prefix[] = "mperf: invalid event '";
	int col;

	if (!err || !err->str)
		return;
	eprintf_prefixed(-1, "", "%s%s': %s%s%s\n", prefix, str ? str : "",
			 err->str, err->help ? "; " : "", err->help ? err->help : "");
	if (err->idx < 0 || !str)
		return;
	col = (int)strlen(prefix) + err->idx;
	eprintf_prefixed(-1, "", "%*s^\n", col, "");
}

void parse_events_error__exit(struct parse_events_error *err)
{
	if (!err)
		return;
	free(err->str);
	free(err->help);
	err->str = NULL;
	err->help = NULL;
	err->idx = -1;
}
