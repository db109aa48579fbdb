/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_UI_BROWSER_H
#define MPERF_UI_BROWSER_H

/*
 * A generic list browser over rows given by callbacks: a title line, an
 * optional breadcrumb line, an optional column header line, the rows and a
 * one-line key-hint footer. Cursor and scrolling with arrows, PgUp/PgDn,
 * Home/End are handled here; every other key is returned to the caller.
 *
 *   struct ui_browser b = { .nr_rows = n, .write = my_write, .priv = me };
 *   while ((key = ui_browser__run(&b)) != 'q') { ... }
 */
#include <stdbool.h>
#include <stdint.h>

struct ui_browser {
	uint64_t nr_rows;		/* rows of content */
	uint64_t top;			/* first row shown */
	uint64_t index;			/* the cursor row */
	const char *title;		/* title line */
	const char *breadcrumb;		/* NULL: no breadcrumb line */
	const char *header;		/* NULL: no column header line */
	const char *footer;		/* key hints */
	const char *notice;		/* shown once in the footer, then cleared */
	/* Draw row @row on screen line @y (columns 0..@width). The colour is
	 * preset (selected or normal); use ui_browser__percent_color(). */
	void (*write)(struct ui_browser *b, uint64_t row, int y, int width,
		      bool current);
	void *priv;
	/* set by the browser */
	int first_y, height;		/* screen lines of the rows */
};

/* Draw everything, then wait for a key; navigation keys are handled,
 * other keys returned (K_RESIZE is handled too: the view is redrawn). */
int ui_browser__run(struct ui_browser *b);
/* Redraw only (e.g. after the rows changed). */
void ui_browser__draw(struct ui_browser *b);
/* Keep index inside [0, nr_rows) and visible. */
void ui_browser__clamp(struct ui_browser *b);
/* Handle one navigation key; true when it was one. */
bool ui_browser__navigate(struct ui_browser *b, int key);
/* Set the colour of a percentage unless the row is the current one. */
void ui_browser__percent_color(double percent, bool current);
/* Restore the row's base colour. */
void ui_browser__row_color(bool current);

#endif
