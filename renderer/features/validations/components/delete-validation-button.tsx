import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { VALIDATION_MESSAGES, type ValidationDto } from '../../../../shared/api/validations';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorDetail } from '../../../lib/api-client';
import { useDeleteValidation } from '../api/delete-validation';

/** Delete, after a confirmation; then back to the list. */
export function DeleteValidationButton({ validation }: { validation: ValidationDto }) {
  const [asking, setAsking] = useState(false);
  const remove = useDeleteValidation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const confirm = () =>
    remove.mutate(validation.id, {
      onSuccess: () => {
        enqueueSnackbar(VALIDATION_MESSAGES.deleted(validation.name), { variant: 'success' });
        navigate('/validations');
      },
      onError: (error) => {
        enqueueSnackbar(errorDetail(error) ?? VALIDATION_MESSAGES.deleteFailed, {
          variant: 'error',
        });
        setAsking(false);
      },
    });
  return (
    <>
      <Button color="error" startIcon={<DeleteIcon />} onClick={() => setAsking(true)}>
        Delete
      </Button>
      <ConfirmDialog
        open={asking}
        title="Delete Validation"
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      >
        Delete {validation.name}? Its records stay, no longer linked to it. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}
