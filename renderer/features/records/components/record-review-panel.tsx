import CloseIcon from '@mui/icons-material/Close';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';
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

/**
 * A ref whose element gets the focus whenever `shown` changes: the panel's heading when it opens
 * or moves to another record, so the keyboard stays in the panel (and J/K work) instead of
 * falling back to the top of the page with the form it was in.
 */
function useFocusOn<T extends HTMLElement>(shown: unknown) {
  const target = useRef<T>(null);
  useEffect(() => target.current?.focus(), [shown]);
  return target;
}

/** The panel beside the list. */
function SidePanel({ children }: { children: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      component="aside"
      aria-label="Record review"
      sx={{ p: 2, width: { xs: 'auto', md: 360 }, flexShrink: 0, alignSelf: { md: 'flex-start' } }}
    >
      {children}
    </Paper>
  );
}

function CloseButton({ onClose }: { onClose: () => void }) {
  return (
    <IconButton size="small" aria-label="Close review" onClick={onClose}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

/** Beside the list: the chosen record's review form and its comments. */
export function RecordReviewPanel({ record, onClose, onSaved }: Props) {
  const here = useLocation();
  const heading = useFocusOn<HTMLHeadingElement>(record.id);
  return (
    <SidePanel>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Stack sx={{ flexGrow: 1 }}>
          <Typography variant="h3" component="h2" ref={heading} tabIndex={-1}>
            {formatDateTime(record.date)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Vial {record.vial ?? '–'}
            {record.is_reviewed ? ' · Reviewed' : ' · To review'}
          </Typography>
        </Stack>
        <CloseButton onClose={onClose} />
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
    </SidePanel>
  );
}

/** In the panel's place once the last record of the queue was reviewed from it. */
export function AllReviewedPanel({ onClose }: { onClose: () => void }) {
  const message = useFocusOn<HTMLParagraphElement>(true);
  return (
    <SidePanel>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography ref={message} tabIndex={-1} role="status" sx={{ flexGrow: 1 }}>
          No more records to review
        </Typography>
        <CloseButton onClose={onClose} />
      </Stack>
    </SidePanel>
  );
}
