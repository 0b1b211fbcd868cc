/* store_migrate.c - the schema: the list of migrations from one
 * user_version to the next, and the runner that brings a project up to the
 * last. */
#include "store_internal.h"

#include <stdio.h>

/* Each entry migrates from user_version i to i + 1. Never edit a shipped
 * entry; append a new one. */
static const char *const migrations[] = {
	/* 0 -> 1: the first schema */
	"CREATE TABLE setting(\n"
	"  key TEXT PRIMARY KEY,\n"
	"  value TEXT NOT NULL);\n"
	"CREATE TABLE import(\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  file TEXT NOT NULL,\n"
	"  sha256 TEXT NOT NULL,\n"
	"  imported_at TEXT NOT NULL);\n"
	"CREATE TABLE passage(\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  ext_id TEXT NOT NULL UNIQUE CHECK(ext_id <> ''),\n"
	"  title TEXT,\n"
	"  url TEXT,\n"
	"  text TEXT NOT NULL CHECK(text <> ''),\n"
	"  import_id INTEGER REFERENCES import(id));\n"
	"CREATE VIRTUAL TABLE passage_fts USING fts5(title, text, content='passage', content_rowid='id');\n"
	STORE_PASSAGE_AI_SQL ";\n"
	"CREATE TRIGGER passage_ad AFTER DELETE ON passage BEGIN\n"
	"  INSERT INTO passage_fts(passage_fts, rowid, title, text) VALUES ('delete', old.id, old.title, old.text);\n"
	"END;\n"
	STORE_PASSAGE_AU_SQL("") ";\n"
	"CREATE TABLE conversation(\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  ext_id TEXT NOT NULL UNIQUE CHECK(ext_id <> ''),\n"
	"  metadata TEXT,\n"
	"  import_id INTEGER REFERENCES import(id));\n"
	"CREATE TABLE turn(\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  conversation_id INTEGER NOT NULL REFERENCES conversation(id),\n"
	"  position INTEGER NOT NULL CHECK(position >= 1),\n"
	"  question TEXT NOT NULL CHECK(question <> ''),\n"
	"  rewrite TEXT,\n"
	"  gold_intent TEXT CHECK(gold_intent IN ('extractive','abstractive','boolean')),\n"
	"  metadata TEXT,\n"
	"  import_id INTEGER REFERENCES import(id),\n"
	"  UNIQUE(conversation_id, position));\n"
	"CREATE TABLE gold_answer(\n"
	"  turn_id INTEGER NOT NULL REFERENCES turn(id),\n"
	"  seq INTEGER NOT NULL,\n"
	"  text TEXT NOT NULL,\n"
	"  PRIMARY KEY(turn_id, seq)) WITHOUT ROWID;\n"
	"CREATE TABLE gold_passage(\n"
	"  turn_id INTEGER NOT NULL REFERENCES turn(id),\n"
	"  passage_ext TEXT NOT NULL,\n"
	"  PRIMARY KEY(turn_id, passage_ext)) WITHOUT ROWID;\n"
	"CREATE TABLE system(\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  name TEXT NOT NULL UNIQUE CHECK(name <> ''),\n"
	"  description TEXT,\n"
	"  import_id INTEGER REFERENCES import(id));\n"
	"CREATE TABLE response(\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  turn_id INTEGER NOT NULL REFERENCES turn(id),\n"
	"  system_id INTEGER NOT NULL REFERENCES system(id),\n"
	"  answer TEXT NOT NULL,\n"
	"  metadata TEXT,\n"
	"  import_id INTEGER REFERENCES import(id),\n"
	"  UNIQUE(turn_id, system_id));\n"
	"CREATE TABLE retrieved(\n"
	"  response_id INTEGER NOT NULL REFERENCES response(id),\n"
	"  rank INTEGER NOT NULL CHECK(rank >= 1),\n"
	"  passage_id INTEGER NOT NULL REFERENCES passage(id),\n"
	"  score REAL,\n"
	"  PRIMARY KEY(response_id, rank)) WITHOUT ROWID;\n"
	"CREATE INDEX retrieved_passage ON retrieved(passage_id);\n"
	"CREATE TABLE rater(\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  name TEXT NOT NULL UNIQUE CHECK(name <> ''),\n"
	"  role TEXT NOT NULL DEFAULT 'rater' CHECK(role IN ('rater','adjudicator','coordinator')),\n"
	"  trusted INTEGER NOT NULL DEFAULT 0 CHECK(trusted IN (0,1)));\n"
	"CREATE TABLE round(\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  name TEXT NOT NULL UNIQUE CHECK(name <> ''),\n"
	"  task TEXT NOT NULL CHECK(task IN ('turn','plausibility','faithfulness')),\n"
	"  overlap REAL NOT NULL DEFAULT 0,\n"
	"  status TEXT NOT NULL DEFAULT 'open' CHECK(status IN ('open','closed')),\n"
	"  created_at TEXT NOT NULL,\n"
	"  closed_at TEXT);\n"
	"CREATE TABLE round_rater(\n"
	"  round_id INTEGER NOT NULL REFERENCES round(id),\n"
	"  rater_id INTEGER NOT NULL REFERENCES rater(id),\n"
	"  PRIMARY KEY(round_id, rater_id)) WITHOUT ROWID;\n"
	"CREATE TABLE assignment(\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  round_id INTEGER NOT NULL REFERENCES round(id),\n"
	"  rater_id INTEGER NOT NULL REFERENCES rater(id),\n"
	"  response_id INTEGER NOT NULL REFERENCES response(id),\n"
	"  seq INTEGER NOT NULL,\n"
	"  UNIQUE(round_id, rater_id, response_id),\n"
	"  UNIQUE(round_id, rater_id, seq));\n"
	"CREATE TABLE label(\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  response_id INTEGER NOT NULL REFERENCES response(id),\n"
	"  rater_id INTEGER NOT NULL REFERENCES rater(id),\n"
	"  round_id INTEGER REFERENCES round(id),\n"
	"  task TEXT NOT NULL CHECK(task IN ('turn','plausibility','faithfulness')),\n"
	"  field TEXT NOT NULL,\n"
	"  passage_rank INTEGER NOT NULL DEFAULT 0 CHECK(passage_rank >= 0),\n"
	"  value TEXT,\n"
	"  seconds REAL NOT NULL DEFAULT 0 CHECK(seconds >= 0),\n"
	"  created_at TEXT NOT NULL);\n"
	"CREATE INDEX label_key ON label(response_id, rater_id, round_id, task, field, passage_rank, id);\n"
	"CREATE INDEX label_rater ON label(rater_id, round_id);\n"
	"CREATE TRIGGER label_no_update BEFORE UPDATE ON label BEGIN\n"
	"  SELECT RAISE(ABORT, 'labels are never changed: add a row');\n"
	"END;\n"
	"CREATE TRIGGER label_no_delete BEFORE DELETE ON label BEGIN\n"
	"  SELECT RAISE(ABORT, 'labels are never deleted');\n"
	"END;\n"
	"CREATE TABLE evidence_span(\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  response_id INTEGER NOT NULL REFERENCES response(id),\n"
	"  passage_id INTEGER NOT NULL REFERENCES passage(id),\n"
	"  start INTEGER NOT NULL CHECK(start >= 0),\n"
	"  end INTEGER NOT NULL CHECK(end >= start),\n"
	"  text TEXT NOT NULL,\n"
	"  score REAL NOT NULL);\n"
	"CREATE INDEX evidence_span_response ON evidence_span(response_id);\n",
	/* 1 -> 2: label schemes of the project's own (the built-in ones are in
	 * the binary); json is the scheme as scheme_to_json() writes it */
	"CREATE TABLE scheme(\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  name TEXT NOT NULL UNIQUE CHECK(name <> ''),\n"
	"  json TEXT NOT NULL,\n"
	"  added_at TEXT NOT NULL);\n",
	/* 2 -> 3: judgement units. A label judges a unit (scheme.h): the turn,
	 * a passage of the turn pooled over every system that retrieved it, one
	 * response, or one answer text of the turn. turn_id and unit_ref name
	 * the unit (unit_ref: 0 for the turn, the passage id, the response id,
	 * or the key of the normalised answer); response_id and passage_rank
	 * still say where it was given. Rows of the fixed fields map onto the
	 * built-in schemes: intent judges the turn, relevant a passage, the
	 * rest a response; per-system relevance rows of one (turn, passage)
	 * become rows of one unit, whose latest is current (history kept). Any
	 * scheme's name may be a task now.
	 *
	 * A clear must not take back more once pooled than it did before: in
	 * version 2 a clear on B's answer left the rater's value on A's answer
	 * standing. So where a unit's latest row is a clear but the latest row
	 * of one of its version 2 keys (response, passage_rank) holds a value,
	 * the latest such value (by id, as between any two values of a unit)
	 * is added after the clear: a copy of its row, where and when it was
	 * given, with a new id and 0 seconds (no work was done). */
	"CREATE TABLE label3(\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  response_id INTEGER NOT NULL REFERENCES response(id),\n"
	"  rater_id INTEGER NOT NULL REFERENCES rater(id),\n"
	"  round_id INTEGER REFERENCES round(id),\n"
	"  task TEXT NOT NULL CHECK(task <> ''),\n"
	"  field TEXT NOT NULL,\n"
	"  passage_rank INTEGER NOT NULL DEFAULT 0 CHECK(passage_rank >= 0),\n"
	"  value TEXT,\n"
	"  seconds REAL NOT NULL DEFAULT 0 CHECK(seconds >= 0),\n"
	"  created_at TEXT NOT NULL,\n"
	"  unit TEXT NOT NULL CHECK(unit IN ('turn','passage','response','answer')),\n"
	"  turn_id INTEGER NOT NULL REFERENCES turn(id),\n"
	"  unit_ref INTEGER NOT NULL);\n"
	"INSERT INTO label3 SELECT l.id, l.response_id, l.rater_id, l.round_id, l.task, l.field, l.passage_rank,\n"
	"  l.value, l.seconds, l.created_at,\n"
	"  CASE WHEN l.task = 'turn' AND l.field = 'intent' THEN 'turn'\n"
	"       WHEN l.task = 'turn' AND l.field = 'relevant' AND rt.passage_id IS NOT NULL THEN 'passage'\n"
	"       ELSE 'response' END,\n"
	"  r.turn_id,\n"
	"  CASE WHEN l.task = 'turn' AND l.field = 'intent' THEN 0\n"
	"       WHEN l.task = 'turn' AND l.field = 'relevant' AND rt.passage_id IS NOT NULL THEN rt.passage_id\n"
	"       ELSE l.response_id END\n"
	"  FROM label l JOIN response r ON r.id = l.response_id\n"
	"  LEFT JOIN retrieved rt ON rt.response_id = l.response_id AND rt.rank = l.passage_rank\n"
	"  ORDER BY l.id;\n"
	"DROP TABLE label;\n"
	"ALTER TABLE label3 RENAME TO label;\n"
	"CREATE INDEX label_unit ON label(turn_id, rater_id, round_id, task, field, unit, unit_ref, id);\n"
	/* the values a pooled clear hid (above); reads units through label_unit */
	"INSERT INTO label(response_id, rater_id, round_id, task, field, passage_rank, value, seconds,\n"
	"  created_at, unit, turn_id, unit_ref)\n"
	"SELECT v.response_id, v.rater_id, v.round_id, v.task, v.field, v.passage_rank, v.value, 0,\n"
	"  v.created_at, v.unit, v.turn_id, v.unit_ref\n"
	"  FROM label l JOIN label v ON v.id = (SELECT max(k.id) FROM label k\n"
	"    WHERE k.turn_id = l.turn_id AND k.rater_id = l.rater_id AND k.round_id IS l.round_id\n"
	"    AND k.task = l.task AND k.field = l.field AND k.unit = l.unit AND k.unit_ref = l.unit_ref\n"
	"    AND k.value IS NOT NULL\n"
	"    AND k.id = (SELECT max(y.id) FROM label y WHERE y.turn_id = k.turn_id\n"
	"      AND y.rater_id = k.rater_id AND y.round_id IS k.round_id AND y.task = k.task\n"
	"      AND y.field = k.field AND y.unit = k.unit AND y.unit_ref = k.unit_ref\n"
	"      AND y.response_id = k.response_id AND y.passage_rank = k.passage_rank))\n"
	"  WHERE l.value IS NULL\n"
	"  AND l.id = (SELECT max(x.id) FROM label x WHERE x.turn_id = l.turn_id\n"
	"    AND x.rater_id = l.rater_id AND x.round_id IS l.round_id AND x.task = l.task\n"
	"    AND x.field = l.field AND x.unit = l.unit AND x.unit_ref = l.unit_ref)\n"
	"  ORDER BY l.id;\n"
	"CREATE INDEX label_rater ON label(rater_id, round_id, task);\n"
	"CREATE INDEX label_response ON label(response_id);\n"
	"CREATE TRIGGER label_no_update BEFORE UPDATE ON label BEGIN\n"
	"  SELECT RAISE(ABORT, 'labels are never changed: add a row');\n"
	"END;\n"
	"CREATE TRIGGER label_no_delete BEFORE DELETE ON label BEGIN\n"
	"  SELECT RAISE(ABORT, 'labels are never deleted');\n"
	"END;\n",
	/* 3 -> 4: raters and rounds made by commands. A rater may be bound to
	 * an operating-system account; raters are trusted unless distrusted. A
	 * round's task is any scheme's name; it keeps how its plan was made
	 * (overlap, seed, the round it swaps, the share of control items and the
	 * rater whose labels are their known answers) and when it was made and
	 * closed. An assignment may be a control item (not shown as one).
	 * Guidelines are kept per task (NULL: every task), each version a row;
	 * guidelines_seen says which version a rater has been shown. */
	"ALTER TABLE rater ADD COLUMN os_user TEXT CHECK(os_user <> '');\n"
	"ALTER TABLE rater ADD COLUMN added_at TEXT;\n"
	"UPDATE rater SET trusted = 1;\n"
	"CREATE TABLE round4(\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  name TEXT NOT NULL UNIQUE CHECK(name <> ''),\n"
	"  task TEXT NOT NULL CHECK(task <> ''),\n"
	"  overlap INTEGER NOT NULL DEFAULT 0 CHECK(overlap >= 0),\n"
	"  status TEXT NOT NULL DEFAULT 'open' CHECK(status IN ('open','closed')),\n"
	"  created_at TEXT NOT NULL,\n"
	"  closed_at TEXT,\n"
	"  seed INTEGER,\n"
	"  pilot INTEGER NOT NULL DEFAULT 0 CHECK(pilot IN (0,1)),\n"
	"  swap_from INTEGER REFERENCES round(id),\n"
	"  control REAL NOT NULL DEFAULT 0 CHECK(control >= 0 AND control < 1),\n"
	"  control_rater INTEGER REFERENCES rater(id),\n"
	"  made_by TEXT);\n"
	"INSERT INTO round4(id, name, task, overlap, status, created_at, closed_at)\n"
	"  SELECT id, name, task, CAST(overlap AS INTEGER), status, created_at, closed_at FROM round;\n"
	"DROP TABLE round;\n"
	"ALTER TABLE round4 RENAME TO round;\n"
	"ALTER TABLE assignment ADD COLUMN control INTEGER NOT NULL DEFAULT 0 CHECK(control IN (0,1));\n"
	"CREATE INDEX assignment_response ON assignment(response_id);\n"
	"CREATE TABLE guidelines(\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  task TEXT CHECK(task <> ''),\n"
	"  text TEXT NOT NULL,\n"
	"  set_at TEXT NOT NULL);\n"
	/* a rater's labels by unit, covering what the annotate queue and
	 * summary read (store_item.c): nothing sorted, no other rater's rows */
	"CREATE INDEX label_rater_unit ON label(rater_id, round_id, task, turn_id, field, unit, unit_ref, id, value,\n"
	"  seconds);\n"
	"DROP INDEX label_rater;\n"
	/* evidence spans (convqa spans) say whose overlap found them: the
	 * answer's or a gold answer's */
	"ALTER TABLE evidence_span ADD COLUMN source TEXT NOT NULL DEFAULT 'answer'\n"
	"  CHECK(source IN ('answer','gold'));\n"
	"CREATE TABLE guidelines_seen(\n"
	"  rater_id INTEGER NOT NULL REFERENCES rater(id),\n"
	"  guidelines_id INTEGER NOT NULL REFERENCES guidelines(id),\n"
	"  seen_at TEXT NOT NULL,\n"
	"  PRIMARY KEY(rater_id, guidelines_id)) WITHOUT ROWID;\n",
	/* 4 -> 5: data known in part. A turn may have no question text (a run
	 * or qrels name it by number only) and a passage no text (known by id
	 * until a collection gives it): both nullable, filled in by a later
	 * import. A gold passage has a grade (graded relevance, 1 when not
	 * given) and a response the system's own rewrite of the question. The
	 * tables others refer to are rebuilt (create, copy, drop, rename) with
	 * their rows' ids, so references and the full-text index (passage_fts,
	 * by rowid) stay whole; dropping passage drops its triggers, made
	 * again. */
	"CREATE TABLE passage5(\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  ext_id TEXT NOT NULL UNIQUE CHECK(ext_id <> ''),\n"
	"  title TEXT,\n"
	"  url TEXT,\n"
	"  text TEXT CHECK(text <> ''),\n"
	"  import_id INTEGER REFERENCES import(id));\n"
	"INSERT INTO passage5(id, ext_id, title, url, text, import_id)\n"
	"  SELECT id, ext_id, title, url, text, import_id FROM passage ORDER BY id;\n"
	"DROP TABLE passage;\n"
	"ALTER TABLE passage5 RENAME TO passage;\n"
	STORE_PASSAGE_AI_SQL ";\n"
	"CREATE TRIGGER passage_ad AFTER DELETE ON passage BEGIN\n"
	"  INSERT INTO passage_fts(passage_fts, rowid, title, text) VALUES ('delete', old.id, old.title, old.text);\n"
	"END;\n"
	STORE_PASSAGE_AU_SQL("") ";\n"
	"CREATE TABLE turn5(\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  conversation_id INTEGER NOT NULL REFERENCES conversation(id),\n"
	"  position INTEGER NOT NULL CHECK(position >= 1),\n"
	"  question TEXT CHECK(question <> ''),\n"
	"  rewrite TEXT,\n"
	"  gold_intent TEXT CHECK(gold_intent IN ('extractive','abstractive','boolean')),\n"
	"  metadata TEXT,\n"
	"  import_id INTEGER REFERENCES import(id),\n"
	"  UNIQUE(conversation_id, position));\n"
	"INSERT INTO turn5(id, conversation_id, position, question, rewrite, gold_intent, metadata, import_id)\n"
	"  SELECT id, conversation_id, position, question, rewrite, gold_intent, metadata, import_id FROM turn\n"
	"  ORDER BY id;\n"
	"DROP TABLE turn;\n"
	"ALTER TABLE turn5 RENAME TO turn;\n"
	"ALTER TABLE gold_passage ADD COLUMN grade INTEGER NOT NULL DEFAULT 1 CHECK(grade >= 1);\n"
	"ALTER TABLE response ADD COLUMN rewrite TEXT;\n",
	/* 5 -> 6: scores of responses computed elsewhere (convqa
	 * import-scores: GPTScore, BERTScore, an LLM judge), one value per
	 * response and score name. */
	"CREATE TABLE response_score(\n"
	"  response_id INTEGER NOT NULL REFERENCES response(id),\n"
	"  name TEXT NOT NULL CHECK(name <> ''),\n"
	"  value REAL NOT NULL,\n"
	"  import_id INTEGER REFERENCES import(id),\n"
	"  PRIMARY KEY(response_id, name)) WITHOUT ROWID;\n"
	"CREATE INDEX response_score_name ON response_score(name, response_id);\n",
	/* 6 -> 7: what a rater has finished, kept so that the annotation UI
	 * opens without reading every label of the rater (store_done.c): the
	 * finished items of each rater, round (0: outside rounds) and task,
	 * and how far the labels were read for them (the rows up to label_id,
	 * under the required fields and imports named by basis). Filled and
	 * caught up when a queue opens; rows of labels are never changed or
	 * deleted, so the rows after label_id are all that can change it;
	 * label_rater_id finds them without reading the rater's other rows. */
	"CREATE TABLE item_done(\n"
	"  rater_id INTEGER NOT NULL,\n"
	"  round_id INTEGER NOT NULL,\n"
	"  task TEXT NOT NULL,\n"
	"  response_id INTEGER NOT NULL,\n"
	"  PRIMARY KEY(rater_id, round_id, task, response_id)) WITHOUT ROWID;\n"
	"CREATE TABLE item_done_mark(\n"
	"  rater_id INTEGER NOT NULL,\n"
	"  round_id INTEGER NOT NULL,\n"
	"  task TEXT NOT NULL,\n"
	"  basis TEXT NOT NULL,\n"
	"  label_id INTEGER NOT NULL,\n"
	"  PRIMARY KEY(rater_id, round_id, task)) WITHOUT ROWID;\n"
	/* a rater's label rows by id: the last one, and those after a mark */
	"CREATE INDEX label_rater_id ON label(rater_id, round_id, task, id);\n",
	/* 7 -> 8: side-by-side preference (the pair unit, issue 22). A pair is
	 * two responses to one turn, response_a of the system with the lower
	 * id (store_pair.c keeps to it), made once and shared by every round
	 * that asks it. A pairwise round assigns pairs, not responses:
	 * pair_assignment is the assignment table of such rounds (seq: the
	 * rater's queue order; a_first: 1 when response_a's answer is shown
	 * left, or on top, to that rater). pair_same keeps the pairs of a
	 * round whose answers are identical after the answer normalisation:
	 * not asked, counted as ties apart. A label of a pair field judges
	 * unit 'pair': unit_ref the pair's id, response_id its response_a,
	 * its value normalised to the systems (a: response_a preferred, b,
	 * tie, both_bad; never a side of the screen). The label table is
	 * rebuilt (as 2 -> 3) to let its unit be 'pair', its indexes and
	 * triggers made again. */
	"CREATE TABLE pair(\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  turn_id INTEGER NOT NULL REFERENCES turn(id),\n"
	"  response_a INTEGER NOT NULL REFERENCES response(id),\n"
	"  response_b INTEGER NOT NULL REFERENCES response(id),\n"
	"  CHECK(response_a <> response_b),\n"
	"  UNIQUE(response_a, response_b));\n"
	"CREATE INDEX pair_turn ON pair(turn_id);\n"
	"CREATE TABLE pair_assignment(\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  round_id INTEGER NOT NULL REFERENCES round(id),\n"
	"  rater_id INTEGER NOT NULL REFERENCES rater(id),\n"
	"  pair_id INTEGER NOT NULL REFERENCES pair(id),\n"
	"  seq INTEGER NOT NULL,\n"
	"  a_first INTEGER NOT NULL CHECK(a_first IN (0,1)),\n"
	"  control INTEGER NOT NULL DEFAULT 0 CHECK(control IN (0,1)),\n"
	"  UNIQUE(round_id, rater_id, pair_id),\n"
	"  UNIQUE(round_id, rater_id, seq));\n"
	"CREATE INDEX pair_assignment_pair ON pair_assignment(pair_id);\n"
	"CREATE TABLE pair_same(\n"
	"  round_id INTEGER NOT NULL REFERENCES round(id),\n"
	"  pair_id INTEGER NOT NULL REFERENCES pair(id),\n"
	"  PRIMARY KEY(round_id, pair_id)) WITHOUT ROWID;\n"
	"CREATE TABLE label8(\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  response_id INTEGER NOT NULL REFERENCES response(id),\n"
	"  rater_id INTEGER NOT NULL REFERENCES rater(id),\n"
	"  round_id INTEGER REFERENCES round(id),\n"
	"  task TEXT NOT NULL CHECK(task <> ''),\n"
	"  field TEXT NOT NULL,\n"
	"  passage_rank INTEGER NOT NULL DEFAULT 0 CHECK(passage_rank >= 0),\n"
	"  value TEXT,\n"
	"  seconds REAL NOT NULL DEFAULT 0 CHECK(seconds >= 0),\n"
	"  created_at TEXT NOT NULL,\n"
	"  unit TEXT NOT NULL CHECK(unit IN ('turn','passage','response','answer','pair')),\n"
	"  turn_id INTEGER NOT NULL REFERENCES turn(id),\n"
	"  unit_ref INTEGER NOT NULL);\n"
	"INSERT INTO label8 SELECT id, response_id, rater_id, round_id, task, field, passage_rank, value, seconds,\n"
	"  created_at, unit, turn_id, unit_ref FROM label ORDER BY id;\n"
	"DROP TABLE label;\n"
	"ALTER TABLE label8 RENAME TO label;\n"
	"CREATE INDEX label_unit ON label(turn_id, rater_id, round_id, task, field, unit, unit_ref, id);\n"
	"CREATE INDEX label_response ON label(response_id);\n"
	"CREATE INDEX label_rater_unit ON label(rater_id, round_id, task, turn_id, field, unit, unit_ref, id, value,\n"
	"  seconds);\n"
	"CREATE INDEX label_rater_id ON label(rater_id, round_id, task, id);\n"
	"CREATE TRIGGER label_no_update BEFORE UPDATE ON label BEGIN\n"
	"  SELECT RAISE(ABORT, 'labels are never changed: add a row');\n"
	"END;\n"
	"CREATE TRIGGER label_no_delete BEFORE DELETE ON label BEGIN\n"
	"  SELECT RAISE(ABORT, 'labels are never deleted');\n"
	"END;\n",
	/* 8 -> 9: a live round (round create --live): its assignments are
	 * first questions to start live conversations from, then the turns of
	 * those conversations (convqa chat --round). */
	"ALTER TABLE round ADD COLUMN live INTEGER NOT NULL DEFAULT 0 CHECK(live IN (0,1));\n",
	/* 9 -> 10: a reader's ranked answer candidates of a response (the
	 * task format's "candidates", seed 001's top-k reader accuracy): a
	 * JSON array of {"text", "score"?} in rank order, NULL when none. */
	"ALTER TABLE response ADD COLUMN candidates TEXT;\n",
	/* 10 -> 11: what a rater has finished of a pairwise round, kept (as
	 * item_done for the turn screen) so that the pair screen opens
	 * without reading the rater's labels: the pairs whose deciding fields
	 * (basis) all have a value, and the last label row read for them
	 * (store_pair_done.c). */
	"CREATE TABLE pair_done(\n"
	"  rater_id INTEGER NOT NULL,\n"
	"  round_id INTEGER NOT NULL,\n"
	"  task TEXT NOT NULL,\n"
	"  pair_id INTEGER NOT NULL,\n"
	"  PRIMARY KEY(rater_id, round_id, task, pair_id)) WITHOUT ROWID;\n"
	"CREATE TABLE pair_done_mark(\n"
	"  rater_id INTEGER NOT NULL,\n"
	"  round_id INTEGER NOT NULL,\n"
	"  task TEXT NOT NULL,\n"
	"  basis TEXT NOT NULL,\n"
	"  label_id INTEGER NOT NULL,\n"
	"  PRIMARY KEY(rater_id, round_id, task)) WITHOUT ROWID;\n",
	/* 11 -> 12: label packs (store_label_pack.c): label rows first_id..
	 * last_id (n of them) copied into one blob, for the report's read of
	 * every label; a label row changed or deleted all the same (labels are
	 * never: label_no_update, label_no_delete) drops the packs from its id
	 * on. The packs are written by the next command that writes. */
	"CREATE TABLE label_pack(\n"
	"  last_id INTEGER PRIMARY KEY,\n"
	"  first_id INTEGER NOT NULL,\n"
	"  n INTEGER NOT NULL,\n"
	"  data BLOB NOT NULL);\n"
	"CREATE TRIGGER label_pack_stale_update AFTER UPDATE ON label BEGIN\n"
	"  DELETE FROM label_pack WHERE last_id >= old.id;\n"
	"END;\n"
	"CREATE TRIGGER label_pack_stale_delete AFTER DELETE ON label BEGIN\n"
	"  DELETE FROM label_pack WHERE last_id >= old.id;\n"
	"END;\n",
};

int store_schema_version(void)
{
	return (int)ARRAY_SIZE(migrations);
}

int store_user_version(sqlite3 *db)
{
	sqlite3_stmt *st;
	int v = -1;
	if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL) != SQLITE_OK)
		return -1;
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	return v;
}

static int exec_sql(sqlite3 *db, const char *sql)
{
	return sqlite3_exec(db, sql, NULL, NULL, NULL);
}

/* A migration rebuilds a table others refer to (create, copy, drop,
 * rename: SQLite's way to change a constraint) with foreign keys off; it
 * must leave every reference whole. */
static int foreign_keys_broken(sqlite3 *db)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(db, "PRAGMA foreign_key_check", -1, &st, NULL) != SQLITE_OK)
		return 1;
	int rc = sqlite3_step(st);
	sqlite3_finalize(st);
	return rc != SQLITE_DONE;
}

/* Runs with foreign keys off (store_open turns them on after it). */
enum status store_migrate(struct store *s, struct error *err)
{
	int v = store_user_version(s->db);
	int target = store_schema_version();
	if (v == target)
		return ST_OK;
	if (exec_sql(s->db, "BEGIN IMMEDIATE") != SQLITE_OK)
		return store_open_error(err, s->db, s->path, "cannot migrate project");
	for (; v < target; v++) {
		char pragma[64];
		snprintf(pragma, sizeof(pragma), "PRAGMA user_version = %d", v + 1);
		if (exec_sql(s->db, migrations[v]) != SQLITE_OK || exec_sql(s->db, pragma) != SQLITE_OK) {
			enum status st = store_open_error(err, s->db, s->path, "cannot migrate project");
			exec_sql(s->db, "ROLLBACK");
			return st;
		}
	}
	if (foreign_keys_broken(s->db) || exec_sql(s->db, "COMMIT") != SQLITE_OK) {
		enum status st = store_open_error(err, s->db, s->path, "cannot migrate project");
		exec_sql(s->db, "ROLLBACK");
		return st;
	}
	return ST_OK;
}
