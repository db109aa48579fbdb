// SPDX-License-Identifier: GPL-2.0
/* Folded stack lines (see folded.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "folded.h"

struct folded_line {
	char *text;
	uint64_t count;
};

/* Does @s look like a Go method, "something.(...)." ? */
static bool looks_like_go_method(const char *s)
{
	const char *open = strstr(s, ".(");

	while (open) {
		const char *close = strstr(open + 2, ").");

		if (close)
			return true;
		open = strstr(open + 1, ".(");
	}
	return false;
}

/* Append @src to @buf[*len] with stackcollapse-perf's generic tidying. */
static void tidy_append(char *buf, size_t size, size_t *len, const char *src, size_t n,
			const char *suffix)
{
	char tmp[8192];
	size_t tl = n < sizeof(tmp) - 1 ? n : sizeof(tmp) - 1;
	char *cut;

	memcpy(tmp, src, tl);
	tmp[tl] = '\0';
	for (char *c = tmp; *c; c++) {
		if (*c == ';')
			*c = ':';
	}
	if (!looks_like_go_method(tmp)) {
		for (cut = strchr(tmp, '('); cut; cut = strchr(cut + 1, '(')) {
			if (strncmp(cut, "(anonymous namespace)", 21)) {
				*cut = '\0';
				break;
			}
		}
	}
	for (const char *c = tmp; *c && *len + 1 < size; c++) {
		if (*c == '"' || *c == '\'')
			continue;
		buf[(*len)++] = *c;
	}
	for (const char *c = suffix; c && *c && *len + 1 < size; c++)
		buf[(*len)++] = *c;
	buf[*len] = '\0';
}

char *folded__frame_name(const struct profile_frame *fr, unsigned int flags,
			 char *buf, size_t size)
{
	const char *annot = NULL;
	size_t len = 0;

	buf[0] = '\0';
	if (flags & FOLDED_ANNOTATE) {
		if (fr->kind == PROFILE_FRAME_KERNEL)
			annot = "_[k]";
		else if (fr->kind == PROFILE_FRAME_INLINED)
			annot = "_[i]";
	}
	if (fr->unresolved) {
		const char *base = strrchr(fr->dso, '/');
		char tmp[512];

		base = base ? base + 1 : fr->dso;
		if (!strcmp(fr->dso, "[unknown]"))
			base = "unknown";
		snprintf(tmp, sizeof(tmp), "[%s]", base);
		tidy_append(buf, size, &len, tmp, strlen(tmp), annot);
		return buf;
	}
	/* "a->b" (perf's inline notation): one frame each, later ones inlined */
	for (const char *s = fr->name, *arrow;; s = arrow + 2) {
		arrow = strstr(s, "->");
		if (len && len + 1 < size)
			buf[len++] = ';';
		tidy_append(buf, size, &len, s, arrow ? (size_t)(arrow - s) : strlen(s),
			    s != fr->name ? "_[i]" : annot);
		if (!arrow)
			break;
	}
	return buf;
}

static int line_cmp(const void *a, const void *b)
{
	const struct folded_line *x = a, *y = b;

	return strcmp(x->text, y->text);
}

/* perf script prints frames whose symbol starts with '(' only as process names */
static bool skip_frame(const struct profile_frame *fr)
{
	return !fr->unresolved && fr->name[0] == '(';
}

int folded__write(struct profile *p, int event, FILE *f, unsigned int flags)
{
	struct folded_line *lines;
	uint32_t nr = 0;
	size_t cap = 4096;
	char *buf = malloc(cap);
	int err = 0;

	lines = calloc(p->nr_stacks ? p->nr_stacks : 1, sizeof(*lines));
	if (!lines || !buf) {
		free(lines);
		free(buf);
		return -ENOMEM;
	}
	for (uint32_t i = 0; i < p->nr_stacks; i++) {
		const struct profile_stack *s = p->stacks[i];
		size_t len = 0;
		char name[8400];

		if ((int)s->event != event)
			continue;
		if (!(flags & FOLDED_NO_COMM)) {
			len = snprintf(buf, cap, flags & FOLDED_PID ? "%s-%d" : "%s",
				       s->comm, s->pid);
			if (len >= cap)
				len = cap - 1;
			for (size_t k = 0; k < len; k++) {
				if (buf[k] == ' ')
					buf[k] = '_';
			}
		}
		for (uint32_t j = s->nr; j-- > 0;) {
			size_t nl;

			if (skip_frame(s->frames[j]))
				continue;
			folded__frame_name(s->frames[j], flags, name, sizeof(name));
			nl = strlen(name);
			while (len + nl + 2 > cap) {
				char *nb = realloc(buf, cap * 2);

				if (!nb) {
					err = -ENOMEM;
					goto out;
				}
				buf = nb;
				cap *= 2;
			}
			if (len || !(flags & FOLDED_NO_COMM))
				buf[len++] = ';';
			memcpy(buf + len, name, nl + 1);
			len += nl;
		}
		buf[len] = '\0';
		lines[nr].text = strdup(buf);
		if (!lines[nr].text) {
			err = -ENOMEM;
			goto out;
		}
		lines[nr++].count = flags & FOLDED_PERIOD ? s->period : s->samples;
	}
	qsort(lines, nr, sizeof(*lines), line_cmp);
	for (uint32_t i = 0; i < nr;) {
		uint64_t count = lines[i].count;
		uint32_t j = i + 1;

		while (j < nr && !strcmp(lines[j].text, lines[i].text))
			count += lines[j++].count;
		fprintf(f, "%s %llu\n", lines[i].text, (unsigned long long)count);
		i = j;
	}
	if (ferror(f))
		err = -EIO;
out:
	for (uint32_t i = 0; i < nr; i++)
		free(lines[i].text);
	free(lines);
	free(buf);
	return err;
}
