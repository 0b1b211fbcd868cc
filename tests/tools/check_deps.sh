#!/bin/sh
# Check the layering of STYLE.md: which headers each module may include.
# sqlite3.h only in store*; curses only in src/tui/; cJSON only in json,
# importers, exporters, the formats (src/formats/), the system connectors
# (src/system/), report and cmd_*; pure
# modules include no I/O libs.
cd "$(dirname "$0")/../.." || exit 1
bad=0
fail() { echo "check-deps: $1"; bad=1; }
for f in $(grep -lE '#include *[<"]sqlite3\.h' src include -r); do
	case $f in src/store/*) ;; *) fail "$f includes sqlite3.h (only the store may)";; esac
done
for f in $(grep -lE '#include *[<"](n?curses|ncursesw/curses)\.h' src include -r); do
	case $f in src/tui/*) ;; *) fail "$f includes curses (only src/tui/ may)";; esac
done
for f in $(grep -lE '#include *[<"](cjson/)?cJSON\.h' src include -r); do
	case $f in src/json.c|src/importer*.c|src/exporter*.c|src/formats/*|src/report/*|src/cmd/*|src/system/*) ;;
	*) fail "$f includes cJSON.h";; esac
done
# the pure cores: src/metrics/ (every metric family, the tokeniser under
# them, agreement), spans, assign, order
PURE="$(cd src && ls metrics/*.c 2>/dev/null | sed 's/\.c$//') spans assign order"
for m in $PURE text common strbuf hash strmap lock model scheme; do
	[ -f src/$m.c ] || continue
	if grep -qE '#include *"convqa/(store|json|importer|exporter|report|tui|cli)' src/$m.c; then
		fail "src/$m.c is a lower layer: it must not include store, json, importer, exporter, report, tui or cli"
	fi
done
# L3 modules that own rules between the commands or the UI and the store:
# no UI, no commands, no other L3 module, and they never print (errors are
# values).
for m in labelling access labelling_import project_check; do
	[ -f src/$m.c ] || continue
	if grep -qE '#include *"convqa/(tui|cli|json|importer|exporter|report)' src/$m.c; then
		fail "src/$m.c is layer 3: it must not include tui, cli, json, importer, exporter or report"
	fi
	grep -qE '(^|[^a-z_])(printf|fprintf|puts|fputs|putchar|perror)[[:space:]]*\(|std(out|err)' src/$m.c &&
		fail "src/$m.c prints: only main and cmd_* print"
done
# The formats (src/formats/) are layer 3, beside the importer and the
# exporter: no UI, no commands, no report, and only they include their
# internal headers (json_read.h, native.h).
for f in src/formats/*.c src/formats/*.h; do
	[ -f "$f" ] || continue
	grep -qE '#include *"convqa/(tui|cli|report)' "$f" &&
		fail "$f is layer 3: it must not include tui, cli or report"
done
for f in $(grep -lE '#include *"(formats/)?(json_read|native)\.h"' src include -r); do
	case $f in src/formats/*) ;; *) fail "$f includes an internal header of src/formats/";; esac
done
# The connectors to live systems (src/system/) sit beside the formats: core,
# metrics and store below them, never the UI, the commands, the report or
# the formats; they never print (errors are values), and only they include
# their internal header (system_internal.h).
for f in src/system/*.c src/system/*.h; do
	[ -f "$f" ] || continue
	grep -qE '#include *"convqa/(tui|cli|report|formats|importer|exporter|labels_read|scheme_read)' "$f" &&
		fail "$f is layer 3: it must not include tui, cli, report or the formats"
	grep -qE '(^|[^a-z_])(printf|fprintf|puts|fputs|putchar|perror)[[:space:]]*\(|std(out|err)' "$f" &&
		fail "$f prints: only main and cmd_* print"
done
for f in $(grep -lE '#include *"(system/)?system_internal\.h"' src include -r); do
	case $f in src/system/*) ;; *) fail "$f includes the internal header of src/system/: use convqa/system.h";; esac
done
# Labels are written and raters added through the labelling module only.
for f in $(grep -lE 'store_(label_set|rater_ensure|label_importer_add)[[:space:]]*\(' src -r); do
	case $f in src/store/*|src/labelling.c|src/labelling_import.c) ;;
	*) fail "$f writes labels or adds raters through the store: call the labelling module (labelling.h)";; esac
done
for m in $PURE; do
	[ -f src/$m.c ] || continue
	grep -qE '#include *<(stdio|sqlite3|curses|ncurses|cjson/cJSON)\.h>' src/$m.c && fail "src/$m.c is pure: no I/O headers"
done
# the label scheme model (scheme.c) is data: no JSON, SQL or curses (its
# JSON is src/formats/scheme_read.c), and no formats or store
grep -qE '#include *[<"](sqlite3|curses|ncurses|cjson/cJSON|convqa/(store|formats|scheme_read|json))' src/scheme.c &&
	fail "src/scheme.c is the pure scheme model: no JSON, SQL, curses, store or formats"
# tokens is below the metrics (they share its tokens, it knows none of them)
grep -qE '#include *"convqa/metrics' src/metrics/tokens.c 2>/dev/null && fail "src/metrics/tokens.c must not include the metrics"
for h in include/convqa/*.h; do
	grep -qE '#include *<(sqlite3|curses|ncurses|cjson/cJSON)\.h>' "$h" && fail "$h: public headers must not include library headers"
done
[ $bad -eq 0 ] && echo "check-deps: ok"
exit $bad
