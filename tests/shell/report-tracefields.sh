#!/bin/sh
# report -s with tracepoint fields (perf's dynamic keys: FIELD, EVENT.FIELD, SYS:EVENT.FIELD, trace_fields, /raw, --raw-trace) equals perf report's, on perf 6.1's tracepoint files and a fresh recording of three tracepoints
. "$(dirname "$0")/lib.sh"
need_perf
tmpdir
n=0
same() {	# same FILE OPTS...
	_f=$1; shift
	"$PERF" report -i "$_f" --stdio "$@" 2>/dev/null | head -n -3 > "$T/p"
	"$MPERF" report -i "$_f" --stdio "$@" 2>"$T/err" | head -n -3 > "$T/m"
	[ -s "$T/p" ] || fail "perf printed nothing for $* on $_f"
	cmp -s "$T/m" "$T/p" || { cat "$T/err" >&2; diff "$T/p" "$T/m" | head -20 >&2; fail "report $* on $_f differs from perf's"; }
	n=$((n + 1))
}
S=$DATA/perf-6.1/sched-switch.data
R=$DATA/perf-6.1/raw-syscalls.data
same "$S" -s prev_comm
same "$S" -s prev_state
same "$S" -s prev_state --raw-trace
same "$S" -s prev_comm/raw,next_pid
same "$S" -s sched:sched_switch.prev_comm
same "$S" -s sched_switch.next_comm,prev_pid,comm -n
same "$S" -s trace_fields
same "$R" -s id,args
# --hierarchy: a level for every -s name of a field, the same one again
# included (perf dedups them in a flat table only)
same "$R" -s id,comm,id --hierarchy -g none
grep -q 'id / Command / id$' "$T/p" || fail "perf's hierarchy has no second id level (the premise)"
same "$R" -s trace_fields,id --hierarchy -g none
same "$R" -s trace_fields --raw-trace
same "$R" --raw-trace
grep -q 'ARRAY\[' "$T/m" || fail "raw_syscalls args: no ARRAY[...] values"
# not a field of this file: one line, a failure
"$MPERF" report -i "$R" --stdio -s prev_comm >/dev/null 2>"$T/e" && fail "-s prev_comm on raw_syscalls was accepted"
[ "$(wc -l < "$T/e")" = 1 ] || { cat "$T/e" >&2; fail "-s prev_comm on raw_syscalls: not one error line"; }
# trace_fields on a file without tracepoints: one line that says so
# (perf 6.1 prints a table of overheads alone)
"$MPERF" report -i "$DATA/perf-6.1/cpuburn-fp.data" --stdio -s trace_fields >/dev/null 2>"$T/e" &&
	fail "-s trace_fields on a cpu-clock file was accepted"
[ "$(wc -l < "$T/e")" = 1 ] && grep -q "no tracepoint events" "$T/e" ||
	{ cat "$T/e" >&2; fail "-s trace_fields on a cpu-clock file: not one line naming the problem"; }
need_root
"$PERF" record -q -e sched:sched_switch -e sched:sched_wakeup -e raw_syscalls:sys_enter -a \
	-o "$T/tp.data" -- sleep 0.2 >/dev/null 2>&1 || skip "perf record of tracepoints failed"
# each event's table shows its own fields only
same "$T/tp.data" -s prev_comm
same "$T/tp.data" -s trace_fields
same "$T/tp.data" -s sched_wakeup.comm,prev_comm
same "$T/tp.data" -s target_cpu/raw,comm
same "$T/tp.data" -s trace_fields --raw-trace
# -w indexes one list of every event's columns (a later event's fields
# past the widths given keep theirs)
same "$T/tp.data" -s trace_fields -w 5,20,30,40
# --hierarchy: a field's level left-aligned (the value whole, nothing
# after it), as wide as the field's size; -t keeps the separator in it; an
# event none of whose keys apply prints the header alone (count 0)
same "$R" -s id,args --hierarchy
same "$R" -s args -t , --hierarchy
same "$T/tp.data" -s sched_switch.prev_comm,next_pid --hierarchy -n
# the fields one name gives (trace_fields) are one level, joined by '+';
# a field named comm or pid is no built-in key (its filter, its padding)
same "$T/tp.data" -s trace_fields --hierarchy
same "$T/tp.data" -s sched_wakeup.comm,sched_wakeup.pid --hierarchy --comm perf
# a one-comm filter beside field keys alone: perf counts no field key
# among the columns it may elide, so Command stays (its line too)
same "$T/tp.data" -s next_pid,comm --comm perf
# the list's last key a field another event lacks: that event's last
# shown column stays padded, as perf pads all but the list's last
same "$T/tp.data" -s trace,next_pid
# -w: a field right-aligned and cut, its title too
same "$R" -s id,args -w 10,3,8
same "$T/tp.data" -s sched_wakeup.pid,sched_wakeup.target_cpu -w 10,3,30
# a group view of tracepoints: perf pairs a member's entries with the
# leader's by the member's own keys (sched_wakeup has no prev_pid: by pid
# alone), the field's column as wide as alone. The workload's tasks all
# switch out as they exit, so each pid has one sched_switch row (were
# there several, perf would pair the member entry with each and loop
# forever: see mperf-report(1))
# (whether a task woken also switched out depends on the run: a
# recording without such a row, the premise, is made again; on one CPU,
# as a wakeup of a task on another CPU is traced in that CPU's idle task)
for try in 1 2 3; do
	"$PERF" record -q -e '{sched:sched_switch,sched:sched_wakeup}' -o "$T/grp.data" -- \
		taskset -c 0 sh -c 'ls / >/dev/null; ls / >/dev/null' >/dev/null 2>&1 || break
	"$PERF" report -i "$T/grp.data" --stdio --group --raw-trace -s pid,prev_pid -n 2>/dev/null |
		grep -q '%  *[1-9][0-9.]*%' && break
	echo "note: no task both woken and switched out in grp.data; recording again"
done
if [ -s "$T/grp.data" ]; then
	same "$T/grp.data" --group -s prev_pid,pid
	same "$T/grp.data" --group --raw-trace -s pid,prev_pid -n
	grep -q '%  *[1-9][0-9.]*%' "$T/m" || fail "group view: no row with both events' samples"
fi
# a group of different tracepoints: perf shows the leader's fields only,
# a member's rows of its own in them, read from the member's record at
# the leader's places (an exec record's __data_loc word as the exit's
# comm: "ARRAY[...]"); its walks compare the fields of the tree walked,
# other records' bytes too. --hierarchy: a member's nodes show their own
# event's fields. The same with --group forced on ungrouped events.
if "$PERF" record -q -e '{sched:sched_process_exit,sched:sched_process_exec,sched:sched_wakeup_new}' \
	-o "$T/grp3.data" -- sh -c 'ls / >/dev/null; /bin/true' >/dev/null 2>&1; then
	same "$T/grp3.data" -s trace_fields
	grep -q '^#.*comm.*group_dead' "$T/m" || fail "group of tracepoints: no leader's fields"
	grep -q 'filename\|target_cpu' "$T/m" && fail "group of tracepoints: a member's fields in the header"
	grep -q '%  *ARRAY\[' "$T/m" || fail "group of tracepoints: no member row in the leader's columns"
	same "$T/grp3.data" -s pid,trace_fields -n
	same "$T/grp3.data" -s trace_fields --hierarchy
	grep -q '%  */usr/bin/ls\|%  */bin/ls' "$T/m" || fail "--hierarchy group: no exec node with its own filename"
	same "$T/grp3.data" -s comm,trace_fields --hierarchy
fi
if "$PERF" record -q -e sched:sched_process_exit -e sched:sched_process_exec -o "$T/ung.data" -- \
	sh -c 'ls / >/dev/null; /bin/true' >/dev/null 2>&1; then
	same "$T/ung.data" --group -s trace_fields
	# a filter hides entries, whose __data_loc lengths (the exec's
	# filename) still size the column, as perf's comparisons read them
	same "$T/ung.data" -s trace_fields --comm true
	same "$T/ung.data" --group -s trace_fields --hierarchy
	# --hierarchy has an event's levels of its own keys only: the
	# leader's levels make the view (the exit has no filename: no
	# level, count 0); a leader with none shows the first member's
	# tree, its rows 3 further right, no key header
	same "$T/ung.data" --group --hierarchy -s sched_process_exec.filename -n
	same "$T/ung.data" --group --hierarchy -s comm,sched_process_exec.filename
	same "$T/ung.data" --group --hierarchy -s sched_process_exec.filename,pid
fi
# perf's pairing walk reads the word at sched_stat_runtime's comm place
# (a __data_loc field) in sched_waking's records ("kwor" of kworker) as
# the comm's length and pads the comm to it: past its line, so the comm
# of sched_stat_runtime's nodes prints empty in perf; mperf the same
if "$PERF" record -q -e sched:sched_switch -e sched:sched_stat_runtime -e sched:sched_waking \
	-a -o "$T/rt.data" -- sleep 0.2 >/dev/null 2>&1 &&
	timeout 60 "$PERF" report -i "$T/rt.data" --stdio --group --hierarchy -s trace_fields \
		>/dev/null 2>&1; then
	same "$T/rt.data" --group --hierarchy -s trace_fields
	grep -q '%    [0-9]' "$T/m" || echo "note: no runtime node with perf's empty comm in rt.data"
fi
# a member's node the leader lacks (a task that ran, and did not exit)
# shows the member's levels below the leader's last, sorted as perf
if "$PERF" record -q -e sched:sched_process_exit -e sched:sched_stat_runtime -a \
	-o "$T/xr.data" -- sh -c 'ls / >/dev/null; sleep 0.1' >/dev/null 2>&1; then
	same "$T/xr.data" --group --hierarchy -s comm,sched_stat_runtime.pid,sched_stat_runtime.comm
	grep -q '^           0\.00%  *[0-9.]*%' "$T/m" ||
		fail "no member-only node with its levels below the leader's in xr.data"
	same "$T/xr.data" --group --hierarchy -s comm,sched_stat_runtime.comm -n
fi
# a field named at two levels is a column of each level: a __data_loc
# field's width (sched_stat_runtime's comm on 6.x kernels) is as long as
# the values that level's own walks read, as perf's dotted line shows
if "$PERF" record -q -e sched:sched_switch -e sched:sched_stat_runtime -a \
	-o "$T/rt2.data" -- sleep 0.2 >/dev/null 2>&1; then
	same "$T/rt2.data" -s trace_fields,trace_fields --hierarchy
	same "$T/rt2.data" -s runtime,trace_fields --hierarchy -n
fi
# --hierarchy with no key that applies to an event with samples (no fork
# was recorded): perf's levels hold nothing and it says "no samples";
# mperf prints the same and names the reason, exit 0 as perf
if "$PERF" record -q -e sched:sched_process_fork -e sched:sched_switch -o "$T/nf.data" -- \
	sleep 0.05 >/dev/null 2>&1; then
	"$PERF" report -i "$T/nf.data" --stdio -s parent_pid --hierarchy >"$T/p" 2>"$T/pe"
	if grep -q "has no samples" "$T/pe"; then
		"$MPERF" report -i "$T/nf.data" --stdio -s parent_pid --hierarchy >"$T/m" 2>"$T/e" ||
			fail "-s parent_pid --hierarchy with no fork: not exit 0 as perf"
		cmp -s "$T/p" "$T/m" || { diff "$T/p" "$T/m" >&2; fail "-s parent_pid --hierarchy: output differs from perf's"; }
		[ "$(wc -l < "$T/e")" = 1 ] && grep -q "no level" "$T/e" ||
			{ cat "$T/e" >&2; fail "-s parent_pid --hierarchy: not one line naming the reason"; }
	fi
fi
# %pS arguments (kmalloc's call_site) name kernel symbols, as in perf's
# report: the trace column and the call_site key
if "$PERF" record -q -e kmem:kmalloc -o "$T/km.data" -- ls / >/dev/null 2>&1; then
	same "$T/km.data"
	grep -q 'call_site=[a-z_]' "$T/m" || fail "kmalloc's call_site shows no kernel symbol"
	same "$T/km.data" -s call_site,bytes_req
fi
# more fields than 16 (31 events, some 80 fields): perf's per-event tables
if "$PERF" record -q -e 'syscalls:sys_enter_get*' -o "$T/many.data" -- ls >/dev/null 2>&1; then
	same "$T/many.data" -s trace_fields
	same "$T/many.data" --raw-trace
	grep -q '__syscall_nr' "$T/p" || fail "perf showed no syscall fields"
fi
# more than 64 events, samples of the 72nd and 94th: a table each (mperf
# failed with ENOMEM past 64; not the trace key: perf cuts a later table's
# column, see mperf-report(1))
if "$PERF" record -q -e 'syscalls:sys_enter_s*' -e 'syscalls:sys_enter_e*' \
	-e 'syscalls:sys_enter_c*' -o "$T/ev100.data" -- true >/dev/null 2>&1; then
	same "$T/ev100.data" -s comm,pid
	grep -q "of event 'syscalls:sys_enter_close'" "$T/m" || fail "no table of sys_enter_close"
	same "$T/ev100.data" --stats
fi
# past 128 field keys (67 events; mperf refused them before): as perf
if "$PERF" record -q -e 'syscalls:sys_enter_c*' -e 'syscalls:sys_enter_e*' \
	-e 'syscalls:sys_enter_f*' -o "$T/lots.data" -- true >/dev/null 2>&1; then
	same "$T/lots.data" -s trace_fields
	same "$T/lots.data" -s comm,trace_fields --no-children
fi
# the trace key's column: perf sizes it by the texts it formatted, those of
# entries a comparison reached it with; a one-sample entry alone among
# those equal before the key has none, and its text is cut at the column
if "$PERF" record -q -e syscalls:sys_enter_exit_group -o "$T/eg.data" -- \
	sh -c '/bin/true; /bin/false; exit 0' >/dev/null 2>&1; then
	same "$T/eg.data" -s pid,trace
	grep -q ':true  *error_code: $' "$T/p" || fail "perf did not cut the lone entry's text (the premise)"
	same "$T/eg.data" -s comm,trace -n
	same "$T/eg.data" -s trace,pid
	grep -q 'error_code: 0x00000001' "$T/p" || fail "perf cut a text it compared (the premise)"
	same "$T/eg.data" -s trace
	# no key needs an object or symbol: none are read, and the summary
	# says so; a symbol key reads them
	"$MPERF" report -i "$T/eg.data" --stdio 2>/dev/null | grep -q '^# mperf quality: 3 samples, symbols not needed, 0 lost$' ||
		fail "a trace-only report does not say its symbols were not needed"
	"$MPERF" report -i "$T/eg.data" --stdio -s sym,trace 2>/dev/null | grep -q '^# mperf quality: 3 samples, 0.00% with unresolved symbols, 0 lost$' ||
		fail "a sym,trace report does not count unresolved symbols"
fi
if "$PERF" record -q -g -e syscalls:sys_enter_exit_group -o "$T/eg1.data" -- /bin/true >/dev/null 2>&1; then
	same "$T/eg1.data" --no-children
	same "$T/eg1.data" -s sym,trace
	same "$T/eg1.data" -s sym,trace --no-children
fi
# a __data_loc string field (sched_process_fork's comms on kernels since
# 6.x): perf widens its column by the length its comparisons read, the
# NUL included (a 15-character comm: 16)
cp /bin/sh "$T/abcdefghijklmno"
if "$PERF" record -q -e sched:sched_process_fork -o "$T/fork.data" -- \
	"$T/abcdefghijklmno" -c '/bin/true; /bin/true; /bin/true' >/dev/null 2>&1; then
	same "$T/fork.data" -s trace_fields
	same "$T/fork.data" -s child_comm,parent_pid -n
	same "$T/fork.data" --raw-trace
	# --hierarchy: the lengths its level walks read (each fork walks
	# past the nodes of the earlier ones)
	same "$T/fork.data" -s trace_fields --hierarchy
	same "$T/fork.data" -s pid,trace_fields --hierarchy -n
	# -x: no node shown; perf's field columns are as wide as the entries
	same "$T/fork.data" --hierarchy -x -s child_comm
fi
# a field's value that starts with a blank (ext4's empty "flags %s"): a
# hierarchy cuts it at the column's width before trimming, as perf
if [ -d /sys/kernel/tracing/events/ext4 ] && [ "$(stat -f -c %T "$T")" = ext2/ext3 ] &&
	"$PERF" record -q -o "$T/e4.data" -e ext4:ext4_ext_map_blocks_exit -- sh -c \
		"dd if=/dev/zero of=$T/e4f bs=4k count=3 conv=fsync 2>/dev/null; cat $T/e4f >/dev/null" \
		>/dev/null 2>&1; then
	same "$T/e4.data" --hierarchy -s flags -g none
	same "$T/e4.data" --hierarchy -s comm,trace_fields -g none
else
	echo "note: no ext4 map tracepoint to record here; blank-led field values not compared"
fi
# a field named twice in one brace level: a column each, as perf
same "$S" --hierarchy -s '{trace_fields,prev_state}' -g none
same "$S" --hierarchy -s '{prev_pid,prev_pid},comm' -g none
# more than 32 key columns (trace_fields five times: 35, then comm): every
# level, as perf; past 256 one line and exit 1, no level left out silently
same "$S" --hierarchy -s trace_fields,trace_fields,trace_fields,trace_fields,trace_fields,comm -g none
tf=$(printf 'trace_fields,%.0s' $(seq 40))
"$MPERF" report -i "$S" --stdio --hierarchy -s "${tf%,}" -g none > "$T/m" 2> "$T/err" &&
	fail "a hierarchy of 280 key columns was shown"
assert_eq "280 hierarchy keys: error lines" 1 "$(wc -l < "$T/err")"
assert_contains "280 hierarchy keys" "at most 256 key columns" "$T/err"
# --hierarchy of fields with a comm filter: perf's field columns are as
# wide as the entries before the filter (perf kmem record's events)
if "$PERF" kmem --slab --page record -q -o "$T/kmem.data" -- "$WL/pagetouch" 500 >/dev/null 2>&1; then
	for c in pagetouch perf-exec nosuch; do
		same "$T/kmem.data" --comm "$c" --hierarchy -s comm,trace_fields -g none
		same "$T/kmem.data" --comm "$c" --hierarchy -s trace_fields -g none
	done
else
	echo "note: perf kmem record failed here; its filtered hierarchies not compared"
fi
# a string field the print fmt names with a blank ("dev %s"): perf reads
# its length off the formatted text as -1, after its comparisons, so the
# column is the name's and the field's size (4), not "eth0"'s 5 with NUL
nd="$DATA/perf-6.1/neigh-update.data"
same "$nd" -s dev
same "$nd" -s trace_fields
same "$nd" -s dev,comm -n
same "$nd" -s dev --hierarchy
"$PERF" report -i "$nd" --stdio -s dev 2>/dev/null | grep -q '^# Overhead   dev$' ||
	fail "perf's dev column of neigh-update.data is not 4 wide (the premise)"
echo "$n tracepoint-field reports equal to perf's"
