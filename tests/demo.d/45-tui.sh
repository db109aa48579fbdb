# mperf report's TUI, driven in a tmux pane: the screens after a few keys
# (sourced by tests/demo.sh: $M and run are set there)
if command -v tmux >/dev/null 2>&1; then
	D=tests/data/perf-6.1
	SYMFS=$(mktemp -d /tmp/mperf-demo-symfs.XXXXXX)
	mkdir -p "$SYMFS/opt/mperf-testdata" && ln -s "$PWD/$D/bin" "$SYMFS/opt/mperf-testdata/bin"
	tsock=mperf-demo-tui-$$
	tmux -L $tsock -f /dev/null new-session -d -s d -x 80 -y 16 \
		"env TERM=xterm-256color $M report -i $D/dsouser-fp.data --symfs $SYMFS --kallsyms $D/kallsyms; sleep 60"
	# shot TITLE KEYS...: send the keys, wait for the screen to settle, show it
	shot() {
		_t=$1
		shift
		[ $# -gt 0 ] && tmux -L $tsock send-keys -t d "$@"
		_prev="" _n=30
		while [ $_n -gt 0 ]; do
			sleep 0.1
			_cur=$(tmux -L $tsock capture-pane -p -t d)
			[ -n "$_cur" ] && [ "$_cur" = "$_prev" ] && break
			_prev=$_cur
			_n=$((_n - 1))
		done
		printf '\n$ mperf report -i %s/dsouser-fp.data   # TUI, %s\n' "$D" "$_t"
		printf '%s\n' "$_cur"
	}
	shot "as it opens"
	shot "Down Down Down Enter: the callchain of mwork_inner" Down Down Down Enter
	shot "a: annotate mwork_inner" a
	shot "ESC d: zoom into libmwork.so" Escape d
	tmux -L $tsock kill-server 2>/dev/null
	rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$tsock"
	rm -rf "$SYMFS"
fi
