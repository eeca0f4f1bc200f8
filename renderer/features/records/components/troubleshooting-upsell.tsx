import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { supportEmail } from '../../../components/ui/support-email';
import { useAreaOpen } from '../../institutes';

/** Whether the record's time details (its series over time) are closed in its organization. */
export const useTimeDetailsLocked = (instituteId: number): boolean =>
  !useAreaOpen('troubleshooting', instituteId);

/**
 * Without troubleshooting the record's time details stay blurred behind an offer; the figures
 * around them remain readable. The series are not fetched (the server refuses them), so what
 * lies under the blur is a placeholder, not the record's data.
 */
export function TroubleshootingUpsell({
  locked,
  children,
}: {
  locked: boolean;
  children: ReactNode;
}) {
  if (!locked) return children;
  const email = supportEmail();
  return (
    <Box sx={{ position: 'relative' }} data-testid="troubleshooting-upsell">
      <Box
        aria-hidden
        inert
        sx={{ filter: 'blur(6px)', pointerEvents: 'none', userSelect: 'none' }}
      >
        <Skeleton variant="rectangular" animation={false} height={260} sx={{ mb: 2 }} />
        <Skeleton variant="rectangular" animation={false} height={260} />
      </Box>
      <Box
        sx={{
          position: 'absolute',
          inset: 0,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        <Paper elevation={3} sx={{ p: 3, maxWidth: 420, textAlign: 'center' }}>
          <Typography variant="h3" gutterBottom>
            See when it happened with Troubleshooting
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Troubleshooting shows when in a run vibration and temperature changes happened, so you
            can find where on the way samples are shaken. Contact us at{' '}
            <Link href={`mailto:${email}`}>{email}</Link> to add it.
          </Typography>
        </Paper>
      </Box>
    </Box>
  );
}
