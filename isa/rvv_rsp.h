/* rvv_rsp.h — a small GDB remote serial protocol client for a child QEMU.
 *
 * rvv_rsp_open spawns `qemu-riscv32 -g SOCKET ARGS... ELF` (posix_spawn, no
 * shell; SOCKET a unix socket in a private temporary directory, so no port is
 * ever raced for), connects, and switches the stub to no-ack mode. Every wait
 * for the child has a timeout: a hung or crashed QEMU is an error, never a hang.
 * rvv_rsp_close kills and reaps the child and removes the directory.
 *
 * Packets are `$data#cs`; replies are unescaped (`}` x ^ 0x20) and run-length
 * decoded (`*`), so binary qXfer replies read as text.
 */
#ifndef RVV_RSP_H
#define RVV_RSP_H

#include <stddef.h>
#include <stdint.h>

#include "kc_err.h"

typedef struct rvv_rsp rvv_rsp;

#define RVV_RSP_MAX_PACKET 4096   /* QEMU 7.2's PacketSize */

/* argv: the emulator and its options up to (not including) -g; elf/elf_size:
 * the program's ELF file (written to the private directory). timeout_ms bounds
 * the start and every later reply unless a command gives its own. */
kc_status rvv_rsp_open(rvv_rsp **out, const char *const *argv, const void *elf, size_t elf_size,
                       int timeout_ms, kc_err *err);
void rvv_rsp_close(rvv_rsp *r);

/* Sends `cmd`, waits for the reply (timeout_ms; 0 = the default) and copies it,
 * NUL-terminated, into reply (cap bytes; a longer reply is an error). */
kc_status rvv_rsp_cmd(rvv_rsp *r, const char *cmd, char *reply, size_t cap, int timeout_ms, kc_err *err);

/* A directory private to this instance (files handed to the child live there). */
const char *rvv_rsp_dir(const rvv_rsp *r);

/* Round trips so far (for speed figures). */
uint64_t rvv_rsp_round_trips(const rvv_rsp *r);

/* Hex helpers: n bytes of `in` as 2n lowercase hex digits (+ NUL); and back
 * (returns bytes decoded, stops at the first non-hex pair). */
void rvv_rsp_hex(const void *in, size_t n, char *out);
size_t rvv_rsp_unhex(const char *in, void *out, size_t max);

#endif
