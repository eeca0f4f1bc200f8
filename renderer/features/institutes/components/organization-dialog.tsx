import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useSnackbar } from 'notistack';
import type { Institute, InstituteCreate } from '../../../../shared/api/institutes';
import { errorDetail } from '../../../lib/api-client';
import { useCreateInstitute } from '../api/create-institute';
import { useFeatureFlagDefaults } from '../api/get-feature-flag-defaults';
import { useUpdateInstitute } from '../api/update-institute';
import { OrganizationForm } from './organization-form';

interface Props {
  /** The organization to edit; undefined creates one (staff). */
  institute?: Institute;
  staff: boolean;
  onClose: () => void;
}

export function OrganizationDialog({ institute, staff, onClose }: Props) {
  const create = useCreateInstitute();
  const update = useUpdateInstitute();
  const { data: defaults } = useFeatureFlagDefaults();
  const { enqueueSnackbar } = useSnackbar();
  const saving = create.isPending || update.isPending;

  const save = async (body: Parameters<typeof update.mutateAsync>[0]['body']) => {
    try {
      if (institute) await update.mutateAsync({ id: institute.id, body });
      else await create.mutateAsync(body as InstituteCreate);
      enqueueSnackbar(institute ? 'Changes saved' : 'Organization created', { variant: 'success' });
      onClose();
    } catch (error) {
      enqueueSnackbar(errorDetail(error) ?? 'Unable to save the organization.', {
        variant: 'error',
      });
      throw error;
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="organization-dialog-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="organization-dialog-title">
        {institute ? 'Edit Organization' : 'Create Organization'}
      </DialogTitle>
      <DialogContent>
        <OrganizationForm
          id="organization-form"
          institute={institute}
          defaults={defaults}
          staff={staff}
          onSubmit={save}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form="organization-form" variant="contained" loading={saving}>
          {institute ? 'Save' : 'Create'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
