#!/bin/sh
# script --per-event-dump: each event's lines in INPUT.EVENT.dump, byte-equal to perf's files; the other records and the "Wrote" lines on stdout as perf prints them
. "$(dirname "$0")/lib.sh"
need_perf
tmpdir
n=0
for f in multi-event sched-switch cpuburn-pipe; do
	mkdir -p "$T/p" "$T/m"
	cp "$DATA/perf-6.1/$f.data" "$T/p/x.data"
	cp "$DATA/perf-6.1/$f.data" "$T/m/x.data"
	"$PERF" script -i "$T/p/x.data" --per-event-dump --show-task-events $(report_symargs) > "$T/p.out" 2>/dev/null
	"$MPERF" script -i "$T/m/x.data" --per-event-dump --show-task-events $(report_symargs) > "$T/m.out" 2>"$T/err" ||
		{ cat "$T/err" >&2; fail "mperf script --per-event-dump -i $f: exit status"; }
	ls "$T/p"/x.data.*.dump > /dev/null 2>&1 || fail "perf wrote no dump for $f"
	for d in "$T/p"/x.data.*.dump; do
		b=$(basename "$d")
		[ -f "$T/m/$b" ] || fail "$f: mperf wrote no $b"
		cmp -s "$d" "$T/m/$b" || { diff "$d" "$T/m/$b" | head >&2; fail "$f: $b differs from perf's"; }
		n=$((n + 1))
	done
	[ "$(ls "$T/p" | wc -l)" = "$(ls "$T/m" | wc -l)" ] || fail "$f: not the same files as perf"
	# stdout: task events, then a line per file; the MB count is of the
	# bytes flushed before the file's close (whole 4 KB blocks), as perf's
	sed "s|MB $T/p/|MB |" "$T/p.out" > "$T/p.cmp"
	sed "s|MB $T/m/|MB |" "$T/m.out" > "$T/m.cmp"
	cmp -s "$T/p.cmp" "$T/m.cmp" || { diff "$T/p.cmp" "$T/m.cmp" >&2; fail "$f: stdout differs from perf's"; }
	grep -q "samples) ]" "$T/m.out" || fail "$f: no Wrote line"
	rm -rf "$T/p" "$T/m"
done
# the "Wrote" line counts the samples printed, after --time/--comm/-C
mkdir -p "$T/p" "$T/m"
cp "$DATA/perf-6.1/sched-switch.data" "$T/p/x.data"
cp "$DATA/perf-6.1/sched-switch.data" "$T/m/x.data"
"$PERF" script -i "$T/p/x.data" --per-event-dump --time 0%-40% -C 1 > "$T/p.out" 2>/dev/null
"$MPERF" script -i "$T/m/x.data" --per-event-dump --time 0%-40% -C 1 > "$T/m.out" 2>/dev/null ||
	fail "mperf script --per-event-dump --time -C: exit status"
sed "s|MB $T/p/|MB |" "$T/p.out" > "$T/p.cmp"
sed "s|MB $T/m/|MB |" "$T/m.out" > "$T/m.cmp"
cmp -s "$T/p.cmp" "$T/m.cmp" || { diff "$T/p.cmp" "$T/m.cmp" >&2; fail "--time -C: the Wrote lines differ from perf's"; }
n=$((n + 1))
# -v: perf has flushed the files when it sizes them (the whole size)
rm -f "$T/p"/*.dump "$T/m"/*.dump
"$PERF" script -i "$T/p/x.data" --per-event-dump -v > "$T/p.out" 2>/dev/null
"$MPERF" script -i "$T/m/x.data" --per-event-dump -v > "$T/m.out" 2>/dev/null ||
	fail "mperf script --per-event-dump -v: exit status"
sed "s|MB $T/p/|MB |" "$T/p.out" > "$T/p.cmp"
sed "s|MB $T/m/|MB |" "$T/m.out" > "$T/m.cmp"
cmp -s "$T/p.cmp" "$T/m.cmp" || { diff "$T/p.cmp" "$T/m.cmp" >&2; fail "-v: the Wrote lines differ from perf's"; }
grep -q 'Wrote 0.054 MB' "$T/p.out" || fail "perf -v did not size the whole file"
n=$((n + 1))
# a pipe's events: their files are named as their attrs name them (perf
# opens them before the stream's EVENT_UPDATE names arrive), so a name=
# term or a '/' in the name does not show in the file name
rm -rf "$T/p" "$T/m"
mkdir -p "$T/p" "$T/m"
"$MPERF" record -q -e 'cpu-clock/name=foo/' -e 'page-faults:u' -e 'task-clock/call-graph=dwarf/' \
	-o - -- "$WL/cpuburn" 0.05 > "$T/p/x.data" 2>/dev/null || fail "mperf record -o - of three events"
cp "$T/p/x.data" "$T/m/x.data"
"$PERF" script -i "$T/p/x.data" --per-event-dump -F comm,tid > "$T/p.out" 2>/dev/null
"$MPERF" script -i "$T/m/x.data" --per-event-dump -F comm,tid > "$T/m.out" 2>/dev/null ||
	fail "mperf script --per-event-dump of a pipe: exit status"
assert_eq "a pipe's dump files" "$(cd "$T/p" && ls)" "$(cd "$T/m" && ls)"
ls "$T/p" | grep -qx 'x.data.page-faults:uH.dump' || fail "perf named no page-faults:uH dump (the premise)"
for f in "$T/p"/*.dump; do
	cmp -s "$f" "$T/m/${f##*/}" || fail "${f##*/} differs from perf's"
	n=$((n + 1))
done
# a file whose event name has a '/' (call-graph term): no file name can
# hold it; perf and mperf both fail with 255 and say no "Wrote"; mperf
# says why in one line and keeps none of the set (perf leaves empty ones)
rm -rf "$T/m"
mkdir -p "$T/m"
"$MPERF" record -q -e cpu-clock -e 'task-clock/call-graph=fp/' -o "$T/m/y.data" -- "$WL/cpuburn" 0.05 \
	>/dev/null 2>&1 || fail "mperf record of a call-graph term"
"$PERF" script -i "$T/m/y.data" --per-event-dump >"$T/p.out" 2>/dev/null
pr=$?
"$MPERF" script -i "$T/m/y.data" --per-event-dump >"$T/m.out" 2>"$T/e"
assert_eq "--per-event-dump with a '/' in a name: exit status" "$pr" "$?"
[ -s "$T/m.out" ] && fail "mperf printed $(cat "$T/m.out")"
[ "$(wc -l < "$T/e")" = 1 ] && grep -q "has a '/'" "$T/e" || { cat "$T/e" >&2; fail "not one line naming the '/'"; }
assert_eq "files left" "y.data" "$(cd "$T/m" && ls)"
echo "$n per-event files equal to perf's"
