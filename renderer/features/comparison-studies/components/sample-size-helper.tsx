import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { counted } from '../../../../shared/domain/plural';
import { errorDetail } from '../../../lib/api-client';
import { firstFieldError } from '../../../lib/form-errors';
import { formatNumber } from '../../../lib/format';
import { useSampleSize, type SampleSizeQuestion } from '../api/sample-size';
import { criterionLimit } from '../../../../shared/comparison/criterion';
import { typedCriterion, type StudyFormValues } from './study-form-model';
import { analyteName, analyteUnit } from './study-words';

/** How long the helper waits after the last keystroke before it asks the server. */
const DEBOUNCE_MS = 400;

const parsed = (text: string): number | null => {
  const t = text.trim().replace(',', '.');
  return t !== '' && Number.isFinite(Number(t)) ? Number(t) : null;
};

/**
 * How many pairs a study needs (section 4's rule with n = 9): the spread of the differences the
 * lab expects, the bias it expects and the limit (the chosen analyte's L, or typed), at the
 * study's confidence.
 */
export function SampleSizeHelper({ control }: { control: Control<StudyFormValues> }) {
  const analytes = useWatch({ control, name: 'analytes' });
  const confidence = useWatch({ control, name: 'confidence' });
  const [index, setIndex] = useState(0);
  const chosen = analytes[Math.min(index, analytes.length - 1)];
  const criterion = chosen ? typedCriterion(chosen.criterion) : null;
  const computed = criterion ? criterionLimit(criterion) : null;
  const limitL = computed && Number.isFinite(computed.limit) ? computed.limit : null;
  const unit =
    !computed || computed.scale === 'percent' || !chosen ? '%' : analyteUnit(chosen.analyte);
  const [sd, setSd] = useState('');
  const [bias, setBias] = useState('0');
  const [limitTyped, setLimitTyped] = useState('');
  const limit = limitTyped !== '' ? parsed(limitTyped) : limitL;

  const question: SampleSizeQuestion | null =
    parsed(sd) !== null && limit !== null && Number.isFinite(limit) && parsed(bias) !== null
      ? {
          sd: parsed(sd) as number,
          limit,
          expected_bias: parsed(bias) as number,
          confidence: Number(confidence) as SampleSizeQuestion['confidence'],
        }
      : null;
  const [asked, setAsked] = useState<SampleSizeQuestion | null>(null);
  const key = JSON.stringify(question);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(question), DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // The question is rebuilt on each render; its JSON says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const answer = useSampleSize(asked);

  let result: string;
  if (!asked) result = 'Type the expected SD of the differences to see how many pairs to plan.';
  else if (answer.isError)
    result =
      firstFieldError(answer.error)?.message ?? errorDetail(answer.error) ?? 'Error fetching data';
  else if (!answer.data) result = 'Retrieving Data...';
  else if (answer.data.pairs === null) result = 'No study of up to 10,000 pairs would decide.';
  else result = `About ${counted(answer.data.pairs, 'pair', 'pairs')} needed.`;

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Sample size">
      <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
        How many pairs?
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        The smallest number of pairs whose bias interval would fit within ±L if the bias and the
        spread you expect hold (at least 10).
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {analytes.length > 1 && (
          <TextField
            select
            size="small"
            label="Analyte"
            value={String(Math.min(index, analytes.length - 1))}
            onChange={(e) => setIndex(Number(e.target.value))}
            sx={{ width: 200 }}
          >
            {analytes.map((a, i) => (
              <MenuItem key={a.analyte} value={String(i)}>
                {analyteName(a.analyte)}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          size="small"
          label={`Expected SD of the differences (${unit})`}
          value={sd}
          onChange={(e) => setSd(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ width: 280 }}
        />
        <TextField
          size="small"
          label={`Expected bias (${unit})`}
          value={bias}
          onChange={(e) => setBias(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ width: 180 }}
        />
        <TextField
          size="small"
          label={`Limit L (${unit})`}
          value={limitTyped}
          helperText={
            limitTyped !== ''
              ? ' '
              : `Empty: the criterion’s L${limitL !== null ? `, ${formatNumber(limitL, 2)}` : ''}`
          }
          onChange={(e) => setLimitTyped(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ width: 220 }}
        />
      </Stack>
      <Typography role="status" aria-live="polite" sx={{ fontWeight: 600 }}>
        {result}
      </Typography>
    </Paper>
  );
}
