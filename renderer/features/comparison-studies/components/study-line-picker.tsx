import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { ErrorFetching, RetrievingData } from '../../../components/ui/query-state';
import { counted } from '../../../../shared/domain/plural';
import { useLineWord } from '../../institutes';
import { useLines } from '../../lines';
import { useSuggestedLines } from '../api/get-suggested-lines';

export const SUGGESTED = 'roughest: suggested for paired samples';

interface Props {
  instituteId: number;
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
}

/**
 * The study's lines among the institute's active ones; the three roughest (highest median
 * VitalMetric over the last 90 days) are marked as suggested for paired samples.
 */
export function StudyLinePicker({ instituteId, value, onChange, error }: Props) {
  const word = useLineWord();
  const lines = useLines({ instituteId, archived: false, ordering: 'name' });
  const suggested = useSuggestedLines(instituteId);
  const marked = new Set(suggested.data ?? []);
  if (lines.isError) return <ErrorFetching error={lines.error} />;
  if (!lines.data) return <RetrievingData />;
  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...value, id] : value.filter((v) => v !== id));
  return (
    <FormControl component="fieldset" error={error !== undefined} required>
      <FormLabel component="legend">{word.plural}</FormLabel>
      <Box sx={{ maxHeight: 260, overflowY: 'auto' }}>
        <FormGroup>
          {lines.data.items.map((line) => (
            <FormControlLabel
              key={line.id}
              control={
                <Checkbox
                  size="small"
                  checked={value.includes(line.id)}
                  onChange={(e) => toggle(line.id, e.target.checked)}
                />
              }
              label={
                <>
                  {line.name}
                  {marked.has(line.id) && (
                    <Chip size="small" variant="outlined" label={SUGGESTED} sx={{ ml: 1 }} />
                  )}
                </>
              }
            />
          ))}
        </FormGroup>
      </Box>
      {error && <FormHelperText role="alert">{error}</FormHelperText>}
      <FormHelperText>
        {counted(value.length, word.lower, word.lowerPlural)} selected
        {suggested.data?.length
          ? `; vial runs on every ${word.lower}, paired samples on the roughest`
          : ''}
      </FormHelperText>
    </FormControl>
  );
}
