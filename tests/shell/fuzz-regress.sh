#!/bin/sh
# fuzz findings (tests/fuzz/regress) replayed through mperf report and script, file and pipe: no crash, no hang, at most 3 error lines, memory bounded
. "$(dirname "$0")/lib.sh"
tmpdir
R="$TOP/tests/fuzz/regress"
mkdir "$T/empty"
SYM="--symfs $T/empty --kallsyms /dev/null"
# libtraceevent's own leaks on malformed formats (see the file)
export LSAN_OPTIONS="suppressions=$TOP/tests/fuzz/lsan.supp:print_suppressions=0"
total=0 bad=0
# run NAME CMD...: one replay, its stderr checked
run() {
	_name=$1; shift
	total=$((total + 1))
	(
		# a file of a few KiB that claims huge sizes must not make mperf
		# allocate them: 512 MiB of address space is plenty (ASan builds
		# reserve terabytes of shadow, so not under make sanitize)
		[ -z "${MPERF_SANITIZE:-}" ] && ulimit -v 524288
		timeout 20 "$@" >/dev/null 2>"$T/err"
	)
	rc=$?
	if [ $rc -eq 124 ]; then
		bad=$((bad + 1)); echo "HANG: $_name"
	elif crashed $rc || grep -q 'Sanitizer\|runtime error' "$T/err"; then
		bad=$((bad + 1)); echo "CRASH ($rc): $_name"; head -5 "$T/err"
	elif grep -qi 'cannot allocate\|out of memory' "$T/err"; then
		bad=$((bad + 1)); echo "ALLOCATION: $_name"; head -3 "$T/err"
	elif [ "$(wc -l <"$T/err")" -gt 3 ]; then
		bad=$((bad + 1)); echo "NOISY: $_name"; head -5 "$T/err"
	else
		echo "ok (exit $rc): $_name: $(head -1 "$T/err")"
	fi
}
n=0
for f in "$R"/perfdata-*.data "$R"/pipe-*.data; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	b=$(basename "$f")
	run "report $b" "$MPERF" report --stdio --header -i "$f" $SYM
	run "script $b" "$MPERF" script -i "$f" $SYM
	case $b in pipe-*)
		# through a real pipe: the streaming reader
		run "cat | report $b" sh -c 'cat "$1" | "$2" report --stdio --header -i - $3' sh "$f" "$MPERF" "$SYM"
		run "cat | script $b" sh -c 'cat "$1" | "$2" script -i - $3' sh "$f" "$MPERF" "$SYM"
	esac
done
[ $n -gt 0 ] || fail "no perf.data inputs in $R"
echo "$total replays of $n inputs: $bad failed"
[ $bad -eq 0 ] || fail "$bad of $total replays crashed, hung, over-allocated or were noisy"
