import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import type { RecordDto } from '../../../../shared/api/records';
import { errorDetail } from '../../../lib/api-client';
import { useLineWord } from '../../institutes';
import { useBulkUpdateRecords } from '../api/bulk-update-records';
import { useLines } from '../../lines';
import { outside, useOutOfRangeWarning } from '../hooks/use-out-of-range-warning';
import { useSetOffAlert } from '../hooks/use-set-off-alert';
import { LineSelect } from './line-select';
import { counted, plural } from '../../../../shared/domain/plural';

export const excludedMessage = (n: number) =>
  `${counted(n, 'Record', 'Records')} ${plural(n, 'has', 'have')} been excluded`;
export const assignedMessage = (n: number, lineName: string) =>
  `${counted(n, 'Record', 'Records')} ${plural(n, 'has', 'have')} been assigned to ${lineName}`;

interface Props {
  instituteId: number;
  selected: RecordDto[];
  onDone: () => void;
}

/** Exclude the checked records, or assign them all to one line, in one call. */
export function BulkActions({ instituteId, selected, onDone }: Props) {
  const bulk = useBulkUpdateRecords(instituteId);
  const lines = useLines({ instituteId, ordering: 'name' });
  const warnOutOfRange = useOutOfRangeWarning();
  const alertSetOff = useSetOffAlert();
  const word = useLineWord();
  const { enqueueSnackbar } = useSnackbar();
  const [lineId, setLineId] = useState<number | null>(null);
  const ids = selected.map((r) => r.id);
  const failed = (error: unknown) =>
    enqueueSnackbar(errorDetail(error) ?? 'Unable to update the records.', { variant: 'error' });

  // Awaited rather than mutate callbacks: the refreshed list drops the rows, and this bar with
  // them, before callbacks of an unmounted component would run.
  const exclude = async () => {
    try {
      const { updated, set_off } = await bulk.mutateAsync({ ids, exclude: true });
      enqueueSnackbar(excludedMessage(updated), { variant: 'success' });
      alertSetOff(set_off);
      onDone();
    } catch (error) {
      failed(error);
    }
  };

  const assign = async () => {
    const line = lines.data?.items.find((l) => l.id === lineId);
    if (!line) return;
    const moved = selected.filter((r) => r.line?.id !== line.id);
    try {
      const { updated, set_off } = await bulk.mutateAsync({ ids, line: line.id });
      enqueueSnackbar(assignedMessage(updated, line.name), { variant: 'success' });
      alertSetOff(set_off);
      onDone();
      await warnOutOfRange(line.id, (range) => moved.some((r) => outside(r.metrics?.auc, range)));
    } catch (error) {
      failed(error);
    }
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Bulk actions"
      sx={{ px: 2, py: 1, mb: 1 }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {selected.length} selected
        </Typography>
        <Button variant="outlined" size="small" onClick={exclude} disabled={bulk.isPending}>
          Exclude
        </Button>
        <Stack direction="row" spacing={1} sx={{ minWidth: 320, alignItems: 'center' }}>
          <LineSelect
            instituteId={instituteId}
            value={lineId}
            onChange={setLineId}
            allowNone={false}
            label={`Assign to ${word.singular}`}
          />
          <Button
            variant="outlined"
            size="small"
            onClick={assign}
            disabled={lineId === null || bulk.isPending}
          >
            Assign
          </Button>
        </Stack>
        <Button size="small" onClick={onDone}>
          Clear Selection
        </Button>
      </Stack>
    </Paper>
  );
}
