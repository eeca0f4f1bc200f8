import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  METRIC_OPTIONS,
  useBetaMetricsEnabled,
  useUiStore,
  type BetaMetric,
} from '../../lib/ui-store';

/** Staff choose the metric the record, line and validation screens show (behind betaMetrics). */
export function BetaMetricSelector() {
  const enabled = useBetaMetricsEnabled();
  const metric = useUiStore((s) => s.betaMetric);
  const setMetric = useUiStore((s) => s.setBetaMetric);
  if (!enabled) return null;
  return (
    <TextField
      select
      size="small"
      label="Metric"
      value={metric}
      onChange={(e) => setMetric(e.target.value as BetaMetric)}
      sx={{ width: 190 }}
      margin="none"
    >
      {METRIC_OPTIONS.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
