/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_UI_TUI_H
#define MPERF_UI_TUI_H

/*
 * The slang terminal: init/exit, colours, keys, resize, a progress bar, a
 * one-line input, a text viewer (help, header info) and a notice line.
 *
 * tui__init() refuses (returns -errno, prints nothing) when the terminal
 * cannot be driven: stdin/stdout not terminals, TERM unset/unknown/dumb.
 * While the TUI is up, stderr goes to a temporary file whose contents are
 * printed after tui__exit(), so warnings never garble the screen.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum tui_color {
	TUI_NORMAL = 0,
	TUI_TITLE,
	TUI_SELECTED,
	TUI_TOP,		/* >= 5% (perf: red) */
	TUI_MEDIUM,		/* >= 0.5% (perf: green) */
	TUI_FOOTER,
	TUI_CRUMB,
	TUI_HEADER,
	TUI_POPUP,
	TUI_NR_COLORS,
};

int tui__init(void);
void tui__exit(void);
bool tui__active(void);
/* Why tui__init() failed, for the fallback notice. */
const char *tui__strerror(int err, char *buf, size_t size);

int tui__rows(void);
int tui__cols(void);

/* Next key, K_RESIZE after SIGWINCH (screen already resized), K_QUIT
 * after a terminating signal, K_TIMER after @timeout_ms (< 0: wait). */
int tui__getkey(int timeout_ms);

void tui__set_color(enum tui_color c);
/* TUI_TOP, TUI_MEDIUM or TUI_NORMAL as perf colours percentages */
enum tui_color tui__percent_color(double percent);
/* Write @s at (@row, @col), padded/clipped to @width columns. */
void tui__write_at(int row, int col, const char *s, int width);
void tui__refresh(void);

/* Progress bar on the bottom line: @title, @done of @total. Throttled. */
void tui__progress(const char *title, uint64_t done, uint64_t total);

/* Prompt on the bottom line and edit @buf (holds @size bytes, may start
 * non-empty). 0 on Enter, -1 on ESC/Ctrl-C. */
int tui__input_line(const char *prompt, char *buf, size_t size);

/* A scrollable read-only text: @text with '\n' separated lines. Returns
 * on q/ESC/Left (0) or K_QUIT. */
int tui__text_view(const char *title, const char *text);

/* Show @msg in a box until a key is pressed. */
void tui__notice(const char *title, const char *msg);

#endif
