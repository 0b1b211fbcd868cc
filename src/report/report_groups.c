/* report_groups.c - the breakdowns of the sections computed on a label
 * layer: by turn depth, conversation, system, intent, rater (see
 * report_internal.h). */
#include <stdio.h>

#include "report_internal.h"

const struct rp_grouping rp_groupings[RP_N_GROUPINGS] = {
	{ REPORT_BY_TURN, "by_turn", "By turn depth", "turn depth" },
	{ REPORT_BY_CONVERSATION, "by_conversation", "By conversation", "conversation" },
	{ REPORT_BY_SYSTEM, "by_system", "By system", "system" },
	{ REPORT_BY_INTENT, "by_intent", "By intent", "intent" },
	{ REPORT_BY_RATER, "by_rater", "By rater", "rater" },
	{ REPORT_BY_SYSTEM_TURN, "by_system_turn", "By system and turn depth", "system / turn depth" },
};

size_t rp_n_groups(const struct rp_ctx *c, enum report_by by)
{
	switch (by) {
	case REPORT_BY_TURN:
		return (size_t)c->d->max_position;
	case REPORT_BY_CONVERSATION:
		return c->d->n_conversations;
	case REPORT_BY_SYSTEM:
		return c->d->n_systems;
	case REPORT_BY_INTENT:
		return 4;
	case REPORT_BY_RATER:
		return c->d->n_raters;
	case REPORT_BY_SYSTEM_TURN:
		return c->d->n_systems * (size_t)c->d->max_position;
	}
	return 0;
}

long rp_group_of(const struct rp_ctx *c, enum report_by by, const struct rp_obs *ob)
{
	const struct rp_item *it = &c->d->items[ob->item];
	switch (by) {
	case REPORT_BY_TURN:
		return c->d->turns[it->turn].position - 1;
	case REPORT_BY_CONVERSATION:
		return c->d->turns[it->turn].conv;
	case REPORT_BY_SYSTEM:
		return it->system;
	case REPORT_BY_INTENT:
		return ob->intent_group;
	case REPORT_BY_RATER:
		return ob->rater;
	case REPORT_BY_SYSTEM_TURN:   /* system-major: a system's depths in order */
		return (long)it->system * c->d->max_position + c->d->turns[it->turn].position - 1;
	}
	return -1;
}

void rp_group_name(const struct rp_ctx *c, enum report_by by, size_t g, char *buf, size_t size)
{
	const struct scheme_field *intent = rp_cat_field(c->d, RP_INTENT);
	switch (by) {
	case REPORT_BY_TURN:
		snprintf(buf, size, "%zu", g + 1);
		break;
	case REPORT_BY_CONVERSATION:
		snprintf(buf, size, "%s", c->d->conversations[g]);
		break;
	case REPORT_BY_SYSTEM:
		snprintf(buf, size, "%s", c->d->systems[g]);
		break;
	case REPORT_BY_INTENT:
		snprintf(buf, size, "%s", g < intent->n_categories ? intent->categories[g].value : "(none)");
		break;
	case REPORT_BY_RATER:
		snprintf(buf, size, "%s", c->d->raters[g].name);
		break;
	case REPORT_BY_SYSTEM_TURN:
		snprintf(buf, size, "%s / %zu", c->d->systems[g / (size_t)c->d->max_position],
			 g % (size_t)c->d->max_position + 1);
		break;
	}
}

int rp_grouping_wanted(const struct rp_ctx *c, size_t gi)
{
	if (rp_groupings[gi].by == REPORT_BY_RATER && c->layer->kind != REPORT_CONSENSUS_NONE)
		return 0;
	return (c->o->by & rp_groupings[gi].by) != 0;
}

const char *rp_unit_name(const struct rp_ctx *c)
{
	return c->layer->kind == REPORT_CONSENSUS_NONE ? "judgements" : "items";
}

void rp_by_rater_note(const struct rp_ctx *c, struct rsection *sec)
{
	if ((c->o->by & REPORT_BY_RATER) && c->layer->kind != REPORT_CONSENSUS_NONE)
		rsection_note(sec, "No breakdown by rater: with a consensus every value stands for several raters.");
}

