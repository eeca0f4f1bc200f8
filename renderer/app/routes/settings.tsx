import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { AnalyzerSettings, RejectionModelSummary } from '../../features/analyzer';
import { useUser } from '../../features/auth';
import { useSelectedInstituteId } from '../../features/institutes';
import { InstituteUsersTable } from '../../features/users';
import { useAllows } from '../../lib/permissions';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} sx={{ p: 3 }}>
      <Typography variant="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Analyzer, Vitals (coming soon) and, for staff, owners and admins, Users. */
export default function SettingsPage() {
  const instituteId = useSelectedInstituteId();
  const { data: me } = useUser();
  const managesUsers = useAllows('users:manage');
  return (
    <Stack spacing={3}>
      <Typography variant="h1">Settings</Typography>
      <Section title="Analyzer">
        {instituteId !== null && (
          <>
            <AnalyzerSettings instituteId={instituteId} />
            <RejectionModelSummary instituteId={instituteId} />
          </>
        )}
      </Section>
      <Section title="Vitals (Coming Soon)">
        <Typography color="text.secondary">Vital vial settings are coming soon.</Typography>
      </Section>
      {managesUsers && (
        <Section title="Users">
          {instituteId !== null && me && <InstituteUsersTable instituteId={instituteId} me={me} />}
        </Section>
      )}
    </Stack>
  );
}
