#!/bin/sh
# mperf report --folded vs perf script | stackcollapse (awk stand-in: the Perl
# script is not packaged in Debian 12) on the same -g recording, same run:
# wall time and peak RSS, and the ratio. Also --flamegraph and --pprof times.
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
M=./mperf
P=${PERF:-/usr/bin/perf}
W=tests/workloads
[ -x "$P" ] || { echo "skip: no $P"; exit 0; }
[ -x $W/cpuburn ] || { echo "skip: make workloads first"; exit 0; }
[ -x /usr/bin/time ] || { echo "skip: no /usr/bin/time (apt-get install time)"; exit 0; }
T=$(mktemp -d /tmp/mperf-bench.XXXXXX)
trap 'rm -rf "$T"' EXIT INT TERM
SECS=${SECS:-3}
sed -n '/^cat > "\$T\/sc.awk" <<.AWK.$/,/^AWK$/p' tests/shell/folded.sh | sed '1d;$d' > "$T/sc.awk"
$P record -q -F 4999 -g -o "$T/fp.data" -- $W/cpuburn $SECS >/dev/null 2>&1 || { echo "skip: perf record failed"; exit 0; }
n=$($P report -i "$T/fp.data" --stats 2>/dev/null | awk '/SAMPLE events:/ { print $3; exit }')
echo "input: perf record -F 4999 -g cpuburn $SECS: $n samples"
# median of 3: "seconds maxrss_kb"
measure() {
	for i in 1 2 3; do
		/usr/bin/time -f '%e %M' -o "$T/t" sh -c "$1" >/dev/null 2>&1
		cat "$T/t"
	done | sort -n | sed -n 2p
}
m=$(measure "$M report -i $T/fp.data --folded > $T/m.folded")
p=$(measure "$P script -i $T/fp.data 2>/dev/null | awk -f $T/sc.awk > $T/p.folded")
LC_ALL=C sort "$T/p.folded" > "$T/p.sorted"
same=$(cmp -s "$T/m.folded" "$T/p.sorted" && echo identical || echo "DIFFERENT in $(diff "$T/p.sorted" "$T/m.folded" | grep -c '^<') of $(wc -l < "$T/p.sorted") lines")
echo "$m $p" | awk -v same="$same" '{ printf "folded: mperf %.2fs %d MB  perf script+collapse %.2fs %d MB (perf alone)  speed ratio %.1fx  output %s\n", $1, $2 / 1024, $3, $4 / 1024, ($1 > 0 ? $3 / $1 : 0), same }'
fg=$(measure "$M report -i $T/fp.data --flamegraph $T/fg.svg")
pp=$(measure "$M report -i $T/fp.data --pprof $T/p.pb.gz")
echo "$fg $pp" | awk '{ printf "mperf --flamegraph %.2fs %d MB, --pprof %.2fs %d MB\n", $1, $2 / 1024, $3, $4 / 1024 }'
