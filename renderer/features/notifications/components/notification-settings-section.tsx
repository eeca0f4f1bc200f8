import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import type { NotificationSettingsDto } from '../../../../shared/api/notifications';
import {
  EMAIL_MODES,
  NOTIFICATION_KIND_WORDS,
  NOTIFICATION_KINDS,
  type EmailMode,
  type KindSetting,
  type NotificationKind,
} from '../../../../shared/domain/notifications';
import { ErrorFetching, RetrievingData } from '../../../components/ui/query-state';
import { withDetail } from '../../../lib/api-client';
import {
  useNotificationSettings,
  useUpdateNotificationSettings,
} from '../api/notification-settings';
import { changedKinds, changedSettings, EMAIL_MODE_WORDS } from '../notification-words';

const HEADING_ID = 'notification-settings-heading';

/**
 * The signed-in user's notification settings for one organization (line-monitoring.md §4): per
 * kind, in the app on or off and e-mail off, at once or in the daily digest. The server gives
 * the user's own choice where they made one and their role's default elsewhere; a save sends
 * only the kinds changed here.
 */
export function NotificationSettingsSection({
  instituteId,
  instituteName,
}: {
  instituteId: number;
  /** The organization's name, when known. */
  instituteName?: string;
}) {
  const settings = useNotificationSettings(instituteId);
  return (
    <Box component="section" aria-labelledby={HEADING_ID} sx={{ mt: 4 }}>
      <Typography variant="h3" component="h2" id={HEADING_ID}>
        Notifications
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        What reaches you in the app and by e-mail from {instituteName ?? 'this organization'}. Until
        you change a kind, your role&apos;s default applies.
      </Typography>
      {settings.isError && <ErrorFetching error={settings.error} />}
      {settings.isPending && <RetrievingData />}
      {settings.data && (
        // A new answer (another organization, a save) starts the form afresh from it.
        <SettingsForm
          key={`${instituteId}:${settings.dataUpdatedAt}`}
          instituteId={instituteId}
          saved={settings.data}
        />
      )}
    </Box>
  );
}

function SettingsForm({
  instituteId,
  saved,
}: {
  instituteId: number;
  saved: NotificationSettingsDto;
}) {
  const [draft, setDraft] = useState(saved);
  const update = useUpdateNotificationSettings(instituteId);
  const { enqueueSnackbar } = useSnackbar();
  const changes = changedSettings(saved, draft);
  const dirty = changedKinds(changes).length > 0;

  const set = (kind: NotificationKind, setting: Partial<KindSetting>) =>
    setDraft((d) => ({ ...d, [kind]: { ...d[kind], ...setting } }));

  const save = () =>
    update.mutate(changes, {
      onSuccess: () => enqueueSnackbar('Notification settings saved', { variant: 'success' }),
      onError: (error) =>
        enqueueSnackbar(withDetail('Unable to save your notification settings', error), {
          variant: 'error',
        }),
    });

  return (
    <>
      {/* On a phone its cells close up, so the e-mail choice stays in view (issue 44). */}
      <Table
        size="small"
        aria-labelledby={HEADING_ID}
        sx={{ '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: { xs: 1, sm: 2 } } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>In app</TableCell>
            <TableCell>E-mail</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {NOTIFICATION_KINDS.map((kind) => {
            const words = NOTIFICATION_KIND_WORDS[kind];
            return (
              <TableRow key={kind}>
                <TableCell component="th" scope="row">
                  {words}
                </TableCell>
                <TableCell padding="checkbox">
                  <Switch
                    checked={draft[kind].in_app}
                    onChange={(e) => set(kind, { in_app: e.target.checked })}
                    slotProps={{ input: { 'aria-label': `In app: ${words}` } }}
                  />
                </TableCell>
                <TableCell>
                  <Select
                    size="small"
                    value={draft[kind].email}
                    onChange={(e) => set(kind, { email: e.target.value as EmailMode })}
                    inputProps={{ 'aria-label': `E-mail: ${words}` }}
                    sx={{ minWidth: { xs: 112, sm: 140 } }}
                  >
                    {EMAIL_MODES.map((mode) => (
                      <MenuItem key={mode} value={mode}>
                        {EMAIL_MODE_WORDS[mode]}
                      </MenuItem>
                    ))}
                  </Select>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button variant="contained" disabled={!dirty} loading={update.isPending} onClick={save}>
          Save Notification Settings
        </Button>
        <Button disabled={!dirty || update.isPending} onClick={() => setDraft(saved)}>
          Undo Changes
        </Button>
      </Stack>
    </>
  );
}
