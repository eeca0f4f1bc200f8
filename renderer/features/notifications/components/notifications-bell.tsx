import NotificationsOutlinedIcon from '@mui/icons-material/NotificationsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { NotificationDto } from '../../../../shared/api/notifications';
import { NOTIFICATION_KIND_WORDS } from '../../../../shared/domain/notifications';
import { CountBadge } from '../../../components/ui/count-badge';
import { ErrorFetching, RetrievingData } from '../../../components/ui/query-state';
import { withDetail } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session-store';
import { useRememberOrganization, useUser } from '../../auth';
import { useSelectedInstituteId } from '../../institutes';
import { useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkAllRead, useMarkRead } from '../api/mark-read';
import { appPath, bellLabel, whenText } from '../notification-words';

/** The newest this many show in the bell's panel. */
export const SHOWN = 10;
const PANEL_ID = 'notifications-panel';
const HEADING_ID = 'notifications-heading';

/** Read by screen readers, not shown: the dot and the bold type say it on screen. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The top bar's bell: the unread count on it, and a panel with the newest notifications, each a
 * link to what it is about that also marks it read. The panel is a popover: Escape or a click
 * outside closes it and the focus goes back to the bell.
 */
export function NotificationsBell() {
  const { data: user } = useUser();
  if (!user) return null;
  return <Bell />;
}

function Bell() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const count = useUnreadCount().data?.count ?? 0;
  const close = () => setAnchor(null);

  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          aria-label={bellLabel(count)}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? PANEL_ID : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <CountBadge count={count} color="error">
            <NotificationsOutlinedIcon />
          </CountBadge>
        </IconButton>
      </Tooltip>
      <Popover
        open={open}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            id: PANEL_ID,
            role: 'dialog',
            'aria-labelledby': HEADING_ID,
            sx: { width: 400, maxWidth: 'calc(100vw - 32px)', maxHeight: 'calc(100vh - 96px)' },
          } as object,
        }}
      >
        <NotificationsPanel unread={count} onFollow={close} />
      </Popover>
    </>
  );
}

function NotificationsPanel({ unread, onFollow }: { unread: number; onFollow: () => void }) {
  const list = useNotifications({ size: SHOWN });
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const selectedId = useSelectedInstituteId();
  const selectInstitute = useSession((s) => s.selectInstitute);
  const remember = useRememberOrganization();
  const { enqueueSnackbar } = useSnackbar();
  const heading = useRef<HTMLHeadingElement>(null);
  const failed = (message: string) => (error: unknown) =>
    enqueueSnackbar(withDetail(message, error), { variant: 'error' });

  const follow = (n: NotificationDto) => {
    if (n.read_at === null)
      markRead.mutate(n.id, { onError: failed('Could not mark the notification read') });
    // What it is about belongs to its organization: the screens show that one from now on.
    if (n.institute !== selectedId) {
      selectInstitute(n.institute);
      remember.mutate(n.institute);
    }
    onFollow();
  };

  const total = list.data?.total;
  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1, gap: 1 }}>
        <Typography
          ref={heading}
          id={HEADING_ID}
          tabIndex={-1}
          variant="h6"
          component="h2"
          sx={{ flexGrow: 1 }}
        >
          Notifications
        </Typography>
        <Button
          size="small"
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() =>
            markAll.mutate(undefined, {
              // Nothing left unread disables the button: the focus stays in the panel, on its
              // heading, where Escape still closes it (a disabled button drops the focus).
              onSuccess: () => heading.current?.focus(),
              onError: failed('Could not mark all read'),
            })
          }
        >
          Mark all read
        </Button>
      </Stack>
      <Divider />
      {list.isError && (
        <Box sx={{ p: 2 }}>
          <ErrorFetching error={list.error} />
        </Box>
      )}
      {list.isPending && (
        <Box sx={{ px: 2 }}>
          <RetrievingData />
        </Box>
      )}
      {total === 0 && (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          No notifications
        </Typography>
      )}
      {list.data && list.data.items.length > 0 && (
        <List dense disablePadding aria-label="Newest notifications">
          {list.data.items.map((n) => (
            <NotificationItem key={n.id} notification={n} onFollow={() => follow(n)} />
          ))}
        </List>
      )}
      {total !== undefined && total > SHOWN && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
          The newest {SHOWN} of {total}.
        </Typography>
      )}
    </>
  );
}

/** One notification: unread ones in bold with a dot, and say so to a screen reader. */
function NotificationItem({
  notification: n,
  onFollow,
}: {
  notification: NotificationDto;
  onFollow: () => void;
}) {
  const unread = n.read_at === null;
  return (
    <ListItem disablePadding divider>
      <ListItemButton
        component={RouterLink}
        to={appPath(n.link)}
        onClick={onFollow}
        sx={{ alignItems: 'flex-start', gap: 1.5 }}
      >
        <Box
          aria-hidden
          sx={{
            width: 8,
            height: 8,
            mt: 1,
            flexShrink: 0,
            borderRadius: '50%',
            bgcolor: unread ? 'error.main' : 'transparent',
          }}
        />
        <ListItemText
          primary={
            <>
              {unread && (
                <Box component="span" sx={visuallyHidden}>
                  Unread:{' '}
                </Box>
              )}
              {n.title}
            </>
          }
          secondary={
            <>
              {NOTIFICATION_KIND_WORDS[n.kind]} ·{' '}
              <time dateTime={n.created_at} title={formatDateTime(n.created_at)}>
                {whenText(n.created_at)}
              </time>
            </>
          }
          slotProps={{ primary: { sx: { fontWeight: unread ? 700 : 400 } } }}
        />
      </ListItemButton>
    </ListItem>
  );
}
