import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { AuditObjectType } from '../../../../shared/api/audit';
import { EmptyState, ErrorFetching, RetrievingData } from '../../../components/ui/query-state';
import { useInstitute } from '../../institutes';
import { useHistory } from '../api/get-history';
import { actorWords, entryWords, zonedDateTime } from '../audit-words';

/** How many entries a History shows at first, and how many more each "Show older" adds. */
const STEP = 10;

export interface HistoryTarget {
  instituteId: number;
  objectType: AuditObjectType;
  /** Null: every object of the type in the institute (its one analyzer). */
  objectId: string | number | null;
}

/**
 * An object's History, newest first: who (or VialQC itself), when in the institute's time zone,
 * and each change in words, before → after.
 */
export function HistoryList({
  instituteId,
  objectType,
  objectId,
  enabled = true,
}: HistoryTarget & {
  enabled?: boolean;
}) {
  const [size, setSize] = useState(STEP);
  const timeZone = useInstitute(instituteId).data?.timezone;
  const history = useHistory(
    {
      instituteId,
      object_type: objectType,
      object_id: objectId === null ? undefined : String(objectId),
      size,
    },
    enabled,
  );
  if (history.isError) return <ErrorFetching error={history.error} />;
  if (!history.data) return <RetrievingData />;
  const { items, total } = history.data;
  if (items.length === 0) return <EmptyState text="No History" />;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <List dense disablePadding aria-label="History entries" sx={{ width: '100%' }}>
        {items.map((event) => {
          const words = entryWords(event);
          return (
            <ListItem
              key={event.id}
              divider
              disableGutters
              sx={{ display: 'block' }}
              data-testid="history-entry"
            >
              <Typography variant="body2">
                <strong>{words.action}</strong> by {actorWords(event)} ·{' '}
                <time dateTime={event.at}>{zonedDateTime(event.at, timeZone)}</time>
              </Typography>
              {words.changes.map((line) => (
                <Typography key={line} variant="body2" color="text.secondary">
                  {line}
                </Typography>
              ))}
            </ListItem>
          );
        })}
      </List>
      {items.length < total && (
        <Button size="small" onClick={() => setSize(size + STEP)} loading={history.isFetching}>
          Show Older Entries
        </Button>
      )}
    </Stack>
  );
}
