import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ErrorFetching, RetrievingData } from '../../../components/ui/query-state';
import { useRejection, type RejectionResult } from '../api/get-rejection';
import { RejectionChip } from '../../../components/ui/rejection-chip';
import { formatPercent } from '../../../lib/format';
import { ANALYTE_NAMES, ANALYTES } from '../../../../shared/rejection/model';

function ResultTable({ result }: { result: RejectionResult }) {
  return (
    <>
      <Table size="small" aria-label="Rejection probability">
        <TableHead>
          <TableRow>
            <TableCell>Analyte</TableCell>
            <TableCell>Probability</TableCell>
            <TableCell align="right">Cutoff (mg/dL)</TableCell>
            <TableCell align="right">Uncertainty interval</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {ANALYTES.map((key) => {
            const a = result[key];
            return (
              <TableRow key={key}>
                <TableCell>{ANALYTE_NAMES[key]}</TableCell>
                <TableCell>
                  <RejectionChip fraction={a.probability} />
                </TableCell>
                <TableCell align="right">{a.cutoff}</TableCell>
                <TableCell align="right">
                  {formatPercent(100 * a.low)} – {formatPercent(100 * a.high)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Model:{' '}
        {result.model.source === 'calibrated'
          ? `calibrated from ${result.model.n} clinical data entries`
          : 'default parameters'}{' '}
        (k = {result.model.k.toFixed(4)} mg/dL per g·s, interval at k ={' '}
        {result.model.k_low.toFixed(4)} to {result.model.k_high.toFixed(4)}).
      </Typography>
    </>
  );
}

/** A VitalMetric value in, rejection probability per analyte out (value kept in `?value=`). */
export function RejectionCalculator({ instituteId }: { instituteId: number }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('value');
  const value = asked !== null && asked !== '' && Number(asked) >= 0 ? Number(asked) : null;
  const [draft, setDraft] = useState(asked ?? '');
  const result = useRejection(instituteId, value);
  const invalid = draft !== '' && !(Number(draft) >= 0);

  return (
    <Stack spacing={2}>
      <Paper sx={{ p: 2 }}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (draft !== '' && !invalid) setParams({ value: draft }, { replace: true });
          }}
        >
          <Stack sx={{ alignItems: 'flex-start' }} direction="row" spacing={2}>
            <TextField
              label="VitalMetric (g·s)"
              type="number"
              margin="none"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              error={invalid}
              helperText={invalid ? 'Enter a VitalMetric of 0 or more.' : ' '}
              slotProps={{ htmlInput: { min: 0, step: 'any' } }}
              sx={{ maxWidth: 240 }}
            />
            <Button
              type="submit"
              variant="contained"
              disabled={draft === '' || invalid}
              sx={{ mt: 1 }}
            >
              Calculate
            </Button>
          </Stack>
        </form>
      </Paper>
      {value !== null && (
        <Paper sx={{ p: 2 }}>
          {result.isError && <ErrorFetching />}
          {result.isLoading && <RetrievingData />}
          {result.data && <ResultTable result={result.data} />}
        </Paper>
      )}
    </Stack>
  );
}
