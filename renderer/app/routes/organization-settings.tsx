import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { ErrorFetching } from '../../components/ui/query-state';
import { useUser } from '../../features/auth';
import { BenchmarkingSwitch } from '../../features/benchmarks';
import {
  OrganizationForm,
  SsoSettingsPanel,
  UploadSummaryPanel,
  useFeatureFlagDefaults,
  useInstitute,
  useUpdateInstitute,
} from '../../features/institutes';
import { InstituteUsersTable } from '../../features/users';
import { errorDetail } from '../../lib/api-client';
import { useAllows } from '../../lib/permissions';

const VIEWS = [
  { view: 'settings', label: 'Settings' },
  { view: 'users', label: 'Users' },
  { view: 'uploads', label: 'Uploads' },
  { view: 'sign-on', label: 'Single Sign-On' },
  { view: 'benchmarking', label: 'Peer Benchmarking' },
] as const;
type View = (typeof VIEWS)[number]['view'];

/**
 * /organization/{id}/settings and /organization/{id}/{view} (owner, staff): the organization's
 * settings (staff-only fields for staff alone), its users, its upload summary, its single
 * sign-on provider and its peer benchmarking switch.
 */
export default function OrganizationSettingsPage() {
  const params = useParams();
  const id = Number(params.id);
  const view = (VIEWS.find((v) => v.view === params.view)?.view ?? 'settings') as View;
  const { data: me } = useUser();
  const institute = useInstitute(Number.isInteger(id) && id > 0 ? id : null);
  const { data: defaults } = useFeatureFlagDefaults();
  const update = useUpdateInstitute();
  const staff = useAllows('institute:staff-fields');
  const { enqueueSnackbar } = useSnackbar();

  if (!Number.isInteger(id) || id <= 0) return <Navigate to="/organizations" replace />;
  if (institute.isError)
    return (
      <ErrorFetching
        error={institute.error}
        notFound="Organization not found."
        back={{ to: '/organizations', label: 'Organizations' }}
      />
    );
  if (!institute.data || !me) return <LoadingScreen />;

  const save = async (body: Parameters<typeof update.mutateAsync>[0]['body']) => {
    try {
      await update.mutateAsync({ id, body });
      enqueueSnackbar('Changes saved', { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorDetail(error) ?? 'Unable to save the organization.', {
        variant: 'error',
      });
      throw error;
    }
  };

  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h1" gutterBottom>
        {institute.data.name}
      </Typography>
      <Tabs value={view} aria-label="Organization views" sx={{ mb: 2 }}>
        {VIEWS.map((v) => (
          <Tab
            key={v.view}
            value={v.view}
            label={v.label}
            component={RouterLink}
            to={`/organization/${id}/${v.view}`}
          />
        ))}
      </Tabs>
      {view === 'settings' && (
        <Stack spacing={2} sx={{ maxWidth: 640 }}>
          <OrganizationForm
            id="organization-settings-form"
            institute={institute.data}
            defaults={defaults}
            staff={staff}
            onSubmit={save}
          />
          <Stack direction="row">
            <Button
              type="submit"
              form="organization-settings-form"
              variant="contained"
              loading={update.isPending}
            >
              Save Changes
            </Button>
          </Stack>
        </Stack>
      )}
      {view === 'users' && <InstituteUsersTable instituteId={id} me={me} />}
      {view === 'uploads' && <UploadSummaryPanel instituteId={id} />}
      {view === 'sign-on' && <SsoSettingsPanel instituteId={id} />}
      {view === 'benchmarking' && <BenchmarkingSwitch instituteId={id} />}
    </Paper>
  );
}
