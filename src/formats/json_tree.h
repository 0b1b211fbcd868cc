/* json_tree.h - the cJSON tree of a JSON value json.c has checked, built
 * in one pass (the formats' stream reader: json_stream.c). */
#ifndef CONVQA_JSON_TREE_H
#define CONVQA_JSON_TREE_H

#include <stddef.h>

#include <cjson/cJSON.h>

/* The tree of text[0..len), one JSON value (whitespace around it allowed)
 * that the lexer of json.c took without a problem: the tree
 * cJSON_ParseWithLength() would give, or NULL when out of memory. */
cJSON *json_tree(const char *text, size_t len);

#endif
