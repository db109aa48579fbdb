// SPDX-License-Identifier: GPL-2.0
/*
 * The slang terminal for the TUI: setup and teardown, colours (NO_COLOR
 * honoured), keys (ESC alone vs escape sequences, shift-TAB), SIGWINCH
 * resize, a progress bar, a one-line input and a text viewer.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <slang.h>
#include "browser.h"
#include "keys.h"
#include "tui.h"

/* Process-wide terminal state: there is one terminal, and signal handlers
 * can only reach it through file scope. */
static volatile sig_atomic_t tui_winch, tui_quit, tui_tstp;
static struct tui_state {
	bool active;
	bool mono;
	int saved_stderr;
	FILE *errlog;
	struct sigaction old_winch, old_int, old_term, old_hup, old_tstp;
	struct timespec last_progress;
} tui = { .saved_stderr = -1 };

static void tui__sig_winch(int sig)
{
	(void)sig;
	tui_winch = 1;
}

static void tui__sig_tstp(int sig)
{
	(void)sig;
	tui_tstp = 1;
}

static void tui__sig_quit(int sig)
{
	(void)sig;
	tui_quit = 1;
}

bool tui__active(void)
{
	return tui.active;
}

int tui__rows(void)
{
	return SLtt_Screen_Rows;
}

int tui__cols(void)
{
	return SLtt_Screen_Cols;
}

const char *tui__strerror(int err, char *buf, size_t size)
{
	const char *term = getenv("TERM");

	switch (err) {
	case -ENOTTY:
		snprintf(buf, size, "standard output is not a terminal");
		break;
	case -ENXIO:
		snprintf(buf, size, "no terminal to read keys from (/dev/tty)");
		break;
	case -ENOENT:
		snprintf(buf, size, "TERM is %s%s%s, a terminal that cannot be driven",
			 term ? "'" : "", term ? term : "not set", term ? "'" : "");
		break;
	case -ERANGE:
		snprintf(buf, size, "the terminal is too small (%dx%d)", SLtt_Screen_Cols,
			 SLtt_Screen_Rows);
		break;
	default:
		snprintf(buf, size, "the terminal could not be set up (%s)", strerror(-err));
	}
	return buf;
}

static void tui__colors(void)
{
	static const struct {
		const char *fg, *bg;
		SLtt_Char_Type mono;
	} c[TUI_NR_COLORS] = {
		[TUI_NORMAL]	= { "default", "default", 0 },
		[TUI_TITLE]	= { "white", "blue", SLTT_REV_MASK },
		[TUI_SELECTED]	= { "black", "cyan", SLTT_REV_MASK },
		[TUI_TOP]	= { "red", "default", SLTT_BOLD_MASK },
		[TUI_MEDIUM]	= { "green", "default", 0 },
		[TUI_FOOTER]	= { "white", "blue", SLTT_REV_MASK },
		[TUI_CRUMB]	= { "yellow", "default", SLTT_BOLD_MASK },
		[TUI_HEADER]	= { "black", "lightgray", SLTT_ULINE_MASK },
		[TUI_POPUP]	= { "black", "lightgray", SLTT_REV_MASK },
	};
	const char *nc = getenv("NO_COLOR");
	int i;

	/* https://no-color.org: any non-empty value disables colour */
	tui.mono = nc && *nc;
	SLtt_Use_Ansi_Colors = !tui.mono;
	for (i = 0; i < TUI_NR_COLORS; i++) {
		if (tui.mono)
			SLtt_set_mono(i, NULL, c[i].mono);
		else
			SLtt_set_color(i, NULL, (char *)c[i].fg, (char *)c[i].bg);
	}
}

/* Sequences of other terminals than $TERM says (tmux, screen, rxvt,
 * application vs normal cursor mode): a key must work whichever is sent. */
static void tui__define_keys(void)
{
	static const struct {
		const char *seq;
		unsigned int key;
	} k[] = {
		{ "\033[Z", K_UNTAB },
		{ "\033[A", K_UP }, { "\033OA", K_UP },
		{ "\033[B", K_DOWN }, { "\033OB", K_DOWN },
		{ "\033[C", K_RIGHT }, { "\033OC", K_RIGHT },
		{ "\033[D", K_LEFT }, { "\033OD", K_LEFT },
		{ "\033[H", K_HOME }, { "\033OH", K_HOME }, { "\033[1~", K_HOME },
		{ "\033[7~", K_HOME },
		{ "\033[F", K_END }, { "\033OF", K_END }, { "\033[4~", K_END },
		{ "\033[8~", K_END },
		{ "\033[5~", K_PGUP }, { "\033[6~", K_PGDN },
		{ "\033OP", K_F1 }, { "\033[11~", K_F1 }, { "\033[[A", K_F1 },
	};
	size_t i;

	for (i = 0; i < sizeof(k) / sizeof(k[0]); i++)
		SLkp_define_keysym((char *)k[i].seq, k[i].key);
}

int tui__init(void)
{
	const char *term = getenv("TERM");
	struct sigaction sa;

	if (tui.active)
		return 0;
	if (!isatty(1))
		return -ENOTTY;
	if (!isatty(0)) {
		/* input from a pipe: slang reads the keys from /dev/tty */
		int fd = open("/dev/tty", O_RDONLY | O_CLOEXEC);

		if (fd < 0)
			return -ENXIO;
		close(fd);
	}
	if (!term || !*term || !strcmp(term, "dumb"))
		return -ENOENT;
	SLutf8_enable(-1);	/* from the locale */
	/* slang prints its own complaint for unknown terminals: keep it out */
	if (SLtt_initialize((char *)term) < 0)
		return -ENOENT;
	SLtt_get_screen_size();
	if (SLtt_Screen_Cols < 40 || SLtt_Screen_Rows < 8)
		return -ERANGE;
	if (SLang_init_tty(-1, 0, 0) < 0)
		return -EIO;
	SLang_set_abort_signal(NULL);
	if (SLkp_init() < 0 || SLsmg_init_smg() < 0) {
		SLang_reset_tty();
		return -EIO;
	}
	tui__define_keys();
	tui__colors();

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = tui__sig_winch;	/* no SA_RESTART: wake the key wait */
	sigaction(SIGWINCH, &sa, &tui.old_winch);
	sa.sa_handler = tui__sig_quit;
	sigaction(SIGINT, &sa, &tui.old_int);
	sigaction(SIGTERM, &sa, &tui.old_term);
	sigaction(SIGHUP, &sa, &tui.old_hup);
	sa.sa_handler = tui__sig_tstp;	/* Ctrl-Z: restore the terminal first */
	sigaction(SIGTSTP, &sa, &tui.old_tstp);

	/* warnings printed while the screen is ours are shown after exit */
	tui.errlog = tmpfile();
	if (tui.errlog) {
		fflush(stderr);
		tui.saved_stderr = dup(2);
		if (tui.saved_stderr < 0 || dup2(fileno(tui.errlog), 2) < 0) {
			fclose(tui.errlog);
			tui.errlog = NULL;
		}
	}
	tui.active = true;
	SLsmg_cls();
	SLsmg_refresh();
	return 0;
}

void tui__exit(void)
{
	char buf[4096];
	size_t n;

	if (!tui.active)
		return;
	tui.active = false;
	SLsmg_gotorc(SLtt_Screen_Rows - 1, 0);
	SLsmg_set_color(TUI_NORMAL);
	SLsmg_erase_eol();
	SLsmg_refresh();
	SLsmg_reset_smg();
	SLang_reset_tty();
	sigaction(SIGWINCH, &tui.old_winch, NULL);
	sigaction(SIGINT, &tui.old_int, NULL);
	sigaction(SIGTERM, &tui.old_term, NULL);
	sigaction(SIGHUP, &tui.old_hup, NULL);
	sigaction(SIGTSTP, &tui.old_tstp, NULL);
	if (tui.errlog) {
		fflush(stderr);
		dup2(tui.saved_stderr, 2);
		close(tui.saved_stderr);
		tui.saved_stderr = -1;
		rewind(tui.errlog);
		while ((n = fread(buf, 1, sizeof(buf), tui.errlog)) > 0)
			fwrite(buf, 1, n, stderr);
		fclose(tui.errlog);
		tui.errlog = NULL;
	}
}

static int tui__resize(void)
{
	SLtt_get_screen_size();
	SLsmg_reinit_smg();
	return K_RESIZE;
}

/* Ctrl-Z or SIGTSTP: give the shell a sane terminal while stopped, then
 * take it back and redraw at whatever size it has now. */
static int tui__suspend(void)
{
	struct sigaction dfl = { .sa_handler = SIG_DFL }, mine;

	SLsmg_suspend_smg();
	SLang_reset_tty();
	/* SIGTSTP with its default action, not SIGSTOP: the kernel drops it
	 * when no job-control shell could resume us (orphaned group) */
	sigemptyset(&dfl.sa_mask);
	sigaction(SIGTSTP, &dfl, &mine);
	kill(getpid(), SIGTSTP);
	sigaction(SIGTSTP, &mine, NULL);
	tui_tstp = 0;
	SLang_init_tty(-1, 0, 0);
	SLsmg_resume_smg();
	return tui__resize();
}

int tui__getkey(int timeout_ms)
{
	int waited = 0, c;

	for (;;) {
		int pending;

		if (tui_winch) {
			tui_winch = 0;
			return tui__resize();
		}
		if (tui_quit)
			return K_QUIT;
		if (tui_tstp)
			return tui__suspend();
		if (timeout_ms >= 0 && waited >= timeout_ms)
			return K_TIMER;
		/* negative: milliseconds; short waits so signals are seen */
		pending = SLang_input_pending(-100);
		if (pending > 0)
			break;
		waited += 100;
	}
	c = SLang_getkey();
	if (c == SLANG_GETKEY_ERROR)
		return K_QUIT;
	if (c == 'Z' - '@') {
		/* slang's raw mode passes Ctrl-Z as a byte: suspend as a shell
		 * user expects, through the same path as a SIGTSTP */
		tui_tstp = 1;
		return tui__getkey(timeout_ms);
	}
	if (c != K_ESC) {
		SLang_ungetkey((unsigned char)c);
		c = SLkp_getkey();
		if (c == SL_KEY_ERR)
			return K_TIMER;
		return c == K_SLBKSPC ? K_BKSPC : c;
	}
	/* ESC alone, or the start of a key's escape sequence (ESC [ or ESC O)?
	 * A plain key typed right after ESC stays for the next read. */
	if (SLang_input_pending(-50) <= 0)
		return K_ESC;
	c = SLang_getkey();
	SLang_ungetkey((unsigned char)c);
	if (c != '[' && c != 'O')
		return K_ESC;
	SLang_ungetkey(K_ESC);
	c = SLkp_getkey();
	return c == SL_KEY_ERR ? K_ESC : c;
}

void tui__set_color(enum tui_color c)
{
	SLsmg_set_color((int)c);
}

enum tui_color tui__percent_color(double percent)
{
	if (percent >= 5.0)
		return TUI_TOP;
	if (percent >= 0.5)
		return TUI_MEDIUM;
	return TUI_NORMAL;
}

void tui__write_at(int row, int col, const char *s, int width)
{
	if (width <= 0)
		return;
	SLsmg_gotorc(row, col);
	SLsmg_write_nstring((char *)s, (unsigned int)width);
}

void tui__refresh(void)
{
	SLsmg_refresh();
}

void tui__progress(const char *title, uint64_t done, uint64_t total)
{
	struct timespec now;
	char line[256];
	int cols = SLtt_Screen_Cols, rows = SLtt_Screen_Rows, bar, fill;
	double frac;

	if (!tui.active || !total)
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (done < total && (now.tv_sec - tui.last_progress.tv_sec) * 1000000000LL +
	    (now.tv_nsec - tui.last_progress.tv_nsec) < 100000000LL)
		return;
	tui.last_progress = now;
	if (tui_winch) {
		tui_winch = 0;
		tui__resize();
		cols = SLtt_Screen_Cols;
		rows = SLtt_Screen_Rows;
	}
	frac = done >= total ? 1.0 : (double)done / (double)total;
	SLsmg_set_color(TUI_NORMAL);
	SLsmg_cls();
	snprintf(line, sizeof(line), "%s  %3.0f%%", title, frac * 100.0);
	tui__set_color(TUI_TITLE);
	tui__write_at(rows / 2 - 1, 2, line, cols - 4);
	bar = cols - 4;
	fill = (int)(bar * frac);
	tui__set_color(TUI_SELECTED);
	SLsmg_gotorc(rows / 2, 2);
	SLsmg_write_nstring((char *)"", (unsigned int)fill);
	tui__set_color(TUI_POPUP);
	SLsmg_write_nstring((char *)"", (unsigned int)(bar - fill));
	tui__set_color(TUI_NORMAL);
	SLsmg_refresh();
}

int tui__input_line(const char *prompt, char *buf, size_t size)
{
	size_t len = strlen(buf);
	int rows, cols, key, plen = (int)strlen(prompt);

	for (;;) {
		rows = SLtt_Screen_Rows;
		cols = SLtt_Screen_Cols;
		tui__set_color(TUI_POPUP);
		tui__write_at(rows - 1, 0, prompt, plen);
		tui__write_at(rows - 1, plen, buf, cols - plen);
		SLsmg_gotorc(rows - 1, plen + (int)len < cols ? plen + (int)len : cols - 1);
		tui__set_color(TUI_NORMAL);
		SLsmg_refresh();
		key = tui__getkey(-1);
		switch (key) {
		case K_ENTER:
		case '\n':
			return 0;
		case K_ESC:
		case K_CTRL_C:
		case K_QUIT:
			return -1;
		case K_BKSPC:
		case '\b':
			if (len)
				buf[--len] = '\0';
			break;
		case 'U' - '@':	/* Ctrl-U: clear */
			len = 0;
			buf[0] = '\0';
			break;
		default:
			if (key >= 32 && key < 127 && len + 1 < size) {
				buf[len++] = (char)key;
				buf[len] = '\0';
			}
		}
	}
}

struct text_view {
	char **lines;
	uint64_t nr;
};

static void text_view__write(struct ui_browser *b, uint64_t row, int y, int width,
			     bool current)
{
	struct text_view *tv = b->priv;

	tui__write_at(y, 0, tv->lines[row], width);
}

int tui__text_view(const char *title, const char *text)
{
	struct text_view tv = { 0 };
	struct ui_browser b = {
		.title = title,
		.footer = "UP/DOWN/PGUP/PGDN/HOME/END scroll   q/ESC/LEFT back",
		.write = text_view__write,
		.priv = &tv,
	};
	char *copy = strdup(text), *p, *save = NULL;
	int key, ret = 0;

	if (!copy)
		return 0;
	for (p = copy; *p; p++)
		if (*p == '\n')
			tv.nr++;
	tv.lines = calloc(tv.nr + 2, sizeof(char *));
	if (!tv.lines) {
		free(copy);
		return 0;
	}
	tv.nr = 0;
	/* keep empty lines: split by hand */
	for (p = copy; p && *p; p = save) {
		save = strchr(p, '\n');
		if (save)
			*save++ = '\0';
		tv.lines[tv.nr++] = p;
	}
	b.nr_rows = tv.nr;
	for (;;) {
		key = ui_browser__run(&b);
		if (key == 'q' || key == K_ESC || key == K_LEFT || key == K_ENTER)
			break;
		if (key == K_QUIT || key == K_CTRL_C) {
			ret = K_QUIT;
			break;
		}
	}
	free(tv.lines);
	free(copy);
	return ret;
}

void tui__notice(const char *title, const char *msg)
{
	int rows = SLtt_Screen_Rows, cols = SLtt_Screen_Cols;
	int w = cols - 8 < 72 ? cols - 8 : 72, tw = (int)strlen(title);
	const char *line[16];
	int len[16], nr = 0, i, x, y, h;
	const char *p = msg;

	if (w < 20)
		w = 20;
	/* wrap at blanks into lines of at most w columns */
	while (*p && nr < 16) {
		int n = (int)strlen(p), cut = n;

		if (n > w) {
			for (cut = w; cut > 0 && p[cut] != ' '; cut--)
				;
			if (cut == 0)
				cut = w;
		}
		line[nr] = p;
		len[nr++] = cut;
		p += cut;
		while (*p == ' ')
			p++;
	}
	h = nr + 4;
	x = (cols - (w + 4)) / 2;
	y = (rows - h) / 2;
	tui__set_color(TUI_POPUP);
	SLsmg_fill_region(y, x, (unsigned int)h, (unsigned int)(w + 4), ' ');
	SLsmg_draw_box(y, x, (unsigned int)h, (unsigned int)(w + 4));
	tui__write_at(y, x + 2, title, tw < w ? tw : w);
	for (i = 0; i < nr; i++) {
		SLsmg_gotorc(y + 2 + i, x + 2);
		SLsmg_write_nchars((char *)line[i], (unsigned int)len[i]);
	}
	tui__write_at(y + h - 1, x + w + 4 - 16, "press any key", 13);
	tui__set_color(TUI_NORMAL);
	SLsmg_refresh();
	tui__getkey(-1);
}
