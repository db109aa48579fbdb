#!/bin/sh
# Rust programs: report and script name their functions as perf 6.1 does.
# (1) Every name of tests/data/rust/names*.txt (legacy "_ZN...17h<hash>E" and
#     v0 "_R..." names of rustc's, the standard library's and crafted ones,
#     C++ names with a tail; OCaml and Java (jitdump) names, crafted and
#     random, which perf demangles too) becomes a function of a program; its
#     samples are pointed at each function in turn, and `script -F ip,sym`
#     must print perf's name for each.
# (2) Recordings of a Rust program (both manglings), fp and dwarf call
#     graphs, by perf and by mperf: reports (with srcline, whose inlined
#     functions sit in DWARF namespaces) and scripts equal perf's.
. "$(dirname "$0")/lib.sh"
need_perf
command -v cc >/dev/null || skip "no C compiler"
command -v python3 >/dev/null || skip "no python3"
tmpdir
R="$DATA/rust"
n=0

# (1) one function per name, 4 bytes each
awk '{ printf ".globl \"%s\"\n.type \"%s\", @function\n\"%s\":\n nop; nop; nop; ret\n.size \"%s\", 4\n", $0, $0, $0, $0 }' \
	"$R/names.txt" "$R/names-other.txt" > "$T/names.s"
cat > "$T/main.c" <<'EOF'
volatile unsigned long x;
int main(void) { for (unsigned long i = 0; i < 300000000UL; i++) x += i; return 0; }
EOF
cc -O1 -no-pie -o "$T/names" "$T/main.c" "$T/names.s" 2>"$T/ccerr" ||
	{ cat "$T/ccerr" >&2; fail "cannot build the program of names"; }
"$PERF" record -q -o "$T/rec.data" -e task-clock -c 20000 "$T/names" >/dev/null 2>&1 ||
	fail "perf record of the program of names failed"
nm "$T/names" | awk '$2 == "T" { sub(/^0*/, "", $1); print $1 }' > "$T/addrs"
python3 "$TOP/tests/shell/craft-perfdata.py" ips "$T/rec.data" "$T/c.data" 2 \
	"$(paste -sd, "$T/addrs")" || fail "craft-perfdata.py ips failed"
"$PERF" script -i "$T/c.data" -F ip,sym 2>/dev/null | grep -av '\[unknown\]' | sort -u > "$T/p"
"$MPERF" script -i "$T/c.data" -F ip,sym 2>/dev/null | grep -av '\[unknown\]' | sort -u > "$T/m"
funcs=$(wc -l < "$T/addrs")
[ "$funcs" -gt 1000 ] || fail "the program has only $funcs functions"
[ "$(wc -l < "$T/p")" -ge "$funcs" ] || fail "perf named only $(wc -l < "$T/p") of $funcs functions"
cmp -s "$T/m" "$T/p" || { diff "$T/m" "$T/p" | head -20 >&2; fail "script -F ip,sym names differ from perf's"; }
# the subject: perf demangles the Rust names
grep -aq " <feat::W<5, true, 'x', -3>>::go\$" "$T/p" || fail "perf did not demangle a v0 name"
grep -aq ' feat::takes_fn$' "$T/p" || fail "perf did not demangle a legacy name"
grep -aq ' foo.bar(int\[\], long\[\]\[\])$' "$T/p" || fail "perf did not demangle a Java name"
grep -aq ' Stdlib.array.map_154$' "$T/p" || fail "perf did not demangle an OCaml name"
n=$((n + 1))

# (2) the Rust program, recorded by both tools
for mv in legacy v0; do
	cp "$R/rsinl-$mv" "$T/rsinl-$mv"
	"$PERF" record -q -o "$T/$mv-dw.data" --call-graph dwarf "$T/rsinl-$mv" >/dev/null 2>&1 ||
		fail "perf record --call-graph dwarf of rsinl-$mv failed"
	"$PERF" record -q -o "$T/$mv-fp.data" -g "$T/rsinl-$mv" >/dev/null 2>&1 ||
		fail "perf record -g of rsinl-$mv failed"
	"$MPERF" record -q -o "$T/$mv-m.data" --call-graph dwarf "$T/rsinl-$mv" >/dev/null 2>&1 ||
		fail "mperf record --call-graph dwarf of rsinl-$mv failed"
	# the subject: inlined functions in DWARF namespaces
	"$PERF" report -i "$T/$mv-dw.data" --stdio --no-children 2>/dev/null > "$T/pr"
	grep -q 'rsinl::outer::inner::mix (inlined)' "$T/pr" ||
		fail "perf shows no inlined rsinl::outer::inner::mix on rsinl-$mv"
	for f in "$T/$mv-dw.data" "$T/$mv-fp.data" "$T/$mv-m.data"; do
		while read -r opts; do
			# shellcheck disable=SC2086
			report_vs_perf "$f" $opts
			n=$((n + 1))
		done <<'LIST'
--no-children
-s sym
-s srcline
-s srcline --no-children
-g caller -s srcline,sym
--no-children -g folded -s dso,sym
LIST
		script_vs_perf "$f"
		script_vs_perf "$f" -F comm,ip,sym,srcline
	done
done
echo "$n checks of Rust names and programs equal to perf's"
