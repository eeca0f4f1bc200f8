import type { RunHeader } from './dat';
import { appliesLowpass, AUC_LOWPASS_HZ, BiquadFilter, butterworthLowpass } from './lowpass';

// A module binding rather than `Math.sqrt` in the per-sample loop: inside a vm context (Jest)
// every global lookup costs about half a microsecond.
const { sqrt } = Math;

/** |a| in g. */
export function magnitude(ax: number, ay: number, az: number): number {
  return sqrt(ax * ax + ay * ay + az * az);
}

/** The per-axis 225 Hz low-pass of auc_225hz, applied to accelerations in g (gravity included). */
export class AxesLowpass {
  private readonly x: BiquadFilter;
  private readonly y: BiquadFilter;
  private readonly z: BiquadFilter;

  constructor(sampleRate: number, ax0: number, ay0: number, az0: number) {
    const coefficients = butterworthLowpass(sampleRate, AUC_LOWPASS_HZ);
    this.x = new BiquadFilter(coefficients);
    this.y = new BiquadFilter(coefficients);
    this.z = new BiquadFilter(coefficients);
    this.x.reset(ax0);
    this.y.reset(ay0);
    this.z.reset(az0);
  }

  /** Feeds the next sample and returns the magnitude of the filtered acceleration. */
  magnitude(ax: number, ay: number, az: number): number {
    return magnitude(this.x.step(ax), this.y.step(ay), this.z.step(az));
  }
}

/**
 * The filter for a run's auc_225hz, started on the first of `accel`'s samples, or null where it
 * does not apply (fs ≤ 450 Hz or no samples).
 */
export function lowpassFrom(header: RunHeader, accel: Int16Array): AxesLowpass | null {
  const { sampleRate, accelScale: scale } = header;
  if (!appliesLowpass(sampleRate) || accel.length === 0) return null;
  return new AxesLowpass(sampleRate, accel[0] * scale, accel[1] * scale, accel[2] * scale);
}
