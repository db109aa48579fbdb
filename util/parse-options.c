// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "debug.h"
#include "levenshtein.h"
#include "parse-options.h"

struct popt_state {
	int argc;
	const char **argv;
	int idx;		/* next argv index to look at */
	int out;		/* where the next kept non-option goes */
	const char *cmd;
};

static const char *opt_label(const struct option *o, char *buf, size_t sz)
{
	if (o->long_name && o->short_name)
		snprintf(buf, sz, "-%c, --%s", o->short_name, o->long_name);
	else if (o->long_name)
		snprintf(buf, sz, "--%s", o->long_name);
	else
		snprintf(buf, sz, "-%c", o->short_name);
	return buf;
}

static bool takes_arg(const struct option *o)
{
	switch (o->type) {
	case OPTION_BOOLEAN:
	case OPTION_INCR:
	case OPTION_SET_INT:
		return false;
	case OPTION_CALLBACK:
		return !(o->flags & PARSE_OPT_NOARG);
	default:
		return true;
	}
}

int parse_u64(const char *s, uint64_t *v)
{
	char *end;

	if (!s || !*s || *s == '-')
		return -EINVAL;
	errno = 0;
	*v = strtoull(s, &end, 0);
	if (errno || *end)
		return -EINVAL;
	return 0;
}

int parse_size(const char *s, uint64_t *v)
{
	char *end;
	uint64_t mult = 1;

	if (!s || !*s || *s == '-')
		return -EINVAL;
	errno = 0;
	*v = strtoull(s, &end, 0);
	if (errno || end == s)
		return -EINVAL;
	switch (*end) {
	case 'b': case 'B': mult = 1; end++; break;
	case 'k': case 'K': mult = 1ULL << 10; end++; break;
	case 'm': case 'M': mult = 1ULL << 20; end++; break;
	case 'g': case 'G': mult = 1ULL << 30; end++; break;
	case 't': case 'T': mult = 1ULL << 40; end++; break;
	}
	if (*end == 'b' || *end == 'B')
		end++;
	if (*end)
		return -EINVAL;
	if (*v > UINT64_MAX / mult)
		return -ERANGE;
	*v *= mult;
	return 0;
}

/* Store @arg into @o's value. @unset is set for --no-NAME. */
static int get_value(const struct option *o, const char *arg, int unset,
		     const char *label)
{
	char *end;
	long l;
	unsigned long ul;
	uint64_t u;
	double d;

	switch (o->type) {
	case OPTION_BOOLEAN:
		*(bool *)o->value = !unset;
		return 0;
	case OPTION_INCR:
		*(int *)o->value = unset ? 0 : *(int *)o->value + 1;
		return 0;
	case OPTION_SET_INT:
		*(int *)o->value = unset ? 0 : (int)o->set;
		return 0;
	case OPTION_STRING:
		*(const char **)o->value = unset ? NULL : arg;
		return 0;
	case OPTION_INTEGER:
		if (unset) {
			*(int *)o->value = 0;
			return 0;
		}
		errno = 0;
		l = strtol(arg, &end, 0);
		if (errno || !*arg || *end || l < -2147483648L || l > 2147483647L)
			goto bad_number;
		*(int *)o->value = (int)l;
		return 0;
	case OPTION_UINTEGER:
		if (unset) {
			*(unsigned int *)o->value = 0;
			return 0;
		}
		errno = 0;
		ul = strtoul(arg, &end, 0);
		if (errno || !*arg || *end || *arg == '-' || ul > 4294967295UL)
			goto bad_number;
		*(unsigned int *)o->value = (unsigned int)ul;
		return 0;
	case OPTION_U64:
		if (unset) {
			*(uint64_t *)o->value = 0;
			return 0;
		}
		if (parse_u64(arg, &u))
			goto bad_number;
		*(uint64_t *)o->value = u;
		return 0;
	case OPTION_DOUBLE:
		if (unset) {
			*(double *)o->value = 0;
			return 0;
		}
		errno = 0;
		d = strtod(arg, &end);
		if (errno || !*arg || *end)
			goto bad_number;
		*(double *)o->value = d;
		return 0;
	case OPTION_CALLBACK:
		return o->callback(o, unset ? NULL : arg, unset) ? -1 : 0;
	default:
		return -1;
	}
bad_number:
	pr_err("option '%s' expects a number, not '%s'\n", label, arg);
	return -1;
}

/*
 * Fetch the argument of @o: attached (@attached != NULL), or the next argv
 * element. An optional argument is only taken from the next element when it
 * does not look like an option.
 */
static int take_arg(struct popt_state *st, const struct option *o,
		    const char *attached, const char **arg, const char *label)
{
	if (attached) {
		*arg = attached;
		return 0;
	}
	if (o->flags & PARSE_OPT_OPTARG) {
		if (st->idx < st->argc && st->argv[st->idx][0] != '-') {
			*arg = st->argv[st->idx++];
			return 0;
		}
		*arg = o->defval;
		return 0;
	}
	if (st->idx >= st->argc) {
		pr_err("option '%s' requires a value\n", label);
		return -1;
	}
	*arg = st->argv[st->idx++];
	return 0;
}

static void suggest_long(const struct option *opts, const char *name)
{
	const char *cands[256];
	size_t n = 0;
	const char *best;
	char word[128];

	snprintf(word, sizeof(word), "%s", name);
	word[strcspn(word, "=")] = '\0';
	for (const struct option *o = opts; o->type != OPTION_END; o++)
		if (o->long_name && n < ARRAY_SIZE(cands) &&
		    !(o->flags & PARSE_OPT_HIDDEN))
			cands[n++] = o->long_name;
	best = closest_match(word, cands, n);
	if (best)
		pr_err("unknown option '--%s'; did you mean '--%s'? (see -h)\n",
		       word, best);
	else
		pr_err("unknown option '--%s' (see -h for the list)\n", word);
}

static int unsupported(const struct option *o, const char *label)
{
	pr_err("option '%s' (perf's) is not supported by mperf: %s\n", label, o->help);
	return -1;
}

static int parse_long(struct popt_state *st, const struct option *opts,
		      const char *name)
{
	const char *eq = strchr(name, '=');
	size_t len = eq ? (size_t)(eq - name) : strlen(name);
	const struct option *match = NULL, *abbrev = NULL;
	int unset = 0, nabbrev = 0, abbrev_unset = 0;
	const char *arg = NULL;
	char label[160];

	for (const struct option *o = opts; o->type != OPTION_END; o++) {
		const char *ln = o->long_name;
		int neg = 0;

		if (!ln)
			continue;
		if (strlen(ln) == len && !strncmp(ln, name, len)) {
			match = o;
			unset = 0;
			break;
		}
		if (!strncmp(name, "no-", 3) && !(o->flags & PARSE_OPT_NONEG) &&
		    strlen(ln) == len - 3 && !strncmp(ln, name + 3, len - 3)) {
			match = o;
			unset = 1;
			break;
		}
		/* unique prefixes are accepted, as perf does (not those
		 * of perf's options mperf lacks: they must not make a
		 * prefix ambiguous) */
		if (o->type == OPTION_UNSUPPORTED)
			continue;
		if (!strncmp(name, "no-", 3) && !(o->flags & PARSE_OPT_NONEG) &&
		    len > 3 && !strncmp(ln, name + 3, len - 3))
			neg = 1;
		if (neg || (len >= 2 && !strncmp(ln, name, len))) {
			if (!abbrev || abbrev != o)
				nabbrev++;
			abbrev = o;
			abbrev_unset = neg;
		}
	}
	/* an option named no-X: --X undoes it, as in perf (--inherit for
	 * --no-inherit), where no option is named X */
	for (const struct option *o = opts; !match && o->type != OPTION_END; o++)
		if (o->long_name && !strncmp(o->long_name, "no-", 3) &&
		    !(o->flags & PARSE_OPT_NONEG) && strlen(o->long_name) - 3 == len &&
		    !strncmp(o->long_name + 3, name, len)) {
			match = o;
			unset = 1;
		}
	if (!match && nabbrev == 1) {
		match = abbrev;
		unset = abbrev_unset;
	} else if (!match && nabbrev > 1) {
		pr_err("ambiguous option '--%.*s' (see -h)\n", (int)len, name);
		return -1;
	}
	if (!match) {
		suggest_long(opts, name);
		return -1;
	}
	snprintf(label, sizeof(label), "--%s", match->long_name);
	if (match->type == OPTION_UNSUPPORTED)
		return unsupported(match, label);
	if (unset && (match->type == OPTION_STRING || match->type == OPTION_CALLBACK) &&
	    (match->flags & PARSE_OPT_NONEG)) {
		pr_err("option '%s' cannot be negated\n", label);
		return -1;
	}
	if (unset || !takes_arg(match)) {
		if (eq) {
			pr_err("option '%s' takes no value\n", label);
			return -1;
		}
		return get_value(match, NULL, unset, label);
	}
	if (take_arg(st, match, eq ? eq + 1 : NULL, &arg, label))
		return -1;
	return get_value(match, arg, 0, label);
}

static int parse_short(struct popt_state *st, const struct option *opts,
		       const char *p)
{
	char label[160];

	while (*p) {
		const struct option *match = NULL;
		const char *arg;

		for (const struct option *o = opts; o->type != OPTION_END; o++)
			if (o->short_name && o->short_name == *p) {
				match = o;
				break;
			}
		if (!match) {
			pr_err("unknown switch '-%c' (see -h for the list)\n", *p);
			return -1;
		}
		opt_label(match, label, sizeof(label));
		if (match->type == OPTION_UNSUPPORTED)
			return unsupported(match, label);
		p++;
		if (!takes_arg(match)) {
			if (get_value(match, NULL, 0, label))
				return -1;
			continue;
		}
		if (take_arg(st, match, *p ? p : NULL, &arg, label))
			return -1;
		return get_value(match, arg, 0, label);
	}
	return 0;
}

static void list_opts(const struct option *opts)
{
	for (const struct option *o = opts; o->type != OPTION_END; o++)
		if (o->long_name && !(o->flags & PARSE_OPT_HIDDEN))
			printf("--%s ", o->long_name);
	printf("\n");
}

int parse_options(int argc, const char **argv, const struct option *opts,
		  const char *const *usage, int flags)
{
	struct popt_state st = { .argc = argc, .argv = argv, .idx = 1, .out = 0 };

	while (st.idx < st.argc) {
		const char *a = st.argv[st.idx];

		if (a[0] != '-' || !a[1]) {
			if (flags & PARSE_OPT_STOP_AT_NON_OPTION)
				break;
			st.argv[st.out++] = a;
			st.idx++;
			continue;
		}
		st.idx++;
		if (!strcmp(a, "--"))
			break;
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage_with_options(usage, opts, 0);
			return PARSE_OPT_HELP;
		}
		if (!strcmp(a, "--list-opts")) {
			list_opts(opts);
			return PARSE_OPT_LIST_OPTS;
		}
		if (a[1] == '-') {
			if (parse_long(&st, opts, a + 2))
				goto fail;
		} else if (parse_short(&st, opts, a + 1)) {
			goto fail;
		}
	}
	/* everything left after a stop is kept as is */
	while (st.idx < st.argc)
		st.argv[st.out++] = st.argv[st.idx++];
	st.argv[st.out] = NULL;
	return st.out;
fail:
	return PARSE_OPT_ERROR;
}

void usage_with_options(const char *const *usage, const struct option *opts,
			int err)
{
	FILE *f = err ? stderr : stdout;
	char label[160];

	if (usage && *usage) {
		fprintf(f, "\n Usage: %s\n", *usage++);
		while (*usage && **usage)
			fprintf(f, "    or: %s\n", *usage++);
		fputc('\n', f);
	}
	for (const struct option *o = opts; o->type != OPTION_END; o++) {
		int n;

		if (o->flags & PARSE_OPT_HIDDEN)
			continue;
		if (o->type == OPTION_GROUP) {
			fprintf(f, "\n%s\n", o->help ? o->help : "");
			continue;
		}
		n = fprintf(f, "    %s%s", o->short_name && !o->long_name ? "" :
			    (o->short_name ? "" : "    "),
			    opt_label(o, label, sizeof(label)));
		if (takes_arg(o) && o->argh)
			n += fprintf(f, (o->flags & PARSE_OPT_OPTARG) ?
				     "[=<%s>]" : " <%s>", o->argh);
		if (n >= 28) {
			fputc('\n', f);
			n = 0;
		}
		fprintf(f, "%*s%s\n", 28 - n, "", o->help ? o->help : "");
	}
	fputc('\n', f);
}
