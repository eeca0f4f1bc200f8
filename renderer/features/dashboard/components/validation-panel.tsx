import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { DisabledReason } from '../../../components/ui/disabled-reason';
import { formatDate } from '../../../lib/format';
import { GUEST_REASON, useCanEdit } from '../../../lib/permissions';
import { useLineWord } from '../../institutes';
import { useLatestValidation } from '../api/get-latest-validation';
import { guideLink } from './guides';
import { ErrorFetching } from '../../../components/ui/query-state';
import { counted } from '../../../../shared/domain/plural';

/** A calendar day of the API read as a local day ('2026-03-02' is not UTC midnight here). */
const day = (value: string) => formatDate(new Date(`${value}T00:00:00`));

/** Latest Validation: where the newest one stands, and the ways into validations. */
export function ValidationPanel({ instituteId }: { instituteId: number }) {
  const latest = useLatestValidation(instituteId);
  const editable = useCanEdit();
  const word = useLineWord();
  const v = latest.data;

  return (
    <Paper component="section" aria-label="Latest Validation" sx={{ p: 2, height: '100%' }}>
      <Typography variant="h2" gutterBottom>
        Latest Validation
      </Typography>
      {latest.isLoading && (
        // The newest validation's lines, as placeholders of their height: the panel (and, on a
        // phone, the cards under it) stay where they are when it arrives.
        <Stack spacing={0.5} sx={{ mb: 1 }}>
          <Typography color="text.secondary">Retrieving Data...</Typography>
          <Skeleton sx={{ typography: 'body2' }} width="50%" />
          <Skeleton sx={{ typography: 'body2' }} width="70%" />
        </Stack>
      )}
      {latest.isError && <ErrorFetching error={latest.error} />}
      {latest.isSuccess && !v && <Typography color="text.secondary">No Validations</Typography>}
      {v && (
        <Stack spacing={0.5} sx={{ mb: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Link component={RouterLink} to={`/validation/${v.id}`} variant="h3">
              {v.name}
            </Link>
            <Chip
              size="small"
              color={v.status === 'completed' ? 'success' : 'info'}
              label={v.status === 'completed' ? 'Completed' : 'In Progress'}
            />
          </Stack>
          <Typography variant="body2">
            {day(v.start_date)} – {day(v.end_date)} ·{' '}
            {counted(v.lines.length, word.lower, word.lowerPlural)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Next validation recommended by {day(v.next_validation_date)}
          </Typography>
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {v && (
          <Button
            size="small"
            variant="contained"
            component={RouterLink}
            to={`/validation/${v.id}`}
          >
            View Validation
          </Button>
        )}
        <DisabledReason reason={editable ? null : GUEST_REASON}>
          <Button
            size="small"
            variant="outlined"
            component={RouterLink}
            to="/validation/new"
            disabled={!editable}
          >
            New Validation
          </Button>
        </DisabledReason>
        <Button size="small" component={RouterLink} to="/validations">
          All Validations
        </Button>
        <Button size="small" component={RouterLink} to="/records/to-review">
          Records to Review
        </Button>
        <Button size="small" component={RouterLink} to={guideLink('validation')}>
          Validation Guide
        </Button>
      </Stack>
    </Paper>
  );
}
