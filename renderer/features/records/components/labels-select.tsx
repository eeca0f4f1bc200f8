import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { LabelDto } from '../../../../shared/api/labels';
import { useLabels, LabelChip } from '../../labels';

interface Props {
  instituteId: number;
  value: number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
}

/** The record's labels, chosen among the organization's. */
export function LabelsSelect({ instituteId, value, onChange, disabled }: Props) {
  const labels = useLabels(instituteId);
  const options = labels.data ?? [];
  const chosen = options.filter((l) => value.includes(l.id));
  return (
    <Autocomplete<LabelDto, true>
      multiple
      size="small"
      options={options}
      value={chosen}
      disabled={disabled}
      getOptionLabel={(l) => l.label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      // The raised label sits on the outline, where a chip of the first row may reach: on the
      // page's own colour it reads whatever the label's colour (STAT's red failed WCAG contrast).
      sx={{ '& .MuiInputLabel-shrink': { bgcolor: 'background.paper', px: 0.5 } }}
      onChange={(_e, next) => onChange(next.map((l) => l.id))}
      renderValue={(items, getItemProps) =>
        items.map((l, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <LabelChip key={key} label={l} {...itemProps} />;
        })
      }
      renderInput={(params) => <TextField {...params} label="Labels" margin="dense" />}
    />
  );
}
