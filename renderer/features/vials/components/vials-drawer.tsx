import CloseIcon from '@mui/icons-material/Close';
import UsbIcon from '@mui/icons-material/Usb';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Role } from '../../../../shared/domain/roles';
import {
  BROWSER_UPLOAD_MESSAGE,
  getDesktopApi,
  LAUNCH_PATH,
  type DesktopApi,
} from '../../../lib/desktop-bridge';
import { useConnectedVials } from '../api/get-connected-vials';
import { useDismissVialMessage, useRemoveVialFile, useUploadVial } from '../api/vial-actions';
import { useOpenOnNewReadyVial } from '../hooks/use-open-on-new-ready-vial';
import { usePanelWidth } from '../hooks/use-panel-width';
import { VialCard } from './vial-card';
import { ErrorFetching } from '../../../components/ui/query-state';
import { CountBadge, countedName } from '../../../components/ui/count-badge';

export interface VialsDrawerProps {
  /** The signed-in user's role; guests get no drawer (administration.md section 6). */
  role: Role | undefined;
  /** The organization uploads go to (the one chosen in the selector). */
  instituteId: number | null;
  /** The host's desktop API; the Electron one when present, else the browser's. */
  api?: DesktopApi;
  defaultOpen?: boolean;
}

/** The top bar's Vials button and its side panel: connected vials, their uploads and warnings. */
export function VialsDrawer({ role, ...props }: VialsDrawerProps) {
  if (!role || role === 'guest') return null;
  return <VialsPanel {...props} />;
}

function VialsPanel({
  instituteId,
  api = getDesktopApi(),
  defaultOpen = false,
}: Omit<VialsDrawerProps, 'role'>) {
  const [open, setOpen] = useState(defaultOpen);
  // A closed persistent drawer still measures the page for its slide on every mount and resize
  // (a forced layout in the first screen's longest task, issue 21): it is there once opened.
  const [opened, setOpened] = useState(defaultOpen);
  if (open && !opened) setOpened(true);
  const openPanel = useCallback(() => setOpen(true), []);
  const { width, startResize, reset } = usePanelWidth();
  const vials = useConnectedVials(api);
  useOpenOnNewReadyVial(vials.data, openPanel);
  const count = vials.data?.length ?? 0;

  return (
    <>
      <Tooltip title="Vials">
        <IconButton
          aria-label={countedName('Vials', count)}
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          <CountBadge count={count} color="primary">
            <UsbIcon />
          </CountBadge>
        </IconButton>
      </Tooltip>
      {opened && (
        <Drawer
          variant="persistent"
          anchor="right"
          open={open}
          slotProps={{
            paper: {
              // Below the top bar's first row, so its buttons (this one too) stay reachable.
              sx: { width, maxWidth: '100vw', top: 64, height: 'calc(100% - 64px)' },
              role: 'complementary',
              'aria-label': 'Vials',
            } as object,
            // Mounted by the click that opens it: it slides in as if it had been there, closed.
            transition: { appear: !defaultOpen },
          }}
        >
          <Box
            role="separator"
            aria-orientation="vertical"
            aria-label="Resize the vials panel"
            title="Drag to resize, double-click to reset"
            onPointerDown={startResize}
            onDoubleClick={reset}
            sx={{
              position: 'absolute',
              left: 0,
              top: 0,
              bottom: 0,
              width: 6,
              cursor: 'col-resize',
              zIndex: 1,
            }}
          />
          <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1 }}>
            <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
              Vials
            </Typography>
            <IconButton aria-label="Close vials" onClick={() => setOpen(false)}>
              <CloseIcon />
            </IconButton>
          </Stack>
          <Box sx={{ px: 2, pb: 2, overflowY: 'auto' }}>
            {api.kind === 'browser' ? (
              <BrowserNotice />
            ) : (
              <VialList api={api} instituteId={instituteId} query={vials} />
            )}
          </Box>
        </Drawer>
      )}
    </>
  );
}

function BrowserNotice() {
  return (
    <Alert severity="info">
      {BROWSER_UPLOAD_MESSAGE}.{' '}
      <Link component={RouterLink} to={LAUNCH_PATH}>
        Launch the desktop app
      </Link>
    </Alert>
  );
}

interface VialListProps {
  api: DesktopApi;
  instituteId: number | null;
  query: ReturnType<typeof useConnectedVials>;
}

function VialList({ api, instituteId, query }: VialListProps) {
  const upload = useUploadVial(api);
  const removeFile = useRemoveVialFile(api);
  const dismiss = useDismissVialMessage(api);
  if (query.isPending) {
    return (
      <Box role="status">
        <LinearProgress aria-hidden />
        <Typography color="text.secondary">Retrieving Data...</Typography>
      </Box>
    );
  }
  if (query.isError) return <ErrorFetching error={query.error} />;
  if (query.data.length === 0) return <Typography color="text.secondary">No Rows Found</Typography>;
  return (
    <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }}>
      {query.data.map((vial) => (
        <VialCard
          key={vial.id}
          vial={vial}
          instituteId={instituteId}
          busy={removeFile.isPending}
          onUpload={() =>
            instituteId !== null && upload.mutate({ vial: vial.id, institute: instituteId })
          }
          onRemoveFile={(file) => removeFile.mutate({ vial: vial.id, file })}
          onDismiss={(message) => dismiss.mutate({ vial: vial.id, message })}
        />
      ))}
    </Stack>
  );
}
