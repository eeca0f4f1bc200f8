import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { AccessTokensSection } from '../../features/access-tokens';
import { AccountForm, TwoFactorSection } from '../../features/account';
import { useUser } from '../../features/auth';
import { useSelectedInstitute, useSelectedInstituteId } from '../../features/institutes';
import { NotificationSettingsSection } from '../../features/notifications';

/** /account: the user's names and password, and their notifications in the organization in use. */
export default function AccountPage() {
  const { data: user } = useUser();
  const instituteId = useSelectedInstituteId();
  const { data: institute } = useSelectedInstitute();
  return (
    <Paper sx={{ p: 3, maxWidth: 640 }}>
      <Typography variant="h1" gutterBottom>
        Account Settings
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {user?.email}
      </Typography>
      {user && <AccountForm user={user} />}
      {user && <TwoFactorSection user={user} />}
      {instituteId !== null && (
        <NotificationSettingsSection instituteId={instituteId} instituteName={institute?.name} />
      )}
      <AccessTokensSection />
    </Paper>
  );
}
