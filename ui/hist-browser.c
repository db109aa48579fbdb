// SPDX-License-Identifier: GPL-2.0
/*
 * mperf report's TUI: the hist entries of one event at a time, callchains
 * folded under them, zooms (dso, thread, kernel) kept as a stack shown as
 * a breadcrumb, a symbol filter, per-event switching, header info, help,
 * printing the view to a file and annotation. Keys follow perf's.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "annotate.h"
#include "browser.h"
#include "hist-browser.h"
#include "keys.h"
#include "tui.h"
#include "ui/stdio-hist.h"
#include "util/alloc.h"
#include "util/callchain.h"
#include "util/debug.h"
#include "util/dso.h"
#include "util/evsel.h"
#include "util/header.h"
#include "util/machine.h"
#include "util/session.h"
#include "util/symbol.h"
#include "util/thread.h"

#define HB_MAX_ZOOM 16

struct tui_report {
	struct annotate_samples *annot;
	uint64_t file_size;
	uint64_t nr;
	struct timespec start;
	char title[128];
};

struct tui_report *tui_report__new(const char *input)
{
	struct tui_report *tr;
	struct stat st;
	char why[160];
	int err;

	err = tui__init();
	if (err < 0) {
		pr_info("mperf: %s: showing the --stdio report\n",
			tui__strerror(err, why, sizeof(why)));
		return NULL;
	}
	tr = calloc(1, sizeof(*tr));
	if (tr)
		tr->annot = annotate_samples__new();
	if (!tr || !tr->annot) {
		free(tr);
		tui__exit();
		pr_info("mperf: out of memory for the TUI: showing the --stdio report\n");
		return NULL;
	}
	if (input && strcmp(input, "-") && stat(input, &st) == 0 && S_ISREG(st.st_mode))
		tr->file_size = (uint64_t)st.st_size;
	clock_gettime(CLOCK_MONOTONIC, &tr->start);
	snprintf(tr->title, sizeof(tr->title), "Loading %s",
		 input && strcmp(input, "-") ? input : "standard input");
	return tr;
}

void tui_report__set_percent_type(struct tui_report *tr, int type)
{
	if (tr)
		annotate_samples__set_percent(tr->annot, (enum annotate_percent)type);
}

void tui_report__set_annotate_style(struct tui_report *tr, const struct annotate_style *st)
{
	if (tr)
		annotate_samples__set_style(tr->annot, st);
}

void tui_report__delete(struct tui_report *tr)
{
	if (!tr)
		return;
	tui__exit();
	annotate_samples__delete(tr->annot);
	free(tr);
}

void tui_report__sample(struct tui_report *tr, struct session *session, int idx,
			const struct addr_location *al, uint64_t period)
{
	if (!tr)
		return;
	/* every sample: the event's totals (--percent-type global-*) */
	annotate_samples__add(tr->annot, idx, al->sym, al->addr, period);
	/* the bar only when loading takes a while: look every 4096 samples */
	if ((++tr->nr & 4095) == 0 && tr->file_size) {
		struct timespec now;

		clock_gettime(CLOCK_MONOTONIC, &now);
		if ((now.tv_sec - tr->start.tv_sec) * 1000 +
		    (now.tv_nsec - tr->start.tv_nsec) / 1000000 >= 300)
			tui__progress(tr->title, session__current_offset(session),
				      tr->file_size);
	}
}

/* ---- pointer sets: expanded entries, folded callchain nodes ---------- */

struct ptrset {
	const void **v;
	uint64_t size, nr;
};

static uint64_t ptr_hash(const void *p)
{
	uint64_t h = (uint64_t)(uintptr_t)p * 0x9e3779b97f4a7c15ULL;

	return h ^ (h >> 31);
}

static bool ptrset__has(const struct ptrset *s, const void *p)
{
	uint64_t i;

	if (!s->size)
		return false;
	for (i = ptr_hash(p) & (s->size - 1); s->v[i]; i = (i + 1) & (s->size - 1))
		if (s->v[i] == p)
			return true;
	return false;
}

static void ptrset__clear(struct ptrset *s)
{
	free(s->v);
	s->v = NULL;
	s->size = s->nr = 0;
}

static int ptrset__add(struct ptrset *s, const void *p)
{
	uint64_t i;

	if (ptrset__has(s, p))
		return 0;
	if ((s->nr + 1) * 2 > s->size) {
		struct ptrset n = { .size = s->size ? s->size * 2 : 64 };

		n.v = calloc(n.size, sizeof(*n.v));
		if (!n.v)
			return -ENOMEM;
		for (i = 0; i < s->size; i++)
			if (s->v[i])
				ptrset__add(&n, s->v[i]);
		free(s->v);
		*s = n;
	}
	for (i = ptr_hash(p) & (s->size - 1); s->v[i]; i = (i + 1) & (s->size - 1))
		;
	s->v[i] = p;
	s->nr++;
	return 0;
}

/* removal by rebuilding: rare (a key press) */
static void ptrset__del(struct ptrset *s, const void *p)
{
	struct ptrset n = { 0 };
	uint64_t i;

	for (i = 0; i < s->size; i++)
		if (s->v[i] && s->v[i] != p)
			ptrset__add(&n, s->v[i]);
	free(s->v);
	*s = n;
}

/* ---- the browser ------------------------------------------------------- */

enum zoom_kind { ZOOM_DSO, ZOOM_THREAD, ZOOM_KERNEL };

struct zoom {
	enum zoom_kind kind;
	const void *ptr;		/* dso or thread */
	char label[96];
};

struct hb_row {
	struct hist_entry *he;
	const struct callchain_node *node;	/* NULL: the entry's own row */
	uint32_t depth;
	bool has_kids;
	bool show_pct;			/* a branch: print its percentage */
};

struct hist_browser {
	const struct hist_browser_opts *o;
	struct tui_report *tr;
	struct ui_browser b;
	int cur;			/* event index */
	struct hists *hists;
	struct hb_row *rows;
	uint64_t nr_rows, alloc_rows;
	struct ptrset open;		/* expanded entries */
	struct ptrset folded;		/* folded callchain nodes */
	struct zoom zooms[HB_MAX_ZOOM];
	int nr_zooms;
	char filter[128];
	int widths[32];
	char title[256], crumb[512], header[512], notice[256];
	int err;
};

static double hb_pct(const struct hist_browser *hb, uint64_t v)
{
	return hb->hists->total_period ? v * 100.0 / (double)hb->hists->total_period : 0.0;
}

static bool hb__entry_shown(const struct hist_browser *hb, const struct hist_entry *he)
{
	uint64_t v = hb->hists->opts.children ? he->period_acc : he->period;
	int i;

	if (!v && !he->period)
		return false;
	if (hb->o->percent_limit && hb_pct(hb, v) < hb->o->percent_limit)
		return false;
	for (i = 0; i < hb->nr_zooms; i++) {
		const struct zoom *z = &hb->zooms[i];

		if (z->kind == ZOOM_DSO && he->dso != z->ptr)
			return false;
		if (z->kind == ZOOM_THREAD && he->thread != z->ptr)
			return false;
		if (z->kind == ZOOM_KERNEL && he->level != 'k')
			return false;
	}
	if (hb->filter[0] && !(he->sym && strstr(he->sym->name, hb->filter)))
		return false;
	return true;
}

static int hb__push(struct hist_browser *hb, const struct hb_row *r)
{
	if (ALLOC_GROW(hb->rows, hb->nr_rows + 1, hb->alloc_rows, 256))
		return -ENOMEM;
	hb->rows[hb->nr_rows++] = *r;
	return 0;
}

/* children above the threshold, by cumulated period, equal ones in
 * perf's order (as --stdio); malloc'd */
static uint32_t hb__kids(const struct hist_browser *hb, const struct callchain_node *n,
			 const struct callchain_node ***out)
{
	double minp = hb->o->cc ? hb->o->cc->min_percent : 0.5;
	uint64_t min = callchain__min_hit((double)hb->hists->total_period, minp, false);
	struct callchain_node **v;
	uint32_t nr = callchain_node__sorted_children(n, min, &v);

	*out = (const struct callchain_node **)v;
	return nr;
}

static int hb__add_chain(struct hist_browser *hb, struct hist_entry *he,
			 const struct callchain_node *n, uint32_t depth)
{
	const struct callchain_node **kids, **gk;
	uint32_t nr = hb__kids(hb, n, &kids), i;
	int err = 0;

	for (i = 0; i < nr && !err; i++) {
		uint32_t nk = hb__kids(hb, kids[i], &gk);
		struct hb_row r = {
			.he = he, .node = kids[i], .depth = depth,
			.has_kids = nk > 0, .show_pct = nr > 1 || depth == 1,
		};

		free(gk);
		err = hb__push(hb, &r);
		if (!err && nk && !ptrset__has(&hb->folded, kids[i]))
			/* a straight chain stays in its column, as perf draws it */
			err = hb__add_chain(hb, he, kids[i], nk > 1 || nr > 1 ? depth + 1 : depth);
	}
	free(kids);
	return err;
}

static const char *field_header(const struct hist_browser *hb, const struct sort_field *f)
{
	return stdio__field_header(f, hb->hists->opts.children, false);
}

static bool field_is_pct(const struct sort_field *f)
{
	return f->kind == FIELD_OVERHEAD || f->kind == FIELD_CHILDREN ||
	       f->kind == FIELD_OVERHEAD_SYS || f->kind == FIELD_OVERHEAD_US ||
	       f->kind == FIELD_OVERHEAD_GUEST_SYS || f->kind == FIELD_OVERHEAD_GUEST_US;
}

static int field_text(const struct hist_browser *hb, const struct sort_field *f,
		      const struct hist_entry *he, char *buf, size_t size, double *pct)
{
	bool ch = hb->hists->opts.children;

	*pct = -1;
	switch (f->kind) {
	case FIELD_KEY:
		f->key->snprintf(f->key, &hb->hists->opts.sort, he, buf, size);
		return sort__strip_clip_end(f->key, buf);
	case FIELD_OVERHEAD:
		*pct = hb_pct(hb, he->period);
		break;
	case FIELD_CHILDREN:
		*pct = hb_pct(hb, he->period_acc);
		break;
	case FIELD_OVERHEAD_SYS:
		*pct = hb_pct(hb, he->period_sys);
		break;
	case FIELD_OVERHEAD_US:
		*pct = hb_pct(hb, he->period_us);
		break;
	case FIELD_OVERHEAD_GUEST_SYS:
		*pct = hb_pct(hb, he->period_guest_sys);
		break;
	case FIELD_OVERHEAD_GUEST_US:
		*pct = hb_pct(hb, he->period_guest_us);
		break;
	case FIELD_SAMPLE:
		return snprintf(buf, size, "%" PRIu64, ch ? he->nr_events_acc : he->nr_events);
	case FIELD_PERIOD:
		return snprintf(buf, size, "%" PRIu64, ch ? he->period_acc : he->period);
	}
	return snprintf(buf, size, "%.2f%%", *pct);
}

static void hb__widths(struct hist_browser *hb)
{
	char buf[512];
	double pct;
	uint64_t i;
	int k, nf = hb->o->nr_fields < 32 ? hb->o->nr_fields : 32;

	for (k = 0; k < nf; k++) {
		const struct sort_field *f = &hb->o->fields[k];

		hb->widths[k] = (int)strlen(field_header(hb, f));
		if (field_is_pct(f) && hb->widths[k] < 8)
			hb->widths[k] = 8;
	}
	for (i = 0; i < hb->nr_rows; i++) {
		if (hb->rows[i].node)
			continue;
		for (k = 0; k < nf; k++) {
			int w = field_text(hb, &hb->o->fields[k], hb->rows[i].he, buf,
					   sizeof(buf), &pct);

			if (w > 60)
				w = 60;
			if (w > hb->widths[k])
				hb->widths[k] = w;
		}
	}
}

static void hb__build(struct hist_browser *hb)
{
	struct hists *h = hb->hists;
	uint64_t i;
	int k, len;

	hb->nr_rows = 0;
	for (i = 0; i < h->nr_sorted; i++) {
		struct hist_entry *he = h->sorted[i];
		bool chain = he->callchain && he->callchain->node.nr_children;
		struct hb_row r = { .he = he, .has_kids = chain };

		if (!hb__entry_shown(hb, he))
			continue;
		if (hb__push(hb, &r) < 0)
			break;
		if (chain && ptrset__has(&hb->open, he))
			hb__add_chain(hb, he, &he->callchain->node, 1);
	}
	hb->b.nr_rows = hb->nr_rows;
	hb__widths(hb);

	/* column header, aligned as the rows */
	len = snprintf(hb->header, sizeof(hb->header), "  ");
	for (k = 0; k < hb->o->nr_fields && k < 32 && len < (int)sizeof(hb->header); k++) {
		const struct sort_field *f = &hb->o->fields[k];

		len += snprintf(hb->header + len, sizeof(hb->header) - (size_t)len,
				field_is_pct(f) || f->kind == FIELD_SAMPLE || f->kind == FIELD_PERIOD ||
				(f->kind == FIELD_KEY && f->key->right) ?
				"%*s  " : "%-*s  ", hb->widths[k], field_header(hb, f));
	}

	/* breadcrumb: the zoom stack and the filter */
	len = snprintf(hb->crumb, sizeof(hb->crumb), " All");
	for (k = 0; k < hb->nr_zooms && len < (int)sizeof(hb->crumb); k++)
		len += snprintf(hb->crumb + len, sizeof(hb->crumb) - (size_t)len, " > %s",
				hb->zooms[k].label);
	if (hb->filter[0] && len < (int)sizeof(hb->crumb))
		len += snprintf(hb->crumb + len, sizeof(hb->crumb) - (size_t)len,
				" > symbols matching \"%s\"", hb->filter);
	if (len < (int)sizeof(hb->crumb))
		snprintf(hb->crumb + len, sizeof(hb->crumb) - (size_t)len, "   (%" PRIu64 " rows)",
			 hb->nr_rows);
}

static void sample_count(char *buf, size_t size, uint64_t nr)
{
	const char units[] = " KMGTPE";
	int u = 0;

	while (nr >= 1000 && u < 6) {
		nr /= 1000;
		u++;
	}
	snprintf(buf, size, "%" PRIu64 "%c", nr, units[u]);
}

static int hb__nr_events(const struct hist_browser *hb)
{
	int i, n = 0;

	for (i = 0; i < hb->o->nr_hists; i++)
		if (hb->o->hists[i] && hb->o->hists[i]->nr_samples)
			n++;
	return n;
}

static void hb__set_event(struct hist_browser *hb, int idx)
{
	char nbuf[32], ev[64] = "";
	int i, pos = 0, n = hb__nr_events(hb);

	hb->cur = idx;
	hb->hists = hb->o->hists[idx];
	for (i = 0; i <= idx; i++)
		if (hb->o->hists[i] && hb->o->hists[i]->nr_samples)
			pos++;
	if (n > 1)
		snprintf(ev, sizeof(ev), "  [%d/%d]", pos, n);
	sample_count(nbuf, sizeof(nbuf), hb->hists->nr_samples);
	snprintf(hb->title, sizeof(hb->title),
		 "Samples: %s of event '%s', Event count (approx.): %" PRIu64 "%s", nbuf,
		 hb->hists->evsel ? hb->hists->evsel->name : "?", hb->hists->total_period, ev);
	hb->b.index = hb->b.top = 0;
	hb__build(hb);
}

static void hb__write(struct ui_browser *b, uint64_t row, int y, int width, bool current)
{
	struct hist_browser *hb = b->priv;
	const struct hb_row *r = &hb->rows[row];
	char buf[512], nbuf[1024];
	const char *name;
	int x = 0, k;
	double pct;

	if (r->node) {
		const struct callchain_node *n = r->node;
		int ind = 2 + (int)r->depth * 3;

		name = callchain_frame__name(&n->key, nbuf, sizeof(nbuf));
		if (r->show_pct)
			snprintf(buf, sizeof(buf), "%*s%c %.2f%% %s", ind, "",
				 r->has_kids ? (ptrset__has(&hb->folded, n) ? '+' : '-') : ' ',
				 hb_pct(hb, n->cumul), name);
		else
			snprintf(buf, sizeof(buf), "%*s%c %s", ind, "",
				 r->has_kids ? (ptrset__has(&hb->folded, n) ? '+' : '-') : ' ',
				 name);
		tui__write_at(y, 0, buf, width);
		return;
	}
	buf[0] = r->has_kids ? (ptrset__has(&hb->open, r->he) ? '-' : '+') : ' ';
	buf[1] = ' ';
	tui__write_at(y, 0, buf, 2);
	x = 2;
	for (k = 0; k < hb->o->nr_fields && k < 32 && x < width; k++) {
		const struct sort_field *f = &hb->o->fields[k];
		int w = hb->widths[k];
		char text[512];

		field_text(hb, f, r->he, text, sizeof(text), &pct);
		if (pct >= 0)
			ui_browser__percent_color(pct, current);
		else
			ui_browser__row_color(current);
		if (field_is_pct(f) || f->kind == FIELD_SAMPLE || f->kind == FIELD_PERIOD)
			snprintf(buf, sizeof(buf), "%*s", w, text);
		else
			snprintf(buf, sizeof(buf), "%-*s", w, text);
		tui__write_at(y, x, buf, w < width - x ? w : width - x);
		ui_browser__row_color(current);
		x += w;
		if (x < width)
			tui__write_at(y, x, "  ", width - x < 2 ? width - x : 2);
		x += 2;
	}
}

static const char hb_help[] =
	"mperf report TUI keys (as perf's)\n"
	"\n"
	"UP/DOWN/PGUP/PGDN/HOME/END  move the cursor\n"
	"+ e ENTER    expand/collapse the callchain under the cursor\n"
	"E / C        expand / collapse all callchains\n"
	"d            zoom into the dso of the entry (again: zoom out)\n"
	"t            zoom into the thread of the entry (again: zoom out)\n"
	"k            zoom into the kernel\n"
	"LEFT / ESC   zoom out one level (the breadcrumb line shows the zooms)\n"
	"/            filter by symbol name (substring; empty: no filter)\n"
	"a            annotate the symbol: disassembly with samples per instruction\n"
	"TAB/S-TAB    next / previous event of a multi-event file\n"
	"i            header info of the perf.data file\n"
	"P            print the current view to mperf.hist.N\n"
	"h ? F1       this help\n"
	"q Ctrl-C     quit\n"
	"Ctrl-Z       suspend (fg in the shell resumes)\n"
	"\n"
	"In annotation: H jumps to the hottest instruction, ESC goes back.\n"
	"Columns: Children is the share of samples with the symbol anywhere in\n"
	"the callchain, Self the share where it was sampled itself.\n"
	"Colours: red >= 5%, green >= 0.5%. NO_COLOR=1 disables them.\n";

static const char hb_footer[] =
	"h help  +/ENTER expand  d dso  t thread  k kernel  / filter  a annotate  q quit";

static void hb__zoom(struct hist_browser *hb, enum zoom_kind kind, const void *ptr,
		     const char *label)
{
	int i;

	/* the same zoom again is a zoom out, as perf toggles it */
	for (i = 0; i < hb->nr_zooms; i++) {
		if (hb->zooms[i].kind == kind && hb->zooms[i].ptr == ptr) {
			hb->nr_zooms = i;
			hb__build(hb);
			return;
		}
	}
	if (hb->nr_zooms == HB_MAX_ZOOM)
		return;
	hb->zooms[hb->nr_zooms].kind = kind;
	hb->zooms[hb->nr_zooms].ptr = ptr;
	snprintf(hb->zooms[hb->nr_zooms].label, sizeof(hb->zooms[0].label), "%s", label);
	hb->nr_zooms++;
	hb->b.index = hb->b.top = 0;
	hb__build(hb);
}

static void hb__toggle(struct hist_browser *hb)
{
	const struct hb_row *r;

	if (!hb->nr_rows)
		return;
	r = &hb->rows[hb->b.index];
	if (!r->has_kids)
		return;
	if (r->node) {
		if (ptrset__has(&hb->folded, r->node))
			ptrset__del(&hb->folded, r->node);
		else
			ptrset__add(&hb->folded, r->node);
	} else if (ptrset__has(&hb->open, r->he)) {
		ptrset__del(&hb->open, r->he);
	} else {
		ptrset__add(&hb->open, r->he);
	}
	hb__build(hb);
}

static void hb__expand_all(struct hist_browser *hb, bool expand)
{
	uint64_t i;

	ptrset__clear(&hb->folded);
	if (!expand) {
		ptrset__clear(&hb->open);
	} else {
		for (i = 0; i < hb->hists->nr_sorted; i++)
			if (hb->hists->sorted[i]->callchain)
				ptrset__add(&hb->open, hb->hists->sorted[i]);
	}
	/* keep the cursor on its entry */
	if (hb->nr_rows) {
		struct hist_entry *he = hb->rows[hb->b.index].he;

		hb__build(hb);
		for (i = 0; i < hb->nr_rows; i++)
			if (hb->rows[i].he == he && !hb->rows[i].node)
				hb->b.index = i;
	} else {
		hb__build(hb);
	}
}

static int hb__print(struct hist_browser *hb)
{
	char path[64], buf[1024];
	uint64_t i, top = hb->b.top, idx = hb->b.index;
	FILE *fp = NULL;
	int n, k;

	for (n = 0; n < 1000; n++) {
		int fd;

		snprintf(path, sizeof(path), "mperf.hist.%d", n);
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
		if (fd >= 0) {
			fp = fdopen(fd, "w");
			break;
		}
		if (errno != EEXIST)
			break;
	}
	if (!fp) {
		snprintf(hb->notice, sizeof(hb->notice), "cannot write %s: %s", path,
			 strerror(errno));
		return -errno;
	}
	fprintf(fp, "# %s\n#%s\n#%s\n", hb->title, hb->crumb, hb->header + 1);
	/* render each row through the same code, off screen */
	for (i = 0; i < hb->nr_rows; i++) {
		const struct hb_row *r = &hb->rows[i];
		char nbuf[1024];
		const char *name;
		double pct;
		int len = 0;

		if (r->node) {
			name = callchain_frame__name(&r->node->key, nbuf, sizeof(nbuf));
			if (r->show_pct)
				fprintf(fp, "%*s%.2f%% %s\n", 2 + (int)r->depth * 3, "",
					hb_pct(hb, r->node->cumul), name);
			else
				fprintf(fp, "%*s%s\n", 2 + (int)r->depth * 3, "", name);
			continue;
		}
		len = snprintf(buf, sizeof(buf), "%c ", r->has_kids ?
			       (ptrset__has(&hb->open, r->he) ? '-' : '+') : ' ');
		for (k = 0; k < hb->o->nr_fields && k < 32 && len < (int)sizeof(buf); k++) {
			const struct sort_field *f = &hb->o->fields[k];
			char text[512];

			field_text(hb, f, r->he, text, sizeof(text), &pct);
			len += snprintf(buf + len, sizeof(buf) - (size_t)len,
					pct >= 0 || f->kind == FIELD_SAMPLE || f->kind == FIELD_PERIOD ||
					(f->kind == FIELD_KEY && f->key->right) ?
					"%*s  " : "%-*s  ", hb->widths[k], text);
		}
		while (len > 0 && buf[len - 1] == ' ')
			buf[--len] = '\0';
		fprintf(fp, "%s\n", buf);
	}
	hb->b.top = top;
	hb->b.index = idx;
	if (fclose(fp) != 0) {
		snprintf(hb->notice, sizeof(hb->notice), "error writing %s: %s", path,
			 strerror(errno));
		return -EIO;
	}
	snprintf(hb->notice, sizeof(hb->notice), "%" PRIu64 " rows written to %s", hb->nr_rows,
		 path);
	return 0;
}

static int hb__header_info(struct hist_browser *hb)
{
	char *text = NULL;
	size_t size = 0;
	FILE *fp = open_memstream(&text, &size);
	int ret;

	if (!fp)
		return 0;
	if (hb->o->header)
		header__fprintf(hb->o->header, fp, true);
	else
		fprintf(fp, "# no header (pipe input)\n");
	fclose(fp);
	ret = tui__text_view("perf.data header info   (q/ESC back)", text ? text : "");
	free(text);
	return ret;
}

static int hb__next_event(struct hist_browser *hb, int dir)
{
	int n = hb->o->nr_hists, i, idx = hb->cur;

	for (i = 0; i < n; i++) {
		idx = (idx + dir + n) % n;
		if (hb->o->hists[idx] && hb->o->hists[idx]->nr_samples) {
			if (idx != hb->cur)
				hb__set_event(hb, idx);
			return 0;
		}
	}
	return 0;
}

static const struct hb_row *hb__cur(struct hist_browser *hb)
{
	return hb->nr_rows ? &hb->rows[hb->b.index] : NULL;
}

/* the key's action; K_QUIT to leave */
static int hb__key(struct hist_browser *hb, int key)
{
	const struct hb_row *r = hb__cur(hb);
	char label[96];

	switch (key) {
	case 'q':
	case K_CTRL_C:
	case K_QUIT:
		return K_QUIT;
	case '+':
	case 'e':
	case K_ENTER:
	case '\n':
		hb__toggle(hb);
		break;
	case 'E':
		hb__expand_all(hb, true);
		break;
	case 'C':
		hb__expand_all(hb, false);
		break;
	case 'd':
		if (r && r->he->dso) {
			snprintf(label, sizeof(label), "dso: %s", dso__name(r->he->dso));
			hb__zoom(hb, ZOOM_DSO, r->he->dso, label);
		}
		break;
	case 't':
		if (r && r->he->thread) {
			snprintf(label, sizeof(label), "thread: %s %d", r->he->thread->comm ?
				 r->he->thread->comm : "?", r->he->thread->tid);
			hb__zoom(hb, ZOOM_THREAD, r->he->thread, label);
		}
		break;
	case 'k':
		hb__zoom(hb, ZOOM_KERNEL, NULL, "kernel");
		break;
	case K_LEFT:
	case K_ESC:
		if (hb->filter[0]) {
			hb->filter[0] = '\0';
			hb__build(hb);
		} else if (hb->nr_zooms) {
			hb->nr_zooms--;
			hb__build(hb);
		} else if (key == K_ESC) {
			snprintf(hb->notice, sizeof(hb->notice), "at the top level: q quits");
		}
		break;
	case '/': {
		char buf[128];

		snprintf(buf, sizeof(buf), "%s", hb->filter);
		if (tui__input_line("Symbol filter (substring, ENTER apply, ESC cancel): ", buf,
				    sizeof(buf)) == 0) {
			snprintf(hb->filter, sizeof(hb->filter), "%s", buf);
			hb->b.index = hb->b.top = 0;
			hb__build(hb);
		}
		break;
	}
	case 'a':
		/* on a callchain row: that frame's symbol */
		if (r && r->node && r->node->key.sym && r->node->key.dso) {
			if (annotate__browse(hb->tr->annot, hb->cur, hb->hists->evsel ?
					     hb->hists->evsel->name : "?", r->node->key.dso,
					     r->node->key.sym, hb->o->symopts) == K_QUIT)
				return K_QUIT;
			break;
		}
		if (!r || !r->he->sym) {
			snprintf(hb->notice, sizeof(hb->notice), "no symbol to annotate here");
			break;
		}
		if (!r->he->dso) {
			snprintf(hb->notice, sizeof(hb->notice), "%s has no object file",
				 r->he->sym->name);
			break;
		}
		if (annotate__browse(hb->tr->annot, hb->cur, hb->hists->evsel ?
				     hb->hists->evsel->name : "?", r->he->dso, r->he->sym,
				     hb->o->symopts) == K_QUIT)
			return K_QUIT;
		break;
	case K_TAB:
		hb__next_event(hb, 1);
		break;
	case K_UNTAB:
		hb__next_event(hb, -1);
		break;
	case 'i':
		if (hb__header_info(hb) == K_QUIT)
			return K_QUIT;
		break;
	case 'P':
		hb__print(hb);
		break;
	case 'h':
	case '?':
	case K_F1:
		if (tui__text_view("Help   (q/ESC back)", hb_help) == K_QUIT)
			return K_QUIT;
		break;
	default:
		break;
	}
	return 0;
}

int hist_browser__run(struct tui_report *tr, const struct hist_browser_opts *o)
{
	struct hist_browser hb = { .o = o, .tr = tr, .cur = -1 };
	int i, key;

	if (!tr || !tui__active())
		return -ENOTTY;
	for (i = 0; i < o->nr_hists; i++) {
		if (!o->hists[i])
			continue;
		hists__output_resort(o->hists[i]);
		if (hb.cur < 0 && o->hists[i]->nr_samples)
			hb.cur = i;
	}
	if (hb.cur < 0) {
		/* nothing to browse: say so on the terminal, as --stdio would */
		tui__exit();
		pr_warning("no samples to browse (all were filtered out)\n");
		return 0;
	}
	hb.b.title = hb.title;
	hb.b.breadcrumb = hb.crumb;
	hb.b.header = hb.header;
	hb.b.footer = hb_footer;
	hb.b.write = hb__write;
	hb.b.priv = &hb;
	hb__set_event(&hb, hb.cur);
	for (;;) {
		if (hb.notice[0])
			hb.b.notice = hb.notice;	/* drawn once, then the hints */
		key = ui_browser__run(&hb.b);
		hb.notice[0] = '\0';
		if (hb__key(&hb, key) == K_QUIT)
			break;
	}
	ptrset__clear(&hb.open);
	ptrset__clear(&hb.folded);
	free(hb.rows);
	return 0;
}
