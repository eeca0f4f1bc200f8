import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useSnackbar } from 'notistack';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { reportUpdate, type ReportDto } from '../../../../shared/api/reports';
import { FormTextField } from '../../../components/ui/form-text-field';
import { errorDetail } from '../../../lib/api-client';
import { useUpdateReportTitle } from '../api/update-report';

/** Renames a report (staff, admin, owner). */
export function ReportTitleDialog({ report, onClose }: { report: ReportDto; onClose: () => void }) {
  const titleId = useId();
  const update = useUpdateReportTitle();
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(reportUpdate),
    defaultValues: { title: report.title },
  });
  const submit = handleSubmit(({ title }) =>
    update.mutate(
      { id: report.id, title },
      {
        onSuccess: () => {
          enqueueSnackbar('Changes saved', { variant: 'success' });
          onClose();
        },
        onError: (error) =>
          enqueueSnackbar(errorDetail(error) ?? 'Unable to save your changes.', {
            variant: 'error',
          }),
      },
    ),
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>Edit Report Title</DialogTitle>
        <DialogContent>
          <FormTextField control={control} name="title" label="Title" required autoFocus />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={update.isPending}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
