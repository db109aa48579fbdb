#!/bin/sh
# mperf record vs perf record on the same work, in the same run:
#  1. workload slowdown at -F 10000 -g (fixed work, the workload's own time)
#  2. recorder CPU time for -a -g -F 10000 on a busy machine, and lost events
# Prints one line per measure with both tools and the mperf/perf ratio.
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
M=./mperf
P=${PERF:-/usr/bin/perf}
W=tests/workloads
[ -x "$P" ] || { echo "skip: no $P"; exit 0; }
[ -x $W/cpuburn ] || { echo "skip: make workloads first"; exit 0; }
T=$(mktemp -d /tmp/mperf-bench.XXXXXX)
trap 'rm -rf "$T"; kill $busy 2>/dev/null' EXIT INT TERM
ITER=${ITER:-12000}
REPS=${REPS:-3}

# median of the numbers on stdin
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
# lost events of a file as perf counts them
lost() { $P report -i "$1" --stats 2>/dev/null | awk '/LOST(_SAMPLES)? events:/ { n += $3 } END { print n + 0 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }

# 1. the workload's own elapsed time, alone and under each recorder
for i in $(seq $REPS); do
	/usr/bin/time -f %e $W/cpuburn -n $ITER 2>&1 >/dev/null | tail -1
done | median >"$T/base"
for tool in mperf perf; do
	[ $tool = mperf ] && R=$M || R=$P
	for i in $(seq $REPS); do
		$R record -q -F 10000 -g -o "$T/$tool.data" -- /usr/bin/time -f %e $W/cpuburn -n $ITER 2>&1 >/dev/null | tail -1
	done | median >"$T/$tool.wl"
	lost "$T/$tool.data" >"$T/$tool.wl.lost"
done
base=$(cat "$T/base")
mw=$(cat "$T/mperf.wl"); pw=$(cat "$T/perf.wl")
echo "workload cpuburn -n $ITER alone: ${base}s (median of $REPS)"
printf 'record -F 10000 -g, workload time: mperf %ss (+%s%%)  perf %ss (+%s%%)  ratio %s\n' \
	"$mw" "$(awk -v a="$mw" -v b="$base" 'BEGIN { printf "%.1f", (a / b - 1) * 100 }')" \
	"$pw" "$(awk -v a="$pw" -v b="$base" 'BEGIN { printf "%.1f", (a / b - 1) * 100 }')" \
	"$(ratio "$mw" "$pw")"
echo "record -F 10000 -g, lost events: mperf $(cat "$T/mperf.wl.lost")  perf $(cat "$T/perf.wl.lost")"

# 2. -a -g -F 10000 while two CPU burners keep the machine busy: the
#    recorder's own CPU time (user+sys of the recorder: `sleep` costs nothing)
$W/cpuburn 1000 >/dev/null 2>&1 &
busy="$!"
$W/mthreads 1 1000 >/dev/null 2>&1 &
busy="$busy $!"
sleep 0.3
for tool in mperf perf; do
	[ $tool = mperf ] && R=$M || R=$P
	for i in $(seq $REPS); do
		/usr/bin/time -f '%U %S' $R record -q -a -g -F 10000 -o "$T/$tool.a.data" -- sleep 2 2>&1 >/dev/null |
			tail -1 | awk '{ print $1 + $2 }'
	done | median >"$T/$tool.cpu"
	lost "$T/$tool.a.data" >"$T/$tool.a.lost"
	$P report -i "$T/$tool.a.data" --stats 2>/dev/null | awk '/SAMPLE events:/ { print $3; exit }' >"$T/$tool.a.samples"
done
kill $busy 2>/dev/null
busy=
mc=$(cat "$T/mperf.cpu"); pc=$(cat "$T/perf.cpu")
printf 'record -a -g -F 10000 (2 s, busy), recorder CPU: mperf %ss  perf %ss  ratio %s\n' "$mc" "$pc" "$(ratio "$mc" "$pc")"
echo "record -a -g -F 10000, samples: mperf $(cat "$T/mperf.a.samples")  perf $(cat "$T/perf.a.samples")"
echo "record -a -g -F 10000, lost events: mperf $(cat "$T/mperf.a.lost")  perf $(cat "$T/perf.a.lost")"
