import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { VALIDATION_MESSAGES } from '../../../../shared/api/validations';
import { useValidations } from '../api/get-validations';
import { useValidationSummary } from '../api/get-validation-summary';
import { CompleteValidationButton } from './complete-validation-button';

/**
 * The line's validation in progress: Complete Validation once its records remaining are 0 or
 * less, otherwise View Validation and Review Records.
 */
export function LineValidationActions({
  instituteId,
  lineId,
}: {
  instituteId: number;
  lineId: number;
}) {
  const inProgress = useValidations({
    instituteId,
    line_id: lineId,
    status: 'inprogress',
    size: 1,
  });
  const validation = inProgress.data?.items[0];
  const summary = useValidationSummary(validation?.id);

  if (!inProgress.data) return null;
  if (!validation)
    return (
      <Typography variant="body2" color="text.secondary">
        {VALIDATION_MESSAGES.noneInProgress}
      </Typography>
    );
  if (!summary.data) return null;
  if (summary.data.total_records_remaining <= 0)
    return <CompleteValidationButton validation={validation} />;
  return (
    <Stack direction="row" spacing={1}>
      <Button variant="outlined" component={Link} to={`/validation/${validation.id}`}>
        View Validation
      </Button>
      <Button variant="outlined" component={Link} to={`/records/to-review?line_ids=${lineId}`}>
        Review Records
      </Button>
    </Stack>
  );
}
