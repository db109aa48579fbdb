#!/bin/sh
# perf's kernel map: the MMAP's range (to _etext) until a lookup lands in it,
# then its symbols' (init text, trampolines, data); report resolves
# caller-ordered chains from the root, script loads the kernel after its
# first sample. report and script equal perf's on perf 6.1 files given
# such addresses (craft-perfdata.py).
. "$(dirname "$0")/lib.sh"
perf61_data cpuburn-plain.data
K="--kallsyms $D/kallsyms"
BOTH_OPTS=$K
# past _etext first (.rodata, .init.text, static call sites): [unknown]
# for report, resolved by script after its first sample
python3 "$CRAFT" ips "$D/cpuburn-plain.data" "$T/late.data" 1 \
	ffffffff82400008,ffffffff83783010,ffffffff8289d8f4 || fail "craft failed"
both "$T/late.data" -s sym,dso
grep -q '0xffffffff83783010 *\[unknown\]' "$T/perf" || fail "perf resolved past _etext before loading"
# shellcheck disable=SC2086
script_vs_perf "$T/late.data" $K
grep -q 'set_reset_devices+0x0' "$T/p" || fail "perf script did not load the kernel after one sample"
# in the map first: then up to a page past the last symbol, data symbols
# with their offset, below _text and past that page [unknown]
python3 "$CRAFT" ips "$D/cpuburn-plain.data" "$T/early.data" 1 \
	ffffffff81001000,ffffffff83970ff8,ffffffff83971008,ffffffff80fff000,ffffffff83000010 ||
	fail "craft failed"
both "$T/early.data" -s sym,dso
grep -q '__start_early_lsm_info+0x1648' "$T/perf" || fail "perf printed no data symbol offset"
grep -q '0xffffffff83971008 *\[unknown\]' "$T/perf" || fail "perf's kernel map reached past its last page"
both "$T/early.data"
# shellcheck disable=SC2086
script_vs_perf "$T/early.data" $K
# a kernel chain with the first in-map frame in its middle: the caller
# order (children) resolves from the root, the callee order from the leaf
python3 "$CRAFT" kchain "$D/cpuburn-fp.data" "$T/chain.data" \
	ffffffff82400008,ffffffff83783010,ffffffff81001000,ffffffff8289d8f4 || fail "craft failed"
both "$T/chain.data" -s sym,dso
grep -q 'set_reset_devices  ' "$T/perf" || fail "perf's caller order did not resolve past the in-map frame"
both "$T/chain.data" --no-children -s sym,dso
# shellcheck disable=SC2086
script_vs_perf "$T/chain.data" $K
echo "ok: $n reports and scripts equal perf's"
