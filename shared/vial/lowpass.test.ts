import { appliesLowpass, BiquadFilter, butterworthLowpass } from './lowpass';

describe('the 225 Hz low-pass', () => {
  it('applies only above 450 Hz', () => {
    expect(appliesLowpass(450)).toBe(false);
    expect(appliesLowpass(451)).toBe(true);
  });

  it('passes a constant through unchanged from its first sample', () => {
    const filter = new BiquadFilter(butterworthLowpass(1600, 225));
    filter.reset(0.98);
    for (let i = 0; i < 100; i++) expect(filter.step(0.98)).toBeCloseTo(0.98, 12);
  });

  it('halves the power at its cut-off and removes what lies far above', () => {
    const sampleRate = 3200;
    const amplitudeAt = (frequency: number): number => {
      const filter = new BiquadFilter(butterworthLowpass(sampleRate, 225));
      filter.reset(0);
      let peak = 0;
      for (let i = 0; i < 4 * sampleRate; i++) {
        const y = filter.step(Math.sin((2 * Math.PI * frequency * i) / sampleRate));
        if (i > sampleRate) peak = Math.max(peak, Math.abs(y));
      }
      return peak;
    };
    expect(amplitudeAt(225)).toBeCloseTo(Math.SQRT1_2, 2);
    expect(amplitudeAt(1500)).toBeLessThan(0.03);
  });
});
