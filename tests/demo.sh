#!/bin/sh
# make demo: a short real session of mperf on the bundled workloads.
# Each step prints the command, then its real output.
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
M=./mperf
run() { printf '\n$ %s\n' "$*"; "$@"; }
[ -e /sys/kernel/tracing/events ] || { [ "$(id -u)" = 0 ] && mount -t tracefs nodev /sys/kernel/tracing 2>/dev/null; }

run $M --version
for f in tests/demo.d/*.sh; do [ -f "$f" ] && . "$f"; done
echo
echo "demo done."
