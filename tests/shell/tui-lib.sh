#!/bin/sh
# helpers for the TUI tests (a library sourced by tui-*.sh, not a test)
# Drive mperf in a tmux pane of a fixed size and assert what the screen
# shows. Every wait is a bounded retry loop on the captured screen, never a
# fixed long sleep. Sourced after lib.sh.
case $0 in *tui-lib.sh) echo "helper library, sourced by the tui-*.sh tests"; exit 2 ;; esac
command -v tmux >/dev/null 2>&1 || skip "tmux is not installed"
TUI_SOCK="mperf-tui-$$"
TUI_S=t
tmx() { tmux -L "$TUI_SOCK" "$@"; }

# tui_start COLS ROWS TERM CMD...: run CMD in a new detached session; the
# pane stays after CMD exits so its last screen can be checked.
tui_start() {
	_c=$1 _r=$2 _term=$3
	shift 3
	tmx kill-server 2>/dev/null
	# a server that is still going away makes new-session fail: retry
	_n=20
	until tmx -f /dev/null new-session -d -s "$TUI_S" -x "$_c" -y "$_r" \
		"env TERM=$_term $*; echo \"[exit \$?]\"; sleep 600" 2>/dev/null; do
		_n=$((_n - 1))
		[ $_n -gt 0 ] || fail "tmux new-session failed"
		sleep 0.1
	done
	tmx set-option -t "$TUI_S" -g status off >/dev/null
	tmx resize-window -t "$TUI_S" -x "$_c" -y "$_r" >/dev/null 2>&1
}
tui_stop() {
	tmx kill-server 2>/dev/null
	# the server leaves its socket behind
	rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$TUI_SOCK"
}
tui_keys() { tmx send-keys -t "$TUI_S" "$@"; }
tui_screen() { tmx capture-pane -p -t "$TUI_S"; }
# tui_wait TEXT [TENTHS]: wait until TEXT (fixed string) is on the screen
tui_wait() {
	_n=${2:-50}
	while [ "$_n" -gt 0 ]; do
		tui_screen | grep -qF -- "$1" && return 0
		sleep 0.1
		_n=$((_n - 1))
	done
	tui_screen >&2
	fail "screen never showed '$1'"
}
# tui_wait_gone TEXT [TENTHS]: wait until TEXT is no longer on the screen
tui_wait_gone() {
	_n=${2:-50}
	while [ "$_n" -gt 0 ]; do
		tui_screen | grep -qF -- "$1" || return 0
		sleep 0.1
		_n=$((_n - 1))
	done
	tui_screen >&2
	fail "screen still shows '$1'"
}
# tui_row N: line N (1-based) of the screen, trailing blanks removed
tui_row() { tui_screen | sed -n "${1}p" | sed 's/ *$//'; }
# tui_assert_row N REGEX: line N matches the extended REGEX
tui_assert_row() {
	[ -n "$2" ] || fail "tui_assert_row: empty pattern"
	tui_row "$1" | grep -qE -- "$2" && return 0
	tui_screen >&2
	fail "row $1 is '$(tui_row "$1")', expected /$2/"
}
# tui_assert_has REGEX: some line matches
tui_assert_has() {
	tui_screen | grep -qE -- "$1" && return 0
	tui_screen >&2
	fail "no row matches /$1/"
}
tui_assert_not() {
	tui_screen | grep -qE -- "$1" || return 0
	tui_screen >&2
	fail "a row matches /$1/ and should not"
}
# the pane's whole history (what scrolled off the screen too)
tui_history() { tmx capture-pane -p -J -S - -t "$TUI_S"; }
# the text of the cursor row (drawn black on cyan: SGR 46), escapes removed
tui_cursor_row() {
	tmx capture-pane -p -e -t "$TUI_S" | grep '46m' | head -1 |
		sed 's/\x1b\[[0-9;]*m//g; s/ *$//'
}
# tui_wait_cursor REGEX: wait until the cursor row matches REGEX
tui_wait_cursor() {
	[ -n "$1" ] || fail "tui_wait_cursor: empty pattern"
	_n=50
	while [ "$_n" -gt 0 ]; do
		tui_cursor_row | grep -qE -- "$1" && return 0
		sleep 0.1
		_n=$((_n - 1))
	done
	tmx capture-pane -p -e -t "$TUI_S" | cat -v >&2
	fail "cursor row is '$(tui_cursor_row)', expected /$1/"
}

# tui_setup FILE: the perf 6.1 test file FILE (or skip), a tmpdir removed
# with the tmux server at exit, its symfs tree in $T/symfs (the workloads;
# libc and ld.so this machine's: perf takes no file from outside a --symfs
# tree); D is the data directory
tui_setup() {
	D="$DATA/perf-6.1"
	[ -f "$D/$1" ] || skip "no perf 6.1 test data"
	tmpdir
	trap 'tui_stop; rm -rf "$T"' EXIT INT TERM
	mkdir -p "$T/symfs/opt/mperf-testdata"
	ln -s "$D/bin" "$T/symfs/opt/mperf-testdata/bin"
	ln -s /usr "$T/symfs/usr"
}
