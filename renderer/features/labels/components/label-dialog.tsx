import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useSnackbar } from 'notistack';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { DEFAULT_LABEL_COLOR, labelUpdate, type LabelDto } from '../../../../shared/api/labels';
import { FormTextField } from '../../../components/ui/form-text-field';
import { errorDetail } from '../../../lib/api-client';
import { useCreateLabel } from '../api/create-label';
import { useUpdateLabel } from '../api/update-label';
import { LabelChip } from './label-chip';

/** Both fields required in the form, with the API's messages (administration.md section 5). */
const labelForm = labelUpdate.required();
type Values = z.input<typeof labelForm>;

interface Props {
  instituteId: number;
  /** The label to edit; undefined creates one. */
  label?: LabelDto;
  onClose: () => void;
}

export function LabelDialog({ instituteId, label, onClose }: Props) {
  const create = useCreateLabel(instituteId);
  const update = useUpdateLabel();
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit, setError } = useForm<Values>({
    resolver: zodResolver(labelForm),
    defaultValues: { label: label?.label ?? '', color: label?.color ?? DEFAULT_LABEL_COLOR },
  });
  const [name, color] = useWatch({ control, name: ['label', 'color'] });
  const saving = create.isPending || update.isPending;

  const submit = handleSubmit(async (values) => {
    try {
      if (label) await update.mutateAsync({ id: label.id, body: values });
      else await create.mutateAsync(values);
      enqueueSnackbar(label ? 'Changes saved' : 'Label created', { variant: 'success' });
      onClose();
    } catch (error) {
      setError('label', { message: errorDetail(error) ?? 'Unable to save the label.' });
    }
  });

  const title = label ? 'Edit Label' : 'Create Label';
  return (
    <Dialog open onClose={onClose} aria-labelledby="label-dialog-title" fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="label-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <FormTextField control={control} name="label" label="Label Name" required autoFocus />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <FormTextField
              control={control}
              name="color"
              label="Colour"
              type="color"
              required
              sx={{ width: 120 }}
            />
            <Box aria-hidden sx={{ pt: 1 }}>
              {name && /^#[0-9a-fA-F]{6}$/.test(color ?? '') && (
                <LabelChip label={{ label: name, color: color! }} />
              )}
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={saving}>
            {label ? 'Save' : 'Create'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
