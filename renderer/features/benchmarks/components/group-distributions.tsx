import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { formatVitalMetric } from '../../../lib/format';
import type { BenchmarkGroup, BenchmarkLine } from '../api/types';
import { distributionOption } from './distribution-options';
import { WITHHELD_TEXT } from './words';

/** Whether a line that takes part belongs to a group of its chain (section 4). */
const belongsTo = (line: BenchmarkLine, group: BenchmarkGroup) =>
  line.value !== null &&
  (group.level === 'kind' ||
    (line.length_class === group.length_class &&
      (group.level === 'length' || line.manufacturer === group.manufacturer)));

/**
 * Per group of the chains of the institute's lines: a shown group's distribution with the own
 * lines in it marked by their names; a withheld group's label and the withheld text only.
 */
export function GroupDistributions({
  groups,
  lines,
  quarter,
}: {
  groups: BenchmarkGroup[];
  lines: BenchmarkLine[];
  quarter: string;
}) {
  return (
    <Box>
      {groups.map((group) =>
        group.shown && group.percentiles ? (
          <ChartPanel
            key={group.key}
            title={group.label}
            exportName={`benchmarks-${quarter}-${group.key.replaceAll('/', '-')}`}
            height={180}
            option={distributionOption(
              {
                percentiles: group.percentiles,
                robustMean: group.robust_mean,
                robustSd: group.robust_sd,
              },
              lines
                .filter((line) => belongsTo(line, group))
                .map((line) => ({ name: line.line_name, value: line.value as number })),
              'VitalMetric (g·s)',
              formatVitalMetric,
            )}
            actions={
              <Typography variant="body2" color="text.secondary">
                {`${group.n_institutes} organizations, ${group.n_lines} lines`}
              </Typography>
            }
          />
        ) : (
          <Box key={group.key} component="section" aria-label={group.label} sx={{ mb: 2 }}>
            <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
              {group.label}
            </Typography>
            <Alert severity="info">{WITHHELD_TEXT}</Alert>
          </Box>
        ),
      )}
    </Box>
  );
}
