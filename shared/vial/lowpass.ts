/**
 * The 225 Hz anti-vibration filter of auc_225hz (vial-data.md section 3): a second-order
 * Butterworth low-pass from the bilinear transform with pre-warping, run forward once in
 * transposed direct form II.
 */
export const AUC_LOWPASS_HZ = 225;

/** Below twice the cut-off the filter is not applied at all: auc_225hz is auc. */
export function appliesLowpass(sampleRate: number): boolean {
  return sampleRate > 2 * AUC_LOWPASS_HZ;
}

export interface BiquadCoefficients {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

export function butterworthLowpass(sampleRate: number, cutoffHz: number): BiquadCoefficients {
  const k = Math.tan((Math.PI * cutoffHz) / sampleRate);
  const n = 1 / (1 + Math.SQRT2 * k + k * k);
  const b0 = k * k * n;
  return {
    b0,
    b1: 2 * b0,
    b2: b0,
    a1: 2 * (k * k - 1) * n,
    a2: (1 - Math.SQRT2 * k + k * k) * n,
  };
}

export class BiquadFilter {
  private z1 = 0;
  private z2 = 0;

  constructor(private readonly c: BiquadCoefficients) {}

  /** Starts in the steady state for a constant input x0, so gravity does not ring at start. */
  reset(x0: number): void {
    this.z1 = (1 - this.c.b0) * x0;
    this.z2 = (this.c.b2 - this.c.a2) * x0;
  }

  step(x: number): number {
    const { b0, b1, b2, a1, a2 } = this.c;
    const y = b0 * x + this.z1;
    this.z1 = b1 * x - a1 * y + this.z2;
    this.z2 = b2 * x - a2 * y;
    return y;
  }
}
