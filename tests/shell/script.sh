#!/bin/sh
# mperf script prints byte for byte what perf script printed on 13 perf 6.1 files (callchains, dwarf, pipe, -z, tracepoints), folds the same
. "$(dirname "$0")/lib.sh"
tmpdir
D="$DATA/perf-6.1"
# --symfs as the testdata README says: the workload binaries under
# /opt/mperf-testdata/bin, the rest from this machine
mkdir -p "$T/symfs/opt/mperf-testdata"
ln -s "$D/bin" "$T/symfs/opt/mperf-testdata/bin"
ln -s /usr "$T/symfs/usr"
S="--symfs $T/symfs --kallsyms $D/kallsyms"

# byte for byte
for f in cpuburn-plain raw-syscalls sched-switch cpuburn-fp cpuburn-zstd cpuburn-pipe \
	 dsouser-fp syswide-fp multi-event cpuburn-overwrite cpuburn-switch.0 cpuburn-switch.1 \
	 cpuburn-dwarf; do
	$MPERF script -i "$D/$f.data" $S >"$T/$f.out" 2>"$T/$f.err" || fail "$f: exit $?"
	cmp "$T/$f.out" "$D/$f.script.txt" || { diff "$T/$f.out" "$D/$f.script.txt" | head; fail "$f differs"; }
	[ -s "$T/$f.err" ] && { cat "$T/$f.err"; fail "$f: stderr not empty"; }
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
fold "$T/cpuburn-fp.out" >"$T/f1"
fold "$D/cpuburn-fp.script.txt" >"$T/f2"
[ -s "$T/f1" ] || fail "nothing folded"
cmp "$T/f1" "$T/f2" || { diff "$T/f1" "$T/f2" | head; fail "folded stacks differ"; }
if command -v stackcollapse-perf.pl >/dev/null 2>&1; then
	stackcollapse-perf.pl "$T/cpuburn-fp.out" | sort >"$T/g1"
	stackcollapse-perf.pl "$D/cpuburn-fp.script.txt" | sort >"$T/g2"
	[ "$(wc -l <"$T/g1")" = "$(wc -l <"$T/g2")" ] || fail "stackcollapse-perf folds differently"
fi

# --header-only equals perf's for file and pipe mode (the mtime line aside)
for h in "$D"/*.header.txt; do
	f=$(basename "$h" .header.txt)
	case $f in *pipe*) continue ;; esac	# perf report's, see below
	$MPERF script -i "$D/$f.data" --header-only >"$T/h.out" || fail "header-only $f"
	grep -v 'captured on' "$T/h.out" >"$T/h1"
	grep -v 'captured on' "$D/$f.header.txt" >"$T/h2"
	cmp "$T/h1" "$T/h2" || { diff "$T/h1" "$T/h2"; fail "$f header differs"; }
done

# -I (topology features) as perf prints them for the same files
if [ -x "$PERF_BIN" ]; then
	for f in cpuburn-fp syswide-fp cpuburn-pipe; do
		$MPERF script -i "$D/$f.data" --header-only -I >"$T/i.m" || fail "-I $f"
		$PERF script -i "$D/$f.data" --header-only -I >"$T/i.p" 2>/dev/null
		cmp "$T/i.m" "$T/i.p" || { diff "$T/i.m" "$T/i.p"; fail "$f: --header-only -I differs"; }
	done
	# pipe mode --header: the features print as their records arrive
	$MPERF script -i "$D/cpuburn-pipe.data" --header $S >"$T/i.m" || fail "--header pipe"
	$PERF script -i "$D/cpuburn-pipe.data" --header $S >"$T/i.p" 2>/dev/null
	cmp "$T/i.m" "$T/i.p" || { diff "$T/i.m" "$T/i.p" | head; fail "pipe --header differs"; }
fi

# --show-*-events: the side-band records as perf prints them
if [ -x "$PERF_BIN" ]; then
	o="--show-task-events --show-mmap-events --show-lost-events --show-switch-events --show-bpf-events"
	for f in cpuburn-fp syswide-fp multi-event cpuburn-pipe; do
		$MPERF script -i "$D/$f.data" $o $S >"$T/o.m" 2>&1 || fail "$o $f"
		$PERF script -i "$D/$f.data" $o $S >"$T/o.p" 2>/dev/null
		cmp "$T/o.m" "$T/o.p" || { diff "$T/o.m" "$T/o.p" | head -4; fail "$f: --show-*-events differ"; }
	done
fi

# errors: one line, non-zero exit
$MPERF script -i "$T/nonexistent.data" >"$T/e.out" 2>"$T/e.err" && fail "missing file accepted"
assert_eq "one error line" 1 "$(wc -l <"$T/e.err")"
echo "not perf data" >"$T/bad.data"
$MPERF script -i "$T/bad.data" >"$T/e.out" 2>"$T/e.err" && fail "bad file accepted"
assert_contains "bad magic" "not a perf.data file" "$T/e.err"
: >"$T/empty.data"
head -c 200 "$D/cpuburn-fp.data" >"$T/cut.data"
mkdir "$T/dir.data"
# a file neither tool can read: perf's status (255), report and script
for f in nonexistent bad empty cut dir; do
	for c in "report --stdio" script; do
		$MPERF $c -i "$T/$f.data" >"$T/e.out" 2>"$T/e.err"
		rc=$?
		assert_eq "mperf $c of the $f file: one line" 1 "$(wc -l <"$T/e.err")"
		if [ -x "$PERF_BIN" ]; then
			$PERF $c -i "$T/$f.data" >/dev/null 2>&1
			assert_eq "mperf $c of the $f file: perf's exit status" $? $rc
		else
			assert_eq "mperf $c of the $f file: exit status" 255 $rc
		fi
	done
done
$MPERF script -i "$D/cpuburn-fp.data" -F comm,bogus >"$T/e.out" 2>"$T/e.err" && fail "bad -F accepted"
assert_contains "bad field" "unknown field 'bogus'" "$T/e.err"

# -F +f/-f and --ns, compared with perf's output on the same file
if [ -x "$PERF_BIN" ]; then
	for a in "-F +pid" "-F -period,-dso" "--ns" "-F comm,pid,tid,time,ip,sym"; do
		$MPERF script -i "$D/cpuburn-plain.data" $S $a >"$T/a.m" 2>&1 || fail "$a"
		$PERF script -i "$D/cpuburn-plain.data" $S $a >"$T/a.p" 2>/dev/null
		cmp "$T/a.m" "$T/a.p" || { diff "$T/a.m" "$T/a.p" | head -4; fail "mperf script $a differs from perf"; }
	done
fi

# -F: chosen fields only
$MPERF script -i "$D/cpuburn-plain.data" -F comm,tid,time >"$T/F.out" || fail "-F"
assert_eq "-F first line" "         cpuburn 23667  1732.256283: " "$(head -1 "$T/F.out")"
exit 0
