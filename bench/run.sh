#!/bin/sh
# make bench: run every bench/*.sh but this one and print their figures.
cd "$(dirname "$0")/.." || exit 1
status=0
for b in bench/*.sh; do
	[ "$b" = bench/run.sh ] && continue
	sh "$b" || status=1
done
exit $status
