/* report_html.h - shared by the HTML writer (report_fmt_html.c) and its
 * charts (report_fmt_svg.c) only. */
#ifndef CONVQA_REPORT_HTML_H
#define CONVQA_REPORT_HTML_H

#include "report_internal.h"

/* s as HTML text or attribute value, appended to sb: sanitised first
 * (text_sanitize(): control characters, bidi controls and invalid bytes
 * become visible tags), then & < > " ' escaped as entities. With max_cols >
 * 0, cut to that many display columns with an ellipsis. */
void rp_html_escape(struct strbuf *sb, const char *s, int max_cols);

/* The charts of table t, each a <figure> with an inline <svg>, appended to
 * sb: the RCOL_CHART columns (else the first fraction column) of a table
 * whose id ends in "by_turn" as lines over turn depth (one line per
 * series of groups "SERIES / DEPTH"), the fraction columns of a table whose
 * id ends in "by_system" as grouped bars, a confusion matrix (a square
 * table of counts whose rows are its columns) as a heat map. *n numbers the
 * charts of the document (element ids). */
void rp_svg_charts(struct strbuf *sb, const struct rtable *t, int *n);

/* The charts of section pairwise (report_fmt_svg_pairwise.c): a table whose
 * id ends in "win_matrix" (square, fractions, columns named as the rows) as
 * a shaded grid, one whose id ends in "bt_ranking" as dots (its column
 * log_strength) with whiskers. Returns 1 when it drew t, else 0. */
int rp_svg_pairwise(struct strbuf *sb, const struct rtable *t, int *n);

#endif
