/*
 * scheme.h - label schemes as data: a task kind's fields, each with the
 * unit it judges, its type, its categories and their keys, and what the
 * item screen shows. The pure model: no JSON, no SQL, no curses. Reading
 * and writing a scheme's JSON (schemas/scheme.schema.json) is scheme_read.h;
 * the built-in schemes and the project's, by name or role, scheme_registry.h.
 *
 * Keys are spelled as the UI's key names: one printable character, or
 * "space". scheme_reserved_keys[] are the keys of navigation and the other
 * global actions, which no scheme may take; the UI checks its key table
 * against it at start-up (tui_check_tables()). A key is unique within a
 * scheme, but for category keys that fields of one unit (turn, response or
 * answer; not passage) share: such fields are *focused* fields (the 1-4
 * of four Likert scales of an answer); the UI moves a focus between them
 * and their category keys act on the field in focus only.
 *
 * Ownership: a struct scheme owns every string and array in it; free it
 * with scheme_free(). The name tables are static.
 */
#ifndef CONVQA_SCHEME_H
#define CONVQA_SCHEME_H

#include <stddef.h>

/* UNIT_PAIR: two systems' answers to one turn judged against each other
 * (a pairwise scheme: all its fields judge pairs; the store's pair table
 * names them, store_pair.h). */
enum scheme_unit { UNIT_TURN, UNIT_PASSAGE, UNIT_RESPONSE, UNIT_ANSWER, UNIT_PAIR, UNIT__COUNT };
enum scheme_type { TYPE_BINARY, TYPE_NOMINAL, TYPE_ORDINAL, TYPE_TEXT, TYPE__COUNT };
/* What a field means to the report, sampling and the gold extension, which
 * find their fields by role, never by name. At most one field per role in a
 * scheme. relevance: a passage field, binary or ordinal (graded: the grade
 * of a category is its position, lowest 0); correctness: binary or ordinal;
 * intent, plausibility, faithfulness: nominal; preference: a pair field
 * with categories (pairwise judgements: the categories a, b, tie, both_bad). */
enum scheme_role { SROLE_NONE, SROLE_RELEVANCE, SROLE_CORRECTNESS, SROLE_INTENT, SROLE_PLAUSIBILITY, SROLE_FAITHFULNESS,
		   SROLE_PREFERENCE, SROLE_GOLD_PASSAGES, SROLE__COUNT };
/* What the item screen shows besides the question (bits). SHOW_SYSTEMS:
 * the answers' system names (default: blind, "Answer 2 of 3"), for studies
 * that are not blind (as annotate --show-systems). */
enum scheme_show { SHOW_HISTORY = 1, SHOW_PASSAGES = 2, SHOW_EVIDENCE = 4, SHOW_ANSWER = 8, SHOW_SYSTEMS = 16 };
#define SCHEME_SHOW__COUNT 5
#define SCHEME_SHOW_DEFAULT (SHOW_HISTORY | SHOW_PASSAGES | SHOW_ANSWER)

#define SCHEME_MIN_CATEGORIES 2
#define SCHEME_MAX_CATEGORIES 10
#define SCHEME_MAX_RANK_KEYS 10
#define SCHEME_MAX_NAME 64
#define SCHEME_MAX_FILE ((size_t)1 << 20)   /* bytes of a scheme's JSON (the built-ins: 2 KiB) */

struct scheme_category {
	char *value;                  /* what a label records */
	char *label;                  /* what the rater reads */
	char *key;                    /* NULL: no key */
};

struct scheme_field {
	char *name;
	enum scheme_unit unit;
	enum scheme_type type;
	struct scheme_category *categories;  /* in order (ordinal: lowest first); none for text */
	size_t n_categories;
	int required;                 /* an item is finished when every required field is set */
	int skip_when_empty;          /* not asked when the answer is empty */
	char *help;                   /* NULL when absent */
	enum scheme_role role;        /* SROLE_NONE: none */
	/* relevance and correctness: 1 + the category index of the lowest
	 * category that counts (relevant, correct); 0: not declared (so a
	 * zeroed field has none; read it with scheme_threshold()) */
	int threshold;
	/* keys of the field itself (NULL: none): text fields edit; binary
	 * passage fields toggle (the focused passage), rest (every passage
	 * still unjudged: the first category), rank_keys[i] (rank i + 1) */
	char *edit_key, *toggle_key, *rest_key;
	char *rank_keys[SCHEME_MAX_RANK_KEYS];
	size_t n_rank_keys;
};

struct scheme {
	char *name;
	char *description;
	unsigned shows;               /* enum scheme_show bits */
	struct scheme_field *fields;
	size_t n_fields;
};

/* A key no scheme may take, and the global action that has it. */
struct scheme_reserved_key {
	const char *key;
	const char *action;
};
extern const struct scheme_reserved_key scheme_reserved_keys[];
extern const size_t scheme_n_reserved_keys;

/* The action that reserves key, or NULL when a scheme may use it. */
const char *scheme_key_reserved(const char *key);
/* NULL when key is a key name a scheme may give (one printable character,
 * or "space"), else what is expected. */
const char *scheme_key_problem(const char *key);
/* NULL when name is a scheme or field name (a-z, 0-9, _ and -, not starting
 * with _ or -, at most SCHEME_MAX_NAME bytes), else what is expected. */
const char *scheme_name_problem(const char *name);

const char *scheme_unit_name(enum scheme_unit u);
/* The name of role r ("relevance", ...); SROLE_NONE: "". */
const char *scheme_role_name(enum scheme_role r);
const char *scheme_type_name(enum scheme_type t);
/* The name of show bit i (0 .. SCHEME_SHOW__COUNT - 1): history, passages, evidence, answer, systems. */
const char *scheme_show_name(int i);
/* 0 and *out when name is one; else -1. */
int scheme_unit_parse(const char *name, enum scheme_unit *out);
int scheme_type_parse(const char *name, enum scheme_type *out);
int scheme_show_parse(const char *name, unsigned *bit);
/* 0 and *out when name is a role's name (not ""); else -1. */
int scheme_role_parse(const char *name, enum scheme_role *out);

const struct scheme_field *scheme_field_find(const struct scheme *s, const char *name);
/* Whether f is a focused field of s: one of its category keys is a
 * category key of another field too (of the same unit: scheme_read() sees
 * to it), so the key acts on whichever of them has the UI's focus. */
int scheme_field_focused(const struct scheme *s, const struct scheme_field *f);
/* Whether s has focused fields. */
int scheme_has_focus(const struct scheme *s);
/* Whether s judges pairs of answers (a pairwise task: its fields are all
 * of unit pair or none, scheme_read.c); 0 for NULL. */
int scheme_judges_pairs(const struct scheme *s);
/* The field of s with role r, or NULL (s NULL too). */
const struct scheme_field *scheme_field_by_role(const struct scheme *s, enum scheme_role r);
/* The category index from which on a value of f counts (relevant,
 * correct): its declared threshold, else 1 (the second category: "1" of a
 * 0/1 field, grade 1 of a graded one, as trec_eval's relevance level). */
int scheme_threshold(const struct scheme_field *f);
/* Whether f is graded: an ordinal field (its grades are the category
 * positions, lowest 0). */
int scheme_graded(const struct scheme_field *f);
/* The category of f with value, or NULL. */
const struct scheme_category *scheme_category_find(const struct scheme_field *f, const char *value);

/* What labels of a scheme use: the number of label rows of one field,
 * unit and value. */
struct scheme_use {
	const char *field, *unit, *value;
	long count;
};

/* Whether the labels that use a scheme (uses[0..n)) keep their meaning when
 * old becomes new: NULL when they do (fields, categories and keys may be
 * added, labels, keys and help changed), else why not, written into
 * buf[size]: a used field removed, its unit or type changed, a used
 * category removed, or the used categories of an ordinal field reordered;
 * with the number of labels concerned. */
const char *scheme_change_problem(const struct scheme *old, const struct scheme *new, const struct scheme_use *uses,
				  size_t n, char *buf, size_t size);

/* Free everything s owns, and s (NULL is fine). */
void scheme_free(struct scheme *s);

#endif
