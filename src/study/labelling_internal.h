/* labelling_internal.h - shared by the files of the labelling module
 * (labelling.c, labelling_import.c) only. */
#ifndef CONVQA_LABELLING_INTERNAL_H
#define CONVQA_LABELLING_INTERNAL_H

#include "convqa/labelling.h"

/* labelling_open() for labels given elsewhere, which labelling_import()
 * brings in once the running account may coordinate (access.h): the
 * rater's own account is not asked (a coordinator imports the labels of
 * raters bound to other accounts, on other machines). Every other rule is
 * labelling_open()'s. */
enum status labelling_open_imported(struct labelling *l, struct store *s, const struct labelling_request *rq,
				    struct error *err);

#endif
