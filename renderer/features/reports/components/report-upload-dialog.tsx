import { zodResolver } from '@hookform/resolvers/zod';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { REPORT_FILE_TYPES, REPORT_MESSAGES, reportTitle } from '../../../../shared/api/reports';
import { FULL_LIST_SIZE } from '../../../../shared/domain/limits';
import { FormTextField } from '../../../components/ui/form-text-field';
import { errorDetail } from '../../../lib/api-client';
import { useValidations } from '../../validations';
import { useUploadReport } from '../api/upload-report';

const extensionOf = (name: string) => name.split('.').pop()?.toLowerCase() ?? '';

const uploadForm = z.object({
  title: reportTitle,
  validation: z.string(),
  file: z
    .instanceof(File, { error: REPORT_MESSAGES.fileRequired })
    .refine((f) => extensionOf(f.name) in REPORT_FILE_TYPES, REPORT_MESSAGES.fileRequired),
});
type Values = { title: string; validation: string; file: File | null };
type Output = z.output<typeof uploadForm>;

/** Staff upload a PDF or Word report, optionally for a completed validation. */
export function ReportUploadDialog({ instituteId }: { instituteId: number }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const fileId = useId();
  const upload = useUploadReport(instituteId);
  const completed = useValidations({ instituteId, status: 'completed', size: FULL_LIST_SIZE });
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit, reset } = useForm<Values, unknown, Output>({
    // No file is chosen at first: the form holds null where the schema wants a File.
    resolver: zodResolver(uploadForm) as Resolver<Values, unknown, Output>,
    defaultValues: { title: '', validation: '', file: null },
  });
  const close = () => {
    setOpen(false);
    reset();
  };

  const submit = handleSubmit((values) =>
    upload.mutate(
      {
        title: values.title,
        file: values.file,
        validationId: values.validation ? Number(values.validation) : undefined,
      },
      {
        onSuccess: () => {
          enqueueSnackbar(REPORT_MESSAGES.created, { variant: 'success' });
          close();
        },
        onError: (error) =>
          enqueueSnackbar(errorDetail(error) ?? REPORT_MESSAGES.failed, { variant: 'error' }),
      },
    ),
  );

  return (
    <>
      <Button variant="contained" startIcon={<UploadFileIcon />} onClick={() => setOpen(true)}>
        Upload Report
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <form noValidate onSubmit={submit}>
          <DialogTitle id={titleId}>Upload Report</DialogTitle>
          <DialogContent>
            <FormTextField control={control} name="title" label="Title" required autoFocus />
            <FormTextField control={control} name="validation" label="Validation" select>
              <MenuItem value="">
                <em>None</em>
              </MenuItem>
              {(completed.data?.items ?? []).map((v) => (
                <MenuItem key={v.id} value={String(v.id)}>
                  {v.name}
                </MenuItem>
              ))}
            </FormTextField>
            <Controller
              control={control}
              name="file"
              render={({ field, fieldState }) => (
                <>
                  <Button component="label" variant="outlined" htmlFor={fileId} sx={{ mt: 2 }}>
                    Choose PDF or Word Document
                    <input
                      id={fileId}
                      hidden
                      type="file"
                      accept={Object.keys(REPORT_FILE_TYPES)
                        .map((ext) => `.${ext}`)
                        .join(',')}
                      onChange={(e) => field.onChange(e.target.files?.[0] ?? null)}
                    />
                  </Button>
                  <Typography variant="body2" sx={{ mt: 1 }}>
                    {field.value?.name ?? 'No file chosen'}
                  </Typography>
                  {fieldState.error && (
                    <FormHelperText error>{fieldState.error.message}</FormHelperText>
                  )}
                </>
              )}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="contained" loading={upload.isPending}>
              Upload
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
