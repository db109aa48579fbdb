#!/bin/sh
# report --stdio equals perf 6.1's report on every perf 6.1 file (default, --sort, --no-children -g none)
. "$(dirname "$0")/lib.sh"
D="$DATA/perf-6.1"
[ -f "$D/cpuburn-fp.data" ] || skip "no perf 6.1 test data"
tmpdir
# the files name their binaries /opt/mperf-testdata/bin/*: a symfs tree
mkdir -p "$T/symfs/opt/mperf-testdata"
ln -s "$D/bin" "$T/symfs/opt/mperf-testdata/bin"
# libc and ld.so: this machine's (perf takes no file from outside a --symfs tree)
ln -s /usr "$T/symfs/usr"
# libc/ld.so symbols come from this host's Debian 12 libc (and its debug
# file): the expected outputs need the same build
LIBC=/lib/x86_64-linux-gnu/libc.so.6
[ -f /usr/lib/debug/.build-id/93/ac61ec5a8eb1396f9fbd350e3169a558528a40.debug ] ||
	skip "libc6-dbg of the Debian 12 libc the files were made with is not installed"
n=0
for data in "$D"/*.data; do
	name=$(basename "$data" .data)
	for v in report report-sort report-nochildren; do
		exp="$D/$name.$v.txt"
		[ -f "$exp" ] || continue
		case $v in
		report) args="" ;;
		report-sort) args="--sort comm,dso,sym" ;;
		report-nochildren) args="--no-children --sort comm,dso,sym -g none" ;;
		esac
		# perf stat record files: perf report prints stat output
		[ "$name" = stat-record ] && continue
		# shellcheck disable=SC2086
		"$MPERF" report -i "$data" --stdio --symfs "$T/symfs" --kallsyms "$D/kallsyms" \
			$args > "$T/out" 2> "$T/err" || { cat "$T/err" >&2; fail "$name $v: exit $?"; }
		# the last lines are perf's random tip / mperf's quality summary
		head -n -3 "$T/out" > "$T/a"
		head -n -3 "$exp" > "$T/b"
		if ! cmp -s "$T/a" "$T/b"; then
			diff "$T/a" "$T/b" | head -20 >&2
			fail "$name $v differs from perf's"
		fi
		n=$((n + 1))
	done
done
[ $n -ge 30 ] || fail "only $n comparisons ran"
grep -q "mperf quality: 1001 samples, 0.00% with unresolved symbols" "$T/out" 2>/dev/null ||
	"$MPERF" report -i "$D/cpuburn-fp.data" --stdio --symfs "$T/symfs" --kallsyms "$D/kallsyms" |
	grep -q "mperf quality: 1001 samples, 0.00% with unresolved symbols, 0 lost, 0 without callchain" ||
	fail "quality summary"
echo "$n reports equal to perf's"
