/* kc_eval_status.h — the outcome vocabulary of an evaluation record. Its own
 * module so that readers of records (kc_bench, the fuzz targets) name the statuses
 * without linking the evaluation pipeline and its simulator models.
 */
#ifndef KC_EVAL_STATUS_H
#define KC_EVAL_STATUS_H

typedef enum kc_eval_status {
    KC_EVAL_CORRECT = 0,
    KC_EVAL_WRONG,            /* ran to halt, outputs out of tolerance */
    KC_EVAL_ASSEMBLE_ERROR,
    KC_EVAL_TRAP,
    KC_EVAL_TIMEOUT,
    KC_EVAL_OUT_OF_BOUNDS,    /* ran to halt, a byte outside its outputs changed though
                                 the write map saw no write there (second line) */
    KC_EVAL_WRITE_OUTSIDE,    /* ran to halt, wrote (any value) outside its outputs */
    KC_EVAL_NSTATUS           /* the number of statuses (record readers iterate them) */
} kc_eval_status;

/* "correct", "wrong", "assemble-error", "trap", "timeout", "out-of-bounds",
 * "write-outside-outputs". */
const char *kc_eval_status_name(kc_eval_status s);

#endif
