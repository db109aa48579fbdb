#!/bin/sh
# record a workload: perf reads the file cleanly, same attrs and hot symbols as perf record
. "$(dirname "$0")/lib.sh"
# perf's record as it is: its attrs (bpf_event) are compared with mperf's
PERF=$PERF_BIN
need_root
need_perf
[ -x "$WL/cpuburn" ] || skip "workloads not built (make workloads)"
tmpdir
# every long option is documented
for o in $($MPERF record --list-opts); do
	grep -q -- "$o" "$TOP/Documentation/mperf-record.txt" || fail "$o is not in Documentation/mperf-record.txt"
done
cd "$T" || exit 1

# --- plain: the attrs perf record sets, perf's readers quiet -------------
$MPERF record -o m.data -- "$WL/cpuburn" -n 7000 >wl.out 2>rec.err || { cat rec.err; fail "mperf record failed"; }
grep -q 'cpuburn: iterations=' wl.out || fail "the workload's output is missing"
grep -q '^\[ mperf record: Woken up [0-9]* times to write data \]$' rec.err || { cat rec.err; fail "no wakeup line"; }
grep -q '^\[ mperf record: Captured and wrote [0-9.]* MB m.data ([0-9]* samples) \]$' rec.err || { cat rec.err; fail "no summary line"; }
n=$(sed -n 's/.*(\([0-9]*\) samples).*/\1/p' rec.err)
perf_reads m.data
# the sample count in the summary is what perf counts
pn=$($PERF report -i m.data --stdio 2>/dev/null | sed -n 's/^# Samples: \([0-9]*\) .*/\1/p')
pn2=$($PERF script -i m.data 2>/dev/null | wc -l)
assert_eq "samples perf script sees" "$n" "$pn2"

$PERF record -q -o p.data -- "$WL/cpuburn" -n 7000 >/dev/null 2>&1 || fail "perf record failed"
# fixed work: about as many samples as perf gets, whatever the load
pn=$($PERF script -i p.data 2>/dev/null | wc -l)
echo "samples: mperf $n, perf $pn"
[ "$n" -gt 500 ] && [ $((n * 10)) -ge $((pn * 8)) ] || fail "$n samples against perf's $pn"
# same attr as perf's own recording (ids differ)
$PERF evlist -v -i m.data >m.ev 2>&1
$PERF evlist -v -i p.data >p.ev 2>&1
assert_eq "attr vs perf record" "$(cat p.ev)" "$(cat m.ev)"
# the cycles fallback: cpu-clock, named from its attr as perf names it
# (cpu-clock:pppH, or cpu-clock:ppp on kernels that refuse exclude_guest)
ev=$(sed -n '1s/: .*//p' m.ev)
case "$ev" in cpu-clock:ppp|cpu-clock:pppH) ;; *) fail "default event is '$ev', not the cpu-clock fallback";; esac
# features perf shows
$PERF report --header-only -i m.data >m.hdr
for k in "hostname :" "os release :" "arch :" "nrcpus online :" "cmdline : " "event : name = $ev," "time of first sample"; do
	assert_contains "header" "$k" m.hdr
done
grep -q "cmdline : .*mperf record -o m.data -- $WL/cpuburn -n 7000" m.hdr || fail "cmdline feature"
# the build-ids of the DSOs with samples, as perf lists them
$PERF buildid-list -i m.data >m.bid 2>&1
assert_contains "build-id" "$WL/cpuburn" m.bid
want=$(file -L "$WL/cpuburn" | sed -n 's/.*BuildID\[sha1\]=\([0-9a-f]*\).*/\1/p')
[ -z "$want" ] || assert_contains "cpuburn build-id" "$want $WL/cpuburn" m.bid
# --buildid-all: every mapped object, [vdso] (the kernel's image) too
$MPERF record -q --buildid-all -o ma.data -- true >/dev/null 2>&1 || fail "mperf record --buildid-all"
$PERF record -q --buildid-all -o pa.data -- true >/dev/null 2>&1 || fail "perf record --buildid-all"
assert_eq "--buildid-all build-ids" "$($PERF buildid-list -i pa.data 2>&1 | sort)" "$($PERF buildid-list -i ma.data 2>&1 | sort)"
$PERF buildid-list -i ma.data 2>&1 | grep -q ' \[vdso\]$' || fail "--buildid-all: no [vdso] build-id"

# same hot symbols: perf's top 5 and ours within 5 points
sym_shares m.data --no-children >m.sym
sym_shares p.data --no-children >p.sym
echo "self shares (mperf, perf):"
shares_match m.sym p.sym 5 5 || fail "hot symbols differ from perf record's"

# --- -g: callchains give the same children shares -------------------------
$MPERF record -q -g -F 8000 -o mg.data -- "$WL/cpuburn" -n 7000 >/dev/null 2>&1 || fail "mperf record -g failed"
$PERF record -q -g -F 8000 -o pg.data -- "$WL/cpuburn" -n 7000 >/dev/null 2>&1 || fail "perf record -g failed"
perf_reads mg.data
$PERF evlist -v -i mg.data >m.ev 2>&1
$PERF evlist -v -i pg.data >p.ev 2>&1
assert_eq "-g attr vs perf record" "$(cat p.ev)" "$(cat m.ev)"
sym_shares mg.data --children -g none >mg.sym
sym_shares pg.data --children -g none >pg.sym
echo "children shares (mperf, perf):"
shares_match mg.sym pg.sym 6 5 || fail "callchain (children) shares differ from perf record's"
# a deep chain is complete: leaf ... main
$PERF script -i mg.data 2>/dev/null | awk '/^cpuburn/ {n++} /main\+/ {m++} END { exit !(n > 0 && m > n * 0.9) }' ||
	fail "callchains do not reach main"

# --- --call-graph dwarf: perf unwinds our register+stack copies the same --
# (two short runs of a sampled workload: shares move by a few points from
# run to run, so a pair that differs is recorded once more before failing)
try=0
while :; do
	try=$((try + 1))
	$MPERF record -q --call-graph dwarf -o md.data -- "$WL/cpuburn" -n 4000 >/dev/null 2>&1 || fail "mperf record dwarf failed"
	$PERF record -q --call-graph dwarf -o pd.data -- "$WL/cpuburn" -n 4000 >/dev/null 2>&1 || fail "perf record dwarf failed"
	perf_reads md.data
	sym_shares md.data --children -g none >md.sym
	sym_shares pd.data --children -g none >pd.sym
	echo "dwarf children shares (mperf, perf), run $try:"
	if [ $try -eq 1 ]; then
		(shares_match md.sym pd.sym 8 5) && break
		echo "(differs: recording both once more)"
	else
		shares_match md.sym pd.sym 8 5 || fail "dwarf-unwound shares differ from perf record's twice"
		break
	fi
done

# --- perf.data exists: renamed to .old ---------------------------------------
$MPERF record -q -o m.data -- "$WL/cpuburn" 0.1 >/dev/null 2>&1 || fail "second record failed"
[ -s m.data.old ] || fail "old file not kept as m.data.old"
echo ok
