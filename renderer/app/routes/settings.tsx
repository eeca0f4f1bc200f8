import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { AnalyzerSettings, RejectionModelSummary } from '../../features/analyzer';
import { HistoryPanel } from '../../features/audit';
import { useUser } from '../../features/auth';
import { useFeatureFlags, useSelectedInstituteId } from '../../features/institutes';
import { CommentAboveSettings } from '../../features/lab-outcomes';
import { InstituteUsersTable } from '../../features/users';
import { OrganizationVials } from '../../features/vials';
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

/**
 * Analyzer, Vitals (coming soon; with the organization's vials for those who may retire them)
 * and Users: everyone sees the organization's users, the table's management only those who may.
 */
export default function SettingsPage() {
  const instituteId = useSelectedInstituteId();
  const { data: me } = useUser();
  const retiresVials = useAllows('vials:retire');
  const flags = useFeatureFlags();
  return (
    <Stack spacing={3}>
      <Typography variant="h1">Settings</Typography>
      <Section title="Analyzer">
        {instituteId !== null && (
          <>
            <AnalyzerSettings instituteId={instituteId} />
            <RejectionModelSummary instituteId={instituteId} />
            {flags.hemolysisTracking && <CommentAboveSettings instituteId={instituteId} />}
            <HistoryPanel instituteId={instituteId} objectType="analyzer" objectId={null} />
          </>
        )}
      </Section>
      <Section title="Vitals (Coming Soon)">
        <Typography color="text.secondary" gutterBottom>
          Vital vial settings are coming soon.
        </Typography>
        {retiresVials && instituteId !== null && <OrganizationVials instituteId={instituteId} />}
      </Section>
      <Section title="Users">
        {instituteId !== null && me && <InstituteUsersTable instituteId={instituteId} me={me} />}
      </Section>
    </Stack>
  );
}
