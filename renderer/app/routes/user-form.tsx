import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { ErrorFetching } from '../../components/ui/query-state';
import { HistoryPanel } from '../../features/audit';
import { useUser } from '../../features/auth';
import { useSelectedInstituteId } from '../../features/institutes';
import { SecondFactorReset, UserForm, useUserById } from '../../features/users';
import { useAllows } from '../../lib/permissions';

/** /users/create (staff). */
export function UserCreatePage() {
  const { data: me } = useUser();
  if (!me) return <LoadingScreen />;
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h1" gutterBottom>
        Create User
      </Typography>
      <UserForm me={me} />
    </Paper>
  );
}

/** /users/edit/{id}: managers edit users of their organizations, everyone their own names. */
export function UserEditPage() {
  const id = Number(useParams().id);
  const { data: me } = useUser();
  const user = useUserById(id);
  const selected = useSelectedInstituteId();
  const managesUsers = useAllows('users:manage');
  if (user.isError)
    return (
      <ErrorFetching
        error={user.error}
        notFound="User not found."
        back={{ to: '/settings', label: 'Settings' }}
      />
    );
  if (!me || !user.data) return <LoadingScreen />;
  // Their History in the organization chosen when they belong to it, else in their default.
  const { institutes, default_institute: defaultInstitute } = user.data;
  const historyInstitute =
    selected !== null && institutes.includes(selected)
      ? selected
      : (defaultInstitute ?? institutes[0] ?? null);
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h1" gutterBottom>
        Edit User
      </Typography>
      <UserForm key={user.data.id} me={me} user={user.data} />
      <SecondFactorReset me={me} user={user.data} />
      {managesUsers && historyInstitute !== null && (
        <HistoryPanel instituteId={historyInstitute} objectType="user" objectId={user.data.id} />
      )}
    </Paper>
  );
}
