import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import {
  DESKTOP_PLATFORM_NAMES,
  DOWNLOADS_MESSAGES,
  type DesktopDownloads,
} from '../../../../shared/api/downloads';
import { ErrorFetching, RetrievingData } from '../../../components/ui/query-state';
import { formatBytes } from '../../../lib/format';
import { useDesktopDownloads } from '../api/get-downloads';

function Installers({ downloads }: { downloads: DesktopDownloads }) {
  if (downloads.source === 'none')
    return <Alert severity="info">{DOWNLOADS_MESSAGES.notConfigured}</Alert>;
  if (downloads.source === 'url')
    return (
      <Typography>
        {DOWNLOADS_MESSAGES.elsewhere}{' '}
        <Link href={downloads.url!} rel="noopener">
          {downloads.url}
        </Link>
        .
      </Typography>
    );
  if (!downloads.items.length) return <Alert severity="info">{DOWNLOADS_MESSAGES.empty}</Alert>;
  return (
    <List aria-label="Desktop installers" disablePadding>
      {downloads.items.map((i) => (
        <ListItem
          key={i.file_name}
          divider
          disableGutters
          secondaryAction={
            <Button href={i.url} download={i.file_name} aria-label={`Download ${i.file_name}`}>
              Download
            </Button>
          }
        >
          <ListItemText
            primary={`${DESKTOP_PLATFORM_NAMES[i.platform]} (${i.format})`}
            secondary={`Version ${i.version ?? 'unknown'} · ${formatBytes(i.size_bytes)} · ${i.file_name}`}
          />
        </ListItem>
      ))}
    </List>
  );
}

/** /downloads (public): the desktop app's installers for each platform, newest version first. */
export function DownloadsPage() {
  const downloads = useDesktopDownloads();
  return (
    <Stack spacing={2}>
      <Typography variant="h1">Download the desktop app</Typography>
      <Typography color="text.secondary">
        The desktop app uploads the data of connected vials.
      </Typography>
      {downloads.isPending ? (
        <RetrievingData />
      ) : downloads.isError ? (
        <ErrorFetching />
      ) : (
        <Installers downloads={downloads.data} />
      )}
      <Button component={RouterLink} to="/launch">
        Back
      </Button>
    </Stack>
  );
}
