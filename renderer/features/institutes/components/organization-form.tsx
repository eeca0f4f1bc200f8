import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useEffect, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { z } from 'zod';
import { featureFlags } from '../../../../shared/api/feature-flags';
import {
  instituteCreate,
  METADATA_TYPES,
  RELATIONSHIPS,
  SUBSCRIPTIONS,
  type Institute,
  type InstituteUpdate,
} from '../../../../shared/api/institutes';
import {
  DEFAULT_FEATURE_FLAGS,
  FEATURE_FLAG_NAMES,
  type FeatureFlags,
} from '../../../../shared/domain/feature-flags';
import {
  DEFAULT_VIAL_SILENT_DAYS,
  MAX_VIAL_SILENT_DAYS,
} from '../../../../shared/domain/notifications';
import { FormTextField } from '../../../components/ui/form-text-field';
import { firstFieldError } from '../../../lib/form-errors';
import { useRelationshipLabel } from '../api/get-relationship-labels';
import { flagLabel, METADATA_TYPE_LABELS, SUBSCRIPTION_LABELS } from './organization-labels';

const SILENT_DAYS_MESSAGE = `Enter a whole number of days from 1 to ${MAX_VIAL_SILENT_DAYS}.`;

/** The organization form: the API's rules, with text inputs for the numbers and the date. */
export const organizationForm = z
  .object({
    name: instituteCreate.shape.name,
    partner_id: z.string().trim().max(80, 'Partner ID is too long.'),
    metadata_type: z.enum(METADATA_TYPES),
    relationship: z.enum(RELATIONSHIPS),
    subscription: z.enum(SUBSCRIPTIONS),
    customer_since: z.string(),
    total_lines: z.string().trim().regex(/^\d*$/, 'Total lines must be a whole number.'),
    archived: z.boolean(),
    /** On: "use defaults" (feature_flags null); off: the explicit set below. */
    use_default_flags: z.boolean(),
    feature_flags: featureFlags,
    /** On: silent vials are not watched (vial_silent_days null); off: the days below. */
    vial_silent_off: z.boolean(),
    vial_silent_days: z.string().trim(),
    /** Its users must sign in with a second factor. */
    mfa_required: z.boolean(),
  })
  .refine(
    // Digits only here; the range is the API's own field.
    (v) =>
      v.vial_silent_off ||
      (/^\d+$/.test(v.vial_silent_days) &&
        instituteCreate.shape.vial_silent_days.safeParse(Number(v.vial_silent_days)).success),
    { message: SILENT_DAYS_MESSAGE, path: ['vial_silent_days'] },
  );
export type OrganizationValues = z.infer<typeof organizationForm>;

export function organizationValues(
  institute: Institute | undefined,
  defaults: FeatureFlags = DEFAULT_FEATURE_FLAGS,
): OrganizationValues {
  return {
    name: institute?.name ?? '',
    partner_id: institute?.partner_id ?? '',
    metadata_type: institute?.metadata_type ?? 'pts',
    relationship: institute?.relationship ?? 'none',
    subscription: institute?.subscription ?? 'none',
    customer_since: institute?.customer_since ?? '',
    total_lines: institute?.total_lines?.toString() ?? '',
    archived: institute?.archived ?? false,
    use_default_flags: !institute?.has_feature_flags,
    feature_flags: { ...defaults, ...(institute?.feature_flags ?? {}) },
    vial_silent_off: institute !== undefined && institute.vial_silent_days === null,
    vial_silent_days: String(institute?.vial_silent_days ?? DEFAULT_VIAL_SILENT_DAYS),
    mfa_required: institute?.mfa_required ?? false,
  };
}

/**
 * What the form sends: owners only their own fields (name, total lines, the days after which a
 * vial is silent, whether a second factor is required); staff everything, an empty total_lines or partner ID as null, "use defaults"
 * as feature_flags null, silent vials "Off" as vial_silent_days null. Only those who may change
 * an organization's settings (the role matrix's `institute:settings`: owners and staff) reach
 * this form: its routes and dialog are behind that action.
 */
export function organizationBody(values: OrganizationValues, staff: boolean): InstituteUpdate {
  const own = {
    name: values.name,
    total_lines: values.total_lines === '' ? null : Number(values.total_lines),
    vial_silent_days: values.vial_silent_off ? null : Number(values.vial_silent_days),
    mfa_required: values.mfa_required,
  };
  if (!staff) return own;
  return {
    ...own,
    partner_id: values.partner_id === '' ? null : values.partner_id,
    metadata_type: values.metadata_type,
    relationship: values.relationship,
    subscription: values.subscription,
    customer_since: values.customer_since === '' ? null : values.customer_since,
    archived: values.archived,
    feature_flags: values.use_default_flags ? null : values.feature_flags,
  };
}

function SelectField<T extends string>(props: {
  control: Control<OrganizationValues>;
  name: 'metadata_type' | 'relationship' | 'subscription';
  label: string;
  options: readonly T[];
  labelOf: (option: T) => string;
}) {
  return (
    <FormTextField control={props.control} name={props.name} label={props.label} select>
      {props.options.map((o) => (
        <MenuItem key={o} value={o}>
          {props.labelOf(o)}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

function CheckField({
  control,
  name,
  label,
}: {
  control: Control<OrganizationValues>;
  name:
    | 'archived'
    | 'use_default_flags'
    | 'vial_silent_off'
    | 'mfa_required'
    | `feature_flags.${keyof FeatureFlags}`;
  label: ReactNode;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={
            name === 'use_default_flags' ? (
              <Switch
                checked={Boolean(field.value)}
                onChange={(e) => field.onChange(e.target.checked)}
              />
            ) : (
              <Checkbox
                checked={Boolean(field.value)}
                onChange={(e) => field.onChange(e.target.checked)}
              />
            )
          }
        />
      )}
    />
  );
}

interface Props {
  id: string;
  institute?: Institute;
  defaults?: FeatureFlags;
  /** Staff see and send the staff-only fields; owners never see them. */
  staff: boolean;
  onSubmit: (body: InstituteUpdate) => Promise<unknown>;
}

/**
 * The organization's fields (administration.md sections 3, 5, 6). The form element has `id`
 * so a dialog's or a page's button can submit it. A 422 from the server lands on its field.
 */
export function OrganizationForm({ id, institute, defaults, staff, onSubmit }: Props) {
  const { control, handleSubmit, reset, setError } = useForm<OrganizationValues>({
    resolver: zodResolver(organizationForm),
    defaultValues: organizationValues(institute, defaults),
  });
  useEffect(() => reset(organizationValues(institute, defaults)), [institute, defaults, reset]);
  const useDefaults = useWatch({ control, name: 'use_default_flags' });
  const silentOff = useWatch({ control, name: 'vial_silent_off' });
  const relationshipLabel = useRelationshipLabel();

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(organizationBody(values, staff));
    } catch (error) {
      const field = firstFieldError(error);
      if (field && field.field in organizationValues(undefined))
        setError(field.field as keyof OrganizationValues, { message: field.message });
    }
  });

  return (
    <form id={id} noValidate onSubmit={submit}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField control={control} name="name" label="Name" required autoFocus />
        {staff && <FormTextField control={control} name="partner_id" label="Partner ID" />}
        {staff && (
          <SelectField
            control={control}
            name="metadata_type"
            label="Metadata Type"
            options={METADATA_TYPES}
            labelOf={(o) => METADATA_TYPE_LABELS[o]}
          />
        )}
        {staff && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <SelectField
              control={control}
              name="relationship"
              label="Relationship"
              options={RELATIONSHIPS}
              labelOf={relationshipLabel}
            />
            <SelectField
              control={control}
              name="subscription"
              label="Subscription"
              options={SUBSCRIPTIONS}
              labelOf={(o) => SUBSCRIPTION_LABELS[o]}
            />
          </Stack>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {staff && (
            <FormTextField
              control={control}
              name="customer_since"
              label="Customer Since"
              type="date"
              slotProps={{ inputLabel: { shrink: true } }}
            />
          )}
          <FormTextField
            control={control}
            name="total_lines"
            label="Total Lines"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Stack>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <FormTextField
            control={control}
            name="vial_silent_days"
            label="Warn when a vial has not uploaded for (days)"
            disabled={silentOff}
            helperText={silentOff ? 'Silent vials are not reported.' : undefined}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ flexGrow: 1 }}
          />
          <Box sx={{ pt: 1 }}>
            <CheckField control={control} name="vial_silent_off" label="Off" />
          </Box>
        </Stack>
        <CheckField
          control={control}
          name="mfa_required"
          label="Require two-factor authentication to sign in"
        />
        {staff && <CheckField control={control} name="archived" label="Archived" />}
        {staff && (
          <FormGroup aria-label="Feature Flags">
            <FormLabel component="legend">Feature Flags</FormLabel>
            <CheckField control={control} name="use_default_flags" label="Use defaults" />
            {!useDefaults &&
              FEATURE_FLAG_NAMES.map((name) => (
                <CheckField
                  key={name}
                  control={control}
                  name={`feature_flags.${name}`}
                  label={flagLabel(name)}
                />
              ))}
          </FormGroup>
        )}
      </Stack>
    </form>
  );
}
