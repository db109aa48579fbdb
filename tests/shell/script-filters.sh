#!/bin/sh
# script --time (seconds, several ranges, percent slices), -C, --pid, --tid, --comms, --dsos, -S print what perf script prints, on perf 6.1 files, a fresh -a recording and a wall-clock (-k realtime) one
. "$(dirname "$0")/lib.sh"
need_perf
tmpdir
D="$DATA/perf-6.1"
S=$(report_symargs)

n=0
# same FILE OPTS: mperf script == perf script (stdout), both exit 0
same() {
	# shellcheck disable=SC2086
	"$PERF" script -i "$1" $S $2 >"$T/p" 2>/dev/null || fail "perf script $2 on $1 failed"
	# shellcheck disable=SC2086
	"$MPERF" script -i "$1" $S $2 >"$T/m" 2>"$T/err" ||
		{ cat "$T/err" >&2; fail "mperf script $2 on $1: exit status"; }
	cmp -s "$T/m" "$T/p" || { diff "$T/m" "$T/p" | head >&2; fail "script $2 on $1 differs from perf's"; }
	n=$((n + 1))
}
# --reltime with --time: perf adds the first sample's time to every range,
# percent ones and an open end too (then nothing is printed)
# (mperf warns once then, not for a range with both ends)
for o in "--reltime --time 10%-20%" "--reltime --time 0.1," "--reltime --time ,0.1"; do
	same "$D/cpuburn-fp.data" "$o"
	case $o in
	*,0.1) [ -s "$T/err" ] && fail "$o: a warning for a range with both ends" ;;
	*) grep -q 'selects (almost) nothing' "$T/err" || fail "$o: no warning" ;;
	esac
done
# refused FILE OPTS: perf and mperf both refuse, with the same status
# (234 for --time, 255 for -C), mperf in one line
refused() {
	# shellcheck disable=SC2086
	"$PERF" script -i "$1" $S $2 >/dev/null 2>&1 && fail "perf takes $2"
	_ps=$?
	# shellcheck disable=SC2086
	"$MPERF" script -i "$1" $S $2 >"$T/m" 2>"$T/err" && fail "mperf takes $2"
	_ms=$?
	[ "$_ps" = "$_ms" ] || fail "$2: exit status $_ms, perf's $_ps"
	[ -s "$T/m" ] && fail "mperf printed samples for $2"
	[ "$(wc -l <"$T/err")" -eq 1 ] || { cat "$T/err" >&2; fail "$2: not one error line"; }
	n=$((n + 1))
}

# --time on cpuburn-fp (samples 1734.373038 .. 1735.374116): the ends of a
# range are inclusive, percent slices do not share their boundary
f="$D/cpuburn-fp.data"
for t in 1734.5,1734.6 1734.5, ,1734.4 1734.373038,1734.375040 1734.123456789,1734.4 \
	 10%/2 0%-10% 10%/1,10%/2 10%/2,10%/1 0%-10%,30%-40% 0%-20%,10%-30% 50% 5.5%/3 \
	 33.3%/3 99.9%-100% 0%-0% 20%-10% 1734.500188,1734.500188 , 1734.,; do
	same "$f" "--time $t"
done
# several ranges are one argument with spaces
"$PERF" script -i "$f" $S --time "1734.5,1734.6 1734.7,1734.8 1735," >"$T/p" 2>/dev/null
"$MPERF" script -i "$f" $S --time "1734.5,1734.6 1734.7,1734.8 1735," >"$T/m" || fail "3 ranges"
cmp -s "$T/m" "$T/p" || fail "3 time ranges differ"
[ "$(grep -c cpu-clock "$T/m")" -eq 574 ] || fail "3 time ranges: $(grep -c cpu-clock "$T/m") samples, not 574"
for t in abc 1735,1734 1734.5 1734.1234567891, 10%/0 10%/11 0%/1 110% -1,1734.4; do
	refused "$f" "--time $t"
done
"$MPERF" script -i "$f" $S --time "1734.6,1734.7 1734.5,1734.55" >/dev/null 2>&1 &&
	fail "ranges out of order taken"
# percentages need the SAMPLE_TIME feature, which a pipe file lacks
"$MPERF" script -i "$D/cpuburn-pipe.data" --time 10%/1 >/dev/null 2>"$T/err" && fail "pipe percent taken"
assert_contains "pipe percent" "percentages need the first/last sample times" "$T/err"

# -C, --pid, --tid, --comms, with and without side-band records
f="$D/syswide-fp.data"
for o in "-C 0" "-C 1" "-C 1,0" "--comms mt-worker-0" "-c mt-worker-0,kdamond.0" \
	 "--pid 23700" "--tid 23702,77" "--pid 23700 --comms mt-worker-1" \
	 "--show-task-events --show-mmap-events -C 1" "--show-task-events --pid 23700" \
	 "-F comm,tid,time --pid 23700 --time 25%-75%"; do
	same "$f" "$o"
done
same "$D/sched-switch.data" "-C 1"
same "$D/sched-switch.data" "--comms perf"
refused "$f" "-C 3"
refused "$f" "-C x"
refused "$D/cpuburn-fp.data" "-C 0"
# a pipe: the CPU count is not known yet, perf refuses every -C
refused "$D/cpuburn-pipe.data" "-C 0"
# an empty -C on a pipe: perf keeps the samples without a CPU only
same "$D/cpuburn-pipe.data" "--cpu="
[ -s "$T/p" ] || fail "perf printed nothing for a pipe without CPUs and -C ''"
"$PERF" inject -i "$D/syswide-fp.data" -o - >"$T/sw.pdata" 2>/dev/null || fail "perf inject -o - failed"
same "$T/sw.pdata" "--cpu="
[ -s "$T/p" ] && fail "perf printed samples with CPUs for -C ''"
# both refused: perf checks -C first (255), then --time (234)
refused "$D/cpuburn-fp.data" "-C 0 --time 10%/x"
refused "$D/cpuburn-pipe.data" "-C 0 --time 2,1"
"$MPERF" script -i "$f" --pid x >/dev/null 2>"$T/err" && fail "--pid x taken"
# --dsos and -S on the sample's own symbol
f="$D/dsouser-fp.data"
for o in "-S mwork_hash" "-S mwork_hash,local_burn" "--dsos libmwork.so" \
	 "--dsos /opt/mperf-testdata/bin/libmwork.so" "-F comm,time,event --dsos libmwork.so"; do
	same "$f" "$o"
done

# --stop-bt: a callchain printed ends with the first frame of these
# symbols (fp and DWARF chains, an inlined frame, a kernel one, -G)
for fo in "cpuburn-fp --stop-bt=cb_lima_a_l4" "cpuburn-fp --stop-bt=main,cb_kilo_a_l4" \
	  "cpuburn-dwarf --stop-bt=main,cb_kilo_a_l4" "ldso-inline-dwarf --stop-bt=intel_check_word" \
	  "syswide-fp --stop-bt=sched_balance_rq" "cpuburn-fp -G --stop-bt=cb_lima_a_l4"; do
	same "$D/${fo%% *}.data" "${fo#* }"
done
"$PERF" script -i "$D/cpuburn-fp.data" $S >"$T/all" 2>/dev/null
"$PERF" script -i "$D/cpuburn-fp.data" $S --stop-bt=cb_lima_a_l4 >"$T/cut" 2>/dev/null
[ "$(wc -l < "$T/cut")" -lt "$(wc -l < "$T/all")" ] || fail "perf's --stop-bt cut nothing (the premise)"
# empty items of the name lists, kept as perf keeps them: "" and ","
# match nothing, ",X" is two items (report shows no "# comm:" line then
# and keeps the column); mperf took "" for no filter and dropped the item
for o in --comms= --dsos= --comms=, --comms=,mt-worker-0 --symbols=,local_burn --dsos=,mthreads; do
	same "$D/dsouser-fp.data" "$o"
	# shellcheck disable=SC2086
	report_vs_perf "$D/dsouser-fp.data" $S "$o"
	n=$((n + 1))
done
# a fresh system-wide recording with two busy threads
if [ "$(id -u)" = 0 ] && [ -x "$WL/mthreads" ]; then
	"$PERF" record -q -a -g -F 499 -o "$T/a.data" -- "$WL/mthreads" 2 0.3 >/dev/null 2>&1 ||
		skip "perf record -a does not work here"
	pid=$("$PERF" script -i "$T/a.data" -F comm,pid 2>/dev/null | awk '$1 == "mt-worker-1" { print $2; exit }')
	tid=$("$PERF" script -i "$T/a.data" -F comm,tid 2>/dev/null | awk '$1 == "mt-worker-1" { print $2; exit }')
	[ -n "$pid" ] && [ -n "$tid" ] || fail "no mt-worker-1 samples in the fresh recording"
	S=
	for o in "-C 0" "-C 1" "--pid $pid" "--tid $tid" "--comms mt-worker-0" "--time 10%/3" \
		 "--time 30%-60%,80%-90%" "-C 1 --pid $pid --time 0%-50%" "--show-task-events -C 0"; do
		same "$T/a.data" "$o"
	done
fi
# a wall-clock recording (-k realtime, times of ~1.8e18 ns): perf adds a
# slice's start to the first time in double, so its ends fall on
# multiples of 256 ns; report and script keep the same samples
if [ "$(id -u)" = 0 ] && [ -x "$WL/cpuburn" ] &&
	"$PERF" record -q -k CLOCK_REALTIME -F 2000 -o "$T/rt.data" -- "$WL/cpuburn" 0.3 >/dev/null 2>&1; then
	S=
	for t in 5%/20 25%/2,25%/4 3%/33 7%/3,7%/9 10%-20%,40%-60% 33%-66%; do
		same "$T/rt.data" "--time $t"
		"$PERF" report -i "$T/rt.data" --stdio -s comm,sym -g none --time $t 2>/dev/null |
			grep '^# Samples' >"$T/p"
		"$MPERF" report -i "$T/rt.data" --stdio -s comm,sym -g none --time $t 2>/dev/null |
			grep '^# Samples' >"$T/m"
		cmp -s "$T/p" "$T/m" || fail "report --time $t on a realtime file: $(cat "$T/m"), perf: $(cat "$T/p")"
	done
fi
echo "$n filter runs equal to perf's"
