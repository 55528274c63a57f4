/* kc_task_block.h — the transformer blocks: FFN (level 2, the GPT-2 / BERT MLP)
 * and the two decoder blocks of level 3, LLaMA (RMSNorm, RoPE, causal grouped-query
 * attention, SwiGLU FFN, residuals) and T5 (RMS-style T5LayerNorm, relative
 * position bias, ReLU FFN, residuals). docs/tasks.md, "FFN (level 2) and the
 * decoder blocks (level 3)".
 *
 * The references compose the fp64 pieces the smaller tasks define: attention
 * heads from kc_task_attn, RoPE from the rope task, the activations from
 * kc_task_eltwise. */
#ifndef KC_TASK_BLOCK_H
#define KC_TASK_BLOCK_H

#include <stdint.h>

#include "kc_task.h"

extern const kc_task kc_task_block_ffn;     /* "ffn" FFN */
extern const kc_task kc_task_block_llama;   /* "llama_block" DecoderBlock (LLaMA) */
extern const kc_task kc_task_block_t5;      /* "t5_block" DecoderBlock (T5) */

/* T5's relative position bucket (Hugging Face T5Attention._relative_position_bucket)
 * of rel = key position - query position; bidirectional: 0 .. num_buckets-1,
 * the upper half for rel > 0. */
uint32_t kc_task_block_t5_bucket(int32_t rel, int bidirectional, uint32_t num_buckets,
                                 uint32_t max_distance);

/* The T5 block's bucket parameters (the t5-small / t5-base values). */
#define KC_TASK_BLOCK_T5_BUCKETS 32u
#define KC_TASK_BLOCK_T5_MAX_DISTANCE 128u

/* T5Attention.compute_bias for S positions: bias[h][i][j] = emb[bucket(j - i)][h]
 * (i the query, j the key; bidirectional, the buckets above), emb being the
 * learned relative_attention_bias table [KC_TASK_BLOCK_T5_BUCKETS][H]. */
void kc_task_block_t5_position_bias(uint32_t S, uint32_t H, const double *emb, double *bias);

#endif
