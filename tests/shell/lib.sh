# Helpers for tests/shell/*.sh (sourced, not run).
# MPERF and TOP are set by tests/run.sh; default them for direct runs.
: "${TOP:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${MPERF:=$TOP/mperf}"
PERF=${PERF:-/usr/bin/perf}
DATA="$TOP/tests/data"
WL="$TOP/tests/workloads"

fail() { echo "FAIL: $*" >&2; exit 1; }
skip() { echo "skip: $*"; exit 2; }
need_root() { [ "$(id -u)" = 0 ] || skip "needs root"; }
need_perf() { [ -x "$PERF" ] || skip "no $PERF to compare with"; }
# mktemp dir removed at exit
tmpdir() { T=$(mktemp -d /tmp/mperf-test.XXXXXX); trap 'rm -rf "$T"' EXIT INT TERM; }
# tracefs mounted (mount it when root and missing)
need_tracefs() {
	[ -e /sys/kernel/tracing/events ] && return 0
	[ "$(id -u)" = 0 ] && mount -t tracefs nodev /sys/kernel/tracing 2>/dev/null
	[ -e /sys/kernel/tracing/events ] || skip "tracefs not available"
}
# assert_eq WHAT EXPECTED ACTUAL
assert_eq() { [ "$2" = "$3" ] || fail "$1: expected '$2', got '$3'"; }
# assert_contains WHAT NEEDLE FILE
assert_contains() { grep -qF -- "$2" "$3" || { cat "$3" >&2; fail "$1: '$2' not in $3"; }; }
# report_symargs: --symfs/--kallsyms for the perf 6.1 files of tests/data
# (their workloads ran from /opt/mperf-testdata/bin; libc from this machine).
# Needs tmpdir first; prints the options.
report_symargs() {
	if [ ! -d "$T/symfs" ]; then
		mkdir -p "$T/symfs/opt/mperf-testdata"
		ln -s "$DATA/perf-6.1/bin" "$T/symfs/opt/mperf-testdata/bin"
		ln -s /usr "$T/symfs/usr"
	fi
	echo "--symfs $T/symfs --kallsyms $DATA/perf-6.1/kallsyms"
}
