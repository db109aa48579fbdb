#!/bin/sh
# report --header-only and the report of a file with a feature section that cannot be read (its offset past the end): as perf, no feature after it is read (event descriptions aside), in one warning line
. "$(dirname "$0")/lib.sh"
perf61_data cpuburn-fp.data kallsyms
# the perf.data of $1 with the section of feature $2 pointing past the end
unreadable() {
	python3 - "$D/cpuburn-fp.data" "$T/u.data" "$@" <<'PY' || fail "cannot rewrite the feature table"
import struct, sys
b = bytearray(open(sys.argv[1], 'rb').read())
data_off, data_size = struct.unpack_from('<QQ', b, 40)
bits = int.from_bytes(b[0x48:0x48 + 32], 'little')
pos = data_off + data_size
for feat in range(256):
    if bits >> feat & 1:
        if feat == int(sys.argv[3]):
            struct.pack_into('<Q', b, pos, int(sys.argv[4]) if len(sys.argv) > 4 else len(b) + 4096)
        pos += 16
open(sys.argv[2], 'wb').write(b)
PY
}
# perf fills the cpuid and pmu mappings it did not read from this machine
# (mperf does not); the file's date is the copy's
skip_lines='^# (captured on|cpuid|pmu mappings)[ :]'
for feat in 3 10 11 13; do	# HOSTNAME, TOTAL_MEM, CMDLINE, CPU_TOPOLOGY
	unreadable $feat
	"$PERF" report -i "$T/u.data" --header-only 2>/dev/null | grep -Ev "$skip_lines" > "$T/p"
	"$MPERF" report -i "$T/u.data" --header-only 2> "$T/err" | grep -Ev "$skip_lines" > "$T/m"
	grep -q '^# event : name = cpu-clock:ppp' "$T/p" || fail "perf lost the event description ($feat)"
	cmp -s "$T/m" "$T/p" || { diff "$T/m" "$T/p" >&2; fail "--header-only, feature $feat unreadable: differs from perf's"; }
	[ "$(wc -l < "$T/err")" = 1 ] || { cat "$T/err" >&2; fail "feature $feat unreadable: not one warning line"; }
	grep -q "not read (as perf" "$T/err" || fail "feature $feat unreadable: the warning does not say the rest is not read"
	report_vs_perf "$T/u.data" --kallsyms "$D/kallsyms" --no-children
	n=$((n + 1))
done
# an offset no seek reaches (negative as an off_t: a garbage table):
# perf prints nothing of that feature, not even its empty line
for feat in 3 13; do
	unreadable $feat 9223372036854779904	# 2^63 + 4096
	"$PERF" report -i "$T/u.data" --header-only 2>/dev/null | grep -Ev "$skip_lines" > "$T/p"
	"$MPERF" report -i "$T/u.data" --header-only 2>/dev/null | grep -Ev "$skip_lines" > "$T/m"
	cmp -s "$T/m" "$T/p" || { diff "$T/m" "$T/p" >&2; fail "--header-only, feature $feat at 2^63: differs from perf's"; }
	n=$((n + 1))
done
# a file cut inside its feature table: no feature is read, and the
# "missing features" line names those the file does not have, as perf's
fo=$(python3 -c 'import struct,sys; b=open(sys.argv[1],"rb").read(64); o,s=struct.unpack_from("<QQ",b,40); print(o+s)' "$D/cpuburn-fp.data")
head -c $((fo + 20)) "$D/cpuburn-fp.data" > "$T/cut.data"
"$PERF" report -i "$T/cut.data" --header-only 2>/dev/null | grep -Ev "$skip_lines" > "$T/p"
"$MPERF" report -i "$T/cut.data" --header-only 2> "$T/err" | grep -Ev "$skip_lines" > "$T/m"
grep -q '^# missing features: TRACING_DATA BRANCH_STACK' "$T/p" ||
	fail "perf's missing-features line of the cut file is not the file's bits (the premise)"
cmp -s "$T/m" "$T/p" || { diff "$T/m" "$T/p" >&2; fail "--header-only of a file cut in its feature table: differs from perf's"; }
grep -q "feature sections are missing" "$T/err" || fail "the cut feature table: no warning"
echo "$n files with an unreadable feature section: headers and reports as perf's"
