#!/bin/sh
# bench/raters: see bench/raters.py
exec /usr/bin/python3 "$(dirname "$0")/raters.py" "$@"
