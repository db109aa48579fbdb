#!/bin/sh
# a bad event string: one error line with the string, a caret under the bad token, a suggestion
. "$(dirname "$0")/lib.sh"
need_tracefs
tmpdir

# bad STRING, expected column of the caret (0-based), text, suggestion
check() {
	str=$1 col=$2 what=$3 hint=$4
	"$MPERF" list --print-attr "$str" >"$T/out" 2>"$T/err" && fail "'$str' accepted"
	[ -s "$T/out" ] && fail "'$str': output on stdout"
	[ "$(wc -l <"$T/err")" -eq 2 ] || { cat "$T/err" >&2; fail "'$str': not error line + caret line"; }
	l1=$(sed -n 1p "$T/err") l2=$(sed -n 2p "$T/err")
	case $l1 in "mperf: invalid event '$str': "*"$what"*) ;; *) fail "'$str': bad line: $l1" ;; esac
	[ -z "$hint" ] || case $l1 in *"did you mean '$hint'?"*) ;; *) fail "'$str': no '$hint' hint: $l1" ;; esac
	# the caret sits under column $col of the string inside the quotes
	pre="mperf: invalid event '"
	want=$(printf "%$(( ${#pre} + col ))s^" "")
	assert_eq "caret for '$str'" "$want" "$l2"
}

check cyclse 0 "unknown event 'cyclse'" cycles
check 'cpu-clock,taks-clock' 10 "unknown event 'taks-clock'" task-clock
check 'L1-dcache-load-mises' 0 "unknown event" L1-dcache-load-misses
check 'cycles:uu' 8 "modifier 'u' given twice"
check 'cycles:x' 7 "unknown modifier 'x'"
check 'cycles:pppp' 10 "too many 'p'"
check '{cycles,cs' 0 "missing '}'"
check 'cycles,,cs' 7 "empty event"
check 'sched:sched_swich' 6 "unknown tracepoint 'sched:sched_swich'" sched:sched_switch
check 'shced:sched_switch' 0 "unknown tracepoint system 'shced'" sched
check 'sched:nothing*' 0 "no tracepoint matches"
check 'softwar/config=1/' 0 "unknown PMU 'softwar'" software
check 'msr/evnt=0/' 4 "unknown term 'evnt'" event
check 'cycles/perido=100/' 7 "unknown term 'perido'" period
check 'mem:0x10/3' 9 "length must be"
check 'r123456789abcdef01' 0 "unknown event"
exit 0
