import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import {
  BEFORE_AFTER_DAYS_DEFAULT,
  BEFORE_AFTER_DAYS_MAX,
  HI_ABOVE_MAX,
  type BeforeAfterDto,
  type BeforeAfterParams,
} from '../../../../shared/api/lab-outcomes';
import { TIER_ANALYTES, type TierAnalyte } from '../../../../shared/lab-feed/outcomes';
import { CLINICAL_ANALYTE_INFO } from '../../../../shared/api/clinical-data';
import { RetrievingData } from '../../../components/ui/query-state';
import { errorDetail } from '../../../lib/api-client';
import { formatFraction } from '../../../lib/format';
import { useBeforeAfter } from '../api/get-before-after';

const HI_CHOICE = 'hi';
type CutoffChoice = TierAnalyte | typeof HI_CHOICE;

/** p to two significant digits, small ones as a bound. */
export const pValueText = (p: number) => (p < 0.0001 ? '< 0.0001' : `= ${p.toPrecision(2)}`);

function Side({ name, side }: { name: string; side: BeforeAfterDto['before'] }) {
  return (
    <Typography>
      <strong>{name}</strong>: {side.x} of {side.n} samples above the cut-off
      {side.p === null ? ' (no samples)' : ` (${formatFraction(side.p)})`}
    </Typography>
  );
}

function Answer({ answer }: { answer: BeforeAfterDto }) {
  return (
    <Stack spacing={0.5} role="status" data-testid="before-after-answer">
      <Side name="Before" side={answer.before} />
      <Side name="After" side={answer.after} />
      {answer.difference !== null && answer.ci95 !== null && answer.p_value !== null ? (
        <>
          <Typography>
            Difference (after − before): {formatFraction(answer.difference)}, 95% interval{' '}
            {formatFraction(answer.ci95[0])} to {formatFraction(answer.ci95[1])}
          </Typography>
          <Typography>
            Fisher&apos;s exact test, two-sided: p {pValueText(answer.p_value)}
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>
            {answer.p_value < 0.05
              ? 'Significant at the 5% level'
              : 'Not significant at the 5% level'}
          </Typography>
        </>
      ) : (
        <Typography color="text.secondary">A side without samples: nothing to compare.</Typography>
      )}
    </Stack>
  );
}

/** 'Before/after': the share of samples above a cut-off before and after the date of a change. */
export function BeforeAfter({ lineId, instituteId }: { lineId: number; instituteId: number }) {
  const [date, setDate] = useState('');
  const [days, setDays] = useState(String(BEFORE_AFTER_DAYS_DEFAULT));
  const [choice, setChoice] = useState<CutoffChoice>('potassium');
  const [hiAbove, setHiAbove] = useState('50');
  const [asked, setAsked] = useState<BeforeAfterParams | null>(null);
  const answer = useBeforeAfter(instituteId, asked);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAsked({
      line_ids: String(lineId),
      date,
      days: Number(days),
      ...(choice === HI_CHOICE ? { hi_above: Number(hiAbove) } : { analyte: choice }),
    });
  };

  return (
    <Paper sx={{ p: 2 }} component="section" aria-label="Before/after">
      <Typography variant="h2" gutterBottom>
        Before/after
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        Compare the share of samples above a cut-off in the days before and after a change (a new
        tube system, a courier route) on this line.
      </Typography>
      <Stack
        component="form"
        onSubmit={submit}
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'flex-start' }, mb: 2 }}
      >
        <TextField
          type="date"
          label="Date of the change"
          margin="none"
          required
          value={date}
          onChange={(e) => setDate(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="number"
          label="Days on each side"
          margin="none"
          required
          value={days}
          onChange={(e) => setDays(e.target.value)}
          slotProps={{ htmlInput: { min: 1, max: BEFORE_AFTER_DAYS_MAX, step: 1 } }}
        />
        <TextField
          select
          label="Cut-off"
          margin="none"
          value={choice}
          onChange={(e) => setChoice(e.target.value as CutoffChoice)}
          sx={{ minWidth: 220 }}
        >
          {TIER_ANALYTES.map((a) => (
            <MenuItem key={a} value={a}>
              {CLINICAL_ANALYTE_INFO[a].name} threshold
            </MenuItem>
          ))}
          <MenuItem value={HI_CHOICE}>HI above…</MenuItem>
        </TextField>
        {choice === HI_CHOICE && (
          <TextField
            type="number"
            label="HI above (mg/dL)"
            margin="none"
            required
            value={hiAbove}
            onChange={(e) => setHiAbove(e.target.value)}
            slotProps={{ htmlInput: { min: 0, max: HI_ABOVE_MAX, step: 'any' } }}
          />
        )}
        <Button type="submit" variant="contained" sx={{ alignSelf: { md: 'center' } }}>
          Compare
        </Button>
      </Stack>
      {answer.isFetching && <RetrievingData />}
      {answer.isError && (
        <Alert severity="error">{errorDetail(answer.error) ?? 'Error fetching data'}</Alert>
      )}
      {answer.data && !answer.isFetching && <Answer answer={answer.data} />}
    </Paper>
  );
}
