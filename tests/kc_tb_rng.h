/* kc_tb_rng.h — the xorshift generator the Verilated unit testbenches (C++) draw
 * their random stimulus from: one definition, so a seed given on a test's command
 * line means the same sequence in every testbench. Seed 0 (xorshift's fixed
 * point) becomes 1. */
#ifndef KC_TB_RNG_H
#define KC_TB_RNG_H

#include <cstdint>
#include <cstdlib>

struct kc_tb_rng {
    uint64_t s;

    explicit kc_tb_rng(uint64_t seed = 1) : s(seed ? seed : 1) {}

    /* The seed argv[i] names (any strtoull base), 1 when it is not given. */
    static kc_tb_rng from_arg(int argc, char **argv, int i)
    {
        return kc_tb_rng(argc > i ? (uint64_t)strtoull(argv[i], nullptr, 0) : 1);
    }

    uint32_t next()
    {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        return (uint32_t)(s >> 16);
    }

    uint32_t below(uint32_t n) { return n ? next() % n : 0; }
};

#endif
