import type { Run } from './dat';

/** What the temperature figures read of a run: a streamed run keeps only this block. */
export type TemperatureBlock = Pick<Run, 'header' | 'temperature'>;

/** ΔH/R in kelvin: 83.144 kJ/mol over 8.3144 J/mol/K, the usual pharmaceutical default. */
const ACTIVATION_KELVIN = 10000;
const ZERO_CELSIUS_KELVIN = 273.15;

function arrheniusWeight(celsius: number): number {
  return Math.exp(-ACTIVATION_KELVIN / (celsius + ZERO_CELSIUS_KELVIN));
}

function mktFromWeights(weightSum: number, count: number): number {
  return ACTIVATION_KELVIN / -Math.log(weightSum / count) - ZERO_CELSIUS_KELVIN;
}

/** Mean kinetic temperature of equally spaced readings in °C; null without readings. */
export function meanKineticTemperature(celsius: ArrayLike<number>): number | null {
  if (celsius.length === 0) return null;
  let weightSum = 0;
  for (let j = 0; j < celsius.length; j++) weightSum += arrheniusWeight(celsius[j]);
  return mktFromWeights(weightSum, celsius.length);
}

export interface TemperatureSummary {
  mean_kinetic_temperature: number | null;
  minimum_temperature: number | null;
  maximum_temperature: number | null;
}

/** MKT, minimum and maximum of a run's temperature block in one pass. */
export function summarizeTemperature(run: TemperatureBlock): TemperatureSummary {
  const { temperature } = run;
  const scale = run.header.temperatureScale;
  if (temperature.length === 0) {
    return { mean_kinetic_temperature: null, minimum_temperature: null, maximum_temperature: null };
  }
  let weightSum = 0;
  let minCount = temperature[0];
  let maxCount = temperature[0];
  for (let j = 0; j < temperature.length; j++) {
    const count = temperature[j];
    weightSum += arrheniusWeight(count * scale);
    if (count < minCount) minCount = count;
    else if (count > maxCount) maxCount = count;
  }
  return {
    mean_kinetic_temperature: mktFromWeights(weightSum, temperature.length),
    minimum_temperature: minCount * scale,
    maximum_temperature: maxCount * scale,
  };
}

export type TemperatureType = 'frozen' | 'refrigerated' | 'ambient';

export function temperatureType(mkt: number): TemperatureType {
  if (mkt < -5) return 'frozen';
  if (mkt < 12) return 'refrigerated';
  return 'ambient';
}

export interface TemperatureRange {
  min: number;
  max: number;
}

/** °C, inclusive: a reading on a bound is inside. */
export const TEMPERATURE_LIMITS: Record<
  TemperatureType,
  { controlled: TemperatureRange; excursion: TemperatureRange }
> = {
  ambient: { controlled: { min: 20, max: 25 }, excursion: { min: 15, max: 30 } },
  refrigerated: { controlled: { min: 2, max: 8 }, excursion: { min: 0, max: 15 } },
  frozen: { controlled: { min: -25, max: -10 }, excursion: { min: -25, max: -10 } },
};

export interface TimeOutsideLimits {
  outside_controlled_seconds: number;
  outside_excursion_seconds: number;
}

/**
 * Seconds a run spent outside its type's ranges. Each temperature reading stands for one whole
 * interval (the one it opens), so M readings cover M·interval seconds, the same span `duration`
 * uses for a run without acceleration; no interpolation between readings.
 */
export function timeOutsideLimits(run: TemperatureBlock, type: TemperatureType): TimeOutsideLimits {
  const { controlled, excursion } = TEMPERATURE_LIMITS[type];
  const scale = run.header.temperatureScale;
  const outside = (celsius: number, range: TemperatureRange): number =>
    celsius < range.min || celsius > range.max ? 1 : 0;
  let outsideControlled = 0;
  let outsideExcursion = 0;
  for (let j = 0; j < run.temperature.length; j++) {
    const celsius = run.temperature[j] * scale;
    outsideControlled += outside(celsius, controlled);
    outsideExcursion += outside(celsius, excursion);
  }
  const intervalSeconds = run.header.temperatureIntervalMs / 1000;
  return {
    outside_controlled_seconds: outsideControlled * intervalSeconds,
    outside_excursion_seconds: outsideExcursion * intervalSeconds,
  };
}
