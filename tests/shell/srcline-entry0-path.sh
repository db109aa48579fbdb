#!/bin/sh
# --full-source-path: rows before a sequence's first file switch are named after DWARF 5 file entry 0 as binutils names them, whole path included, when entries 0 and 1 share a base name in different directories (glibc's intl/l10nflist.c included by sysdeps/x86_64/l10nflist.c)
. "$(dirname "$0")/lib.sh"
need_perf
need_root
need_cmds gcc addr2line
tmpdir
private_home
mkdir "$T/a" "$T/b" "$T/c"
cat >"$T/b/x.c" <<'SRC'
volatile unsigned long sink;
__attribute__((noinline)) static void spin(void)
{
	for (unsigned long i = 0; i < 100000; i++)
		sink += i;
}
int main(void)
{
	for (int n = 0; n < 3000; n++)
		spin();
	return 0;
}
SRC
# c/x.c has no code of its own: entry 0 is c/x.c, entry 1 b/x.c
echo '#include "../b/x.c"' >"$T/c/x.c"
(cd "$T/a" && gcc -O1 -g -gdwarf-5 -o ../prog ../c/x.c) 2>"$T/cc.err" ||
	{ cat "$T/cc.err" >&2; skip "gcc cannot build the workload"; }
"$PERF" record -q -o "$T/p.data" "$T/prog" >/dev/null 2>&1 || skip "perf record does not work here"
n=0
for o in "-F ip,sym,srcline --full-source-path" "-F ip,sym,srcline"; do
	# shellcheck disable=SC2086
	"$PERF" script -i "$T/p.data" $o >"$T/p" 2>/dev/null || fail "perf script $o"
	# shellcheck disable=SC2086
	"$MPERF" script -i "$T/p.data" $o >"$T/m" 2>"$T/err" || { cat "$T/err" >&2; fail "mperf script $o"; }
	case "$o" in *full-source-path*)
		grep -q "/a/../c/x.c:[0-9][0-9]*$" "$T/p" ||
			{ head -20 "$T/p" >&2; fail "premise: binutils does not name entry 0's path"; } ;;
	esac
	diff "$T/m" "$T/p" >"$T/diff" || { head "$T/diff" >&2; fail "script $o differs from perf's"; }
	n=$((n + 1))
done
for o in "--no-children -s srcline --full-source-path" "--no-children -s srcfile --full-source-path"; do
	# shellcheck disable=SC2086
	"$PERF" report -i "$T/p.data" --stdio $o 2>/dev/null | head -n -3 >"$T/p"
	# shellcheck disable=SC2086
	"$MPERF" report -i "$T/p.data" --stdio $o 2>"$T/err" | head -n -3 >"$T/m"
	grep -q 'c/x.c' "$T/p" || fail "premise: perf's report $o names no c/x.c"
	diff "$T/m" "$T/p" >"$T/diff" || { head "$T/diff" >&2; fail "report $o differs from perf's"; }
	n=$((n + 1))
done
echo "$n scripts and reports name entry 0's path as perf does"
