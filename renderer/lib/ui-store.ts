import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { type CUMULATIVE_METRICS } from '../../shared/api/records';
import { useFeatureFlags } from '../features/institutes';
import { useAllows } from './permissions';

export type BetaMetric = (typeof CUMULATIVE_METRICS)[number];

/** The metric options of administration.md section 9: auc by default, the others Beta. */
export const METRIC_OPTIONS: readonly { value: BetaMetric; label: string }[] = [
  { value: 'auc', label: 'VitalMetric (AUC)' },
  { value: 'auc_225hz', label: 'AUC 225 (Beta)' },
  { value: 'power', label: 'Power (Beta)' },
];

/** How a screen names the metric it shows, with its unit. */
export const METRIC_NAMES: Record<BetaMetric, string> = {
  auc: 'VitalMetric',
  auc_225hz: 'AUC 225 (Beta)',
  power: 'Power (Beta)',
};

export const METRIC_UNITS: Record<BetaMetric, string> = {
  auc: 'g·s',
  auc_225hz: 'g·s',
  power: 'g²',
};

/** Decimals of a metric's figures: g·s whole, power (a small g² figure) with three. */
export const METRIC_DECIMALS: Record<BetaMetric, number> = {
  auc: 0,
  auc_225hz: 0,
  power: 3,
};

/** The header of a metric's mean, e.g. 'VitalMetric mean (g·s)', 'Power (Beta) mean (g²)'. */
export const metricMeanLabel = (metric: BetaMetric) =>
  `${METRIC_NAMES[metric]} mean (${METRIC_UNITS[metric]})`;

/**
 * Choices about how this computer shows things, kept locally (not part of the session: they
 * survive logout, like a display preference).
 */
interface UiState {
  betaMetric: BetaMetric;
  setBetaMetric: (metric: BetaMetric) => void;
}

export const useUiStore = create<UiState>()(
  persist(
    (set) => ({
      betaMetric: 'auc',
      setBetaMetric: (betaMetric) => set({ betaMetric }),
    }),
    { name: 'vialqc-ui', version: 1 },
  ),
);

/** Whether this user gets the beta-metric selector: staff, with the betaMetrics flag on. */
export function useBetaMetricsEnabled(): boolean {
  const { betaMetrics } = useFeatureFlags();
  return useAllows('metrics:beta') && betaMetrics;
}

/** The metric record, line and validation screens show: the staff's choice, else auc. */
export function useShownMetric(): BetaMetric {
  const chosen = useUiStore((s) => s.betaMetric);
  return useBetaMetricsEnabled() ? chosen : 'auc';
}
