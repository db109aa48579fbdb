#!/bin/sh
# the vdso in dwarf chains, as perf 6.1: a [vdso] the build-id list names is read from its build-id cache copy only (without one: '[unknown]', the chain stops there); one the list does not name (perf record -B) is this machine's own; mperf record lists the vdso always and saves it in ~/.debug (not with -N), as perf record; PERF_BUILDID_DIR moves that cache for the readers too
. "$(dirname "$0")/lib.sh"
need_perf
tmpdir
command -v gcc >/dev/null || skip "no gcc"
# CLOCK_PROCESS_CPUTIME_ID: the vdso makes the system call itself, so
# kernel samples (cpu-clock:k) have user stacks whose first frame is in
# the vdso, and no sample's ip is there
cat > "$T/vc.c" <<'EOC'
#include <time.h>
int main(void)
{
	struct timespec t;

	do
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	while (t.tv_sec * 1000000000L + t.tv_nsec < 100000000L);
	return 0;
}
EOC
gcc -O1 -o "$T/vc" "$T/vc.c" || fail "cannot build the clock loop"
mkdir "$T/h" "$T/empty" "$T/hn"
shift_rec() { _t=$1; shift; HOME="$T/h" "$_t" record -q --call-graph dwarf -e cpu-clock:k "$@" >/dev/null 2>&1; }
shift_rec "$PERF" -o "$T/p.data" "$T/vc" || fail "perf record failed"
shift_rec "$PERF" -B -o "$T/pb.data" "$T/vc" || fail "perf record -B failed"
shift_rec "$MPERF" -o "$T/m.data" "$T/vc" || fail "mperf record failed"
# the list: perf's and mperf's both name the vdso
for f in p m; do
	"$PERF" buildid-list -i "$T/$f.data" 2>/dev/null | grep -q ' \[vdso\]$' ||
		fail "the build-id list of $f.data names no [vdso]"
done
"$PERF" buildid-list -i "$T/pb.data" 2>/dev/null | grep -q vdso && fail "perf record -B listed the vdso"
# mperf record saved the vdso where perf record does; not with -N
ls "$T"/h/.debug/.build-id/*/*/vdso >/dev/null 2>&1 ||
	fail "no vdso copy in the build-id cache after the recordings"
HOME="$T/hn" "$MPERF" record -q -N -o "$T/n.data" "$T/vc" >/dev/null 2>&1 || fail "mperf record -N failed"
[ -e "$T/hn/.debug" ] && fail "mperf record -N wrote a build-id cache"
n=0
for home in h empty; do
	for f in p pb m; do
		HOME="$T/$home"
		export HOME
		script_vs_perf "$T/$f.data"
		# the premise: how perf's chains leave the vdso
		frame=$(grep -m1 -A1 '(\[vdso\])$' "$T/p")
		case "$home/$f" in
		empty/p|empty/m)
			echo "$frame" | grep -q '\[unknown\] (\[vdso\])' ||
				fail "perf named a listed vdso without its cache copy ($f.data): $frame" ;;
		*)
			echo "$frame" | grep -q '__vdso_clock_gettime' ||
				fail "perf did not name the vdso frame ($home, $f.data): $frame"
			grep -A3 '__vdso_clock_gettime' "$T/p" | grep -q ' main+' ||
				fail "perf's chains do not go on to main ($home, $f.data)" ;;
		esac
		reports_vs_perf "$T/$f.data" <<-EOF
		--no-children
		-s sym -v
		-g caller
		EOF
	done
done
# the instruction at a vdso sample (user samples): read from the copy the
# symbols come from, perf's own vdso for the -B recording
HOME="$T/h" "$PERF" record -q -e cpu-clock:u -o "$T/u.data" "$T/vc" >/dev/null 2>&1 || fail "perf record :u failed"
HOME="$T/h" "$PERF" record -q -B -e cpu-clock:u -o "$T/ub.data" "$T/vc" >/dev/null 2>&1 || fail "perf record -B :u failed"
HOME="$T/h"
export HOME
for f in u ub; do
	script_vs_perf "$T/$f.data" -F ip,sym,dso,insn
	grep -q 'vdso.*insn: [0-9a-f]' "$T/p" || fail "premise: perf shows no vdso instruction in $f.data"
done
# $PERF_BUILDID_DIR moves mperf's build-id cache for the readers as for
# record (perf 6.1 ignores the variable: its buildid.dir setting does
# that): the copy found through it gives the chains perf gives with it
HOME="$T/h" "$PERF" script -i "$T/m.data" >"$T/p" 2>/dev/null || fail "perf script with the cache"
HOME="$T/empty" PERF_BUILDID_DIR="$T/h/.debug" "$MPERF" script -i "$T/m.data" >"$T/m" 2>"$T/err" ||
	{ cat "$T/err" >&2; fail "mperf script with PERF_BUILDID_DIR"; }
grep -q '__vdso_clock_gettime' "$T/m" || fail "mperf did not read the vdso copy through PERF_BUILDID_DIR"
diff "$T/m" "$T/p" >/dev/null || fail "script through PERF_BUILDID_DIR differs from perf's with the cache in HOME"
n=$((n + 1))
echo "ok: $n reports and scripts of vdso chains equal perf's"
