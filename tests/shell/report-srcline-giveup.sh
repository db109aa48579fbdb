#!/bin/sh
# perf gives up on an object's source lines after 123 look-ups that found none before one that did: report -s srcline (children or not, sort orders) and script -F srcline on a stripped PIE and a stripped executable name the same samples' lines as perf does, before and after it gave up
. "$(dirname "$0")/lib.sh"
need_perf
need_root
need_cmds gcc strip addr2line
tmpdir
private_home
# A stripped PIE whose one exported function, hot, lies above the others:
# addr2line finds hot ("??:?", perf's "??:0") and nothing below it. The
# first 25 ms spin in static code, then in hot: a children report looks
# every frame up (raw addresses, which miss) and gives up during the first
# phase; without children only the samples' own addresses are looked up,
# fewer than 123 before the first one in hot (2000 Hz: at most 50).
cat >"$T/giveup.c" <<'SRC'
#include <time.h>

volatile unsigned long sink;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

void hot(unsigned long n);

static __attribute__((noinline)) void spin(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink ^= i;
}

static __attribute__((noinline)) void level(int d, int phase, double until)
{
	if (d) {
		level(d - 1, phase, until);
		sink++;
		return;
	}
	while (now() < until) {
		if (phase)
			hot(20000);
		else
			spin(20000);
	}
}

int main(void)
{
	double t = now();

	level(12, 0, t + 0.025);
	level(12, 1, t + 0.3);
	return 0;
}

__attribute__((noinline)) void hot(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink += i * 7;
}
SRC
W=$T/giveup
gcc -O1 -fno-omit-frame-pointer -fno-inline -fno-toplevel-reorder -fPIE -pie \
	-Wl,--export-dynamic-symbol=hot -o "$W" "$T/giveup.c" 2>"$T/cc.err" ||
	{ cat "$T/cc.err" >&2; skip "gcc cannot build the workload"; }
strip "$W"
# the premise: addr2line finds hot, and nothing in the static code below it
H=$(nm -D "$W" | awk '$3 == "hot" { print $1 }')
[ -n "$H" ] || skip "hot is not exported"
addr2line -e "$W" -f 0x"$H" | grep -qx '??:?' || skip "addr2line does not find hot by its symbol"
addr2line -e "$W" -f 0x1040 | grep -qx '??:0' || skip "addr2line finds code below hot"
"$PERF" record -q -F 2000 -g -o "$T/p.data" "$W" >/dev/null 2>&1 || skip "perf record -g does not work here"
n=0
same() {	# OPTS...
	"$PERF" report -i "$T/p.data" --stdio "$@" >"$T/p" 2>/dev/null || fail "perf report $*"
	"$MPERF" report -i "$T/p.data" --stdio "$@" >"$T/m" 2>"$T/err" ||
		{ cat "$T/err" >&2; fail "mperf report $*: exit status"; }
	head -n -3 "$T/p" >"$T/b"
	head -n -3 "$T/m" >"$T/a"
	if ! diff "$T/a" "$T/b" >"$T/diff"; then
		head -20 "$T/diff" >&2
		fail "report $* differs from perf's"
	fi
	n=$((n + 1))
}
# perf gave up in the children report: hot's samples show the fallback
same -s srcline
grep -Eq '^ +[0-9.]+% +[0-9.]*[1-9][0-9.]*% +hot\+[0-9]+ *$' "$T/b" ||
	{ cat "$T/b" >&2; fail "premise: perf's children report shows no 'hot+N' row of self samples"; }
# and not without children: those samples are "??:0"
same --no-children -s srcline
grep -q 'hot+' "$T/b" && { cat "$T/b" >&2; fail "premise: perf gave up without children too"; }
assert_contains "perf's line of hot" "??:0" "$T/b"
same -s sym,srcline
same -s srcline,sym
same -s dso,srcline
same -s srcline -g address
# script: each sample's and frame's line, perf gives up on the way
for f in ip,sym,srcline comm,ip,sym,dso,srcline; do
	"$PERF" script -i "$T/p.data" -F $f >"$T/p" 2>/dev/null || fail "perf script -F $f"
	"$MPERF" script -i "$T/p.data" -F $f >"$T/m" 2>"$T/err" ||
		{ cat "$T/err" >&2; fail "mperf script -F $f: exit status"; }
	if ! diff "$T/m" "$T/p" >"$T/diff"; then
		head -20 "$T/diff" >&2
		fail "script -F $f differs from perf's"
	fi
	n=$((n + 1))
done
# the same as an executable (-no-pie): perf names an address it finds no
# line for at its link-time place ("giveup[4011e1]"), and looks frames up
# at their raw addresses moved by that much again
gcc -O1 -fno-omit-frame-pointer -fno-inline -fno-toplevel-reorder -no-pie \
	-Wl,--export-dynamic-symbol=hot -o "$W" "$T/giveup.c" 2>"$T/cc.err" ||
	{ cat "$T/cc.err" >&2; fail "gcc -no-pie cannot build the workload"; }
strip "$W"
"$PERF" record -q -F 2000 -g -o "$T/p.data" "$W" >/dev/null 2>&1 || fail "perf record -g of the executable"
same -s srcline
grep -Eq 'giveup\[4[0-9a-f]{5}\]' "$T/b" || { cat "$T/b" >&2; fail "premise: perf names no link-time address"; }
same --no-children -s srcline
same -s sym,srcline
"$PERF" script -i "$T/p.data" -F ip,sym,srcline >"$T/p" 2>/dev/null || fail "perf script of the executable"
"$MPERF" script -i "$T/p.data" -F ip,sym,srcline >"$T/m" 2>"$T/err" || { cat "$T/err" >&2; fail "mperf script of the executable"; }
diff "$T/m" "$T/p" >"$T/diff" || { head -20 "$T/diff" >&2; fail "script of the executable differs from perf's"; }
n=$((n + 1))
echo "$n reports and scripts equal to perf's across its giving up"
