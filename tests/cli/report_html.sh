#!/bin/sh
# convqa report --format html: one self-contained page with every section's
# heading, every table with the numbers of the JSON report of the same
# build, an SVG chart per by_turn, by_system and confusion table with as
# many points, bars and cells as the table has values, a text alternative
# per chart; and a project of hostile names shows up only as escaped text.
. "$CONVQA_TOP/tests/lib.sh"
CHECK="/usr/bin/python3 $CONVQA_TOP/tests/tools/html_report_check.py"
export CONVQA_NOW=2026-01-02T03:04:05.000Z

$CONVQA init --db p.db >/dev/null && $CONVQA import --db p.db -q "$CONVQA_TOP/sample_tasks/demo.json"
lh() { $CONVQA label --db p.db -c demo-lighthouse "$@"; }
# answer_correct over three turn depths by two raters (tests/cli/report.sh
# works the same labels out by hand), intent for a confusion matrix of 3
# categories, relevance of turn 1
lh -r alice -n 1 -s bm25-t5 answer_correct 1 --seconds 10 && lh -r bob -n 1 -s bm25-t5 answer_correct 1 &&
	lh -r alice -n 1 -s bm25-t5 intent extractive && lh -r bob -n 1 -s bm25-t5 intent extractive &&
	lh -r alice -n 1 -s dense-llm answer_correct 1 && lh -r bob -n 1 -s dense-llm answer_correct 1 &&
	lh -r alice -n 2 -s bm25-t5 answer_correct 0 && lh -r bob -n 2 -s bm25-t5 answer_correct 0 &&
	lh -r alice -n 2 -s bm25-t5 intent extractive && lh -r bob -n 2 -s bm25-t5 intent abstractive &&
	lh -r alice -n 2 -s dense-llm answer_correct 1 && lh -r bob -n 2 -s dense-llm answer_correct 0 &&
	lh -r alice -n 3 -s bm25-t5 answer_correct 1 && lh -r bob -n 3 -s bm25-t5 answer_correct 1 &&
	lh -r alice -n 3 -s dense-llm answer_correct 0 --seconds 20
check_eq "the labels are recorded" 0 $?
i=1; for v in 1 1 0 0 0; do lh -r alice -n 1 -s bm25-t5 relevant $v -k $i || exit 1; i=$((i + 1)); done
i=1; for v in 1 0 0 0 1; do lh -r bob -n 1 -s bm25-t5 relevant $v -k $i || exit 1; i=$((i + 1)); done

# ---- the page of the demo project ------------------------------------------------
run $CONVQA report --db p.db --by turn,system -f html -o r.html
check_eq "report -f html -o writes the page" "0|wrote the report to r.html" "$rc|$(cat "$T/err")"
$CONVQA report --db p.db --by turn,system -f json -o r.json 2>/dev/null
check_eq "the page is well-formed and has nothing live or external" "" "$($CHECK check r.html 2>&1)"
check_eq "every table of the JSON report, with the same cells as the text writer formats them" \
	"16 tables" "$($CHECK tables r.html r.json 2>&1)"
titles=$(/usr/bin/python3 -c 'import json, sys
for i, s in enumerate(json.load(open(sys.argv[1]))["sections"].values()): print("%d %s" % (i + 1, s["title"]))' r.json)
missing=$(printf '%s\n' "$titles" | while read -r i title; do
	grep -qF "<h2 id=\"s$i\">$title</h2>" r.html || echo "$i $title"
	grep -qF "<li><a href=\"#s$i\">$title</a>" r.html || echo "contents: $i $title"
done)
check_eq "every section has its heading and its entry in the contents" "" "$missing"
check_grep "the contents list each table under its section" '<li><a href="#s1-t2">By turn depth</a></li>' r.html
# charts: accuracy over 3 turn depths; a bar per system; retrieval: its
# table against the gold (s2-t1), then against the gold by turn depth (its
# first column, HR@1: 8 depths x (all and 2 systems)), HR@5 (the column the
# text writer charts) at depth 1, 18 measures x 2 systems; automatic: 6
# metrics x (2 systems and all), then EM by turn depth (8 x 3); agreement:
# Krippendorff's alpha of 3 fields (Fleiss' kappa undefined: unequal raters
# per unit)
check_eq "a chart per by_turn and by_system table, with a point or bar per value" \
	"s1-t2 lines 3
s1-t3 bars 2
s2-t2 lines 24
s2-t4 lines 1
s2-t5 bars 36
s3-t1 bars 18
s3-t2 lines 24
s4-t1 kappa 3" "$($CHECK charts r.html)"
check_eq "every chart has a title and a description" "8 8 8" \
	"$(grep -c '<svg class="chart"' r.html) $(grep -c '<title id="c[0-9]*-t">' r.html) $(grep -c '<desc id="c[0-9]*-d">' r.html)"
check_grep "the accuracy chart has whiskers" '<path class="ci"' r.html
check_grep "its description says the values in words" \
	'<desc id="c1-d">Line chart, one line per series, with 95% intervals as whiskers. accuracy: 1 = 1.000 (95% CI 0.510–1.000, n=4); 2 = 0.250' r.html
check_grep "the bars have a legend entry per system" '<text x="156.0" y="34.0">dense-llm</text>' r.html
check_grep "the value axis has labelled ticks" 'text-anchor="end">0.2</text>' r.html

# confusion matrices (agreement) as heat maps: intent has 3 categories
run $CONVQA agreement --db p.db -f html -o a.html
$CONVQA agreement --db p.db -f json -o a.json 2>/dev/null
check_eq "agreement -f html: tables as in JSON" "0|7 tables" "$rc|$($CHECK tables a.html a.json 2>&1)"
check_eq "a heat map per confusion matrix, a cell per pair of categories; the fields' agreement as bars" "s1-t1 kappa 3
s1-t3 heatmap 9
s1-t5 heatmap 4
s1-t7 heatmap 4" "$($CHECK charts a.html)"
check_eq "agreement's page is well-formed" "" "$($CHECK check a.html 2>&1)"

# -o goes through the checks every report has
mkdir adir
check_run "-o onto a directory is refused" 4 \
	"convqa: cannot write 'adir': Is a directory (-o takes a file name, such as adir/out.txt)" \
	$CONVQA report --db p.db -f html -o adir

# ---- hostile names -----------------------------------------------------------------
script='<script>alert(1)</script>'
rater='"><img src=x onerror=alert(1)>'
conv=$(printf 'c\342\200\256evil<svg onload=alert(3)>')
rlo=$(printf '\342\200\256')
$CONVQA init --db h.db >/dev/null && $CONVQA import --db h.db -q "$FIXTURES/report_html_hostile.json" &&
	$CONVQA label --db h.db -r "$rater" -c "$conv" -n 1 -s "$script" answer_correct 1 &&
	$CONVQA label --db h.db -r "$rater" -c "$conv" -n 1 -s "b&'\"x" answer_correct 0 &&
	$CONVQA label --db h.db -r bob -c "$conv" -n 1 -s "b&'\"x" answer_correct 0 --seconds 3 &&
	$CONVQA label --db h.db -r bob -c "$conv" -n 1 -s "$script" answer_correct 0 --seconds 3
check_eq "the hostile project imports and takes labels" 0 $?
$CONVQA report --db h.db --by all -f html -o h.html 2>/dev/null &&
	$CONVQA agreement --db h.db -f html -o ha.html 2>/dev/null
check_eq "its report and agreement pages are written" 0 $?
for f in h.html ha.html; do
	check_eq "$f: no script, img or svg element from the names" "0 0 0" \
		"$(grep -c '<script' $f) $(grep -c '<img' $f) $(grep -c '<svg onload' $f)"
	check_eq "$f: no raw U+202E" 0 "$(grep -c "$rlo" $f)"
	check_eq "$f: nothing live (elements, event attributes, links out)" "" "$($CHECK check $f 2>&1)"
done
check_grep "the system's name is shown, escaped" '<th scope="row">&lt;script&gt;alert(1)&lt;/script&gt;</th>' h.html
check_grep "also in the chart's legend" '>&lt;script&gt;alert(1)&lt;/script&gt;</text>' h.html
check_grep "the rater's name is shown, escaped" '&quot;&gt;&lt;img src=x onerror=alert(1)&gt;' h.html
check_grep "quotes and ampersands are escaped" '<th scope="row">b&amp;&#39;&quot;x</th>' h.html
check_grep "the override character is shown as a tag" 'c&lt;U+202E&gt;evil&lt;svg onload=alert(3)&gt;' h.html
check_grep "the rater's name is escaped in the confusion matrix's title too" \
	'confusion matrix, rows &quot;&gt;&lt;img src=x onerror=alert(1)&gt;, columns bob' ha.html

# ---- a browser's view, where there is one (never required) ---------------------------
# chromium parses the page as a reader's browser would: the same charts,
# and no element made of the hostile names
browser=$(command -v chromium || command -v chromium-browser || true)
dom() { timeout 60 "$browser" --headless --no-sandbox --disable-gpu --dump-dom "file://$T/$1" 2>/dev/null; }
if [ -n "$browser" ] && dom r.html >r.dom && [ -s r.dom ] && dom h.html >h.dom && [ -s h.dom ]; then
	check_eq "chromium sees every chart, point and bar" "8 52 59" \
		"$(grep -o '<svg class="chart"' r.dom | wc -l) $(grep -o 'class="pt"' r.dom | wc -l) $(grep -o 'class="bar"' r.dom | wc -l)"
	check_eq "chromium finds no script or img element in the hostile page" "0 0 6" \
		"$(grep -c '<script' h.dom) $(grep -c '<img' h.dom) $(grep -o '<svg' h.dom | wc -l)"
else
	skip "chromium's view of the pages" "no chromium here (apt-get install chromium to run it)"
	skip "chromium's view of the hostile page" "no chromium here"
fi
done_testing
