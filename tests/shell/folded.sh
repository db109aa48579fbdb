#!/bin/sh
# report --folded gives stackcollapse-perf's lines for perf script of the same file (fp, dso, pipe, zstd, -a)
. "$(dirname "$0")/lib.sh"
"$MPERF" report --list-opts 2>/dev/null | grep -q -- '--folded' || skip "mperf report has no --folded"
tmpdir
D=$DATA/perf-6.1

# FlameGraph's stackcollapse-perf.pl is not packaged in Debian 12 (not on
# this machine): its folding rules are re-implemented below in awk and
# applied to perf 6.1's own `perf script` output of each file.
if command -v stackcollapse-perf.pl >/dev/null 2>&1; then
	collapse() { stackcollapse-perf.pl; }
else
	collapse() { awk -f "$T/sc.awk" | LC_ALL=C sort; }
fi
cat > "$T/sc.awk" <<'AWK'
function tidy(f,   i, p, q) {
	gsub(/;/, ":", f)
	if (f !~ /\.\(.*\)\./) {
		q = f; p = 0
		while ((i = index(q, "(")) > 0) {
			if (substr(q, i, 21) != "(anonymous namespace)") { f = substr(f, 1, p + i - 1); break }
			p += i; q = substr(q, i + 1)
		}
	}
	gsub(/["']/, "", f)
	return f
}
/^#/ { next }
/^$/ {
	if (pname != "") { s = pname; if (stack != "") s = s ";" stack; count[s]++ }
	stack = ""; pname = ""; next
}
/^[^ \t]/ {
	if (match($0, /[ \t]+[0-9]+(\/[0-9]+)?[ \t]+/)) {
		comm = substr($0, 1, RSTART - 1)
		if (match($0, /[^ \t]+:[ \t]*$/)) {
			ev = substr($0, RSTART); sub(/:[ \t]*$/, "", ev)
			if (filter == "") filter = ev
			else if (ev != filter) { pname = ""; next }
		}
		gsub(/ /, "_", comm); pname = comm
	}
	next
}
{
	if (pname == "") next
	line = $0; sub(/^[ \t]+/, "", line)
	pc = line; sub(/[ \t].*/, "", pc)
	rest = substr(line, length(pc) + 1); sub(/^[ \t]+/, "", rest)
	lastp = 0; tmp = rest; off = 0
	while (match(tmp, / \([^ ]*\)/)) { lastp = off + RSTART; off += RSTART; tmp = substr(tmp, RSTART + 1) }
	if (!lastp) next
	fn = substr(rest, 1, lastp - 1); mod = substr(rest, lastp + 2); sub(/\).*$/, "", mod)
	sub(/\+0x[0-9a-f]+$/, "", fn)
	if (fn ~ /^\(/) next
	n = split(fn, parts, /->/); out = ""
	for (k = 1; k <= n; k++) {
		f = parts[k]
		if (f == "[unknown]") {
			if (mod != "[unknown]") { f = mod; sub(/.*\//, "", f) } else f = "unknown"
			f = "[" f "]"
		}
		f = tidy(f)
		if (k > 1) f = f "_[i]"
		out = out == "" ? f : out ";" f
	}
	stack = stack == "" ? out : out ";" stack
}
END { for (s in count) print s, count[s] }
AWK

script_of() { cat "$D/$1.script.txt"; }	# perf's own perf script output

for name in ${FOLDED_FILES:-cpuburn-fp dsouser-fp cpuburn-pipe cpuburn-zstd cpuburn-overwrite syswide-fp}; do
	[ -f "$D/$name.data" ] || fail "missing $D/$name.data"
	script_of $name | collapse > "$T/$name.want"
	"$MPERF" report -i "$D/$name.data" $(report_symargs) --folded > "$T/$name.got" 2> "$T/$name.err" ||
		{ cat "$T/$name.err" >&2; fail "$name: mperf report --folded failed"; }
	want_n=$(awk '{s += $NF} END {print s}' "$T/$name.want")
	got_n=$(awk '{s += $NF} END {print s}' "$T/$name.got")
	assert_eq "$name: samples in folded output" "$want_n" "$got_n"
	diff -u "$T/$name.want" "$T/$name.got" > "$T/$name.diff" ||
		{ head -40 "$T/$name.diff" >&2; fail "$name: folded lines differ from stackcollapse-perf of perf script"; }
	echo "$name: $(wc -l < "$T/$name.got") folded lines, $got_n samples, identical"
done

[ -n "$FOLDED_FILES" ] && exit 0
# pipe mode from stdin
cat "$D/cpuburn-pipe.data" | "$MPERF" report $(report_symargs) --folded > "$T/stdin.got" ||
	fail "report --folded from stdin failed"
cmp -s "$T/stdin.got" "$T/cpuburn-pipe.got" || fail "stdin pipe-mode folded differs from -i"
# options: comm-PID, annotations, periods
"$MPERF" report -i "$D/cpuburn-fp.data" $(report_symargs) --folded --folded-pid --folded-annotate \
	> "$T/pid.got" || fail "--folded-pid failed"
grep -q '^cpuburn-23688;' "$T/pid.got" || fail "--folded-pid: no cpuburn-23688 frame"
grep -q '_\[k\]' "$T/pid.got" || fail "--folded-annotate: no kernel frame annotated"
"$MPERF" report -i "$D/cpuburn-fp.data" $(report_symargs) --folded --folded-period > "$T/period.got"
want=$(cat "$D/cpuburn-fp.script.txt" | awk '/cpu-clock/ { s += $(NF-1) } END { print s }')
got=$(awk '{s += $NF} END {print s}' "$T/period.got")
assert_eq "--folded-period total" "$want" "$got"
# --inline-frames: the return address into main (file offset 0x1141) lies in
# now(), inlined into main, as binutils' addr2line -i says too
"$MPERF" report -i "$D/cpuburn-fp.data" $(report_symargs) --folded --inline-frames --folded-annotate \
	> "$T/inl.got" || fail "--inline-frames failed"
assert_eq "--inline-frames samples" 1001 "$(awk '{s += $NF} END {print s}' "$T/inl.got")"
n=$(grep -c ';main;now_\[i\];cb_run_batch;' "$T/inl.got")
assert_eq "--inline-frames: lines with main;now_[i];cb_run_batch" "$(wc -l < "$T/inl.got")" "$n"
if command -v addr2line >/dev/null; then
	assert_eq "addr2line -i at main+0xb1" "now main" "$(addr2line -i -f -e "$D/bin/cpuburn" 0x1141 | sed -n '1p;3p' | tr '\n' ' ' | sed 's/ $//')"
fi
exit 0
