/*
 * expr.h - a small arithmetic and logical expression over named numbers
 * (round create --where 'abs(gptscore - fuzzy) > 0.5 and depth >= 2'),
 * parsed here and evaluated here: never handed to SQL or a shell.
 *
 *   struct expr *e;
 *   if (expr_parse("abs(a - b) > 0.5", &e, &err) == ST_OK) {
 *       for (size_t k = 0; k < expr_n_names(e); k++) ... expr_name(e, k) ...
 *       double v[...];                        v[k]: name k's value, NAN: missing
 *       int r = expr_eval(e, v);              1 true, 0 false, -1 a name missing
 *       expr_free(e);
 *   }
 *
 * Grammar (whitespace between tokens is free; keywords and names are
 * case-sensitive):
 *   or      := and { "or" and }
 *   and     := not { "and" not }
 *   not     := "not" not | cmp
 *   cmp     := sum [ ( "<" | "<=" | ">" | ">=" | "=" | "==" | "!=" ) sum ]
 *   sum     := product { ("+" | "-") product }
 *   product := unary { ("*" | "/") unary }
 *   unary   := "-" unary | NUMBER | NAME | "abs" "(" or ")" | "(" or ")"
 * NUMBER: digits with an optional fraction and exponent (0.5, .5, 1e-3);
 * NAME: a letter or "_", then letters, digits and "_" (a minus is always
 * subtraction; and, or, not, abs are not names). Then the types: a
 * comparison and arithmetic take numbers, and/or/not take conditions, and
 * the whole is a condition (a sum alone is refused, at its position). Arithmetic is in doubles: a division
 * by zero, or any result that is not a finite number, makes the comparison
 * false.
 *
 * Errors (ST_USAGE) name the 1-based character position and what was
 * expected there: "position 12: expected a comparison (<, <=, >, >=, =,
 * !=) after 'abs(a - b)'".
 */
#ifndef CONVQA_EXPR_H
#define CONVQA_EXPR_H

#include <stddef.h>

#include "convqa/common.h"

struct expr;

/* Parse text into *out (free with expr_free()); ST_USAGE with the position
 * and what was expected in err (prefixed by nothing: the caller says which
 * option). At most 256 tokens. */
enum status expr_parse(const char *text, struct expr **out, struct error *err);
void expr_free(struct expr *e);
/* The distinct names the expression reads, in the order they first appear. */
size_t expr_n_names(const struct expr *e);
const char *expr_name(const struct expr *e, size_t k);
/* The 1-based position of name k's first appearance. */
size_t expr_name_position(const struct expr *e, size_t k);
/* Evaluate with values[k] for name k: 1 when the condition holds, 0 when
 * not, -1 when a name it reads has no value (NAN in values[]; the
 * condition is then not evaluated at all). */
int expr_eval(const struct expr *e, const double *values);

#endif
