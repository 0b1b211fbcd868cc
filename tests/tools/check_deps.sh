#!/bin/sh
# Check the layering of STYLE.md by folder: which headers each file may
# include. docs/development.md "Layout" draws the same order.
#
#   core      libc (+ utf8proc, cJSON in core/json.c)
#   model     core                      the task model, label schemes, answer order
#   metrics   core                      pure: no I/O, no SQL, no curses
#   store     model, metrics, core      the only SQL
#   formats   store, model, metrics, core
#   study     formats, store, model, metrics, core (formats never include study)
#   system    store, model, metrics, core       connectors to live systems
#   report    study, formats, store, model, metrics, core
#   tui       report, system and below  the only curses
#   cmd       tui, system and below
#   main.c    anything
#
# A header include/convqa/NAME.h belongs to the folder of src/*/NAME.c (or
# to the row of OWNERS below); it obeys its folder's rule too.
cd "$(dirname "$0")/../.." || exit 1
bad=0
fail() { echo "check-deps: $1"; bad=1; }

# headers with no NAME.c of their own: NAME:folder (label_row.h: the type of
# a label from elsewhere, between the readers and the labelling rules;
# pref_row.h: a preference, between the store and the pairwise statistics)
OWNERS="exporter:formats metrics:metrics label_row:model pref_row:metrics"

# may FOLDER include a header of folder TO?
allowed() {
	case $1 in
	core) list="core" ;;
	model) list="model core" ;;
	metrics) list="metrics core" ;;
	store) list="store model metrics core" ;;
	formats) list="formats store model metrics core" ;;
	study) list="study formats store model metrics core" ;;
	system) list="system store model metrics core" ;;
	report) list="report study formats store model metrics core" ;;
	tui) list="tui report study formats system store model metrics core" ;;
	cmd) list="cmd tui report study formats system store model metrics core" ;;
	main) return 0 ;;
	*) return 1 ;;
	esac
	case " $list " in *" $2 "*) return 0 ;; esac
	return 1
}

# the folder that owns include/convqa/$1.h, or nothing
owner() {
	for o in $OWNERS; do
		[ "${o%%:*}" = "$1" ] && { echo "${o#*:}"; return; }
	done
	for c in src/*/"$1".c; do
		[ -f "$c" ] && { c=${c#src/}; echo "${c%%/*}"; return; }
	done
}

# the folder of a file of src/ or include/convqa/
folder_of() {
	case $1 in
	src/main.c) echo main ;;
	src/*/*) f=${1#src/}; echo "${f%%/*}" ;;
	include/convqa/*) f=${1##*/}; owner "${f%.h}" ;;
	esac
}

for f in src/main.c src/*/*.[ch] include/convqa/*.h; do
	[ -f "$f" ] || continue
	from=$(folder_of "$f")
	if [ -z "$from" ]; then
		fail "$f: no folder owns it (add src/FOLDER/NAME.c, or a row of OWNERS in $0)"
		continue
	fi
	allowed "$from" "$from" || { fail "$f: src/$from/ has no place in the layer order of $0"; continue; }
	for h in $(sed -n 's/^#include *"convqa\/\([a-z_0-9]*\)\.h".*/\1/p' "$f"); do
		to=$(owner "$h")
		if [ -z "$to" ]; then
			fail "$f includes convqa/$h.h, which no folder owns"
		elif ! allowed "$from" "$to"; then
			fail "$f ($from) includes convqa/$h.h ($to): an arrow up the layers"
		fi
	done
done

# the libraries: sqlite3.h only in src/store/, curses only in src/tui/, cJSON
# only in the JSON helpers, the formats, the report and the commands, zlib
# only in the collection reader
for f in $(grep -lE '#include *[<"]sqlite3\.h' src include -r); do
	case $f in src/store/*) ;; *) fail "$f includes sqlite3.h (only the store may)";; esac
done
for f in $(grep -lE '#include *[<"](n?curses|ncursesw/curses)\.h' src include -r); do
	case $f in src/tui/*) ;; *) fail "$f includes curses (only src/tui/ may)";; esac
done
for f in $(grep -lE '#include *[<"](cjson/)?cJSON\.h' src include -r); do
	case $f in src/core/json.c|src/formats/*|src/system/*|src/report/*|src/cmd/*) ;;
	*) fail "$f includes cJSON.h";; esac
done
# zlib only in the collection reader (the one file that reads gzip)
for f in $(grep -lE '#include *[<"]zlib\.h' src include -r); do
	case $f in src/formats/collection.c) ;; *) fail "$f includes zlib.h (only src/formats/collection.c may)";; esac
done
for h in include/convqa/*.h; do
	grep -qE '#include *<(sqlite3|curses|ncurses|cjson/cJSON|zlib)\.h>' "$h" && fail "$h: public headers must not include library headers"
done

# the pure cores: src/metrics/ (every metric family, the tokeniser under
# them, agreement, spans), the answer order and the assignment: no I/O
for f in src/metrics/*.c src/model/order.c src/study/assign.c; do
	[ -f "$f" ] || continue
	grep -qE '#include *<(stdio|sqlite3|curses|ncurses|cjson/cJSON)\.h>' "$f" && fail "$f is pure: no I/O headers"
done
# the model and the metrics are data and algorithms: no JSON either
for f in src/model/*.c src/metrics/*.c; do
	grep -qE '#include *"convqa/json\.h"' "$f" && fail "$f is pure: no JSON (that is src/core/json.c, for the formats)"
done
# tokens is below the metrics (they share its tokens, it knows none of them)
grep -qE '#include *"convqa/metrics' src/metrics/tokens.c 2>/dev/null && fail "src/metrics/tokens.c must not include the metrics"

# the model, the metrics, the study rules and the system connectors never
# print (errors are values; only main and cmd_* print)
for f in src/model/*.c src/metrics/*.c src/study/*.c src/system/*.c; do
	[ -f "$f" ] || continue
	grep -qE '(^|[^a-z_])(printf|fprintf|puts|fputs|putchar|perror)[[:space:]]*\(|std(out|err)' "$f" &&
		fail "$f prints: only main and cmd_* print"
done

# the internal headers of a folder (src/formats/json_read.h, native.h, ...)
# are included from that folder only
for f in $(grep -lE '#include *"[a-z]+/[a-z_]+\.h"' src include -r); do
	for h in $(sed -n 's/^#include *"\([a-z]*\)\/[a-z_]*\.h".*/\1/p' "$f"); do
		[ "$h" = convqa ] && continue
		case $f in src/$h/*) ;; *) fail "$f includes an internal header of src/$h/";; esac
	done
done

# Labels are written and raters added through the labelling module only.
for f in $(grep -lE 'store_(label_set|rater_ensure|label_importer_add)[[:space:]]*\(' src -r); do
	case $f in src/store/*|src/study/labelling.c|src/study/labelling_import.c) ;;
	*) fail "$f writes labels or adds raters through the store: call the labelling module (labelling.h)";; esac
done
[ $bad -eq 0 ] && echo "check-deps: ok"
exit $bad
