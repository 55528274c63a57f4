/* rvv_memo.c — outputs of LLVM's tools by their whole input (rvv_memo.h). */
#include "rvv_memo.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* A sweep worker runs one (task, config) on its seeds in a row; a few entries
 * per kind cover that and an agent's re-evaluations. */
enum { MEMO_SLOTS = 8 };

typedef struct memo_entry {
    char *key;         /* ctx, '\0', text, '\0' */
    size_t key_size;
    char *out;
    size_t size;
} memo_entry;

static struct {
    pthread_mutex_t lock;
    memo_entry e[2][MEMO_SLOTS];
    unsigned next[2];
} memo = { PTHREAD_MUTEX_INITIALIZER, { { { 0 } } }, { 0 } };

/* The key of (ctx, text) in a malloc'd buffer, or NULL. */
static char *make_key(const char *ctx, const char *text, size_t *size)
{
    size_t c = strlen(ctx) + 1, t = strlen(text) + 1;
    char *k = malloc(c + t);
    if (k) {
        memcpy(k, ctx, c);
        memcpy(k + c, text, t);
        *size = c + t;
    }
    return k;
}

static char *copy_out(const void *out, size_t size)
{
    char *o = malloc(size + 1);
    if (o) {
        memcpy(o, out, size);
        o[size] = 0;
    }
    return o;
}

int rvv_memo_get(rvv_memo_kind kind, const char *ctx, const char *text, char **out, size_t *size)
{
    size_t ks;
    char *key = make_key(ctx, text, &ks);
    if (!key)
        return 0;
    int hit = 0;
    pthread_mutex_lock(&memo.lock);
    for (unsigned i = 0; i < MEMO_SLOTS && !hit; i++) {
        const memo_entry *e = &memo.e[kind][i];
        if (e->key && e->key_size == ks && !memcmp(e->key, key, ks) && (*out = copy_out(e->out, e->size))) {
            if (size)
                *size = e->size;
            hit = 1;
        }
    }
    pthread_mutex_unlock(&memo.lock);
    free(key);
    return hit;
}

void rvv_memo_put(rvv_memo_kind kind, const char *ctx, const char *text, const void *out, size_t size)
{
    memo_entry n = { 0 };
    n.key = make_key(ctx, text, &n.key_size);
    n.out = n.key ? copy_out(out, size) : NULL;
    n.size = size;
    if (!n.out) {
        free(n.key);
        return;
    }
    pthread_mutex_lock(&memo.lock);
    memo_entry *e = &memo.e[kind][memo.next[kind]];
    memo.next[kind] = (memo.next[kind] + 1) % MEMO_SLOTS;
    free(e->key);
    free(e->out);
    *e = n;
    pthread_mutex_unlock(&memo.lock);
}
