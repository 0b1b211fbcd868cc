/* import_ahead.c - a stream's reader in a second thread, a bounded queue
 * of parsed elements ahead of the writer (import_ahead.h). */
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/common.h"
#include "import_ahead.h"

/* Elements handed over together: one lock and wake-up for many. */
struct batch {
	struct import_ahead_item *v;
	size_t n, cap, cost;
	int trees;                    /* it holds parsed elements (not only passages' copies) */
};

struct import_ahead {
	pthread_mutex_t mu;
	pthread_cond_t changed;       /* a batch queued or taken, or the reader returned */
	struct batch queue[IMPORT_AHEAD_BATCHES];
	size_t head, queued;          /* the ring: queue[head] is the oldest */
	size_t queued_trees;          /* of them, batches with trees */
	int done;                     /* the reader returned (under mu) */
	atomic_int stop;              /* the writer takes no more */
	struct batch filling;         /* the reader's */
	struct batch taking;          /* the writer's */
	size_t next;                  /* the next of taking to give out */
	pthread_t thread;
	void (*read)(struct import_ahead *, void *);
	void *ctx;
};

void import_ahead_item_release(struct import_ahead_item *item)
{
	model_tasks_release(&item->m);
	free(item->systems);
	item->systems = NULL;
}

static void release_batch(struct batch *b)
{
	for (size_t i = 0; i < b->n; i++)
		import_ahead_item_release(&b->v[i]);
	free(b->v);
	*b = (struct batch){ NULL, 0, 0, 0, 0 };
}

/* The reader's batch into the queue (waiting for a place). */
static void hand_over(struct import_ahead *a)
{
	pthread_mutex_lock(&a->mu);
	while (a->queued == IMPORT_AHEAD_BATCHES || (a->filling.trees && a->queued_trees >= IMPORT_AHEAD_TREE_BATCHES))
		pthread_cond_wait(&a->changed, &a->mu);
	a->queue[(a->head + a->queued++) % IMPORT_AHEAD_BATCHES] = a->filling;
	a->queued_trees += a->filling.trees != 0;
	pthread_cond_broadcast(&a->changed);
	pthread_mutex_unlock(&a->mu);
	a->filling = (struct batch){ NULL, 0, 0, 0, 0 };
}

void import_ahead_put(struct import_ahead *a, struct import_ahead_item *item)
{
	if (atomic_load_explicit(&a->stop, memory_order_relaxed)) {
		import_ahead_item_release(item);
		return;
	}
	struct batch *b = &a->filling;
	xgrow(&b->v, &b->cap, b->n + 1, sizeof(*b->v));
	b->v[b->n++] = *item;
	b->cost += item->bytes + IMPORT_AHEAD_ELEMENT_BYTES;
	b->trees = 1;
	if (b->cost >= IMPORT_AHEAD_BATCH_BYTES)
		hand_over(a);
}

static const char *copy(struct model_tasks *m, const char *s, size_t *cost)
{
	if (!s)
		return NULL;
	size_t n = strlen(s) + 1;
	*cost += n;
	return memcpy(model_alloc(m, n), s, n);
}

void import_ahead_put_passages(struct import_ahead *a, int section, const struct model_passage *v, size_t n)
{
	struct batch *b = &a->filling;
	struct import_ahead_item *it = b->n ? &b->v[b->n - 1] : NULL;
	if (atomic_load_explicit(&a->stop, memory_order_relaxed))
		return;
	if (!it || !it->passages_only || it->section != section) {
		xgrow(&b->v, &b->cap, b->n + 1, sizeof(*b->v));
		it = &b->v[b->n++];
		*it = (struct import_ahead_item){ .section = section, .passages_only = 1 };
		model_tasks_init(&it->m);
	}
	struct model_tasks *m = &it->m;
	for (size_t i = 0; i < n; i++) {
		const struct model_passage *p = &v[i];
		size_t cost = sizeof(*p);
		xgrow(&m->passages, &m->cap_passages, m->n_passages + 1, sizeof(*m->passages));
		m->passages[m->n_passages++] = (struct model_passage){ copy(m, p->id, &cost), copy(m, p->title, &cost),
			copy(m, p->url, &cost), copy(m, p->text, &cost), copy(m, p->where, &cost), 0 };
		b->cost += cost;
	}
	if (b->cost >= IMPORT_AHEAD_BATCH_BYTES)
		hand_over(a);
}

int import_ahead_stopped(struct import_ahead *a)
{
	return atomic_load_explicit(&a->stop, memory_order_relaxed);
}

void import_ahead_stop(struct import_ahead *a)
{
	atomic_store_explicit(&a->stop, 1, memory_order_relaxed);
}

static void *run(void *arg)
{
	struct import_ahead *a = arg;
	a->read(a, a->ctx);
	if (a->filling.n)
		hand_over(a);
	pthread_mutex_lock(&a->mu);
	a->done = 1;
	pthread_cond_broadcast(&a->changed);
	pthread_mutex_unlock(&a->mu);
	return NULL;
}

int import_ahead_start(struct import_ahead **out, void (*read)(struct import_ahead *a, void *ctx), void *ctx)
{
	struct import_ahead *a = xcalloc(1, sizeof(*a));
	pthread_attr_t attr;
	sigset_t all, old;
	*out = NULL;
	a->read = read;
	a->ctx = ctx;
	atomic_init(&a->stop, 0);
	pthread_mutex_init(&a->mu, NULL);
	pthread_cond_init(&a->changed, NULL);
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, IMPORT_AHEAD_STACK_BYTES);
#ifdef M_ARENA_MAX
	/* the reader allocates from the one arena: a thread's own would
	 * reserve 64 MiB of address space (glibc), which an import under a
	 * limit on it (ulimit -v) may not have */
	mallopt(M_ARENA_MAX, 1);
#endif
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old); /* the thread starts with every signal blocked */
	int rc = pthread_create(&a->thread, &attr, run, a);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	pthread_attr_destroy(&attr);
	if (rc != 0) {
		pthread_cond_destroy(&a->changed);
		pthread_mutex_destroy(&a->mu);
		free(a);
		return 0;
	}
	*out = a;
	return 1;
}

int import_ahead_take(struct import_ahead *a, struct import_ahead_item *item)
{
	if (a->next == a->taking.n) {
		free(a->taking.v);
		a->taking = (struct batch){ NULL, 0, 0, 0, 0 };
		a->next = 0;
		pthread_mutex_lock(&a->mu);
		while (!a->queued && !a->done)
			pthread_cond_wait(&a->changed, &a->mu);
		if (a->queued) {
			a->taking = a->queue[a->head];
			a->queued_trees -= a->taking.trees != 0;
			a->head = (a->head + 1) % IMPORT_AHEAD_BATCHES;
			a->queued--;
			pthread_cond_broadcast(&a->changed);
		}
		pthread_mutex_unlock(&a->mu);
		if (!a->taking.n)
			return 0;
	}
	*item = a->taking.v[a->next++];
	return 1;
}

void import_ahead_finish(struct import_ahead *a)
{
	if (!a)
		return;
	pthread_join(a->thread, NULL);
	for (size_t i = 0; i < a->queued; i++)
		release_batch(&a->queue[(a->head + i) % IMPORT_AHEAD_BATCHES]);
	for (size_t i = a->next; i < a->taking.n; i++) /* those before were given out */
		import_ahead_item_release(&a->taking.v[i]);
	free(a->taking.v);
	release_batch(&a->filling);
	pthread_cond_destroy(&a->changed);
	pthread_mutex_destroy(&a->mu);
	free(a);
}
