#!/bin/sh
# convqa search (src/cmd/cmd_search.c, src/store/store_search.c): every
# passage of the project ranked by FTS5's bm25() (title 2, text 1; ties by
# id), pages with --limit/--offset, snippets with [[ ]] markers, the turns
# that retrieved a passage or have it as gold; hostile text shown inert;
# a query FTS5 cannot read refused with its reason and a quoted form;
# passages known by id only counted, not searched; an empty project says
# what to do. Read-only: the project file is not written.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB=p.db
$CONVQA init >/dev/null

run $CONVQA search lens
check_eq "an empty project says what to do, exit 0" \
	"0|the project 'p.db' has no passages yet: import a collection or a run first (convqa import FILE)|" \
	"$rc|$(cat "$T/out")|$(cat "$T/err")"

$CONVQA import "$FIXTURES/search_tasks.json" >/dev/null 2>&1 || not_ok "the fixture imports"
before=$(sha256sum p.db)

# ids of the hits, in order
ids() { grep -E '^[0-9]+\. ' "$T/out" | sed 's/^[0-9]*\. \([^ ]*\).*/\1/' | tr '\n' ' '; }

# By hand (FTS5's BM25, k1 1.2, b 0.75; see src/system/system_bm25.c): 7
# rows indexed (lh-05 too, empty), 55 tokens, avgdl 55/7; fresnel is in
# one: IDF = ln((7 - 1 + 0.5) / (1 + 0.5)) = 1.46634; lh-02 has 18 tokens
# (2 title + 16 text), fresnel once in the title (weight 2) and twice in the
# text: f = 4; 1.46634 * 4 * 2.2 / (4 + 1.2 * (0.25 + 0.75 * 18 / (55/7)))
# = 2.028.
run $CONVQA search fresnel
check_eq "fresnel: one passage (title and text), its snippet marked, retrieved by and gold for" \
	"0|1 passage matches 'fresnel' (best first, 1-1 shown)

1. lh-02  Fresnel lens  (bm25 2.028)
   Augustin-Jean [[Fresnel]] made a thinner lens in 1822. The [[Fresnel]] lens let lighthouses shine farther.
   retrieved by: c1 1 (bm25-t5)
   gold for: c1 1, c1 2

1 passage known by id only (no text yet) is not searched: import a collection to search it|" \
	"$rc|$(cat "$T/out")|$(cat "$T/err")"

run $CONVQA search ships OR lamp
check_eq "ships OR lamp: the passage with both first, then the short one, by BM25" \
	"lh-01 lh-03 " "$(ids)"
check_grep "the first hit's snippet marks both terms" 'with a \[\[lamp\]\]. Its lens guides \[\[ships\]\]' "$T/out"

run $CONVQA search lens
# lens is in 5 of 7 rows: IDF < 0, so FTS5 takes 1e-6; the order is then
# f (lh-02: 4) and length (lh-06 and lh-07: 4 tokens each, tied, by id).
check_eq "lens: the five passages with it; the tie goes by id" "lh-02 lh-06 lh-07 lh-04 lh-01 " "$(ids)"
run $CONVQA search lens --limit 2
check_eq "--limit 2: the first two" "lh-02 lh-06 " "$(ids)"
check_grep "--limit 2: the total and the range shown" "^5 passages match 'lens' (best first, 1-2 shown)$" "$T/out"
run $CONVQA search lens --limit 2 --offset 2
check_eq "--offset 2: the next page, numbered on" "lh-07 lh-04 " "$(ids)"
check_grep "--offset 2: numbered from 3" "^3\. lh-07" "$T/out"
run $CONVQA search lens --offset 9
check_grep "an offset past the end says so" "none from 10 on: give a smaller --offset" "$T/out"

run $CONVQA search pwned
esc=$(printf '\033')
if grep -q "$esc" "$T/out" || grep -q "$(printf '\342\200\256')" "$T/out"; then
	not_ok "hostile passage text reaches the terminal inert" "$(cat -A "$T/out")"
else ok "hostile passage text reaches the terminal inert"; fi
check_grep "its escape sequences are shown as visible text" 'A lens ^\[\]0;\[\[pwned\]\]^G and ^\[\[31mred' "$T/out"
check_grep "its bidi control is shown by name" 'text<U+202E> here' "$T/out"
run $CONVQA search pwned --format json
check_grep "json: the escape is a JSON escape" '"snippet": "A lens \\u001b\]0;\[\[pwned\]\]\\u0007' "$T/out"
if python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["total"]==1 and d["id_only"]==1 and d["passages"][0]["id"]=="lh-04"' "$T/out"; then
	ok "json: valid, with the total, the id-only count and the hit"
else not_ok "json output" "$(cat "$T/out")"; fi

check_run "an unbalanced quote is refused with FTS5's reason and the quoted form" 1 \
	"convqa search: the query '\"lens' is not valid FTS5 syntax (unterminated string): search its words as they are in double quotes (a double quote in them doubled): '\"\"\"lens\"'" \
	$CONVQA search '"lens'
check_run "a bare operator is refused" 1 \
	"convqa search: the query 'AND' is not valid FTS5 syntax (fts5: syntax error near \"AND\"): search its words as they are in double quotes (a double quote in them doubled): '\"AND\"'" \
	$CONVQA search AND
run $CONVQA search '"AND"'
check_eq "the quoted form runs: the word and" "0|lh-04 " "$rc|$(ids)"
run $CONVQA search zebra
check_eq "no match says so" "0|no passage matches 'zebra'" "$rc|$(head -1 "$T/out")"

check_run "--limit 0 is a usage error" 1 \
	"convqa search: --limit '0': give a whole number from 1 to 1000000" $CONVQA search lens --limit 0
check_run "an unknown format is a usage error" 1 \
	"convqa search: unknown format 'csv': use text or json" $CONVQA search lens --format csv

check_eq "searching wrote nothing to the project" "$before" "$(sha256sum p.db)"
done_testing
