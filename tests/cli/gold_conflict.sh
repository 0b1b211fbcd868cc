#!/bin/sh
# Qrels that give a turn other gold than the project has (the same qrels
# again with --min-grade 2) are refused at the first differing query in
# the file (its first line, whatever the order of conversation ids: "100"
# sorts before "81"), without claiming the gold came from the topics file
# (which has none: the turn's file is named as the turn's), and saying what
# to do: a new project of the topics and these qrels, which then works.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db"
cat >topics.json <<'JSON'
[{"number": 81, "title": "Bees", "turn": [
   {"number": 1, "raw_utterance": "How do bees make honey?"},
   {"number": 2, "raw_utterance": "How long does it take?"}]},
 {"number": 100, "title": "Tides", "turn": [
   {"number": 1, "raw_utterance": "What causes tides?"}]}]
JSON
# 81_1's first line names zz, its docid that sorts last; 100 comes last
printf '81_1 0 zz 2\n81_1 0 aa 1\n81_2 0 bb 2\n100_1 0 cc 1\n100_1 0 dd 2\n' >qrels.txt
$CONVQA init >/dev/null && $CONVQA import -q topics.json && $CONVQA import -q --format trec-qrels qrels.txt
check_eq "the topics, then the qrels as gold, import" "0|5" "$?|$(sqlite3 p.db 'SELECT count(*) FROM gold_passage')"
at=$(sqlite3 p.db "SELECT imported_at FROM import WHERE id = 1")
check_run "the same qrels at --min-grade 2: refused at 81_1, line 1, with what to do" 2 \
	"qrels.txt:1: turn 1 of conversation \"81\" conflicts with the one in the project: its gold passages differ (the project keeps a turn's first gold, whichever import gave it, and never replaces it; the turn was imported from '$T/topics.json' at $at). To score against this file's gold passages, make a new project of the turns' file and this one: convqa init --db new.db && convqa import --db new.db $T/topics.json, then import qrels.txt there as here, with --db new.db" \
	$CONVQA import --format trec-qrels --min-grade 2 qrels.txt
check_eq "   nothing changed" "5|2" \
	"$(sqlite3 p.db 'SELECT count(*) FROM gold_passage')|$(sqlite3 p.db 'SELECT count(*) FROM import')"
# what it says to do
$CONVQA init --db new.db >/dev/null && $CONVQA import -q --db new.db "$T/topics.json" &&
	$CONVQA import -q --db new.db --format trec-qrels --min-grade 2 qrels.txt
check_eq "the new project of the topics and the qrels at --min-grade 2 has their gold" "0|bb dd zz" \
	"$?|$(sqlite3 new.db 'SELECT group_concat(passage_ext, " ") FROM (SELECT passage_ext FROM gold_passage ORDER BY 1)')"
done_testing
