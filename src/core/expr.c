/* expr.c - the expressions of round create --where (see expr.h): a
 * tokenizer, a recursive-descent parser into an array of nodes, a check of
 * the types, and an evaluator. */
#include "convqa/expr.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TOKENS 256

enum op {
	OP_NUM, OP_NAME, OP_NEG, OP_ABS, OP_ADD, OP_SUB, OP_MUL, OP_DIV,
	OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE, OP_AND, OP_OR, OP_NOT,
};

struct node {
	enum op op;
	int a, b;                      /* operands (node indexes), -1 */
	double num;                    /* OP_NUM */
	size_t name;                   /* OP_NAME: index into names */
	size_t pos;                    /* 1-based, where it begins (an operator: the operator) */
};

struct expr {
	struct node *nodes;
	size_t n_nodes;
	int root;
	char **names;
	size_t *name_pos;
	size_t n_names;
};

enum tok { T_END, T_NUM, T_NAME, T_OP, T_LPAR, T_RPAR };

struct parser {
	const char *text;
	size_t at;                     /* the current token's offset */
	enum tok tok;
	size_t len;                    /* its length */
	struct expr *e;
	struct error *err;
	int failed;
};

static const char *const relops[] = { "<=", ">=", "==", "!=", "<", ">", "=" };
static const enum op relop_ops[] = { OP_LE, OP_GE, OP_EQ, OP_NE, OP_LT, OP_GT, OP_EQ };

/* The token at p->at (after spaces). */
static void next_token(struct parser *p)
{
	const char *s = p->text;
	size_t i = p->at + p->len;
	while (s[i] && isspace((unsigned char)s[i]))
		i++;
	p->at = i;
	p->len = 1;
	if (!s[i]) {
		p->tok = T_END;
		p->len = 0;
	} else if (isdigit((unsigned char)s[i]) || (s[i] == '.' && isdigit((unsigned char)s[i + 1]))) {
		char *end;
		strtod(s + i, &end);
		p->tok = T_NUM;
		p->len = (size_t)(end - (s + i));
	} else if (isalpha((unsigned char)s[i]) || s[i] == '_') {
		size_t j = i;
		while (isalnum((unsigned char)s[j]) || s[j] == '_')
			j++;
		p->tok = T_NAME;
		p->len = j - i;
	} else if (s[i] == '(' || s[i] == ')') {
		p->tok = s[i] == '(' ? T_LPAR : T_RPAR;
	} else {
		p->tok = T_OP;
		for (size_t k = 0; k < ARRAY_SIZE(relops); k++)
			if (strncmp(s + i, relops[k], strlen(relops[k])) == 0) {
				p->len = strlen(relops[k]);
				return;
			}
	}
}

static int is(const struct parser *p, const char *word)
{
	return (p->tok == T_NAME || p->tok == T_OP) && p->len == strlen(word) &&
	       strncmp(p->text + p->at, word, p->len) == 0;
}

static int fail(struct parser *p, size_t pos, const char *what)
{
	if (!p->failed) {
		const char *s = p->text + pos;
		if (*s)
			error_set(p->err, ST_USAGE, "position %zu: %s, at '%.20s'", pos + 1, what, s);
		else
			error_set(p->err, ST_USAGE, "position %zu: %s, at the end", pos + 1, what);
	}
	p->failed = 1;
	return -1;
}

static int add_node(struct parser *p, enum op op, int a, int b, size_t pos)
{
	if (p->failed)
		return -1;
	if (p->e->n_nodes == MAX_TOKENS)
		return fail(p, pos, "too long an expression (at most 256 parts)");
	p->e->nodes[p->e->n_nodes] = (struct node){ op, a, b, 0.0, 0, pos + 1 };
	return (int)p->e->n_nodes++;
}

static size_t name_slot(struct expr *e, const char *s, size_t len, size_t pos)
{
	for (size_t k = 0; k < e->n_names; k++)
		if (strlen(e->names[k]) == len && strncmp(e->names[k], s, len) == 0)
			return k;
	e->names[e->n_names] = xstrndup(s, len);
	e->name_pos[e->n_names] = pos + 1;
	return e->n_names++;
}

static int parse_or(struct parser *p);

/* NUMBER, NAME, abs(...), (...), - unary */
static int parse_unary(struct parser *p)
{
	size_t pos = p->at;
	int n;
	if (p->failed)
		return -1;
	if (is(p, "-")) {
		next_token(p);
		return add_node(p, OP_NEG, parse_unary(p), -1, pos);
	}
	if (p->tok == T_NUM) {
		if ((n = add_node(p, OP_NUM, -1, -1, pos)) >= 0)
			p->e->nodes[n].num = strtod(p->text + pos, NULL);
		next_token(p);
		return n;
	}
	int abs_call = is(p, "abs");
	if (p->tok == T_NAME && !abs_call && !is(p, "and") && !is(p, "or") && !is(p, "not")) {
		if ((n = add_node(p, OP_NAME, -1, -1, pos)) >= 0)
			p->e->nodes[n].name = name_slot(p->e, p->text + pos, p->len, pos);
		next_token(p);
		return n;
	}
	if (abs_call)
		next_token(p);
	if (p->tok != T_LPAR)
		return fail(p, p->at, abs_call ? "expected '(' after abs" :
			    "expected a number, a name, abs( or '('");
	next_token(p);
	int inner = parse_or(p);
	if (!p->failed && p->tok != T_RPAR)
		return fail(p, p->at, "expected ')' (or an operator)");
	next_token(p);
	return abs_call ? add_node(p, OP_ABS, inner, -1, pos) : inner;
}

/* A left-associative chain of binary operators: ops[k] gives op_of[k]. */
static int parse_chain(struct parser *p, int (*operand)(struct parser *), const char *const *ops,
		       const enum op *op_of, size_t n_ops)
{
	int left = operand(p);
	for (;;) {
		size_t k = 0, pos = p->at;
		while (k < n_ops && !is(p, ops[k]))
			k++;
		if (p->failed || k == n_ops)
			return left;
		next_token(p);
		left = add_node(p, op_of[k], left, operand(p), pos);
	}
}

static int parse_product(struct parser *p)
{
	static const char *const ops[] = { "*", "/" };
	static const enum op of[] = { OP_MUL, OP_DIV };
	return parse_chain(p, parse_unary, ops, of, 2);
}

static int parse_sum(struct parser *p)
{
	static const char *const ops[] = { "+", "-" };
	static const enum op of[] = { OP_ADD, OP_SUB };
	return parse_chain(p, parse_product, ops, of, 2);
}

static int parse_cmp(struct parser *p)
{
	return parse_chain(p, parse_sum, relops, relop_ops, ARRAY_SIZE(relops));
}

static int parse_not(struct parser *p)
{
	size_t pos = p->at;
	if (!is(p, "not"))
		return parse_cmp(p);
	next_token(p);
	return add_node(p, OP_NOT, parse_not(p), -1, pos);
}

static int parse_and(struct parser *p)
{
	static const char *const ops[] = { "and" };
	static const enum op of[] = { OP_AND };
	return parse_chain(p, parse_not, ops, of, 1);
}

static int parse_or(struct parser *p)
{
	static const char *const ops[] = { "or" };
	static const enum op of[] = { OP_OR };
	return parse_chain(p, parse_and, ops, of, 1);
}

static int is_condition(enum op op)
{
	return op >= OP_LT;
}

/* Whether node n and its operands have the types their operators take
 * (want_cond: n must be a condition); else the error at the culprit. */
static int check_types(struct parser *p, int n, int want_cond)
{
	const struct node *x = &p->e->nodes[n];
	if (is_condition(x->op) != want_cond) {
		size_t at = x->pos - 1;
		if (want_cond)
			return fail(p, at, "a number where a condition is expected (compare it: ... > 0.5)");
		return fail(p, at, "a condition where a number is expected");
	}
	int operands_cond = x->op >= OP_AND;   /* and, or, not take conditions; the rest numbers */
	if (x->a >= 0 && check_types(p, x->a, operands_cond) != 0)
		return -1;
	if (x->b >= 0 && check_types(p, x->b, operands_cond) != 0)
		return -1;
	return 0;
}

enum status expr_parse(const char *text, struct expr **out, struct error *err)
{
	struct expr *e = xcalloc(1, sizeof(*e));
	struct parser p = { text, 0, T_END, 0, e, err, 0 };
	e->nodes = xcalloc(MAX_TOKENS + 1, sizeof(*e->nodes));
	e->names = xcalloc(MAX_TOKENS + 1, sizeof(*e->names));
	e->name_pos = xcalloc(MAX_TOKENS + 1, sizeof(*e->name_pos));
	*out = NULL;
	next_token(&p);
	if (p.tok == T_END)
		fail(&p, 0, "expected a condition such as abs(a - b) > 0.5");
	e->root = parse_or(&p);
	if (!p.failed && p.tok != T_END)
		fail(&p, p.at, p.tok == T_RPAR ? "a ')' without its '('" : "expected an operator (+ - * / < <= > >= = != and or)");
	if (!p.failed)
		check_types(&p, e->root, 1);
	if (p.failed) {
		expr_free(e);
		return ST_USAGE;
	}
	*out = e;
	return ST_OK;
}

void expr_free(struct expr *e)
{
	if (!e)
		return;
	for (size_t k = 0; k < e->n_names; k++)
		free(e->names[k]);
	free(e->names);
	free(e->name_pos);
	free(e->nodes);
	free(e);
}

size_t expr_n_names(const struct expr *e)
{
	return e->n_names;
}

const char *expr_name(const struct expr *e, size_t k)
{
	return e->names[k];
}

size_t expr_name_position(const struct expr *e, size_t k)
{
	return e->name_pos[k];
}

static double eval(const struct expr *e, int n, const double *v)
{
	const struct node *x = &e->nodes[n];
	double a = x->a >= 0 ? eval(e, x->a, v) : 0.0, b = 0.0;
	if (x->op == OP_AND && !a)
		return 0.0;
	if (x->op == OP_OR && a)
		return 1.0;
	b = x->b >= 0 ? eval(e, x->b, v) : 0.0;
	int ok = isfinite(a) && isfinite(b);   /* a comparison of a non-number is false */
	switch (x->op) {
	case OP_NUM: return x->num;
	case OP_NAME: return v[x->name];
	case OP_NEG: return -a;
	case OP_ABS: return fabs(a);
	case OP_ADD: return a + b;
	case OP_SUB: return a - b;
	case OP_MUL: return a * b;
	case OP_DIV: return b == 0.0 ? NAN : a / b;
	case OP_LT: return ok && a < b;
	case OP_LE: return ok && a <= b;
	case OP_GT: return ok && a > b;
	case OP_GE: return ok && a >= b;
	case OP_EQ: return ok && a == b;
	case OP_NE: return ok && a != b;
	case OP_AND:
	case OP_OR: return b != 0.0;
	case OP_NOT: return !a;
	}
	return 0.0;
}

int expr_eval(const struct expr *e, const double *values)
{
	for (size_t k = 0; k < e->n_names; k++)
		if (isnan(values[k]))
			return -1;
	return eval(e, e->root, values) != 0.0;
}
