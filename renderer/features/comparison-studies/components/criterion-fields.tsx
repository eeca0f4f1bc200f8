import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useWatch, type Control } from 'react-hook-form';
import { FormTextField } from '../../../components/ui/form-text-field';
import { formatNumber } from '../../../lib/format';
import type { CriterionLimit } from '../../../../shared/comparison/types';
import type { Analyte, Criterion } from '../api/types';
import { criterionLimit } from '../../../../shared/comparison/criterion';
import type { StudyFormValues } from './study-form-model';
import { typedCriterion } from './study-form-model';
import { analyteDecimals, analyteUnit } from './study-words';

export const CRITERION_NAMES: Record<Criterion['type'], string> = {
  allowable_bias: 'Allowable bias',
  biological_variation: 'Biological variation',
  rcv: 'Reference change value (RCV)',
};

/** Each criterion in one sentence (section 4). */
export const CRITERION_EXPLAINED: Record<Criterion['type'], string> = {
  allowable_bias:
    'Your own limit on the mean difference between transported and hand-carried results, in the analyte’s unit or in percent: L is the limit itself.',
  biological_variation:
    'A limit on the bias from the analyte’s within-subject (CVi) and between-subject (CVg) variation: L = f·√(CVi² + CVg²) %, with f = 0.125, 0.25 or 0.375 for optimum, desirable or minimum performance.',
  rcv: 'Transport must not change a patient’s result by more than its reference change value, RCV = √2·z·√(CVa² + CVi²) %: both limits of agreement must stay within ±RCV.',
};

/** 'L = 1.84%' (or 'RCV = …') for a criterion, once its fields parse. */
export function limitText(
  criterion: Pick<CriterionLimit, 'type' | 'scale' | 'limit'> | null,
  analyte: Analyte,
): string | null {
  if (!criterion) return null;
  const { limit, scale } = criterion;
  if (!Number.isFinite(limit) || limit <= 0) return null;
  const name = criterion.type === 'rcv' ? 'RCV' : 'L';
  return scale === 'percent'
    ? `${name} = ${formatNumber(limit, 2)}%`
    : `${name} = ${formatNumber(limit, analyteDecimals(analyte) + 1)} ${analyteUnit(analyte)}`;
}

/** The criterion of the form's analyte `index`: its type, its fields, what it means and its L. */
export function CriterionFields({
  control,
  index,
}: {
  control: Control<StudyFormValues>;
  index: number;
}) {
  const values = useWatch({ control, name: `analytes.${index}` });
  const { type } = values.criterion;
  const name = (field: string) => `analytes.${index}.criterion.${field}` as const;
  const typed = typedCriterion(values.criterion);
  const limit = limitText(typed && criterionLimit(typed), values.analyte);
  const percentField = (field: 'cvi' | 'cvg' | 'cva', label: string) => (
    <FormTextField
      control={control}
      name={name(field) as `analytes.${number}.criterion.cvi`}
      label={`${label} (%)`}
      required
      size="small"
      inputMode="decimal"
      sx={{ width: 150 }}
    />
  );
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <FormTextField
          control={control}
          name={name('type') as `analytes.${number}.criterion.type`}
          label="Criterion"
          select
          size="small"
          sx={{ width: 260 }}
        >
          {(Object.keys(CRITERION_NAMES) as Criterion['type'][]).map((t) => (
            <MenuItem key={t} value={t}>
              {CRITERION_NAMES[t]}
            </MenuItem>
          ))}
        </FormTextField>
        {type === 'allowable_bias' && (
          <>
            <FormTextField
              control={control}
              name={name('scale') as `analytes.${number}.criterion.scale`}
              label="Scale"
              select
              size="small"
              sx={{ width: 170 }}
            >
              <MenuItem value="absolute">{analyteUnit(values.analyte)}</MenuItem>
              <MenuItem value="percent">Percent</MenuItem>
            </FormTextField>
            <FormTextField
              control={control}
              name={name('limit') as `analytes.${number}.criterion.limit`}
              label={`Limit (${values.criterion.scale === 'percent' ? '%' : analyteUnit(values.analyte)})`}
              required
              size="small"
              inputMode="decimal"
              sx={{ width: 150 }}
            />
          </>
        )}
        {type === 'biological_variation' && (
          <>
            {percentField('cvi', 'CVi')}
            {percentField('cvg', 'CVg')}
            <FormTextField
              control={control}
              name={name('level') as `analytes.${number}.criterion.level`}
              label="Performance"
              select
              size="small"
              sx={{ width: 170 }}
            >
              <MenuItem value="optimum">Optimum</MenuItem>
              <MenuItem value="desirable">Desirable</MenuItem>
              <MenuItem value="minimum">Minimum</MenuItem>
            </FormTextField>
          </>
        )}
        {type === 'rcv' && (
          <>
            {percentField('cva', 'CVa')}
            {percentField('cvi', 'CVi')}
            <FormTextField
              control={control}
              name={name('z') as `analytes.${number}.criterion.z`}
              label="z"
              select
              size="small"
              sx={{ width: 130 }}
            >
              <MenuItem value="1.65">1.65</MenuItem>
              <MenuItem value="1.96">1.96</MenuItem>
            </FormTextField>
          </>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {CRITERION_EXPLAINED[type]}
      </Typography>
      <Typography variant="body2" role="status" aria-live="polite" sx={{ fontWeight: 600 }}>
        {limit ?? 'L appears once the criterion’s values are typed.'}
      </Typography>
    </Stack>
  );
}
