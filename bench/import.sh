#!/bin/sh
# bench/import: see bench/import.py
exec /usr/bin/python3 "$(dirname "$0")/import.py" "$@"
