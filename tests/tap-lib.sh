# Sourced by tests/run.sh and tests/arm64.sh: the counts of one cmocka
# binary's TAP log. tap_count LOG sets p (passed), f (failed) and k
# (skipped: "not ok N # SKIP") and adds them to pass, fail and skip.
tap_count() {
	p=$(grep -c '^ok ' "$1")
	f=$(grep '^not ok ' "$1" | grep -vc '# SKIP')
	k=$(grep '^not ok ' "$1" | grep -c '# SKIP')
	pass=$((pass + p))
	fail=$((fail + f))
	skip=$((skip + k))
}
