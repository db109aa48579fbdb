// SPDX-License-Identifier: GPL-2.0
/* Per-symbol change between two profiles (see diff.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "diff.h"

static int base_event(const struct profile *newp, int event, const struct profile *base)
{
	for (unsigned int i = 0; i < base->nr_events; i++) {
		if (!strcmp(base->events[i].name, newp->events[event].name))
			return i;
	}
	return base->nr_events ? 0 : -1;
}

static int by_key(const void *a, const void *b)
{
	const struct diff_entry *x = a, *y = b;
	int r = strcmp(x->dso, y->dso);

	if (r)
		return r;
	r = strcmp(x->sym, y->sym);
	return r ? r : x->kind - y->kind;
}

static int by_delta(const void *a, const void *b)
{
	const struct diff_entry *x = a, *y = b;
	double dx = fabs(x->delta), dy = fabs(y->delta);

	if (dx != dy)
		return dx > dy ? -1 : 1;
	if (x->new_pct != y->new_pct)
		return x->new_pct > y->new_pct ? -1 : 1;
	return by_key(a, b);
}

int diff__compute(struct profile *newp, int event, struct profile *base,
		  struct diff_entry **out)
{
	struct profile_entry *ne = NULL, *be = NULL;
	struct diff_entry *d = NULL;
	int nn, nb, bev, n = 0;
	uint64_t ntot, btot;

	*out = NULL;
	if (event < 0 || (unsigned int)event >= newp->nr_events)
		return -EINVAL;
	bev = base_event(newp, event, base);
	if (bev < 0)
		return -ENODATA;
	ntot = newp->events[event].samples;
	btot = base->events[bev].samples;
	nn = profile__entries(newp, event, PROFILE_ENTRY_NO_COMM, &ne);
	if (nn < 0)
		return nn;
	nb = profile__entries(base, bev, PROFILE_ENTRY_NO_COMM, &be);
	if (nb < 0) {
		free(ne);
		return nb;
	}
	d = calloc(nn + nb + 1, sizeof(*d));
	if (!d) {
		n = -ENOMEM;
		goto out;
	}
	/* the two profiles intern separately: match entries by string value */
	for (int i = 0; i < nn; i++) {
		if (!ne[i].self_samples)
			continue;
		d[n].dso = ne[i].dso;
		d[n].sym = ne[i].sym;
		d[n].kind = ne[i].kind;
		d[n].new_samples = ne[i].self_samples;
		n++;
	}
	qsort(d, n, sizeof(*d), by_key);
	{
		int have = n;

		for (int i = 0; i < nb; i++) {
			struct diff_entry key = { .dso = be[i].dso, .sym = be[i].sym,
						  .kind = be[i].kind };
			struct diff_entry *hit;

			if (!be[i].self_samples)
				continue;
			hit = bsearch(&key, d, have, sizeof(*d), by_key);
			if (!hit) {
				hit = &d[n++];
				*hit = key;
			}
			hit->base_samples += be[i].self_samples;
		}
	}
	for (int i = 0; i < n; i++) {
		d[i].new_pct = ntot ? 100.0 * d[i].new_samples / ntot : 0;
		d[i].base_pct = btot ? 100.0 * d[i].base_samples / btot : 0;
		d[i].delta = d[i].new_pct - d[i].base_pct;
	}
	qsort(d, n, sizeof(*d), by_delta);
	*out = d;
	d = NULL;
out:
	free(d);
	free(ne);
	free(be);
	return n;
}

int diff__print(struct profile *newp, int event, struct profile *base, double min_delta,
		FILE *f)
{
	struct diff_entry *d;
	int n = diff__compute(newp, event, base, &d);
	int bev;

	if (n < 0)
		return n;
	bev = base_event(newp, event, base);
	fprintf(f, "# Event '%s'\n#\n", newp->events[event].name);
	fprintf(f, "# Baseline: %s, %llu samples\n", base->title ? base->title : "base",
		(unsigned long long)base->events[bev].samples);
	fprintf(f, "# New:      %s, %llu samples\n#\n", newp->title ? newp->title : "new",
		(unsigned long long)newp->events[event].samples);
	fprintf(f, "# Shares are of each profile's samples; Delta = New - Baseline.\n#\n");
	fprintf(f, "# %8s  %8s  %9s  %-20s  %s\n", "Baseline", "New", "Delta",
		"Shared Object", "Symbol");
	fprintf(f, "# ........  ........  .........  ....................  ......\n#\n");
	for (int i = 0; i < n; i++) {
		if (fabs(d[i].delta) < min_delta)
			continue;
		fprintf(f, "  %7.2f%%  %7.2f%%  %+8.2f%%  %-20s  [%c] %s\n",
			d[i].base_pct, d[i].new_pct, d[i].delta,
			profile__dso_short(d[i].dso),
			d[i].kind == PROFILE_FRAME_KERNEL ? 'k' : '.', d[i].sym);
	}
	free(d);
	return ferror(f) ? -EIO : 0;
}
