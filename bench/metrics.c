/*
 * The baseline of `npm run metrics` in `npm run bench`: the same single pass over each run file
 * as shared/vial/metrics.ts (CRC-32 of the body, the 225 Hz Butterworth biquad of
 * shared/vial/lowpass.ts per axis, the trapezoid sums, maximum, movement span, flatline, and the
 * temperature block's MKT, minimum and maximum), in plain C. One line per file on stdout.
 *
 *   cc -O2 -o metrics bench/metrics.c -lm && ./metrics RUN1.dat RUN2.dat ...
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t crc_table[256];

static void crc_init(void) {
  for (uint32_t n = 0; n < 256; n++) {
    uint32_t c = n;
    for (int k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    crc_table[n] = c;
  }
}

static uint32_t crc32_of(const uint8_t *p, size_t n) {
  uint32_t c = 0xFFFFFFFFu;
  for (size_t i = 0; i < n; i++) c = crc_table[(c ^ p[i]) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

static uint32_t u32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }
static float f32(const uint8_t *p) {
  uint32_t bits = u32(p);
  float f;
  memcpy(&f, &bits, 4);
  return f;
}
static int16_t i16(const uint8_t *p) { return (int16_t)(p[0] | p[1] << 8); }

typedef struct {
  double b0, b1, b2, a1, a2, z1, z2;
} biquad;

static void biquad_init(biquad *f, double rate, double cutoff, double x0) {
  double k = tan(M_PI * cutoff / rate);
  double n = 1 / (1 + M_SQRT2 * k + k * k);
  f->b0 = k * k * n;
  f->b1 = 2 * f->b0;
  f->b2 = f->b0;
  f->a1 = 2 * (k * k - 1) * n;
  f->a2 = (1 - M_SQRT2 * k + k * k) * n;
  f->z1 = (1 - f->b0) * x0;
  f->z2 = (f->b2 - f->a2) * x0;
}

static inline double biquad_step(biquad *f, double x) {
  double y = f->b0 * x + f->z1;
  f->z1 = f->b1 * x - f->a1 * y + f->z2;
  f->z2 = f->b2 * x - f->a2 * y;
  return y;
}

static int describe(const char *file) {
  FILE *in = fopen(file, "rb");
  if (!in) return 1;
  fseek(in, 0, SEEK_END);
  long size = ftell(in);
  fseek(in, 0, SEEK_SET);
  uint8_t *bytes = malloc(size);
  if (!bytes || fread(bytes, 1, size, in) != (size_t)size || size < 64) return 1;
  fclose(in);
  if (memcmp(bytes, "VVD1", 4) != 0) return 1;
  uint32_t rate = u32(bytes + 16), n = u32(bytes + 24), tcount = u32(bytes + 32);
  double scale = f32(bytes + 20), tscale = f32(bytes + 36);
  if (size != 64 + 6L * n + 2L * tcount) return 1;
  if (crc32_of(bytes + 64, size - 64) != u32(bytes + 60)) return 1;

  const uint8_t *a = bytes + 64;
  int lowpass = rate > 450 && n > 0;
  biquad fx, fy, fz;
  if (lowpass) {
    biquad_init(&fx, rate, 225, i16(a) * scale);
    biquad_init(&fy, rate, 225, i16(a + 2) * scale);
    biquad_init(&fz, rate, 225, i16(a + 4) * scale);
  }
  long flat_len = (long)ceil(2.0 * rate);
  double d_sum = 0, d2_sum = 0, f_sum = 0, prev_d = 0, prev_f = 0, maximum = 0;
  long first_moving = -1, last_moving = -1, unchanged_run = 0;
  int flatline = 0;
  for (uint32_t i = 0; i < n; i++, a += 6) {
    int16_t x = i16(a), y = i16(a + 2), z = i16(a + 4);
    double ax = x * scale, ay = y * scale, az = z * scale;
    double mag = sqrt(ax * ax + ay * ay + az * az);
    double d = fabs(mag - 1);
    double filtered = d;
    if (lowpass) {
      double gx = biquad_step(&fx, ax), gy = biquad_step(&fy, ay), gz = biquad_step(&fz, az);
      filtered = fabs(sqrt(gx * gx + gy * gy + gz * gz) - 1);
    }
    if (i > 0) {
      d_sum += prev_d + d;
      d2_sum += prev_d * prev_d + d * d;
      f_sum += prev_f + filtered;
    }
    int unchanged = i > 0 && memcmp(a, a - 6, 6) == 0;
    unchanged_run = unchanged ? unchanged_run + 1 : 1;
    if (unchanged_run >= flat_len) flatline = 1;
    if (mag > maximum) maximum = mag;
    if (d >= 0.5) {
      if (first_moving < 0) first_moving = i;
      last_moving = i;
    }
    prev_d = d;
    prev_f = filtered;
  }
  double weights = 0;
  int16_t tmin = 0, tmax = 0;
  const uint8_t *t = bytes + 64 + 6L * n;
  for (uint32_t j = 0; j < tcount; j++) {
    int16_t c = i16(t + 2 * j);
    weights += exp(-10000 / (c * tscale + 273.15));
    if (j == 0 || c < tmin) tmin = c;
    if (j == 0 || c > tmax) tmax = c;
  }
  double half_dt = 0.5 / rate;
  int no_run = n < 2 || first_moving < 0;
  printf("{\"file\":\"%s\",\"auc\":%.17g,\"auc_225hz\":%.17g,\"power\":%.17g,"
         "\"maximum_acceleration\":%.17g,\"mean_kinetic_temperature\":%.17g,"
         "\"minimum_temperature\":%.17g,\"maximum_temperature\":%.17g,"
         "\"no_run_error\":%s,\"short_run_error\":%s,\"flatline_error\":%s}\n",
         file, d_sum * half_dt, f_sum * half_dt,
         n < 2 ? 0 : d2_sum * half_dt / ((n - 1) / (double)rate), maximum,
         tcount ? 10000 / -log(weights / tcount) - 273.15 : NAN, tmin * tscale, tmax * tscale,
         no_run ? "true" : "false",
         !no_run && (last_moving - first_moving) / (double)rate < 10 ? "true" : "false",
         flatline ? "true" : "false");
  free(bytes);
  return 0;
}

int main(int argc, char **argv) {
  crc_init();
  int status = 0;
  for (int i = 1; i < argc; i++) status |= describe(argv[i]);
  return status;
}
