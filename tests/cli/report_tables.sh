#!/bin/sh
# The tables of report sections and writers (src/report/report.c) against what
# tells people about them, so that adding a row (docs/development.md "Adding
# a report section", "Adding a report writer") cannot leave a place behind: the
# sections are the --only list of `convqa report --help` and of docs/metrics.md,
# and each builds the section of its name; the formats are the --format list
# of `convqa report --help`, `convqa agreement --help` and the
# synopsis of docs/metrics.md, and each writes. The lists of the tables are the ones the
# messages for an unknown name give (report_section_name(),
# report_format_name()).
. "$CONVQA_TOP/tests/lib.sh"
README="$CONVQA_TOP/docs/metrics.md"
export CONVQA_NOW=2026-01-02T03:04:05.000Z

# words LIST: the names of a list "a, b or c" / "a,b,c" / "a|b|c", sorted, one a line
words() { printf '%s\n' "$1" | sed 's/(default)//g; s/ or /,/g; s/[,|]/ /g' | tr -s ' ' '\n' | sed '/^$/d' | sort; }

# ---- the tables ----------------------------------------------------------------
run $CONVQA report --only no-such-section
sections=$(sed -n "s/^convqa report: unknown section in 'no-such-section' (expected: \(.*\))$/\1/p" "$T/err")
check_eq "an unknown section is a usage error that lists the sections" "1|yes" "$rc|${sections:+yes}"
run $CONVQA report --format no-such-format
formats=$(sed -n "s/^convqa report: unknown format 'no-such-format' (expected: \(.*\))$/\1/p" "$T/err")
check_eq "an unknown format is a usage error that lists the formats" "1|yes" "$rc|${formats:+yes}"
run $CONVQA agreement --format no-such-format
check_eq "agreement lists the same formats" \
	"1|convqa agreement: unknown format 'no-such-format' (expected: $formats)" "$rc|$(cat "$T/err")"

# ---- sections ----------------------------------------------------------------------
# (an option's help may continue on the lines below it, indented)
help=$($CONVQA report --help | awk '/^ *--only LIST/ { on = 1; sub(/^ *--only LIST *sections: */, ""); print; next }
	on && /^                    +[^ -]/ { sub(/^ */, ""); print; next } { on = 0 }' | tr -d '\n')
check_eq "report --help lists every section for --only, and no other" "$(words "$sections")" "$(words "$help")"
readme=$(tr '\n' ' ' <"$README" | sed -n 's/.*`--only` picks sections (`\([^`]*\)`).*/\1/p')
check_eq "docs/metrics.md's --only list names every section, and no other" "$(words "$sections")" "$(words "$readme")"

$CONVQA init --db p.db >/dev/null && $CONVQA import --db p.db -q "$CONVQA_TOP/sample_tasks/demo.json" &&
	$CONVQA scheme add --db p.db "$CONVQA_TOP/sample_tasks/schemes/likert-4pt.json" >/dev/null
# a round with control items, for the section controls (--round)
$CONVQA rater add --db p.db x >/dev/null && $CONVQA rater add --db p.db expert >/dev/null &&
	$CONVQA label --db p.db -r expert -c demo-rosetta -n 1 -s bm25-t5 intent boolean &&
	$CONVQA round create --db p.db k --raters x --conversations 1 --control 0.1 --control-from expert >/dev/null
# a pairwise round with one preference (--only preferences: a section pairwise:FIELD per field)
$CONVQA round create --db p.db ab --task pairwise --raters x >/dev/null &&
	printf 'esc\na\nq\n' >pair-keys && CONVQA_SCRIPT=pair-keys $CONVQA annotate --db p.db --rater x --round ab >/dev/null
for s in $(words "$sections"); do
	# every task named: each section has something to say (the section
	# schemes is one section per project scheme, "scheme:NAME")
	# (controls needs a round, compare the systems to compare)
	extra=
	[ "$s" = controls ] && extra="--round k"
	[ "$s" = compare ] && extra="--compare bm25-t5,dense-llm"
	tasks=turn,plausibility,faithfulness,likert-4pt
	[ "$s" = preferences ] && extra="--round ab" && tasks=$tasks,pairwise   # (the round's task)
	# shellcheck disable=SC2086
	run $CONVQA report --db p.db $extra --task $tasks --only "$s" -f json -o "$s.json"
	got=$(/usr/bin/python3 -c 'import json, sys; print(" ".join(json.load(open(sys.argv[1]))["sections"]))' "$s.json")
	want=$s
	[ "$s" = schemes ] && want=scheme:likert-4pt
	[ "$s" = preferences ] && want=pairwise:preference   # a section per field of preference
	check_eq "--only $s builds the section $want alone" "0|$want" "$rc|$got"
done

# ---- writers -----------------------------------------------------------------------
help=$($CONVQA report --help | sed -n 's/^ *-f, --format FORMAT *//p')
check_eq "report --help lists every format, and no other" "$(words "$formats")" "$(words "$help")"
help=$($CONVQA agreement --help | sed -n 's/^ *-f, --format FORMAT *//p')
check_eq "agreement --help lists every format, and no other" "$(words "$formats")" "$(words "$help")"
readme=$(sed -n 's/.*\[--format \([a-z|]*\)\].*/\1/p' "$README")
check_eq "docs/metrics.md's report synopsis lists every format, and no other" "$(words "$formats")" "$(words "$readme")"
for f in $(words "$formats"); do
	run $CONVQA report --db p.db --only answers,time -f "$f"
	check_eq "report --format $f writes the report" "0|yes" "$rc|$([ -s "$T/out" ] && echo yes)"
	run $CONVQA agreement --db p.db -f "$f"
	check_eq "agreement --format $f writes the report" "0|yes" "$rc|$([ -s "$T/out" ] && echo yes)"
done
done_testing
