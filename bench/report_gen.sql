-- bench/report_gen.sql - the bench/report workload, written straight into a
-- project made by `convqa init` (sqlite3 PROJECT < bench/report_gen.sql).
-- Its size is temp.bench_size's conversations when the caller made that
-- table first (bench/report.sh does: 10,000 for 1M labels, 100,000 for
-- 10M); else 10,000, the size described here:
--
--   10,000 conversations x 5 turns x 2 systems = 100,000 items (responses),
--   10 ranked passages each out of a collection of 20,000 passages, one gold
--   answer and 1 or 2 gold passages per turn, a gold intent on 4 turns in 5;
--   2 raters label every item in 5 fields: intent, answer_correct,
--   relevant (one label row per passage: 10 rows), plausibility and
--   faithfulness = 1,000,000 labels in 2,800,000 label rows, plus 100,000
--   earlier values that were changed later (history rows: 2,900,000 in all).
--   The raters agree on about 80% of their labels. Each row holds the
--   active seconds since the previous save, as convqa annotate writes them
--   (2 to 6 s a row, about 45 s an item), and names the unit it judges
--   (unit, turn_id, unit_ref): intent the turn (given on both responses of
--   the turn: one unit, two rows per rater), relevant a passage of the turn
--   (the gold passage, which both systems of a turn retrieve in 5 turns of
--   7, is one unit judged on both responses), the rest the response.
--
-- Values are deterministic functions of the row numbers (no random()), so
-- every run builds the same project.
PRAGMA foreign_keys = OFF;
PRAGMA synchronous = OFF;  -- a throwaway benchmark file, never a project
PRAGMA journal_mode = MEMORY;
PRAGMA cache_size = -1000000;  -- 1 GB: the label indexes of the 10M size are built in memory
CREATE TEMP TABLE IF NOT EXISTS bench_size AS SELECT 10000 AS conversations;
BEGIN;
INSERT INTO import(id, file, sha256, imported_at) VALUES (1, 'bench/report_gen.sql', '', '2026-01-01T00:00:00.000Z');
INSERT INTO system(id, name, description) VALUES (1, 'bm25', 'bench system one'), (2, 'dense', 'bench system two');
INSERT INTO rater(id, name, role) VALUES (1, 'alice', 'rater'), (2, 'bob', 'rater');

CREATE TEMP TABLE w(i INTEGER PRIMARY KEY, t TEXT);
INSERT INTO w(i, t) SELECT key - 1, value FROM json_each(
  '["the","river","city","war","king","law","music","film","team","water","energy","system",' ||
  '"island","century","language","species","church","school","army","light","train","coast",' ||
  '"market","bridge","north","south","gold","stone","paper","field","north","winter","summer",' ||
  '"song","ship","road","tower","garden","forest","plant","animal","bird","fish","sea","lake",' ||
  '"mountain","valley","village","castle","museum","painting","book","poem","story","night","day",' ||
  '"year","1823","1801","france","egypt","lens","bee","dance","starter","bread","tardigrade"]');

WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
INSERT INTO passage(id, ext_id, text, import_id)
SELECT i, 'p' || i,
  (SELECT t FROM w WHERE w.i = (i * 7) % 66) || ' ' || (SELECT t FROM w WHERE w.i = (i * 13) % 66) || ' '
  || (SELECT t FROM w WHERE w.i = (i * 29) % 66) || ' passage ' || i, 1
FROM n;

WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < (SELECT conversations FROM bench_size))
INSERT INTO conversation(id, ext_id, import_id) SELECT i, 'c' || i, 1 FROM n;

WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5 * (SELECT conversations FROM bench_size))
INSERT INTO turn(id, conversation_id, position, question, gold_intent)
SELECT i, (i - 1) / 5 + 1, (i - 1) % 5 + 1, 'question ' || i || '?',
  CASE i % 5 WHEN 0 THEN NULL WHEN 1 THEN 'extractive' WHEN 2 THEN 'abstractive' WHEN 3 THEN 'extractive'
  ELSE 'boolean' END
FROM n;

INSERT INTO gold_answer(turn_id, seq, text)
SELECT id, 0, (SELECT t FROM w WHERE w.i = (id * 3) % 66) || ' ' || (SELECT t FROM w WHERE w.i = (id * 5) % 66)
  || ' ' || (SELECT t FROM w WHERE w.i = (id * 11) % 66) || ' ' || (SELECT t FROM w WHERE w.i = (id * 17) % 66)
FROM turn;
INSERT INTO gold_passage(turn_id, passage_ext) SELECT id, 'p' || ((id * 37) % 20000 + 1) FROM turn;
INSERT OR IGNORE INTO gold_passage(turn_id, passage_ext) SELECT id, 'p' || ((id * 91) % 20000 + 1) FROM turn WHERE id % 3 = 0;

-- response id r: turn (r + 1) / 2, system 2 - r % 2
INSERT INTO response(id, turn_id, system_id, answer, import_id)
SELECT t.id * 2 - 2 + s.id, t.id, s.id,
  CASE WHEN (t.id + s.id) % 4 = 0 THEN g.text ELSE
  (SELECT t FROM w WHERE w.i = (t.id * 3 + s.id) % 66) || ' ' || (SELECT t FROM w WHERE w.i = (t.id * 5) % 66)
  || ' ' || (SELECT t FROM w WHERE w.i = (t.id * 7 + s.id) % 66) END, 1
FROM turn t CROSS JOIN system s JOIN gold_answer g ON g.turn_id = t.id
ORDER BY 1;

-- 10 passages per response; the gold passage at rank (r % 7) + 1 in 6 of 7 responses
WITH RECURSIVE k(rank) AS (SELECT 1 UNION ALL SELECT rank + 1 FROM k WHERE rank < 10)
INSERT INTO retrieved(response_id, rank, passage_id, score)
SELECT r.id, k.rank,
  CASE WHEN r.id % 7 <> 6 AND k.rank = r.id % 7 + 1 THEN (r.turn_id * 37) % 20000 + 1
       ELSE (r.id * 101 + k.rank * 997) % 20000 + 1 END,
  round(30.0 - k.rank - (r.id % 10) / 10.0, 2)
FROM response r CROSS JOIN k ORDER BY r.id, k.rank;

-- labels: rater 1 first, then rater 2 (as two people working through the
-- items), each item's fields in UI order; the 20% disagreement is keyed on
-- (item, field) so both raters' values are deterministic.
CREATE TEMP TABLE f(seq INTEGER PRIMARY KEY, task TEXT, field TEXT, rank INTEGER);
INSERT INTO f(task, field, rank) VALUES ('turn', 'intent', 0), ('turn', 'answer_correct', 0);
WITH RECURSIVE k(rank) AS (SELECT 1 UNION ALL SELECT rank + 1 FROM k WHERE rank < 10)
INSERT INTO f(task, field, rank) SELECT 'turn', 'relevant', rank FROM k;
INSERT INTO f(task, field, rank) VALUES ('plausibility', 'plausibility', 0), ('faithfulness', 'faithfulness', 0);

INSERT INTO label(response_id, rater_id, round_id, task, field, passage_rank, value, seconds, created_at,
  unit, turn_id, unit_ref)
SELECT r.id, ra.id, NULL, f.task, f.field, f.rank,
  -- a first answer_correct value that is changed later (history), on 1 item in 2
  CASE WHEN f.field = 'answer_correct' THEN CASE WHEN r.id % 3 = 0 THEN '0' ELSE '1' END END,
  1.0 + (r.id % 3), '2026-01-01T00:00:00.000Z', 'response', r.turn_id, r.id
FROM rater ra CROSS JOIN response r CROSS JOIN f
WHERE f.field = 'answer_correct' AND r.id % 2 = 0
ORDER BY ra.id, r.id, f.seq;

INSERT INTO label(response_id, rater_id, round_id, task, field, passage_rank, value, seconds, created_at,
  unit, turn_id, unit_ref)
SELECT r.id, ra.id, NULL, f.task, f.field, f.rank,
  CASE f.field
  WHEN 'intent' THEN CASE WHEN (r.id * 7 + ra.id * ((r.id % 5) = 0)) % 3 = 0 THEN 'extractive'
                          WHEN (r.id * 7 + ra.id * ((r.id % 5) = 0)) % 3 = 1 THEN 'abstractive' ELSE 'boolean' END
  WHEN 'answer_correct' THEN CAST(((r.id * 13) % 10 < 6) <> (ra.id = 2 AND (r.id * 17) % 10 < 2) AS TEXT)
  WHEN 'relevant' THEN CAST(((r.id % 7 <> 6 AND f.rank = r.id % 7 + 1) OR (r.id * 31 + f.rank * 7) % 10 < 2)
                            <> (ra.id = 2 AND (r.id * 19 + f.rank * 3) % 10 < 2) AS TEXT)
  WHEN 'plausibility' THEN CASE WHEN (r.id * 23 + ra.id * ((r.id % 3) = 1)) % 10 < 8 THEN 'plausible'
                                WHEN (r.id * 23 + ra.id * ((r.id % 3) = 1)) % 10 = 8 THEN 'implausible' ELSE 'malformed' END
  ELSE CASE WHEN (r.id * 29 + ra.id * ((r.id % 5) = 2)) % 10 < 7 THEN 'faithful' ELSE 'unfaithful' END
  END,
  2.0 + ((r.id + f.seq) % 5), '2026-01-01T00:00:01.000Z',
  -- the unit judged (the built-in turn scheme): intent the turn, relevant a
  -- passage of the turn (pooled over both systems), the rest the response
  CASE f.field WHEN 'intent' THEN 'turn' WHEN 'relevant' THEN 'passage' ELSE 'response' END, r.turn_id,
  CASE f.field WHEN 'intent' THEN 0 WHEN 'relevant' THEN rt.passage_id ELSE r.id END
FROM rater ra CROSS JOIN response r CROSS JOIN f
LEFT JOIN retrieved rt ON rt.response_id = r.id AND rt.rank = f.rank AND f.field = 'relevant'
ORDER BY ra.id, r.id, f.seq;
COMMIT;
DROP TABLE w;
DROP TABLE f;
DROP TABLE bench_size;
