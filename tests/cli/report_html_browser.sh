#!/bin/sh
# The HTML report of the demo project (sample_tasks/demo.json with the
# labels of report_html.sh, and verdicts) as a reader's browser shows it:
# Debian's chromium, headless, renders it to PNG images at desktop width
# (1280) and phone width (390) — each a drawn page, not a blank one — and
# sees every chart (by kind: lines and bars by turn depth, bars per system,
# stacked verdicts, agreement per field) with its title; python3's
# html.parser finds every element closed and nothing live; a project of
# hostile names renders with no element made of them. chromium comes from
# tests/tools/deps.sh chromium (make deps-browser), installed here when
# missing and possible; else the browser's checks are skipped, saying why.
. "$CONVQA_TOP/tests/lib.sh"
CHECK="/usr/bin/python3 $CONVQA_TOP/tests/tools/html_report_check.py"
PNG="/usr/bin/python3 $CONVQA_TOP/tests/tools/png_check.py"
export CONVQA_NOW=2026-01-02T03:04:05.000Z

$CONVQA init --db p.db >/dev/null && $CONVQA import --db p.db -q "$CONVQA_TOP/sample_tasks/demo.json"
lh() { $CONVQA label --db p.db -c demo-lighthouse "$@"; }
lh -r alice -n 1 -s bm25-t5 answer_correct 1 && lh -r bob -n 1 -s bm25-t5 answer_correct 1 &&
	lh -r alice -n 1 -s bm25-t5 intent extractive && lh -r bob -n 1 -s bm25-t5 intent extractive &&
	lh -r alice -n 1 -s dense-llm answer_correct 1 && lh -r bob -n 1 -s dense-llm answer_correct 1 &&
	lh -r alice -n 2 -s bm25-t5 answer_correct 0 && lh -r bob -n 2 -s bm25-t5 answer_correct 0 &&
	lh -r alice -n 2 -s bm25-t5 intent extractive && lh -r bob -n 2 -s bm25-t5 intent abstractive &&
	lh -r alice -n 2 -s dense-llm answer_correct 1 && lh -r bob -n 2 -s dense-llm answer_correct 0 &&
	lh -r alice -n 3 -s bm25-t5 answer_correct 1 && lh -r bob -n 3 -s bm25-t5 answer_correct 1 &&
	lh -r alice -n 3 -s dense-llm answer_correct 0 &&
	lh -r alice -n 1 -s bm25-t5 -t plausibility plausibility plausible &&
	lh -r bob -n 1 -s bm25-t5 -t plausibility plausibility implausible &&
	lh -r alice -n 1 -s dense-llm -t plausibility plausibility plausible &&
	lh -r alice -n 2 -s dense-llm -t plausibility plausibility malformed &&
	lh -r alice -n 1 -s bm25-t5 -t faithfulness faithfulness faithful &&
	lh -r alice -n 1 -s dense-llm -t faithfulness faithfulness unfaithful
check_eq "the labels are recorded" 0 $?
i=1; for v in 1 1 0 0 0; do lh -r alice -n 1 -s bm25-t5 relevant $v -k $i || exit 1; i=$((i + 1)); done
i=1; for v in 1 0 0 0 1; do lh -r bob -n 1 -s bm25-t5 relevant $v -k $i || exit 1; i=$((i + 1)); done

run $CONVQA report --db p.db -f html -o r.html
check_eq "the page is written" "0|wrote the report to r.html" "$rc|$(cat "$T/err")"
check_eq "html.parser: every element closed in order, nothing live or external" "" "$($CHECK check r.html 2>&1)"
# answers: accuracy over 3 depths (lines), 2 systems (bars), 2 x 3 depths
# (bars by depth: dense-llm at depth 3 has its one judgement); retrieval:
# HR@1 against the gold by depth (8 depths x 3 rows), HR@5 at depth 1, 18 measures x 2 systems, 2 systems at depth 1;
# automatic: 6 metrics x 3 rows, then EM by depth (8 x 3); verdicts: by depth, 3 + 2 segments of
# plausibility and 2 of faithfulness, the shares' bars; agreement: alpha of
# 5 fields
check_eq "each chart, by kind, with its marks" \
"s1-t2 lines 3
s1-t3 bars 2
s1-t4 depthbars 6
s2-t2 lines 24
s2-t4 lines 1
s2-t5 bars 36
s2-t6 depthbars 2
s3-t1 bars 18
s3-t2 lines 24
s4-t2 lines 2
s4-t3 stacked 6
s4-t3 bars 4
s4-t4 depthbars 3
s5-t1 kappa 4" "$($CHECK charts r.html)"
for kind in lines bars depthbars stacked kappa; do
	check_grep "an svg element of class chart, kind $kind" "<svg class=\"chart\" data-kind=\"$kind\"" r.html
done
check_grep "the bars by depth have whiskers" '<path class="ci" d="M[0-9.]* [0-9.]*h8M' r.html
check_grep "their text alternative" '<desc id="c3-d">Bar chart: at each turn depth one bar per system, with 95% intervals as whiskers. bm25-t5: 1 = 1.000 (95% CI 0.342–1.000, n=2);' r.html
check_grep "the stacked bars: a segment with its count" '<title>bm25-t5, implausible: 1 of 2</title></rect>' r.html

# hostile names (tests/fixtures/report_html_hostile.json)
script='<script>alert(1)</script>'
rater='"><img src=x onerror=alert(1)>'
conv=$(printf 'c\342\200\256evil<svg onload=alert(3)>')
$CONVQA init --db h.db >/dev/null && $CONVQA import --db h.db -q "$FIXTURES/report_html_hostile.json" &&
	$CONVQA label --db h.db -r "$rater" -c "$conv" -n 1 -s "$script" answer_correct 1 &&
	$CONVQA label --db h.db -r bob -c "$conv" -n 1 -s "$script" answer_correct 0 &&
	$CONVQA label --db h.db -r "$rater" -c "$conv" -n 1 -s "$script" -t plausibility plausibility plausible &&
	$CONVQA report --db h.db -f html -o h.html 2>/dev/null
check_eq "the hostile project's page is written" 0 $?
check_eq "html.parser: nothing live in the hostile page" "" "$($CHECK check h.html 2>&1)"
check_eq "no script, img or svg element from the names" "0 0 0" \
	"$(grep -c '<script' h.html) $(grep -c '<img' h.html) $(grep -c '<svg onload' h.html)"

# ---- the browser --------------------------------------------------------------------
browser=""
if sh "$CONVQA_TOP/tests/tools/deps.sh" chromium >/dev/null 2>&1; then
	browser=$(command -v chromium || command -v chromium-browser || true)
fi
shot() {   # PAGE WIDTH HEIGHT OUT.png
	timeout 90 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size="$2,$3" \
		--screenshot="$T/$4" "file://$T/$1" >/dev/null 2>&1 && [ -s "$T/$4" ]
}
printf '<!doctype html><html><head><meta charset="utf-8"><title>blank</title></head><body></body></html>' >blank.html
if [ -n "$browser" ] && shot blank.html 1280 4000 blank.png; then
	blank=$($PNG blank.png | cut -d' ' -f2)
	for w in 1280 390; do
		shot r.html $w 4000 "r$w.png"
		set -- $($PNG "r$w.png")
		check_eq "a PNG of the page at width $w" "${w}x4000" "$1"
		check_eq "drawn, not blank: its image data is over 5 times a blank page's" 1 \
			"$([ "${2:-0}" -gt $((5 * blank)) ] && echo 1 || echo "$2 vs blank $blank")"
	done
	shot h.html 1280 2000 h.png
	check_eq "the hostile page renders too" "1280x2000" "$($PNG h.png | cut -d' ' -f1)"
	dom() { timeout 90 "$browser" --headless --no-sandbox --disable-gpu --dump-dom "file://$T/$1" 2>/dev/null; }
	dom r.html >r.dom
	check_eq "chromium's document has every chart and title" "14 14" \
		"$(grep -o '<svg class="chart"' r.dom | wc -l) $(grep -o '<title id="c[0-9]*-t">' r.dom | wc -l)"
	dom h.html >h.dom
	check_eq "chromium's document of the hostile page: no script or img element" "0 0" \
		"$(grep -c '<script' h.dom) $(grep -c '<img' h.dom)"
else
	skip "the pages in a browser" "no chromium here and none installable (as root: make deps-browser)"
fi
done_testing
