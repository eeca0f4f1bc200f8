import { useSnackbar } from 'notistack';
import { CLINICAL_DATA_MESSAGES, type ClinicalDataDto } from '../../../../shared/api/clinical-data';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorDetail } from '../../../lib/api-client';
import { formatDay } from '../../../lib/calendar-day';
import { useDeleteClinicalData } from '../api/delete-clinical-data';

export function DeleteClinicalDataDialog({
  entry,
  onClose,
}: {
  entry: ClinicalDataDto;
  onClose: () => void;
}) {
  const remove = useDeleteClinicalData();
  const { enqueueSnackbar } = useSnackbar();
  const confirm = async () => {
    try {
      await remove.mutateAsync(entry.id);
      enqueueSnackbar(CLINICAL_DATA_MESSAGES.deleted, { variant: 'success' });
      onClose();
    } catch (error) {
      enqueueSnackbar(errorDetail(error) ?? CLINICAL_DATA_MESSAGES.deleteFailed, {
        variant: 'error',
      });
    }
  };
  return (
    <ConfirmDialog
      open
      title="Delete Clinical Data"
      confirmLabel="Delete"
      busy={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      Delete the clinical data of {formatDay(entry.date)}? The rejection model is recalibrated
      without it.
    </ConfirmDialog>
  );
}
