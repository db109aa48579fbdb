# Helpers for tests/shell/*.sh (sourced, not run).
# MPERF and TOP are set by tests/run.sh; default them for direct runs.
: "${TOP:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${MPERF:=$TOP/mperf}"
# the perf compared with (PERF_BIN); $PERF runs it through perf-quick,
# whose records skip perf's wait for BPF events, unless PERF is given
if [ -z "${PERF:-}" ]; then
	PERF_BIN=${PERF_BIN:-/usr/bin/perf}
	PERF="$TOP/tests/shell/perf-quick"
	export PERF_BIN
elif [ "$PERF" != "$TOP/tests/shell/perf-quick" ]; then
	PERF_BIN=$PERF
fi
DATA="$TOP/tests/data"
WL="$TOP/tests/workloads"

fail() { echo "FAIL: $*" >&2; exit 1; }
skip() { echo "skip: $*"; exit 2; }
need_root() { [ "$(id -u)" = 0 ] || skip "needs root"; }
need_perf() { [ -x "$PERF_BIN" ] || skip "no $PERF_BIN to compare with"; }
# need_cmds CMD...: skip without any of them
need_cmds() { for _c; do command -v "$_c" >/dev/null 2>&1 || skip "needs $_c"; done; }
# private_home: $HOME in the test's directory (perf record fills
# $HOME/.debug, its build-id cache); after tmpdir
private_home() { HOME=$T; export HOME; }
# crashed RC: a status a signal gave (128+N), not timeout's 124 nor the 255
# perf and mperf exit with for a file they cannot read
crashed() { [ "$1" -ge 128 ] && [ "$1" -ne 255 ]; }
# clean_error RC: an error's status: 1..127, 129 (a usage error, as perf's)
# or 255 (a file perf and mperf cannot read)
clean_error() { [ "$1" -gt 0 ] && { [ "$1" -lt 128 ] || [ "$1" -eq 129 ] || [ "$1" -eq 255 ]; }; }
# mktemp dir removed at exit
tmpdir() { T=$(mktemp -d /tmp/mperf-test.XXXXXX); trap 'rm -rf "$T"' EXIT INT TERM; }
# tracefs mounted (mount it when root and missing)
need_tracefs() {
	[ -e /sys/kernel/tracing/events ] && return 0
	[ "$(id -u)" = 0 ] && mount -t tracefs nodev /sys/kernel/tracing 2>/dev/null
	[ -e /sys/kernel/tracing/events ] || skip "tracefs not available"
}
# assert_eq WHAT EXPECTED ACTUAL
assert_eq() { [ "$2" = "$3" ] || fail "$1: expected '$2', got '$3'"; }
# assert_contains WHAT NEEDLE FILE
assert_contains() { grep -qF -- "$2" "$3" || { cat "$3" >&2; fail "$1: '$2' not in $3"; }; }

# ---- record helpers (record helper, issue 4) ----
# perf_reads FILE: perf report/script/--header-only must succeed with an
# empty stderr on FILE. The one warning allowed is perf's count of LOST
# records ("Processed N events and lost M chunks!"): a busy machine can
# overflow a ring buffer of a --call-graph dwarf recording (CI saw one
# chunk lost), which the file then says, as perf's own would.
perf_reads() {
	for _c in "report --stdio" "script" "report --header-only"; do
		$PERF $_c -i "$1" >"$1.out" 2>"$1.err" || { cat "$1.err" >&2; fail "perf $_c -i $1 failed"; }
		if grep -q '^Processed [0-9]* events and lost [0-9]* chunks!$' "$1.err"; then
			grep -v -e '^Warning:$' -e '^Processed [0-9]* events and lost [0-9]* chunks!$' \
				-e '^Check IO/CPU overload!$' -e '^$' "$1.err" > "$1.err2"
			echo "note: $1 has LOST records (ring buffer overflow under load)" >&2
			mv "$1.err2" "$1.err"
		fi
		[ -s "$1.err" ] && { cat "$1.err" >&2; fail "perf $_c -i $1 wrote to stderr"; }
	done
	rm -f "$1.out" "$1.err"
}
# sym_shares FILE [report opts]: "share symbol" lines, the top ones first
sym_shares() {
	_f=$1; shift
	$PERF report -i "$_f" --stdio --sort sym "$@" 2>/dev/null |
		awk '/^ *[0-9.]+%/ { s=$1; sub("%","",s); n=$NF; print s, n }'
}
# shares_match A B N PTS: the top N symbols of either listing have shares
# within PTS points in the other (a symbol missing there counts as 0)
shares_match() {
	[ -s "$1" ] && [ -s "$2" ] || fail "no symbols to compare in $1 or $2"
	awk -v n="$3" -v pts="$4" '
	FNR==1 { f++ }
	f==1 { a[$2]=$1; if (++na <= n) top[$2]=1 }
	f==2 { b[$2]=$1; if (++nb <= n) top[$2]=1 }
	END {
		bad=0
		for (s in top) {
			d = a[s]-b[s]; if (d<0) d=-d
			printf "  %-28s %6.2f %6.2f%s\n", s, a[s]+0, b[s]+0, (d > pts) ? "  <-- differs" : ""
			if (d > pts) bad=1
		}
		exit bad
	}' "$1" "$2"
}
# report_symargs: --symfs/--kallsyms for the perf 6.1 files of tests/data
# (their workloads ran from /opt/mperf-testdata/bin; libc from this machine).
# Needs tmpdir first; prints the options.
report_symargs() {
	if [ ! -d "$T/symfs" ]; then
		mkdir -p "$T/symfs/opt/mperf-testdata"
		ln -s "$DATA/perf-6.1/bin" "$T/symfs/opt/mperf-testdata/bin"
		ln -s /usr "$T/symfs/usr"
	fi
	echo "--symfs $T/symfs --kallsyms $DATA/perf-6.1/kallsyms"
}
# report_vs_perf FILE OPTS...: mperf report --stdio prints perf's rows on
# FILE (less the last 3 lines: perf's random tip / mperf's quality summary).
# PERF_RETRIES=N: where they differ, perf reports N times more before it
# counts as a failure (for the outputs perf itself does not always give
# alike; say why where it is set)
report_vs_perf() {
	_f=$1; shift
	"$MPERF" report -i "$_f" --stdio "$@" > "$T/mperf" 2> "$T/err" ||
		{ cat "$T/err" >&2; fail "mperf report $*: exit status"; }
	head -n -3 "$T/mperf" > "$T/a"
	_try=0
	while :; do
		"$PERF" report -i "$_f" --stdio "$@" > "$T/perf" 2>/dev/null
		# perf past its time limit (perf-quick): its group view's
		# endless loop, nothing to compare with
		if [ $? = 124 ]; then
			echo "note: perf report $* ran over ${PERF_TIMEOUT:-120} s (perf 6.1 loops on some group views): not compared" >&2
			return 0
		fi
		# -g fractal's remainder line: perf 6.1 allocates its "[...]"
		# symbol with malloc and never sets its inlined flag, so
		# " (inlined)" follows it or not by what the heap held
		# (ui/stdio/hist.c's init_rem_hits)
		head -n -3 "$T/perf" | sed 's/--\[\.\.\.\] (inlined)$/--[...]/' > "$T/b"
		cmp -s "$T/a" "$T/b" || [ "$_try" -ge "${PERF_RETRIES:-0}" ] || {
			_try=$((_try + 1))
			echo "note: perf report $* differs from mperf's: perf again ($_try)" >&2
			continue
		}
		break
	done
	if ! diff "$T/a" "$T/b" > "$T/diff" 2>&1; then
		head -8 "$T/diff" >&2
		# a column's width can differ by one row far below: the rows
		# that differ with runs of blanks squeezed
		tr -s ' ' < "$T/a" > "$T/a.sq"; tr -s ' ' < "$T/b" > "$T/b.sq"
		diff "$T/a.sq" "$T/b.sq" | head -12 | sed 's/^/    squeezed /' >&2
		# the lines around the first difference (CI keeps no files)
		diff -U6 "$T/a" "$T/b" | sed -n '3,30p' | sed 's/^/    ctx /' >&2
		fail "report $* differs from perf's"
	fi
}
# reports_vs_perf FILE: report_vs_perf FILE with each line of standard
# input as its options (an empty line: none); $n counts them
reports_vs_perf() {
	while read -r _opts; do
		# shellcheck disable=SC2086
		report_vs_perf "$1" $_opts
		n=$((n + 1))
	done
}
# report_whole_vs_perf FILE OPTS...: mperf report prints all that perf
# prints (no line left out) with perf's exit status. perf's -D names a vdso
# without a build-id cache copy by the temporary file it extracts it to, a
# random name mperf does not imitate: that name reads as [vdso] here.
report_whole_vs_perf() {
	_f=$1; shift
	"$PERF" report -i "$_f" "$@" > "$T/p0" 2>/dev/null
	_pr=$?
	sed 's|dso: /tmp/perf-vdso\.so-[A-Za-z0-9]*$|dso: [vdso]|' "$T/p0" > "$T/p"
	"$MPERF" report -i "$_f" "$@" > "$T/m" 2> "$T/err"
	_mr=$?
	[ "$_pr" = "$_mr" ] || { cat "$T/err" >&2; fail "report $* on $_f: exit $_mr, perf's $_pr"; }
	[ "$(wc -l < "$T/p")" -gt 2 ] || fail "perf report $* printed nothing for $_f"
	cmp -s "$T/m" "$T/p" || { diff "$T/m" "$T/p" | head -20 >&2; fail "report $* on $_f differs from perf's"; }
}
# perf61_data FILE...: perf, python3, a tmpdir and these perf 6.1 files of
# tests/data (in $D), or skip; $CRAFT makes variants of them; $n counts
perf61_data() {
	need_perf
	tmpdir
	D="$DATA/perf-6.1"
	for _x; do [ -f "$D/$_x" ] || skip "no perf 6.1 test data"; done
	command -v python3 >/dev/null || skip "no python3"
	CRAFT="$TOP/tests/shell/craft-perfdata.py"
	n=0
}
# kernel_bid FILE: $bid, the kernel build-id FILE's build-id list names (or skip)
kernel_bid() {
	bid=$("$PERF" buildid-list -i "$1" 2>/dev/null | awk '$2 == "[kernel.kallsyms]" { print $1 }')
	[ -n "$bid" ] || skip "the file names no kernel build-id"
}
# both FILE OPTS...: report_vs_perf FILE $BOTH_OPTS OPTS, counted in $n
both() {
	_f=$1; shift
	# shellcheck disable=SC2086
	report_vs_perf "$_f" $BOTH_OPTS "$@"
	n=$((n + 1))
}
# script_vs_perf FILE OPTS...: mperf script prints what perf script prints (stdout,
# exit status); counts the comparisons in $n (script-fields and
# script-srccode-datasrc)
script_vs_perf() {
	_f=$1; shift
	"$PERF" script -i "$_f" "$@" >"$T/p0" 2>/dev/null
	_pr=$?
	# -D: the vdso's random extraction name reads as [vdso] (as in
	# report_whole_vs_perf)
	# PERF_SCRIPT_SED: a test's own mending of a perf fault (say why)
	sed -e 's|dso: /tmp/perf-vdso\.so-[A-Za-z0-9]*$|dso: [vdso]|' \
	    -e "${PERF_SCRIPT_SED:-s/^//}" "$T/p0" > "$T/p"
	"$MPERF" script -i "$_f" "$@" >"$T/m" 2>"$T/err"
	_mr=$?
	[ "$_pr" = "$_mr" ] || { cat "$T/err" >&2; fail "script $* on $_f: exit $_mr, perf's $_pr"; }
	if ! cmp -s "$T/m" "$T/p"; then
		diff "$T/m" "$T/p" | head >&2
		# the sample around the first difference (CI keeps no files)
		diff -U12 "$T/m" "$T/p" | sed -n '3,40p' | sed 's/^/    ctx /' >&2
		fail "script $* on $_f differs from perf's"
	fi
	n=$((n + 1))
}
