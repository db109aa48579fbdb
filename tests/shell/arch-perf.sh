#!/bin/sh
# named vendor events give the same perf_event_attr as perf 6.1 on the same cpuid
. "$(dirname "$0")/lib.sh"
need_perf
need_root
command -v unshare >/dev/null || skip "no unshare(1) for a private mount namespace"
tmpdir

# This VM has no cpu PMU, so neither tool would find the tables' PMU. Give
# both the same Intel-like cpu PMU (tests/data/sysfs-arch: type 4 and the
# format terms of a Skylake-SP/Sapphire Rapids kernel): perf sees it through
# a bind mount over /sys/bus/event_source/devices in its own mount
# namespace and picks its tables by $PERF_CPUID; mperf reads the tree via
# $MPERF_SYSFS and picks by --cpuid. perf prints the attr before trying to
# open, so the attrs are compared although nothing can count here.
# perf 6.1 carries older revisions of Intel's JSON than data/ (e.g. its
# SKX inst_retired.any is event=0xc0 where V1.37 says event=0,umask=0x1);
# the events below are ones both revisions define alike. Every line
# is a cpuid and its events; each is also tried in upper case and with :u.
mkdir "$T/dev"
for d in /sys/bus/event_source/devices/*; do
	ln -s "$(readlink -f "$d")" "$T/dev/${d##*/}"
done
cp -r "$DATA/sysfs-arch/bus/event_source/devices/cpu" "$T/dev/cpu"
attrs() { awk '/^perf_event_attr:/{p=1; next} /^-----/{if (p) print "--"; p=0} p' ; }
perf_attrs() {
	PERF_CPUID=$1 unshare -m sh -c "mount --bind '$T/dev' /sys/bus/event_source/devices &&
		'$PERF' stat -vv -e '$2' true 2>&1" | attrs
}

# sanity: perf does resolve through the fake PMU (else skip, not fail)
perf_attrs GenuineIntel-6-55-4 baclears.any >"$T/p"
grep -q "config  *0x1e6" "$T/p" || skip "perf did not resolve baclears.any through the bind-mounted PMU"

n=0
while read -r cpuid evs; do
	case "$cpuid" in ''|'#'*) continue ;; esac
	for ev in $evs; do
		for form in "$ev" "$(echo "$ev" | tr a-z A-Z)" "$ev:u"; do
			n=$((n + 1))
			perf_attrs "$cpuid" "$form" >"$T/perf"
			MPERF_SYSFS="$DATA/sysfs-arch" "$MPERF" list --cpuid "$cpuid" \
				--print-attr "$form" 2>&1 | attrs >"$T/mperf"
			[ -s "$T/perf" ] || fail "perf printed no attr for $cpuid '$form'"
			if ! cmp -s "$T/perf" "$T/mperf"; then
				echo "attr mismatch for $cpuid '$form' (perf <, mperf >):" >&2
				diff "$T/perf" "$T/mperf" >&2
				fail "attr of $cpuid '$form' differs from perf's"
			fi
		done
	done
done <<'LIST'
# Skylake-SP: cmask, inv+cmask, edge, any, ldlat, offcore_rsp, frontend
GenuineIntel-6-55-4 cycle_activity.stalls_total uops_issued.stall_cycles machine_clears.count int_misc.recovery_cycles_any cpu_clk_unhalted.thread_p_any l1d_pend_miss.pending_cycles mem_trans_retired.load_latency_gt_128 offcore_response.all_data_rd.l3_miss.any_snoop offcore_response.demand_code_rd.l3_hit.hit_other_core_no_fwd frontend_retired.dsb_miss baclears.any offcore_requests.demand_rfo
# Sapphire Rapids
GenuineIntel-6-8F-0 l1d_pend_miss.fb_full_periods ocr.demand_data_rd.l3_hit.snoop_hit_with_fwd ocr.reads_to_core.any_response mem_load_retired.l2_miss fp_arith_inst_retired2.256b_packed_half mem_trans_retired.store_sample inst_retired.any_p
# Ice Lake client
GenuineIntel-6-7E-5 ocr.demand_rfo.l3_miss offcore_requests_outstanding.cycles_with_demand_rfo l2_lines_in.all idq_uops_not_delivered.core cpu_clk_unhalted.one_thread_active uops_executed.cycles_ge_1
# Ice Lake-SP
GenuineIntel-6-6A-5 ocr.demand_data_rd.snc_pmm ocr.other.l3_miss_local core_snoop_response.s_hit_fse dsb2mite_switches.count core_power.lvl1_turbo_license resource_stalls.sb
# Tiger Lake
GenuineIntel-6-8C-1 frontend_retired.dsb_miss frontend_retired.stlb_miss mem_trans_retired.load_latency_gt_64 lsd.cycles_active uops_retired.total_cycles exe_activity.4_ports_util
# Haswell
GenuineIntel-6-3C-3 offcore_response.demand_data_rd.l3_miss.any_response idq_uops_not_delivered.cycles_0_uops_deliv.core cpu_clk_unhalted.ref_xclk_any tx_mem.abort_conflict cycle_activity.stalls_l1d_pending uops_executed_port.port_3
# Skylake client
GenuineIntel-6-5E-3 offcore_response.demand_code_rd.l3_hit.snoop_none l2_lines_out.non_silent offcore_requests_outstanding.l3_miss_demand_data_rd offcore_response.demand_rfo.l3_miss_local_dram.snoop_not_needed
LIST
[ "$n" -ge 140 ] || fail "only $n event strings compared"

# Alder Lake: one attr per core type that has the event, cpu_atom (type 10
# here) first as perf opens them; Golden Cove-only events on cpu_core only
mkdir "$T/hyb"
for d in /sys/bus/event_source/devices/*; do
	ln -s "$(readlink -f "$d")" "$T/hyb/${d##*/}"
done
cp -r "$DATA/sysfs-arch/bus/event_source/devices/cpu_core" \
      "$DATA/sysfs-arch/bus/event_source/devices/cpu_atom" "$T/hyb/"
first_attrs() { awk '/^switching off/ {retry = 1}
	/^perf_event_attr:/ {if (retry) retry = 0; else p = 1; next}
	/^-----/ {if (p) print "--"; p = 0} p' ; }
probed='^  (exclude_guest|exclude_host|sample_id_all) '
for form in br_misp_retired.all_branches topdown.slots 'LD_BLOCKS.STORE_FORWARD:u' \
	    mem_uops_retired.load_latency_gt_4 'br_inst_retired.all_branches:k'; do
	n=$((n + 1))
	PERF_CPUID=GenuineIntel-6-97-2 unshare -m sh -c "mount --bind '$T/hyb' /sys/bus/event_source/devices &&
		'$PERF' stat -vv -e '$form' true 2>&1" >"$T/perf.vv"
	MPERF_SYSFS="$DATA/sysfs-arch" "$MPERF" list --cpuid GenuineIntel-6-97-2 \
		--print-attr "$form" 2>&1 | attrs >"$T/mperf"
	# Kernels that answer EINVAL for the fake PMU types make perf retry
	# with features switched off ("switching off ..."): those retries are
	# the kernel's doing, not the encoding; the attr perf built is the one
	# before them, and the switched-off bits stay off for later events.
	if grep -q '^switching off' "$T/perf.vv"; then
		first_attrs <"$T/perf.vv" | grep -Ev "$probed" >"$T/perf"
		grep -Ev "$probed" "$T/mperf" >"$T/mperf.p" && mv "$T/mperf.p" "$T/mperf"
	else
		attrs <"$T/perf.vv" >"$T/perf"
	fi
	grep -q config "$T/perf" || fail "perf printed no attr for ADL '$form'"
	if ! cmp -s "$T/perf" "$T/mperf"; then
		diff "$T/perf" "$T/mperf" >&2
		fail "attr of ADL '$form' differs from perf's"
	fi
done

# AMD family 17h/19h: the event select's bits 8-11 live in config 32-35;
# raw cpu/.../ strings through a Zen-like cpu PMU (tests/data/sysfs-arch-amd)
rm -rf "$T/dev/cpu"
cp -r "$DATA/sysfs-arch-amd/bus/event_source/devices/cpu" "$T/dev/cpu"
for form in 'cpu/event=0x1c0,umask=0x2/' 'cpu/event=0xc0/u' 'cpu/event=0x4ab,umask=0x80,cmask=2,inv/' \
	    'cpu/event=0x24f,umask=0xff,edge/k'; do
	n=$((n + 1))
	perf_attrs AuthenticAMD-25-1-1 "$form" >"$T/perf"
	MPERF_SYSFS="$DATA/sysfs-arch-amd" "$MPERF" list --print-attr "$form" 2>&1 | attrs >"$T/mperf"
	grep -q config "$T/perf" || fail "perf printed no attr for '$form'"
	if ! cmp -s "$T/perf" "$T/mperf"; then
		diff "$T/perf" "$T/mperf" >&2
		fail "attr of AMD '$form' differs from perf's"
	fi
done
grep -q "config  *0x20004ff4f" "$T/perf" || fail "AMD event 0x24f not split into config 0-7 and 32-35"
echo "$n event strings: same attr as perf"
