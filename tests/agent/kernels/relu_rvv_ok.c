/* relu C1 (8 x 64 fp32) in C for the auto-vectoriser. */
#define N 512
void kernel(const float *restrict x, float *restrict y)
{
    for (int i = 0; i < N; i++)
        y[i] = x[i] > 0.0f ? x[i] : 0.0f;
}
