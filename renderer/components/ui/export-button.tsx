import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import type { ExportFormat } from '../../../shared/api/exports';
import { withDetail } from '../../lib/api-client';
import { formatBytes } from '../../lib/format';

const FORMATS: { format: ExportFormat; text: string }[] = [
  { format: 'csv', text: 'CSV' },
  { format: 'xlsx', text: 'Excel (.xlsx)' },
];

interface Props {
  /** Downloads the export in `format`, reporting the bytes received so far. */
  onExport: (format: ExportFormat, onProgress: (bytes: number) => void) => Promise<void>;
}

/**
 * Export: a menu of CSV and Excel; while the server streams the file the button counts the
 * bytes received, and a failed export says why in a toast (the server's reason when it gave one).
 */
export function ExportButton({ onExport }: Props) {
  const { enqueueSnackbar } = useSnackbar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [received, setReceived] = useState<number | null>(null);

  const run = async (format: ExportFormat) => {
    setAnchor(null);
    setReceived(0);
    try {
      await onExport(format, setReceived);
    } catch (error) {
      enqueueSnackbar(withDetail('The export failed', error), { variant: 'error' });
    } finally {
      setReceived(null);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<FileDownloadIcon />}
        disabled={received !== null}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
      >
        {received === null ? 'Export' : `Exporting… ${formatBytes(received)}`}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {FORMATS.map(({ format, text }) => (
          <MenuItem key={format} onClick={() => void run(format)}>
            {text}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
