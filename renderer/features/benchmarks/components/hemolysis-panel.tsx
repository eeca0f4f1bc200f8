import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BENCHMARK_MIN_MEASUREMENTS } from '../../../../shared/api/benchmarks';
import { EChart } from '../../../components/charts/e-chart';
import { formatNumber, MISSING } from '../../../lib/format';
import type { InstituteBenchmarks } from '../api/types';
import { HemolysisBandChip } from './band-chip';
import { distributionOption } from './distribution-options';
import { formatRate, INDICATOR_LABELS, WITHHELD_TEXT } from './words';

/**
 * The hemolysis panel (section 9): each indicator in %, its IFCC band chip, and, when the kind's
 * group is shown, the group's P10–P90 strip with the lab's marker.
 */
export function HemolysisPanel({ hemolysis }: { hemolysis: InstituteBenchmarks['hemolysis'] }) {
  const { group } = hemolysis;
  return (
    <Box component="section" aria-labelledby="benchmark-hemolysis-heading">
      <Typography variant="h3" component="h2" id="benchmark-hemolysis-heading" sx={{ mb: 1 }}>
        Hemolysis
      </Typography>
      <Stack spacing={1} sx={{ mb: 1 }}>
        <Typography>
          {`${hemolysis.measurements.toLocaleString('en-US')} routine measurements this quarter. Group: ${group.label}${
            group.shown && group.n_institutes !== null
              ? ` (${group.n_institutes} organizations)`
              : ''
          }.`}
        </Typography>
        {hemolysis.status === 'too_few_measurements' && (
          <Typography color="text.secondary">
            {`Rates need at least ${BENCHMARK_MIN_MEASUREMENTS.toLocaleString('en-US')} measurements in the quarter.`}
          </Typography>
        )}
        {!group.shown && <Alert severity="info">{WITHHELD_TEXT}</Alert>}
      </Stack>
      <TableContainer>
        <Table size="small" aria-label="Hemolysis indicators">
          <TableHead>
            <TableRow>
              <TableCell>Indicator</TableCell>
              <TableCell align="right">Cut-off (mg/dL)</TableCell>
              <TableCell align="right">Count</TableCell>
              <TableCell align="right">Rate</TableCell>
              <TableCell>IFCC band</TableCell>
              <TableCell align="right">Percentile</TableCell>
              <TableCell sx={{ width: '40%' }}>Group P10–P90</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {hemolysis.indicators.map((item) => (
              <TableRow key={item.indicator}>
                <TableCell>{INDICATOR_LABELS[item.indicator]}</TableCell>
                <TableCell align="right">{formatNumber(item.cutoff, 0)}</TableCell>
                <TableCell align="right">{item.count}</TableCell>
                <TableCell align="right">{formatRate(item.value)}</TableCell>
                <TableCell>
                  <HemolysisBandChip band={item.band} />
                </TableCell>
                <TableCell align="right">{formatNumber(item.percentile, 0)}</TableCell>
                <TableCell>
                  {item.percentiles ? (
                    <EChart
                      ariaLabel={`${INDICATOR_LABELS[item.indicator]}: the group's P10–P90 strip${
                        item.value === null
                          ? ''
                          : ` and this organization's rate ${formatRate(item.value)}`
                      }`}
                      height={84}
                      option={distributionOption(
                        {
                          percentiles: item.percentiles,
                          robustMean: item.robust_mean,
                          robustSd: item.robust_sd,
                        },
                        item.value === null ? [] : [{ name: 'Us', value: item.value }],
                        '',
                        formatRate,
                        false,
                      )}
                    />
                  ) : (
                    MISSING
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
