// SPDX-License-Identifier: GPL-2.0
/*
 * SVG flame graph writer (see flamegraph.h). The layout is computed here;
 * the embedded script only re-lays out on zoom and implements search and
 * hover, reading each frame's position in samples from its attributes.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "flamegraph.h"

#define FRAME_H		16
#define FONT_SIZE	12
#define FONT_W		0.59	/* average glyph width / font size */
#define XPAD		10
#define TOP_PAD		(FONT_SIZE * 3 + 8)
#define BOTTOM_PAD	(FONT_SIZE * 2 + 10)
#define MIN_WIDTH_PX	0.1

struct fg_state {
	FILE *f;
	const struct flamegraph_opts *o;
	double scale;		/* pixels per unit */
	unsigned int height;
	unsigned int max_depth;
	uint64_t total, base_total;
	double max_delta;	/* diff: largest |share change| */
	bool period;
};

/* Length of the valid UTF-8 sequence at @s, 0 if invalid. */
static int utf8_len(const unsigned char *s)
{
	int n = *s >= 0xf0 && *s <= 0xf4 ? 4 : *s >= 0xe0 ? 3 : *s >= 0xc2 ? 2 : 0;

	if (*s < 0x80)
		return 1;
	for (int i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	}
	return n;
}

/* XML text: markup escaped, control bytes and invalid UTF-8 (comm names are
 * arbitrary bytes) as '?', or the browser refuses the whole file. */
static void xml_escape(FILE *f, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;

	while (*s) {
		int n = utf8_len(s);

		switch (*s) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&#39;", f); break;
		default:
			if (*s < 0x20 || !n)
				fputc('?', f);
			else
				fwrite(s, 1, n, f);
		}
		s += n ? n : 1;
	}
}

static uint64_t node_value(const struct fg_state *st, const struct profile_node *n)
{
	return st->period ? n->period : n->samples;
}

static uint64_t node_base(const struct fg_state *st, const struct profile_node *n)
{
	return st->period ? n->base_period : n->base_samples;
}

/* A stable pseudo-random number in [0, 1) from a name and a salt. */
static double name_hash(const char *name, unsigned int salt)
{
	uint32_t h = 2166136261u ^ salt;

	for (const unsigned char *s = (const unsigned char *)name; *s; s++) {
		h ^= *s;
		h *= 16777619u;
	}
	h ^= h >> 15;
	h *= 0x2c1b3c6dU;
	h ^= h >> 12;
	return (double)(h % 1000) / 1000.0;
}

static void node_colour(const struct fg_state *st, const struct profile_node *n,
			char *buf, size_t size)
{
	double v1 = name_hash(n->name, 1), v2 = name_hash(n->name, 2), v3 = name_hash(n->name, 3);
	int r, g, b;

	if (st->o->base) {
		double share = st->total ? (double)node_value(st, n) / st->total : 0;
		double bshare = st->base_total ? (double)node_base(st, n) / st->base_total : 0;
		double d = share - bshare, k;

		k = st->max_delta > 0 ? (d < 0 ? -d : d) / st->max_delta : 0;
		/* white for no change, saturating to red (grew) or blue (shrank) */
		r = g = b = 255;
		if (d > 0) {
			g = b = 255 - (int)(k * 200);
		} else if (d < 0) {
			r = g = 255 - (int)(k * 200);
		}
		snprintf(buf, size, "rgb(%d,%d,%d)", r, g, b);
		return;
	}
	switch (n->kind) {
	case PROFILE_FRAME_KERNEL:	/* blue */
		r = 50 + 60 * v1; g = 100 + 60 * v2; b = 215 + 40 * v3;
		break;
	case PROFILE_FRAME_INLINED:	/* aqua-green */
		r = 40 + 50 * v1; g = 200 + 40 * v2; b = 150 + 40 * v2;
		break;
	case PROFILE_NODE_ROOT:
	case PROFILE_NODE_COMM:		/* grey */
		r = g = b = 170 + 40 * v1;
		break;
	default:			/* user: warm, red to yellow */
		r = 205 + 50 * v3; g = 230 * v1; b = 55 * v2;
		break;
	}
	snprintf(buf, size, "rgb(%d,%d,%d)", r, g, b);
}

static void node_label(const char *name, double width, char *buf, size_t size)
{
	size_t fit = width > 6 ? (size_t)((width - 6) / (FONT_SIZE * FONT_W)) : 0;
	size_t len = strlen(name);

	buf[0] = '\0';
	if (fit < 3)
		return;
	if (len <= fit) {
		snprintf(buf, size, "%s", name);
		return;
	}
	if (fit - 2 >= size - 3)
		fit = size - 1;
	snprintf(buf, size, "%.*s..", (int)(fit - 2), name);
}

static void max_delta(struct fg_state *st, const struct profile_node *n)
{
	double share = st->total ? (double)node_value(st, n) / st->total : 0;
	double bshare = st->base_total ? (double)node_base(st, n) / st->base_total : 0;
	double d = share > bshare ? share - bshare : bshare - share;

	if (n->kind < PROFILE_FRAME__MAX && d > st->max_delta)	/* frames, not all/comm */
		st->max_delta = d;
	for (unsigned int i = 0; i < n->nr_children; i++)
		max_delta(st, n->children[i]);
}

static void write_node(struct fg_state *st, const struct profile_node *n, uint64_t offset)
{
	FILE *f = st->f;
	uint64_t v = node_value(st, n);
	double x = XPAD + offset * st->scale, w = v * st->scale, y;
	char colour[64], label[512];
	uint64_t child_off = offset;

	if (!v || w < MIN_WIDTH_PX)
		return;
	if (st->o->icicle)
		y = TOP_PAD + n->depth * FRAME_H;
	else
		y = st->height - BOTTOM_PAD - (n->depth + 1) * FRAME_H;

	node_colour(st, n, colour, sizeof(colour));
	fprintf(f, "<g class=\"f\" data-x=\"%llu\" data-w=\"%llu\" data-d=\"%u\" data-k=\"%s\"",
		(unsigned long long)offset, (unsigned long long)v, n->depth,
		profile_frame_kind__name(n->kind));
	if (st->o->base)
		fprintf(f, " data-b=\"%llu\"", (unsigned long long)node_base(st, n));
	if (n->dso) {
		fputs(" data-o=\"", f);
		xml_escape(f, n->dso);
		fputc('"', f);
	}
	fputs("><title>", f);
	xml_escape(f, n->name);
	fprintf(f, " (%llu %s, %.2f%%", (unsigned long long)v, st->period ? "period" : "samples",
		st->total ? 100.0 * v / st->total : 0.0);
	if (st->o->base) {
		double share = st->total ? 100.0 * v / st->total : 0;
		double bshare = st->base_total ? 100.0 * node_base(st, n) / st->base_total : 0;

		fprintf(f, ", %+.2f%%", share - bshare);
	}
	fprintf(f, ")</title><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" "
		"fill=\"%s\" rx=\"2\" ry=\"2\"/>", x, y, w, FRAME_H - 1, colour);
	node_label(n->name, w, label, sizeof(label));
	fprintf(f, "<text x=\"%.2f\" y=\"%.1f\">", x + 3, y + FRAME_H - 5);
	xml_escape(f, label);
	fputs("</text></g>\n", f);

	for (unsigned int i = 0; i < n->nr_children; i++) {
		write_node(st, n->children[i], child_off);
		child_off += node_value(st, n->children[i]);
	}
}

/*
 * The script. Frames carry data-x/data-w (offset and width in samples)
 * and data-d (depth); zooming to a frame shows its ancestors full width
 * and scales its descendants to the whole width.
 */
static const char fg_script[] =
"var fg = (function () {\n"
"  var svg = document.documentElement, frames = [], zoomed = null;\n"
"  var W = +svg.getAttribute('width'), XPAD = " "10" ", FW = " "0.59" " * " "12" ";\n"
"  var total, details, matched, unzoomBtn, searchBox;\n"
"  function num(g, a) { return +g.getAttribute(a); }\n"
"  function label(g, w) {\n"
"    var t = g.querySelector('text'), name = g.querySelector('title').textContent;\n"
"    name = name.substring(0, name.lastIndexOf(' ('));\n"
"    var fit = Math.floor((w - 6) / FW);\n"
"    t.textContent = fit < 3 ? '' : (name.length <= fit ? name : name.substring(0, fit - 2) + '..');\n"
"  }\n"
"  function layout(x0, w0, d0) {\n"
"    var scale = (W - 2 * XPAD) / w0;\n"
"    frames.forEach(function (g) {\n"
"      var x = num(g, 'data-x'), w = num(g, 'data-w'), d = num(g, 'data-d');\n"
"      var r = g.querySelector('rect'), t = g.querySelector('text'), nx, nw;\n"
"      if (d < d0 && x <= x0 && x + w >= x0 + w0) { nx = XPAD; nw = W - 2 * XPAD; g.classList.add('anc'); }\n"
"      else if (d >= d0 && x >= x0 && x + w <= x0 + w0) { nx = XPAD + (x - x0) * scale; nw = w * scale; g.classList.remove('anc'); }\n"
"      else { g.style.display = 'none'; return; }\n"
"      if (nw < 0.1) { g.style.display = 'none'; return; }\n"
"      g.style.display = '';\n"
"      r.setAttribute('x', nx.toFixed(1)); r.setAttribute('width', nw.toFixed(1));\n"
"      t.setAttribute('x', (nx + 3).toFixed(2));\n"
"      label(g, nw);\n"
"    });\n"
"  }\n"
"  function zoom(g) {\n"
"    zoomed = g;\n"
"    layout(num(g, 'data-x'), num(g, 'data-w'), num(g, 'data-d'));\n"
"    unzoomBtn.style.opacity = '1';\n"
"  }\n"
"  function unzoom() {\n"
"    zoomed = null;\n"
"    layout(0, total, 0);\n"
"    unzoomBtn.style.opacity = '0';\n"
"  }\n"
"  function show(g) {\n"
"    var s = g.querySelector('title').textContent, o = g.getAttribute('data-o');\n"
"    details.textContent = (o ? s.replace(' (', ' [' + o + '] (') : s);\n"
"  }\n"
"  function search(term) {\n"
"    var re = null, hits = [], sum = 0, end = -1;\n"
"    if (term) { try { re = new RegExp(term, 'i'); } catch (e) { re = null; } }\n"
"    frames.forEach(function (g) {\n"
"      var r = g.querySelector('rect'), name = g.querySelector('title').textContent;\n"
"      name = name.substring(0, name.lastIndexOf(' ('));\n"
"      if (!r.hasAttribute('data-fill')) r.setAttribute('data-fill', r.getAttribute('fill'));\n"
"      var hit = term && (re ? re.test(name) : name.toLowerCase().indexOf(term.toLowerCase()) >= 0);\n"
"      r.setAttribute('fill', hit ? 'rgb(230,0,230)' : r.getAttribute('data-fill'));\n"
"      if (hit) hits.push(g);\n"
"    });\n"
"    /* share of the matches, nested matches counted once */\n"
"    hits.sort(function (a, b) { return num(a, 'data-x') - num(b, 'data-x') || num(b, 'data-w') - num(a, 'data-w'); });\n"
"    hits.forEach(function (g) {\n"
"      var x = num(g, 'data-x'), w = num(g, 'data-w');\n"
"      if (x >= end) { sum += w; end = x + w; }\n"
"      else if (x + w > end) { sum += x + w - end; end = x + w; }\n"
"    });\n"
"    matched.textContent = term ? 'Matched: ' + (100 * sum / total).toFixed(2) + '%' : '';\n"
"    return sum;\n"
"  }\n"
"  function init() {\n"
"    frames = Array.prototype.slice.call(document.querySelectorAll('g.f'));\n"
"    details = document.getElementById('details');\n"
"    matched = document.getElementById('matched');\n"
"    unzoomBtn = document.getElementById('unzoom');\n"
"    searchBox = document.getElementById('search');\n"
"    total = frames.length ? num(frames[0], 'data-w') : 1;\n"
"    frames.forEach(function (g) {\n"
"      if (num(g, 'data-d') === 0 && num(g, 'data-w') > total) total = num(g, 'data-w');\n"
"      g.addEventListener('click', function (e) { zoom(g); e.stopPropagation(); });\n"
"      g.addEventListener('mouseover', function () { show(g); });\n"
"      g.addEventListener('mouseout', function () { details.textContent = ' '; });\n"
"    });\n"
"    unzoomBtn.addEventListener('click', unzoom);\n"
"    if (searchBox) searchBox.addEventListener('input', function () { search(searchBox.value); });\n"
"    document.getElementById('searchbtn').addEventListener('click', function () {\n"
"      var t = searchBox ? searchBox.value : window.prompt('Search (regular expression)', '');\n"
"      if (t !== null) search(t);\n"
"    });\n"
"    /* ?s=REGEX searches, ?z=NAME zooms to the widest frame of that name */\n"
"    var q = {};\n"
"    (window.location.search || '').replace(/^\\?/, '').split('&').forEach(function (kv) {\n"
"      var i = kv.indexOf('='); if (i > 0) q[kv.substring(0, i)] = decodeURIComponent(kv.substring(i + 1));\n"
"    });\n"
"    if (q.z) {\n"
"      var best = null;\n"
"      frames.forEach(function (g) {\n"
"        var t = g.querySelector('title').textContent;\n"
"        if (t.substring(0, t.lastIndexOf(' (')) === q.z && (!best || num(g, 'data-w') > num(best, 'data-w'))) best = g;\n"
"      });\n"
"      if (best) zoom(best);\n"
"    }\n"
"    if (q.s) { if (searchBox) searchBox.value = q.s; search(q.s); }\n"
"    document.addEventListener('keydown', function (e) {\n"
"      if (e.key === 'Escape') { unzoom(); if (searchBox) searchBox.value = ''; search(''); }\n"
"      if ((e.ctrlKey || e.metaKey) && e.key === 'f' && searchBox) { e.preventDefault(); searchBox.focus(); }\n"
"    });\n"
"  }\n"
"  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init); else init();\n"
"  return { zoom: zoom, unzoom: unzoom, search: search };\n"
"})();\n";

int flamegraph__write(struct profile *p, int event, const struct flamegraph_opts *opts,
		      FILE *f)
{
	struct flamegraph_opts defaults = { 0 };
	struct profile_node *root;
	struct fg_state st = { .f = f };
	unsigned int width, flags = PROFILE_TREE_COMM;
	const char *title;
	int err = 0;

	if (!opts)
		opts = &defaults;
	st.o = opts;
	st.period = opts->period;
	if (opts->callers)
		flags |= PROFILE_TREE_CALLERS;
	if (event < 0 || (unsigned int)event >= p->nr_events)
		return -ENODATA;
	root = profile__tree(p, event, flags);
	if (!root)
		return -ENOMEM;
	if (opts->base) {
		err = profile__tree_add_base(p, root, opts->base, flags);
		if (err)
			goto out;
	}
	st.total = node_value(&st, root);
	st.base_total = node_base(&st, root);
	if (!st.total) {
		err = -ENODATA;
		goto out;
	}
	if (opts->base)
		max_delta(&st, root);
	width = opts->width ? opts->width : 1200;
	st.max_depth = profile_node__max_depth(root);
	st.height = TOP_PAD + (st.max_depth + 1) * FRAME_H + BOTTOM_PAD;
	st.scale = (double)(width - 2 * XPAD) / st.total;
	title = opts->title ? opts->title :
		opts->base ? "Differential Flame Graph" :
		opts->icicle ? "Icicle Graph" : "Flame Graph";

	fprintf(f, "<?xml version=\"1.0\" standalone=\"no\"?>\n"
		"<svg version=\"1.1\" width=\"%u\" height=\"%u\" viewBox=\"0 0 %u %u\" "
		"xmlns=\"http://www.w3.org/2000/svg\" "
		"xmlns:xlink=\"http://www.w3.org/1999/xlink\">\n",
		width, st.height, width, st.height);
	fputs("<!-- written by mperf report; self-contained, no external resources -->\n", f);
	fprintf(f, "<style type=\"text/css\">\n"
		"text { font-family: Verdana, 'DejaVu Sans', sans-serif; font-size: %dpx; fill: rgb(0,0,0); }\n"
		"g.f { cursor: pointer; }\n"
		"g.f text { pointer-events: none; }\n"
		"g.f:hover rect { stroke: rgb(0,0,0); stroke-width: 0.5; }\n"
		"g.anc rect { opacity: 0.5; }\n"
		"#title { font-size: 17px; }\n"
		"#unzoom, #searchbtn { cursor: pointer; }\n"
		"#unzoom { opacity: 0; }\n"
		"</style>\n", FONT_SIZE);
	fprintf(f, "<script type=\"text/ecmascript\"><![CDATA[\n%s]]></script>\n", fg_script);
	fprintf(f, "<rect x=\"0\" y=\"0\" width=\"%u\" height=\"%u\" fill=\"rgb(248,248,240)\"/>\n",
		width, st.height);
	fprintf(f, "<text id=\"title\" x=\"%u\" y=\"24\" text-anchor=\"middle\">", width / 2);
	xml_escape(f, title);
	fputs("</text>\n", f);
	if (p->title) {
		fprintf(f, "<text id=\"subtitle\" x=\"%u\" y=\"%d\" text-anchor=\"middle\" "
			"fill=\"rgb(100,100,100)\">", width / 2, 24 + FONT_SIZE + 4);
		xml_escape(f, p->title);
		fputs(" - ", f);
		xml_escape(f, p->events[event].name);
		fprintf(f, " - %llu samples", (unsigned long long)p->events[event].samples);
		if (opts->base)
			fputs(" (red: grew, blue: shrank vs. base)", f);
		fputs("</text>\n", f);
	}
	fprintf(f, "<text id=\"unzoom\" x=\"%d\" y=\"24\">Reset Zoom</text>\n", XPAD);
	fprintf(f, "<text id=\"searchbtn\" x=\"%u\" y=\"24\" text-anchor=\"end\">Search</text>\n",
		width - 200);
	fprintf(f, "<foreignObject x=\"%u\" y=\"10\" width=\"180\" height=\"22\">"
		"<input xmlns=\"http://www.w3.org/1999/xhtml\" id=\"search\" type=\"search\" "
		"placeholder=\"regex\" style=\"width:170px;font-size:11px\"/></foreignObject>\n",
		width - 190);
	fprintf(f, "<text id=\"matched\" x=\"%u\" y=\"%u\" text-anchor=\"end\"> </text>\n",
		width - XPAD, st.height - 10);
	fprintf(f, "<text id=\"details\" x=\"%d\" y=\"%u\"> </text>\n", XPAD, st.height - 10);
	fputs("<g id=\"frames\">\n", f);
	write_node(&st, root, 0);
	fputs("</g>\n</svg>\n", f);
	if (ferror(f))
		err = -EIO;
out:
	profile_node__delete(root);
	return err;
}

int flamegraph__write_file(struct profile *p, int event, const struct flamegraph_opts *opts,
			   const char *path)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "w") : stdout;
	int err;

	if (!f)
		return -errno;
	err = flamegraph__write(p, event, opts, f);
	if (f != stdout) {
		if (fclose(f) && !err)
			err = -errno;
	} else if (fflush(f) && !err) {
		err = -errno;
	}
	return err;
}
