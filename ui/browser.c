// SPDX-License-Identifier: GPL-2.0
/*
 * The generic list browser: layout, cursor, scrolling. Rows come from the
 * write callback so the browser knows nothing of what it shows.
 */
#include <slang.h>
#include "browser.h"
#include "keys.h"
#include "tui.h"

static int browser__layout(struct ui_browser *b)
{
	int rows = tui__rows();

	b->first_y = 1 + (b->breadcrumb ? 1 : 0) + (b->header ? 1 : 0);
	b->height = rows - b->first_y - 1;
	if (b->height < 1)
		b->height = 1;
	return rows;
}

void ui_browser__clamp(struct ui_browser *b)
{
	browser__layout(b);
	if (!b->nr_rows) {
		b->index = b->top = 0;
		return;
	}
	if (b->index >= b->nr_rows)
		b->index = b->nr_rows - 1;
	if (b->index < b->top)
		b->top = b->index;
	if (b->index >= b->top + (uint64_t)b->height)
		b->top = b->index - (uint64_t)b->height + 1;
	/* no empty space below the last row when it could be filled */
	if (b->top + (uint64_t)b->height > b->nr_rows)
		b->top = b->nr_rows > (uint64_t)b->height ? b->nr_rows - (uint64_t)b->height : 0;
}

void ui_browser__row_color(bool current)
{
	tui__set_color(current ? TUI_SELECTED : TUI_NORMAL);
}

void ui_browser__percent_color(double percent, bool current)
{
	tui__set_color(current ? TUI_SELECTED : tui__percent_color(percent));
}

void ui_browser__draw(struct ui_browser *b)
{
	int rows = browser__layout(b), cols = tui__cols(), y = 0, i;

	ui_browser__clamp(b);
	tui__set_color(TUI_TITLE);
	tui__write_at(y++, 0, b->title ? b->title : "", cols);
	if (b->breadcrumb) {
		tui__set_color(TUI_CRUMB);
		tui__write_at(y++, 0, b->breadcrumb, cols);
	}
	if (b->header) {
		tui__set_color(TUI_HEADER);
		tui__write_at(y++, 0, b->header, cols);
	}
	for (i = 0; i < b->height; i++) {
		uint64_t row = b->top + (uint64_t)i;

		SLsmg_gotorc(b->first_y + i, 0);
		if (row < b->nr_rows) {
			bool cur = row == b->index;

			ui_browser__row_color(cur);
			b->write(b, row, b->first_y + i, cols, cur);
			/* pad the rest of the line in the row's base colour */
			ui_browser__row_color(cur);
			SLsmg_erase_eol();
		} else {
			tui__set_color(TUI_NORMAL);
			SLsmg_erase_eol();
		}
	}
	tui__set_color(TUI_FOOTER);
	if (b->notice) {
		tui__write_at(rows - 1, 0, b->notice, cols);
		b->notice = NULL;
	} else {
		tui__write_at(rows - 1, 0, b->footer ? b->footer : "", cols);
	}
	tui__set_color(TUI_NORMAL);
	tui__refresh();
}

bool ui_browser__navigate(struct ui_browser *b, int key)
{
	uint64_t page;

	browser__layout(b);
	page = b->height > 1 ? (uint64_t)b->height - 1 : 1;
	switch (key) {
	case K_DOWN:
		if (b->index + 1 < b->nr_rows)
			b->index++;
		break;
	case K_UP:
		if (b->index)
			b->index--;
		break;
	case K_PGDN:
	case ' ':
		b->index += page;
		b->top += page;
		if (b->nr_rows && b->index >= b->nr_rows)
			b->index = b->nr_rows - 1;
		break;
	case K_PGUP:
		b->index = b->index > page ? b->index - page : 0;
		b->top = b->top > page ? b->top - page : 0;
		break;
	case K_HOME:
		b->index = b->top = 0;
		break;
	case K_END:
		b->index = b->nr_rows ? b->nr_rows - 1 : 0;
		break;
	case K_RESIZE:
		break;
	default:
		return false;
	}
	ui_browser__clamp(b);
	return true;
}

int ui_browser__run(struct ui_browser *b)
{
	for (;;) {
		int key;

		ui_browser__draw(b);
		key = tui__getkey(-1);
		if (!ui_browser__navigate(b, key))
			return key;
	}
}
