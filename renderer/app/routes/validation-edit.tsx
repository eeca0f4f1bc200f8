import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { VALIDATION_MESSAGES } from '../../../shared/api/validations';
import { ErrorFetching, RetrievingData } from '../../components/ui/query-state';
import { useValidation, ValidationEditForm } from '../../features/validations';
import { useCanEdit } from '../../lib/permissions';

/** /validation/{id}/edit; a completed validation goes back to its detail with an error toast. */
export default function ValidationEditPage() {
  const id = Number(useParams().id);
  const canEdit = useCanEdit();
  const validation = useValidation(id);
  const { enqueueSnackbar } = useSnackbar();
  const completed = validation.data?.status === 'completed';

  useEffect(() => {
    if (completed)
      enqueueSnackbar(VALIDATION_MESSAGES.completedNotEditable, {
        variant: 'error',
        preventDuplicate: true,
      });
  }, [completed, enqueueSnackbar]);

  if (validation.isError)
    return (
      <ErrorFetching
        error={validation.error}
        back={{ to: '/validations', label: 'Validations' }}
        notFound="Validation not found."
      />
    );
  if (!validation.data) return <RetrievingData />;
  if (completed || !canEdit) return <Navigate to={`/validation/${id}`} replace />;
  return (
    <Stack spacing={2}>
      <Typography variant="h1">Edit {validation.data.name}</Typography>
      <ValidationEditForm validation={validation.data} />
    </Stack>
  );
}
