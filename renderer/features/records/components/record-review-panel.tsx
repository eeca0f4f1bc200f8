import CloseIcon from '@mui/icons-material/Close';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link, useLocation } from 'react-router-dom';
import type { RecordDto } from '../../../../shared/api/records';
import { formatDateTime } from '../../../lib/format';
import { Comments } from '../../comments';
import { RecordReviewForm } from './record-review-form';

interface Props {
  record: RecordDto;
  onClose: () => void;
  onSaved?: (saved: RecordDto) => void;
}

/** Beside the list: the chosen record's review form and its comments. */
export function RecordReviewPanel({ record, onClose, onSaved }: Props) {
  const here = useLocation();
  return (
    <Paper
      variant="outlined"
      component="aside"
      aria-label="Record review"
      sx={{ p: 2, width: 360, flexShrink: 0, alignSelf: 'flex-start' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Stack sx={{ flexGrow: 1 }}>
          <Typography variant="h3" component="h2">
            {formatDateTime(record.date)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Vial {record.vial ?? '–'}
            {record.is_reviewed ? ' · Reviewed' : ' · To review'}
          </Typography>
        </Stack>
        <IconButton size="small" aria-label="Close review" onClick={onClose}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Stack>
      <Button
        size="small"
        component={Link}
        to={`/record/${record.id}`}
        state={{ from: { name: 'Transit Records', path: here.pathname + here.search } }}
        startIcon={<OpenInNewIcon />}
        sx={{ mt: 0.5 }}
      >
        Open Record
      </Button>
      <RecordReviewForm key={record.id} record={record} onSaved={onSaved} />
      <Button
        size="small"
        component={Link}
        to="/labels"
        state={{ from: { name: 'Transit Records', path: here.pathname + here.search } }}
      >
        Manage Labels
      </Button>
      <Divider sx={{ my: 2 }} />
      <Comments resource="records" id={record.id} />
    </Paper>
  );
}
