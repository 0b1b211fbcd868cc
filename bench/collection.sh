#!/bin/sh
# bench/collection: see bench/collection.py
exec /usr/bin/python3 "$(dirname "$0")/collection.py" "$@"
