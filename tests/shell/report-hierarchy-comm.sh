#!/bin/sh
# report --hierarchy cuts a comm to the column width perf gives it, that of the thread's last comm (a process that ran as longcommname12 and exec'd cpuburn shows "longcom"), as the flat table does; a comm with a \x01 byte keeps it (mperf's mark of unclipped texts is no comm's); equal to perf 6.1's
. "$(dirname "$0")/lib.sh"
need_perf
need_root
tmpdir
[ -x "$WL/cpuburn" ] || skip "workloads not built (make workloads)"
cp /bin/dash "$T/longcommname12" || skip "no /bin/dash"
"$PERF" record -q -e cpu-clock -o "$T/x.data" -- "$T/longcommname12" -c \
	"i=0; while [ \$i -lt 200000 ]; do i=\$((i+1)); done; exec $WL/cpuburn 0.1" \
	>/dev/null 2>&1 || fail "perf record failed"
n=0
reports_vs_perf "$T/x.data" <<'LIST'
--hierarchy -s comm
--hierarchy -s comm,dso
--hierarchy -s dso,comm,sym
--hierarchy -s pid,comm -n
--hierarchy -s comm -t ,
LIST
# the premise: perf cut the name before the exec to "Command"'s width
"$PERF" report -i "$T/x.data" --stdio --hierarchy -s comm 2>/dev/null | grep -qE '% +longcomm? *$' ||
	fail "perf's hierarchy shows no cut longcommname12 (the premise)"
# a comm holding the byte \x01
"$PERF" record -q -e cpu-clock -o "$T/c1.data" -- sh -c \
	'printf "a\001b" > /proc/$$/comm; i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done' \
	>/dev/null 2>&1 || fail "perf record of a renamed shell failed"
reports_vs_perf "$T/c1.data" <<'LIST'
-s comm
-s comm,sym -t ,
--hierarchy -s comm,dso
LIST
"$PERF" report -i "$T/c1.data" --stdio -s comm 2>/dev/null | grep -aq "%  $(printf 'a\001b') *$" ||
	fail "perf shows no comm a\\001b (the premise)"
[ "$n" -eq 8 ] || fail "only $n option sets ran"
echo "$n hierarchies of a renamed thread's comm equal to perf's"
