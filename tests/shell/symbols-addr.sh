#!/bin/sh
# report/script --symbols entries that read as hex numbers are sample addresses, as in perf 6.1: matched against the ip as sampled (script --addr-range N: up to N-1 above it too), left out of the '# symbol:' header line
. "$(dirname "$0")/lib.sh"
perf61_data syswide-fp.data dsouser-fp.data
S=$(report_symargs)
# shellcheck disable=SC2086
a=$("$PERF" script -i "$D/syswide-fp.data" $S -F ip -G 2>/dev/null | awk '$1 ~ /^ffffffff/ { print $1; exit }')
[ -n "$a" ] || skip "no kernel sample in syswide-fp.data"
# shellcheck disable=SC2086
script_vs_perf "$D/syswide-fp.data" $S -S "$a"
grep -q . "$T/p" || fail "no sample at address $a"
for s in "$a" "0x$a" "$a,main" "main,0x$a" "0x1144"; do
	# shellcheck disable=SC2086
	both "$D/syswide-fp.data" $S --no-children -S "$s"
	# shellcheck disable=SC2086
	script_vs_perf "$D/syswide-fp.data" $S -S "$s"
done
# script --addr-range N: an entry's address up to N-1 above it; the
# sample's address less 2 with a range of 3 takes it, of 2 does not
# (by its last 4 digits: shell arithmetic is signed 64-bit)
lo=$(echo "$a" | sed 's/.*\(....\)$/\1/')
[ $((0x$lo)) -ge 2 ] || skip "sample address $a ends in 000x"
b=$(echo "$a" | sed 's/....$//')$(printf '%04x' $((0x$lo - 2)))
for r in 3 2 1000; do
	# shellcheck disable=SC2086
	script_vs_perf "$D/syswide-fp.data" $S -S "$b" --addr-range "$r"
done
# shellcheck disable=SC2086
"$MPERF" script -i "$D/syswide-fp.data" $S -S "$b" --addr-range 3 -F ip > "$T/r3" 2>&1
grep -q "$a" "$T/r3" || fail "--addr-range 3 below $a did not take its sample"
# shellcheck disable=SC2086
"$MPERF" script -i "$D/syswide-fp.data" $S -S "$b" --addr-range 2 -F ip > "$T/r2" 2>&1
grep -q "$a" "$T/r2" && fail "--addr-range 2 below $a took its sample"
# the header line names the one symbol left after the addresses
for s in 0x0000000000001144 1144 0X1144 0xzz main,0x1144 0x1144,main; do
	# shellcheck disable=SC2086
	both "$D/dsouser-fp.data" $S -S "$s"
done
echo "ok: $n --symbols lists with addresses equal perf's"
