import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zonedToday } from '../../../lib/time-zone';
import { useInstitute, useLineWord } from '../../institutes';
import { useLines } from '../../lines';
import { LabelsSelect } from '../../records';
import {
  filterParams,
  NO_CLINICAL_FILTERS,
  useClinicalDataFilters,
} from './use-clinical-data-filters';

/** Line, date range, labels and the linked record; every change goes to the address. */
export function ClinicalDataFiltersBar({ instituteId }: { instituteId: number }) {
  const [filters, set] = useClinicalDataFilters();
  const word = useLineWord();
  const today = zonedToday(useInstitute(instituteId).data?.timezone);
  const lines = useLines({ instituteId, ordering: 'name' });
  const options = lines.data?.items ?? [];
  const line = options.find((l) => l.id === filters.line_id) ?? null;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
      <Autocomplete
        sx={{ minWidth: 220 }}
        size="small"
        options={options}
        value={line}
        getOptionLabel={(l) => l.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_e, v) => set({ line_id: v?.id ?? null })}
        renderInput={(p) => <TextField {...p} label={word.singular} margin="dense" />}
      />
      {(
        [
          ['date__gte', 'From'],
          ['date__lt', 'Before'],
        ] as const
      ).map(([key, label]) => (
        <TextField
          key={key}
          size="small"
          margin="dense"
          type="date"
          label={label}
          value={filters[key] ?? ''}
          onChange={(e) => set({ [key]: e.target.value || null })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
        />
      ))}
      <div style={{ minWidth: 240, flex: 1 }}>
        <LabelsSelect
          instituteId={instituteId}
          value={filters.labels}
          onChange={(labels) => set({ labels })}
        />
      </div>
      {filters.record !== null && (
        <Chip
          label={`Record #${filters.record}`}
          onDelete={() => set({ record: null })}
          aria-label={`Linked to record ${filters.record}`}
        />
      )}
      <Button
        onClick={() => set(NO_CLINICAL_FILTERS)}
        disabled={Object.values(filterParams(filters)).length === 0}
      >
        Clear Filters
      </Button>
    </Stack>
  );
}
