import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useSnackbar } from 'notistack';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  UUID_MESSAGE,
  VIAL_MESSAGES,
  type Vial,
  type VialCreate,
} from '../../../../shared/api/vials';
import { UUID_PATTERN } from '../../../../shared/vial/tag';
import { FormTextField } from '../../../components/ui/form-text-field';
import { withDetail } from '../../../lib/api-client';
import { firstFieldError } from '../../../lib/form-errors';
import { HistoryPanel } from '../../audit';
import { useInstitutes } from '../../institutes';
import { useCreateVial } from '../api/create-vial';
import { useVialVersions } from '../api/get-vial-versions';
import { useUpdateVial } from '../api/update-vial';

const vialForm = z.object({
  label: z.string().trim().min(1, 'Label is required.').max(64, 'Label is too long.'),
  version: z.string().min(1, 'Version is required.'),
  institute: z.string(),
  uuid: z
    .string()
    .trim()
    .refine((v) => v === '' || UUID_PATTERN.test(v), UUID_MESSAGE),
  notes: z.string(),
});
type Values = z.infer<typeof vialForm>;
type Field = keyof Values;

interface Props {
  /** The vial to update; undefined registers a new one. */
  vial?: Vial;
  onClose: () => void;
}

/** Register or update a vial: empty organization is left out, empty notes are sent as null. */
export function VialDialog({ vial, onClose }: Props) {
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const versions = useVialVersions();
  const institutes = useInstitutes(false);
  const create = useCreateVial();
  const update = useUpdateVial();
  const { control, handleSubmit, setError } = useForm<Values>({
    resolver: zodResolver(vialForm),
    defaultValues: {
      label: vial?.label ?? '',
      version: vial?.version ?? '',
      institute: vial?.institute ? String(vial.institute) : '',
      uuid: vial?.uuid ?? '',
      notes: vial?.notes ?? '',
    },
  });

  const submit = handleSubmit(async (values) => {
    const body: VialCreate = {
      label: values.label,
      version: values.version,
      notes: values.notes || null,
      ...(values.institute ? { institute: Number(values.institute) } : {}),
      ...(values.uuid ? { uuid: values.uuid } : {}),
    };
    try {
      if (vial) await update.mutateAsync({ label: vial.label, body });
      else await create.mutateAsync(body);
      enqueueSnackbar(vial ? VIAL_MESSAGES.updated : VIAL_MESSAGES.created, { variant: 'success' });
      onClose();
    } catch (error) {
      const field = firstFieldError(error);
      if (field && field.field in vialForm.shape)
        setError(field.field as Field, { message: field.message });
      enqueueSnackbar(
        withDetail(vial ? VIAL_MESSAGES.updateFailed : VIAL_MESSAGES.createFailed, error),
        { variant: 'error' },
      );
    }
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{vial ? `Update ${vial.label}` : 'Create Vial'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField
              control={control}
              name="label"
              label="Label"
              required
              autoFocus
              fullWidth
            />
            <FormTextField
              control={control}
              name="version"
              label="Version"
              select
              required
              fullWidth
            >
              {(versions.data ?? []).map((v) => (
                <MenuItem key={v.value} value={v.value}>
                  {v.label}
                </MenuItem>
              ))}
              {vial && !versions.data && <MenuItem value={vial.version}>{vial.version}</MenuItem>}
            </FormTextField>
            <FormTextField control={control} name="institute" label="Organization" select fullWidth>
              <MenuItem value="">None</MenuItem>
              {(institutes.data?.items ?? []).map((i) => (
                <MenuItem key={i.id} value={String(i.id)}>
                  {i.name}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField
              control={control}
              name="uuid"
              label="Tag UUID"
              fullWidth
              helperText="The UUID in the vial's tag; uploads are accepted once it is set."
            />
            <FormTextField
              control={control}
              name="notes"
              label="Notes"
              multiline
              minRows={2}
              fullWidth
            />
            {vial?.institute && (
              <HistoryPanel instituteId={vial.institute} objectType="vial" objectId={vial.id} />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={create.isPending || update.isPending}>
            {vial ? 'Update' : 'Create'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
