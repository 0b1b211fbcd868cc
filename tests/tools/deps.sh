#!/bin/sh
# Install the Debian packages given as arguments that are missing.
# As root: apt-get install them. Otherwise: print the command and fail.
missing=""
for p in "$@"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
	echo "convqa needs these Debian packages:$missing"
	echo "install them with:  sudo apt-get install -y$missing"
	exit 1
fi
echo "installing:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -q $missing >/dev/null || { apt-get update -q >/dev/null && apt-get install -y -q $missing >/dev/null; } || {
	echo "apt-get install failed for:$missing"; exit 1; }
