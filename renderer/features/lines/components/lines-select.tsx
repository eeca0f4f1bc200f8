import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useLineWord } from '../../institutes';

interface LinesSelectProps<L extends { id: number; name: string }> {
  /** The lines to choose from. */
  lines: L[];
  /** The chosen lines' ids; none chosen means all. */
  value: number[];
  onChange: (ids: number[]) => void;
}

/** A chart filter: several lines by name, named in the institute's own word for a line. */
export function LinesSelect<L extends { id: number; name: string }>({
  lines,
  value,
  onChange,
}: LinesSelectProps<L>) {
  const word = useLineWord();
  return (
    <Autocomplete
      multiple
      sx={{ flex: 1, minWidth: 240 }}
      options={lines}
      getOptionLabel={(l) => l.name}
      value={lines.filter((l) => value.includes(l.id))}
      onChange={(_e, chosen) => onChange(chosen.map((l) => l.id))}
      renderInput={(p) => (
        <TextField
          {...p}
          margin="none"
          label={word.plural}
          placeholder={`All ${word.lowerPlural}`}
        />
      )}
    />
  );
}
