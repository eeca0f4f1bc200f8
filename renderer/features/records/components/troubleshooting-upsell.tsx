import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { supportEmail } from '../../../components/ui/support-email';
import { useFeatureFlags } from '../../institutes';

/** The one organization that keeps time details without the troubleshooting flag (spec 6). */
const EXEMPT_INSTITUTE_ID = 399;

export function useTimeDetailsLocked(instituteId: number): boolean {
  const flags = useFeatureFlags();
  return !flags.troubleshooting && instituteId !== EXEMPT_INSTITUTE_ID;
}

/**
 * Without troubleshooting the record's time details stay blurred behind an offer; the figures
 * around them remain readable.
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
        {children}
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
