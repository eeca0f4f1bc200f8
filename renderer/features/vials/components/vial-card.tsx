import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip, { type ChipProps } from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  UPLOAD_STATUS_TEXT,
  type UploadStatus,
  type VialDrive,
  type VialMessage,
} from '../../../../shared/ipc/vial-drive';
import { formatBytes } from '../../../lib/format';
import { counted } from '../../../../shared/domain/plural';

const STATUS_COLOR: Record<UploadStatus, ChipProps['color']> = {
  no_data: 'default',
  ready: 'primary',
  uploading: 'info',
  complete: 'success',
  error: 'error',
};

/** Questions and warnings are warnings; what went wrong is an error. */
const SEVERITY: Record<VialMessage['kind'], AlertColor> = {
  corrupted: 'error',
  not_configured: 'error',
  end_of_life: 'warning',
  not_registered: 'warning',
  permission: 'error',
  server: 'error',
  connection: 'error',
  records_remain: 'error',
  large_file: 'warning',
  duplicate: 'info',
};

export const canUpload = (vial: VialDrive): boolean =>
  vial.status === 'ready' && vial.registered !== false && !vial.endOfLife;

export interface VialCardProps {
  vial: VialDrive;
  /** null when no organization is selected: nothing can be uploaded then. */
  instituteId: number | null;
  busy: boolean;
  onUpload: () => void;
  onRemoveFile: (file: string) => void;
  onDismiss: (message: string) => void;
}

export function VialCard({
  vial,
  instituteId,
  busy,
  onUpload,
  onRemoveFile,
  onDismiss,
}: VialCardProps) {
  const name = vial.label ?? 'Unreadable vial';
  const progress = vial.progress;
  const percent =
    progress && progress.totalBytes > 0 ? (100 * progress.uploadedBytes) / progress.totalBytes : 0;
  const runs = vial.datFiles.length;
  return (
    <Card variant="outlined" component="li" aria-label={name} sx={{ listStyle: 'none' }}>
      <CardContent>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'space-between' }}
        >
          <Typography variant="h6" component="h3">
            {name}
          </Typography>
          <Chip
            size="small"
            color={STATUS_COLOR[vial.status]}
            label={UPLOAD_STATUS_TEXT[vial.status]}
          />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {counted(runs, 'file', 'files')}, {formatBytes(vial.totalSize)}
          {vial.lastSyncSeconds > 0 &&
            ` · last synced ${new Date(vial.lastSyncSeconds * 1000).toLocaleString()}`}
        </Typography>
        {vial.status === 'uploading' && progress && (
          <Box sx={{ mt: 1 }}>
            <LinearProgress
              variant="determinate"
              value={percent}
              aria-label={`Uploading ${name}`}
            />
            <Typography variant="caption" color="text.secondary">
              {Math.floor(percent)}% · {formatBytes(progress.uploadedBytes)} of{' '}
              {formatBytes(progress.totalBytes)}
              {progress.file && ` · ${progress.file}`}
            </Typography>
          </Box>
        )}
        <Stack spacing={1} sx={{ mt: vial.messages.length ? 1 : 0 }}>
          {vial.messages.map((m) => (
            <Alert
              key={m.id}
              severity={SEVERITY[m.kind]}
              action={
                <Stack direction="row">
                  {m.actions.includes('remove-file') && m.file && (
                    <Button
                      color="inherit"
                      size="small"
                      disabled={busy}
                      onClick={() => onRemoveFile(m.file!)}
                    >
                      Remove File
                    </Button>
                  )}
                  <Button color="inherit" size="small" onClick={() => onDismiss(m.id)}>
                    Dismiss
                  </Button>
                </Stack>
              }
            >
              {m.text}
            </Alert>
          ))}
        </Stack>
      </CardContent>
      <CardActions>
        <Button
          variant="contained"
          size="small"
          disabled={busy || instituteId === null || !canUpload(vial)}
          onClick={onUpload}
        >
          Upload
        </Button>
      </CardActions>
    </Card>
  );
}
