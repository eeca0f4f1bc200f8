import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { AnalyzerSettings } from '../../features/analyzer';
import { useSelectedInstituteId } from '../../features/institutes';
import { InstituteUsersTable } from '../../features/users';

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

/** Analyzer, Vitals (coming soon) and Users. */
export default function SettingsPage() {
  const instituteId = useSelectedInstituteId();
  return (
    <Stack spacing={3}>
      <Typography variant="h1">Settings</Typography>
      <Section title="Analyzer">
        {instituteId !== null && <AnalyzerSettings instituteId={instituteId} />}
      </Section>
      <Section title="Vitals (Coming Soon)">
        <Typography color="text.secondary">Vital vial settings are coming soon.</Typography>
      </Section>
      <Section title="Users">
        {instituteId !== null && <InstituteUsersTable instituteId={instituteId} />}
      </Section>
    </Stack>
  );
}
