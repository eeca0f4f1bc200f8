import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { enqueueSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import type { PendingGroupDto } from '../../../../shared/api/lab-feed';
import {
  LAB_FEED_ANALYTES,
  normaliseUnit,
  type LabFeedAnalyte,
} from '../../../../shared/domain/lab-feed';
import { ErrorFetching, RetrievingData } from '../../../components/ui/query-state';
import { withDetail } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useAllows } from '../../../lib/permissions';
import { useLineWord } from '../../institutes';
import { useLines } from '../../lines';
import { useCodeMappings, usePendingGroups } from '../api/get-lab-feed';
import { useCreateCode, useCreateLocation, useUpdateCode } from '../api/mappings';
import { analyteWord, mappedText, NOTHING_PENDING } from './feed-words';

const IGNORE = 'ignore';

const KIND_WORDS: Record<PendingGroupDto['kind'], string> = {
  location: 'Location not mapped',
  code: 'Result code not mapped',
  unit: 'Unit without a factor',
  implausible: 'Above the plausible maximum',
};

/** What a group is about, as one line of text. */
const subject = (g: PendingGroupDto) =>
  g.kind === 'location'
    ? `Location ${g.location === '' ? '(none sent)' : g.location}`
    : `${g.system} ${g.code}${g.text ? ` (${g.text})` : ''}${g.kind === 'code' ? '' : `, unit ${g.unit || '(none)'}`}`;

const done = (refiled: number) => enqueueSnackbar(mappedText(refiled), { variant: 'success' });
const failed = (error: unknown) =>
  enqueueSnackbar(withDetail('Unable to map', error), { variant: 'error' });

/** One group's mapping, in place: a line, an analyte or a unit factor, or Ignore. */
function MapForm({ instituteId, group }: { instituteId: number; group: PendingGroupDto }) {
  const word = useLineWord();
  const [choice, setChoice] = useState('');
  const [factor, setFactor] = useState('');
  const lines = useLines({ instituteId });
  const codes = useCodeMappings(instituteId);
  const createLocation = useCreateLocation(instituteId);
  const createCode = useCreateCode(instituteId);
  const updateCode = useUpdateCode();
  const busy = createLocation.isPending || createCode.isPending || updateCode.isPending;
  const name = subject(group);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Told through the write's promise, not mutate's callbacks: a mapped group leaves the inbox,
    // and this form with it, before mutate's own callbacks would run.
    const report = (write: Promise<{ refiled: number }>) =>
      void write.then((r) => done(r.refiled), failed);
    if (group.kind === 'location') {
      report(
        createLocation.mutateAsync({
          code: group.location,
          line: choice === IGNORE ? null : Number(choice),
        }),
      );
    } else if (group.kind === 'code') {
      report(
        createCode.mutateAsync({
          system: group.system,
          code: group.code,
          analyte: choice === IGNORE ? null : (choice as LabFeedAnalyte),
        }),
      );
    } else {
      const mapping = codes.data?.items.find(
        (c) => c.system === group.system && c.code === group.code,
      );
      if (!mapping) return;
      report(
        updateCode.mutateAsync({
          id: mapping.id,
          units: { ...mapping.units, [normaliseUnit(group.unit ?? '')]: Number(factor) },
        }),
      );
    }
  };

  const select = (label: string, items: { value: string; label: string }[]) => (
    <TextField
      select
      size="small"
      label={label}
      value={choice}
      onChange={(e) => setChoice(e.target.value)}
      sx={{ minWidth: 200 }}
    >
      {items.map((item) => (
        <MenuItem key={item.value} value={item.value}>
          {item.label}
        </MenuItem>
      ))}
      <MenuItem value={IGNORE}>Ignore</MenuItem>
    </TextField>
  );

  return (
    <Stack component="form" direction="row" spacing={1} onSubmit={submit}>
      {group.kind === 'location' &&
        select(
          word.singular,
          (lines.data?.items ?? [])
            .filter((l) => !l.archived)
            .map((l) => ({ value: String(l.id), label: l.name })),
        )}
      {group.kind === 'code' &&
        select(
          'Analyte',
          LAB_FEED_ANALYTES.map((a) => ({ value: a, label: analyteWord(a) })),
        )}
      {(group.kind === 'unit' || group.kind === 'implausible') && (
        <TextField
          size="small"
          label="Unit factor"
          value={factor}
          onChange={(e) => setFactor(e.target.value)}
          helperText={`× ${group.unit || '(no unit)'} → canonical unit`}
          slotProps={{
            htmlInput: { inputMode: 'decimal', 'aria-label': `Unit factor for ${name}` },
          }}
        />
      )}
      <Button
        type="submit"
        variant="contained"
        loading={busy}
        disabled={
          group.kind === 'unit' || group.kind === 'implausible'
            ? !(Number(factor) > 0)
            : choice === ''
        }
        aria-label={`Map ${name}`}
      >
        Map
      </Button>
    </Stack>
  );
}

/** Needs mapping: the inbox's groups, most results first; owners and admins map them in place. */
export function NeedsMappingPanel({ instituteId }: { instituteId: number }) {
  const pending = usePendingGroups(instituteId);
  const canMap = useAllows('lab-feed:manage');
  if (pending.isPending) return <RetrievingData />;
  if (pending.isError) return <ErrorFetching error={pending.error} />;
  const groups = pending.data.items;
  if (groups.length === 0) return <Typography color="text.secondary">{NOTHING_PENDING}</Typography>;
  return (
    <Table size="small" aria-label="Needs mapping">
      <TableHead>
        <TableRow>
          <TableCell>Why</TableCell>
          <TableCell>What</TableCell>
          <TableCell align="right">Results</TableCell>
          <TableCell>Last received</TableCell>
          {canMap && <TableCell>Map to</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {groups.map((g) => (
          <TableRow key={`${g.kind}|${g.location}|${g.system}|${g.code}|${g.unit}`}>
            <TableCell>{KIND_WORDS[g.kind]}</TableCell>
            <TableCell>{subject(g)}</TableCell>
            <TableCell align="right">{g.results}</TableCell>
            <TableCell>{formatDateTime(g.last_received_at)}</TableCell>
            {canMap && (
              <TableCell>
                <MapForm instituteId={instituteId} group={g} />
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
