import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import type { ValidationDto } from '../../../../shared/api/validations';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorDetail } from '../../../lib/api-client';
import { GUEST_REASON, useCanEdit } from '../../../lib/permissions';
import { useLineWord } from '../../institutes';
import { useCompleteValidation } from '../api/complete-validation';
import { useValidationSummary, type ValidationSummary } from '../api/get-validation-summary';
import { counted, plural } from '../../../../shared/domain/plural';

/** What is still missing, line by line, in words. */
function Shortfall({ summary }: { summary: ValidationSummary }) {
  const word = useLineWord();
  const short = summary.lines.filter((l) => l.records_remaining > 0);
  return (
    <>
      {counted(summary.total_records_remaining, 'record', 'records')}{' '}
      {plural(summary.total_records_remaining, 'is', 'are')} still missing for this validation:
      <ul>
        {short.map((l) => (
          <li key={l.line_id}>
            {word.singular} {l.line_name}: {l.records} of{' '}
            {counted(l.records_required, 'record', 'records')} collected, {l.records_remaining}{' '}
            missing
          </li>
        ))}
      </ul>
      Complete the validation anyway? The validated range is set from the records collected.
    </>
  );
}

/**
 * Completes an in-progress validation: directly when no records remain, else after a dialog that
 * states the shortfall (monitoring.md section 4).
 */
export function CompleteValidationButton({ validation }: { validation: ValidationDto }) {
  const canEdit = useCanEdit();
  const summary = useValidationSummary(validation.id);
  const complete = useCompleteValidation();
  const { enqueueSnackbar } = useSnackbar();
  const [confirming, setConfirming] = useState(false);

  const run = () =>
    complete.mutate(validation.id, {
      onSuccess: () => {
        setConfirming(false);
        enqueueSnackbar(`${validation.name} has been completed.`, { variant: 'success' });
      },
      onError: (error) =>
        enqueueSnackbar(errorDetail(error) ?? 'Unable to complete the validation.', {
          variant: 'error',
        }),
    });
  const remaining = summary.data?.total_records_remaining ?? 0;

  const button = (
    <Button
      variant="contained"
      disabled={!canEdit || !summary.data}
      loading={complete.isPending && !confirming}
      onClick={() => (remaining > 0 ? setConfirming(true) : run())}
    >
      Complete Validation
    </Button>
  );
  return (
    <>
      {canEdit ? (
        button
      ) : (
        <Tooltip title={GUEST_REASON}>
          <span>{button}</span>
        </Tooltip>
      )}
      {summary.data && (
        <ConfirmDialog
          open={confirming}
          title="Complete Validation"
          confirmLabel="Complete Validation"
          busy={complete.isPending}
          onConfirm={run}
          onClose={() => setConfirming(false)}
        >
          <Shortfall summary={summary.data} />
        </ConfirmDialog>
      )}
    </>
  );
}
