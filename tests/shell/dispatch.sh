#!/bin/sh
# command dispatch: help, version, unknown commands and options
. "$(dirname "$0")/lib.sh"
tmpdir

"$MPERF" --version >"$T/v" || fail "--version exit"
grep -Eq '^mperf version [0-9]+\.[0-9]+' "$T/v" || fail "version line: $(cat "$T/v")"

"$MPERF" --help >"$T/h" || fail "--help exit"
for c in list stat record report script; do
	grep -q "^   $c " "$T/h" || fail "--help does not list $c"
done

"$MPERF" lsit 2>"$T/e"; rc=$?
[ $rc -ne 0 ] || fail "unknown command exits 0"
grep -q "did you mean 'list'" "$T/e" || fail "no suggestion: $(cat "$T/e")"
[ "$(wc -l <"$T/e")" -eq 1 ] || fail "more than one error line"

"$MPERF" list --detials 2>"$T/e"; rc=$?
[ $rc -ne 0 ] || fail "unknown option exits 0"
grep -q "did you mean '--details'" "$T/e" || fail "no option suggestion: $(cat "$T/e")"

# perf's options mperf lacks: named as such, one line, with what to do
for a in "report --total-cycles" "script --itrace=i" "script -s foo.py"; do
	# shellcheck disable=SC2086
	"$MPERF" $a 2>"$T/e"; rc=$?
	[ $rc -ne 0 ] || fail "$a exits 0"
	grep -q "(perf's) is not supported by mperf: ." "$T/e" || fail "$a: $(cat "$T/e")"
	[ "$(wc -l <"$T/e")" -eq 1 ] || fail "$a: more than one error line"
done

"$MPERF" --bogus 2>"$T/e"; rc=$?
[ $rc -ne 0 ] || fail "unknown global option exits 0"

for c in list stat record report script; do
	"$MPERF" $c -h >"$T/u" 2>&1 || fail "$c -h exits non-zero"
	grep -q "Usage: mperf $c" "$T/u" || fail "$c -h shows no usage"
done
exit 0
