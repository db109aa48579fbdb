/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_UI_KEYS_H
#define MPERF_UI_KEYS_H

/*
 * Key codes returned by tui__getkey(): plain bytes for printable keys and
 * control characters, slang's SL_KEY_* for the keypad, and a few of our own
 * (above slang's range) for keys slang does not name.
 */
#include <slang.h>

#define K_ENTER		'\r'
#define K_TAB		'\t'
#define K_ESC		27
#define K_CTRL_C	3
#define K_BKSPC		0x7f
#define K_UP		SL_KEY_UP
#define K_DOWN		SL_KEY_DOWN
#define K_LEFT		SL_KEY_LEFT
#define K_RIGHT		SL_KEY_RIGHT
#define K_PGUP		SL_KEY_PPAGE
#define K_PGDN		SL_KEY_NPAGE
#define K_HOME		SL_KEY_HOME
#define K_END		SL_KEY_END
#define K_F1		SL_KEY_F(1)
#define K_SLBKSPC	SL_KEY_BACKSPACE
#define K_UNTAB		0x1001	/* shift-TAB, ESC [ Z */
#define K_RESIZE	0x1002	/* the terminal changed size */
#define K_TIMER		0x1003	/* no key within the wait */
#define K_QUIT		0x1004	/* SIGINT/SIGTERM/SIGHUP arrived */

#endif
