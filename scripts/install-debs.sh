#!/bin/sh
# Install the Debian packages given that are missing (as root), or print
# the command that would (as anyone else) and fail.
# usage: sh scripts/install-debs.sh [--arch ARCH] PACKAGE...
#   --arch ARCH: the packages include ARCH's (multiarch): add ARCH to dpkg
#                first when it is not there yet.
arch=
if [ "$1" = --arch ]; then
	arch=$2
	shift 2
fi
missing=
for p in "$@"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing="$missing $p"
done
[ -n "$missing" ] || exit 0
add=
[ -n "$arch" ] && add="dpkg --add-architecture $arch && apt-get update && "
if [ "$(id -u)" != 0 ]; then
	echo "mperf: missing Debian packages:$missing"
	echo "  run as root: ${add}apt-get install -y$missing"
	exit 1
fi
echo "mperf: installing$missing"
export DEBIAN_FRONTEND=noninteractive
if [ -n "$arch" ] && ! dpkg --print-foreign-architectures | grep -qx "$arch"; then
	dpkg --add-architecture "$arch" || exit 1
fi
# shellcheck disable=SC2086
apt-get update -qq >/dev/null && apt-get install -y -qq $missing >/dev/null ||
	{ echo "mperf: apt-get install$missing failed"; exit 1; }
