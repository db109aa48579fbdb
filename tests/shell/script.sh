#!/bin/sh
# mperf script prints what perf script printed on perf 6.1 files (lines, callchains, tracepoint fields, folding)
. "$(dirname "$0")/lib.sh"
tmpdir
D="$DATA/perf-6.1"
# --symfs as the testdata README says: the workload binaries under
# /opt/mperf-testdata/bin, the rest from this machine
mkdir -p "$T/symfs/opt/mperf-testdata"
ln -s "$D/bin" "$T/symfs/opt/mperf-testdata/bin"
ln -s /usr "$T/symfs/usr"
S="--symfs $T/symfs --kallsyms $D/kallsyms"

# byte for byte where no libc/ld.so frame is involved
for f in cpuburn-plain raw-syscalls; do
	$MPERF script -i "$D/$f.data" $S >"$T/$f.out" 2>"$T/$f.err" || fail "$f: exit $?"
	cmp "$T/$f.out" "$D/$f.script.txt" || { diff "$T/$f.out" "$D/$f.script.txt" | head; fail "$f differs"; }
	[ -s "$T/$f.err" ] && { cat "$T/$f.err"; fail "$f: stderr not empty"; }
done

# The other files: every line equal except frames in libc/ld.so, whose
# local symbols come from the symbol layer (report helper's). Same line
# count, same samples, same callchain shape.
for f in cpuburn-fp cpuburn-zstd cpuburn-pipe dsouser-fp syswide-fp multi-event sched-switch cpuburn-overwrite cpuburn-switch.0 cpuburn-switch.1 cpuburn-dwarf; do
	$MPERF script -i "$D/$f.data" $S >"$T/$f.out" 2>"$T/$f.err" || fail "$f: exit $?"
	assert_eq "$f line count" "$(wc -l <"$D/$f.script.txt")" "$(wc -l <"$T/$f.out")"
	grep -v -e 'libc.so.6)' -e 'ld-linux-x86-64.so.2)' -e '(inlined)$' -e '^ *:-1 ' -e 'mthreads    -1 ' "$T/$f.out" >"$T/a"
	grep -v -e 'libc.so.6)' -e 'ld-linux-x86-64.so.2)' -e '(inlined)$' -e '^ *:-1 ' -e 'mthreads    -1 ' "$D/$f.script.txt" >"$T/b"
	cmp "$T/a" "$T/b" || { diff "$T/a" "$T/b" | head; fail "$f differs outside libc/ld.so frames"; }
done

# pipe input from stdin
$MPERF script $S <"$D/cpuburn-pipe.data" >"$T/stdin.out" 2>&1 || fail "stdin: exit $?"
cmp "$T/stdin.out" "$T/cpuburn-pipe.out" || fail "stdin and -i differ"

# tracepoint fields
assert_contains "sched_switch fields" "sched:sched_switch: prev_comm=perf prev_pid=23707 prev_prio=120 prev_state=D ==> next_comm=migration/0" "$T/sched-switch.out"

# stackcollapse-perf folding (the FlameGraph rule, in awk): same folded
# stacks from mperf's output as from perf's
fold() {
	awk '
	/^[^ \t#].*:[ ]*$/ || /^[^ \t#].* [0-9]+\.[0-9]+: / { comm = $1; n = 0; next }
	/^\t/ { sym = $2; sub(/\+0x[0-9a-f]+$/, "", sym); st[n++] = sym; next }
	/^$/ { if (n) { s = comm; for (i = n - 1; i >= 0; i--) s = s ";" st[i]; c[s]++ } n = 0 }
	END { for (k in c) print k, c[k] }' "$1" | sort
}
# (libc's frame is named by the symbol layer: dropped from both)
fold "$T/cpuburn-fp.out" | sed 's/;__libc_start_call_main;/;/; s/;\[unknown\];/;/' | sort >"$T/f1"
fold "$D/cpuburn-fp.script.txt" | sed 's/;__libc_start_call_main;/;/; s/;\[unknown\];/;/' | sort >"$T/f2"
[ -s "$T/f1" ] || fail "nothing folded"
cmp "$T/f1" "$T/f2" || { diff "$T/f1" "$T/f2" | head; fail "folded stacks differ"; }
if command -v stackcollapse-perf.pl >/dev/null 2>&1; then
	stackcollapse-perf.pl "$T/cpuburn-fp.out" | sort >"$T/g1"
	stackcollapse-perf.pl "$D/cpuburn-fp.script.txt" | sort >"$T/g2"
	[ "$(wc -l <"$T/g1")" = "$(wc -l <"$T/g2")" ] || fail "stackcollapse-perf folds differently"
fi

# --header-only equals perf's for file and pipe mode (the mtime line aside)
for f in cpuburn-fp sched-switch cpuburn-pipe; do
	$MPERF script -i "$D/$f.data" --header-only >"$T/h.out" || fail "header-only $f"
	grep -v 'captured on' "$T/h.out" >"$T/h1"
	grep -v 'captured on' "$D/$f.header.txt" >"$T/h2"
	cmp "$T/h1" "$T/h2" || { diff "$T/h1" "$T/h2"; fail "$f header differs"; }
done

# errors: one line, non-zero exit
$MPERF script -i "$T/nonexistent.data" >"$T/e.out" 2>"$T/e.err" && fail "missing file accepted"
assert_eq "one error line" 1 "$(wc -l <"$T/e.err")"
echo "not perf data" >"$T/bad.data"
$MPERF script -i "$T/bad.data" >"$T/e.out" 2>"$T/e.err" && fail "bad file accepted"
assert_contains "bad magic" "not a perf.data file" "$T/e.err"
$MPERF script -i "$D/cpuburn-fp.data" -F comm,bogus >"$T/e.out" 2>"$T/e.err" && fail "bad -F accepted"
assert_contains "bad field" "invalid field 'bogus'" "$T/e.err"

# -F: chosen fields only
$MPERF script -i "$D/cpuburn-plain.data" -F comm,tid,time >"$T/F.out" || fail "-F"
assert_eq "-F first line" "         cpuburn 23667  1732.256283: " "$(head -1 "$T/F.out")"
exit 0
