/*
 * metrics.h - every metric at once: retrieval (metrics_retrieval.h), answer
 * text (metrics_answer.h, over the tokens of tokens.h) and the statistics
 * under them (metrics_stats.h). Include the family you need; this umbrella
 * is for code that uses them all (the report) and for the existing callers.
 *
 * Pure functions: no I/O, no SQL, no JSON. Arrays and strings come in, doubles
 * and small structs go out. Where published tools disagree each family says
 * which convention it follows (STYLE.md "Metric conventions", docs/metrics.md).
 */
#ifndef CONVQA_METRICS_H
#define CONVQA_METRICS_H

#include "convqa/metrics_answer.h"
#include "convqa/metrics_retrieval.h"
#include "convqa/metrics_stats.h"

#endif
