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
  const numberField = (field: 'limit' | 'cvi' | 'cvg' | 'cva', label: string) => (
    <FormTextField
      control={control}
      name={name(field) as `analytes.${number}.criterion.cvi`}
      label={label}
      required
      size="small"
      inputMode="decimal"
      sx={{ width: 150 }}
    />
  );
  /** A select of the criterion's `field`: its options as [value, words]. */
  const choiceField = (
    field: 'type' | 'scale' | 'level' | 'z',
    label: string,
    width: number,
    options: [string, string][],
  ) => (
    <FormTextField
      control={control}
      name={name(field) as `analytes.${number}.criterion.type`}
      label={label}
      select
      size="small"
      sx={{ width }}
    >
      {options.map(([value, words]) => (
        <MenuItem key={value} value={value}>
          {words}
        </MenuItem>
      ))}
    </FormTextField>
  );
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {choiceField('type', 'Criterion', 260, Object.entries(CRITERION_NAMES))}
        {type === 'allowable_bias' && (
          <>
            {choiceField('scale', 'Scale', 170, [
              ['absolute', analyteUnit(values.analyte)],
              ['percent', 'Percent'],
            ])}
            {numberField(
              'limit',
              `Limit (${values.criterion.scale === 'percent' ? '%' : analyteUnit(values.analyte)})`,
            )}
          </>
        )}
        {type === 'biological_variation' && (
          <>
            {numberField('cvi', 'CVi (%)')}
            {numberField('cvg', 'CVg (%)')}
            {choiceField('level', 'Performance', 170, [
              ['optimum', 'Optimum'],
              ['desirable', 'Desirable'],
              ['minimum', 'Minimum'],
            ])}
          </>
        )}
        {type === 'rcv' && (
          <>
            {numberField('cva', 'CVa (%)')}
            {numberField('cvi', 'CVi (%)')}
            {choiceField('z', 'z', 130, [
              ['1.65', '1.65'],
              ['1.96', '1.96'],
            ])}
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
