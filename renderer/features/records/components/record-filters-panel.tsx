import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { UNLABELED } from '../../../../shared/domain/unlabeled';
import { BAND_WORDS, REJECTION_BANDS } from '../../../../shared/domain/rejection-bands';
import { addDays } from '../../../../shared/domain/time-zone';
import { FULL_LIST_SIZE } from '../../../../shared/domain/limits';
import { dayRangeErrors, isValidDayRange } from '../../../../shared/domain/dates';
import { zonedDay, zonedDayStart, zonedToday } from '../../../lib/time-zone';
import { useIsStaff } from '../../../lib/permissions';
import { useLineWord } from '../../institutes';
import { useLabels } from '../../labels';
import { useLines } from '../../lines';
import { useValidations } from '../../validations';
import type { RecordFilters } from '../hooks/use-record-filters';

interface Props {
  instituteId: number;
  timeZone: string;
  filters: RecordFilters;
  onChange: (patch: Partial<RecordFilters>) => void;
  onClear: () => void;
}

interface Option {
  id: string;
  name: string;
}

/** A multiple choice over id'd options, holding ids. */
function MultiSelect({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: Option[];
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  return (
    <Autocomplete<Option, true>
      multiple
      size="small"
      limitTags={2}
      options={options}
      value={options.filter((o) => value.includes(o.id))}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, next) => onChange(next.map((o) => o.id))}
      renderInput={(params) => <TextField {...params} label={label} margin="dense" />}
    />
  );
}

/**
 * The dates the user types, checked before they become filters: no future days, To not before
 * From (monitoring.md section 5). The address holds instants in the institute's zone.
 */
function DateRange({
  timeZone,
  filters,
  onChange,
}: Pick<Props, 'timeZone' | 'filters' | 'onChange'>) {
  const today = zonedToday(timeZone);
  const [from, setFrom] = useState(filters.date__gte ? zonedDay(filters.date__gte, timeZone) : '');
  const [to, setTo] = useState(
    filters.date__lt ? addDays(zonedDay(filters.date__lt, timeZone), -1) : '',
  );
  const errors = dayRangeErrors({ from, to }, today);

  const apply = (nextFrom: string, nextTo: string) => {
    if (!isValidDayRange({ from: nextFrom, to: nextTo }, today)) return;
    onChange({
      date__gte: nextFrom ? zonedDayStart(nextFrom, timeZone) : null,
      date__lt: nextTo ? zonedDayStart(addDays(nextTo, 1), timeZone) : null,
    });
  };

  return (
    <Stack direction="row" spacing={1}>
      <TextField
        type="date"
        size="small"
        margin="dense"
        label="From Date"
        value={from}
        onChange={(e) => {
          setFrom(e.target.value);
          apply(e.target.value, to);
        }}
        error={errors.from !== undefined}
        helperText={errors.from}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
      />
      <TextField
        type="date"
        size="small"
        margin="dense"
        label="To Date"
        value={to}
        onChange={(e) => {
          setTo(e.target.value);
          apply(from, e.target.value);
        }}
        error={errors.to !== undefined}
        helperText={errors.to}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { min: from || undefined, max: today },
        }}
      />
    </Stack>
  );
}

/** The records list's filters; every change lands in the address at once. */
export function RecordFiltersPanel({ instituteId, timeZone, filters, onChange, onClear }: Props) {
  const word = useLineWord();
  const lines = useLines({ instituteId, ordering: 'name' });
  const validations = useValidations({ instituteId, size: FULL_LIST_SIZE });
  const labels = useLabels(instituteId);
  const staff = useIsStaff();
  // Clearing resets the typed dates too: the date fields start afresh from the address.
  const [clears, setClears] = useState(0);

  const lineOptions = (lines.data?.items ?? []).map((l) => ({ id: String(l.id), name: l.name }));
  const validationOptions = (validations.data?.items ?? []).map((v) => ({
    id: String(v.id),
    name: v.name,
  }));
  const labelOptions = [
    { id: UNLABELED, name: 'Unlabeled' },
    ...(labels.data ?? []).map((l) => ({ id: String(l.id), name: l.label })),
  ];

  return (
    <Stack
      component="section"
      aria-label="Filters"
      spacing={1}
      sx={{ p: 2, mb: 2, bgcolor: 'action.hover', borderRadius: 1 }}
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <MultiSelect
            label={word.plural}
            options={lineOptions}
            value={filters.line_ids.map(String)}
            onChange={(ids) => onChange({ line_ids: ids.map(Number) })}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <MultiSelect
            label="Validations"
            options={validationOptions}
            value={filters.validation_ids.map(String)}
            onChange={(ids) => onChange({ validation_ids: ids.map(Number) })}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <MultiSelect
            label="Labels"
            options={labelOptions}
            value={filters.labels}
            onChange={(ids) => onChange({ labels: ids })}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <DateRange key={clears} timeZone={timeZone} filters={filters} onChange={onChange} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack direction="row" spacing={2} sx={{ pt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2" id="rejection-filter-label">
                Rejection
              </Typography>
              <ToggleButtonGroup
                size="small"
                aria-labelledby="rejection-filter-label"
                value={filters.rejection}
                onChange={(_e, bands: string[]) => onChange({ rejection: bands })}
              >
                {REJECTION_BANDS.map((b) => (
                  <ToggleButton key={b} value={b}>
                    {BAND_WORDS[b]}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            </Stack>
            <FormControlLabel
              control={
                <Switch
                  checked={filters.exclude}
                  onChange={(e) => onChange({ exclude: e.target.checked })}
                />
              }
              label="Excluded"
            />
            {staff && (
              <FormControlLabel
                control={
                  <Switch
                    checked={filters.include_hidden}
                    onChange={(e) => onChange({ include_hidden: e.target.checked })}
                  />
                }
                label="Include Hidden Records"
              />
            )}
            <Button
              size="small"
              onClick={() => {
                onClear();
                setClears((n) => n + 1);
              }}
            >
              Clear Filters
            </Button>
          </Stack>
        </Grid>
      </Grid>
    </Stack>
  );
}
