import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { RECORDS_PER_LINE_PER_DAY, VALIDATION_MESSAGES } from '../../../../shared/api/validations';
import { ErrorFetching, RetrievingData } from '../../../components/ui/query-state';
import { useValidationSummary } from '../api/get-validation-summary';
import { counted } from '../../../../shared/domain/plural';
import { useLineWord } from '../../institutes';
import { perDayNeed } from '../records-needed';

/** An in-progress validation: records collected per line against 4 per day of its duration. */
export function ValidationProgress({ validationId }: { validationId: number }) {
  const summary = useValidationSummary(validationId);
  const word = useLineWord();
  if (summary.isError) return <ErrorFetching />;
  if (!summary.data) return <RetrievingData />;
  const { lines, total_records_remaining: remaining } = summary.data;
  const days = summary.data.records_required_per_line / RECORDS_PER_LINE_PER_DAY;

  return (
    <Paper sx={{ p: 2 }} component="section" aria-label="Progress">
      <Typography variant="h2" gutterBottom>
        Progress
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        {VALIDATION_MESSAGES.collect} {days > 1 && `That is ${perDayNeed(days, word.lower)}. `}
        {remaining > 0
          ? `${counted(remaining, 'record', 'records')} still to collect.`
          : 'All records are collected: the validation can be completed.'}
      </Typography>
      <Stack spacing={1.5} sx={{ mt: 2 }}>
        {lines.map((l) => {
          const done = Math.min(100, (100 * l.records) / Math.max(1, l.records_required));
          return (
            <Box key={l.line_id} data-testid={`progress-${l.line_id}`}>
              <Stack sx={{ justifyContent: 'space-between' }} direction="row">
                <Link component={RouterLink} to={`/line/${l.line_id}/summary`}>
                  {l.line_name}
                </Link>
                <Typography variant="body2">
                  {l.records} of {l.records_required} records
                </Typography>
              </Stack>
              <LinearProgress
                variant="determinate"
                value={done}
                color={l.records_remaining <= 0 ? 'success' : 'primary'}
                aria-label={`${l.line_name}: ${l.records} of ${l.records_required} records`}
                sx={{ height: 8, borderRadius: 1 }}
              />
            </Box>
          );
        })}
      </Stack>
    </Paper>
  );
}
