/* qemu_start.c — test-only start file: runs one compiled rvv baseline under
 * QEMU user mode (qemu-riscv32) on a DRAM image prepared by the host test.
 *
 * Linux syscalls by ecall (no libc): map the DRAM window at 0x8000_0000 (mmap,
 * MAP_FIXED), read the sentinel-filled image from RV_IMG into it, call kernel
 * with the tensor addresses RV_ADDRS (RV_NT of them; the 9th.. on the stack, as
 * the compiler passes them), write the image to RV_OUT and exit 0. Any failing
 * syscall exits with a distinct status. The test defines RV_NT, RV_ADDRS,
 * RV_BYTES, RV_IMG and RV_OUT with -D. */
#define DRAM_BASE 0x80000000u

typedef unsigned int u32;

static long sys(long n, long a0, long a1, long a2, long a3, long a4, long a5)
{
    register long r0 __asm__("a0") = a0;
    register long r1 __asm__("a1") = a1;
    register long r2 __asm__("a2") = a2;
    register long r3 __asm__("a3") = a3;
    register long r4 __asm__("a4") = a4;
    register long r5 __asm__("a5") = a5;
    register long r7 __asm__("a7") = n;
    __asm__ volatile("ecall"
                     : "+r"(r0)
                     : "r"(r1), "r"(r2), "r"(r3), "r"(r4), "r"(r5), "r"(r7)
                     : "memory");
    return r0;
}

#define SYS_OPENAT 56
#define SYS_CLOSE 57
#define SYS_READ 63
#define SYS_WRITE 64
#define SYS_EXIT 93
#define SYS_MMAP 222
#define AT_FDCWD (-100)

static void die(int code)
{
    sys(SYS_EXIT, code, 0, 0, 0, 0, 0);
    for (;;)
        ;
}

/* Reads or writes all of [p, p + n) through fd. */
static void xfer(long nr, int fd, char *p, u32 n, int code)
{
    while (n) {
        long got = sys(nr, fd, (long)p, n > 0x100000u ? 0x100000 : n, 0, 0, 0);
        if (got <= 0)
            die(code);
        p += got;
        n -= (u32)got;
    }
}

static const u32 addrs[] = RV_ADDRS;

void rv_start_run(void)
{
    /* PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS|MAP_FIXED */
    long m = sys(SYS_MMAP, DRAM_BASE, (RV_BYTES + 4095u) & ~4095u, 3, 0x32, -1, 0);
    if ((u32)m != DRAM_BASE)
        die(10);
    int fd = (int)sys(SYS_OPENAT, AT_FDCWD, (long)RV_IMG, 0, 0, 0, 0);
    if (fd < 0)
        die(11);
    xfer(SYS_READ, fd, (char *)DRAM_BASE, RV_BYTES, 12);
    sys(SYS_CLOSE, fd, 0, 0, 0, 0, 0);
    float *p[16];
    for (int i = 0; i < RV_NT; i++)
        p[i] = (float *)(DRAM_BASE + addrs[i]);
#define P float *
#if RV_NT == 2
    void kernel(P, P);
    kernel(p[0], p[1]);
#elif RV_NT == 3
    void kernel(P, P, P);
    kernel(p[0], p[1], p[2]);
#elif RV_NT == 4
    void kernel(P, P, P, P);
    kernel(p[0], p[1], p[2], p[3]);
#elif RV_NT == 5
    void kernel(P, P, P, P, P);
    kernel(p[0], p[1], p[2], p[3], p[4]);
#elif RV_NT == 6
    void kernel(P, P, P, P, P, P);
    kernel(p[0], p[1], p[2], p[3], p[4], p[5]);
#elif RV_NT == 7
    void kernel(P, P, P, P, P, P, P);
    kernel(p[0], p[1], p[2], p[3], p[4], p[5], p[6]);
#elif RV_NT == 8
    void kernel(P, P, P, P, P, P, P, P);
    kernel(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]);
#elif RV_NT == 9
    void kernel(P, P, P, P, P, P, P, P, P);
    kernel(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8]);
#elif RV_NT == 12
    void kernel(P, P, P, P, P, P, P, P, P, P, P, P);
    kernel(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9], p[10], p[11]);
#elif RV_NT == 14
    void kernel(P, P, P, P, P, P, P, P, P, P, P, P, P, P);
    kernel(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9], p[10], p[11], p[12],
           p[13]);
#else
#error "no call for this tensor count"
#endif
    /* O_WRONLY|O_CREAT|O_TRUNC, 0644 */
    fd = (int)sys(SYS_OPENAT, AT_FDCWD, (long)RV_OUT, 01 | 0100 | 01000, 0644, 0, 0);
    if (fd < 0)
        die(13);
    xfer(SYS_WRITE, fd, (char *)DRAM_BASE, RV_BYTES, 14);
    sys(SYS_CLOSE, fd, 0, 0, 0, 0, 0);
    die(0);
}

__attribute__((naked)) void _start(void)
{
    __asm__ volatile("andi sp, sp, -16\n"
                     "call rv_start_run\n");
}
