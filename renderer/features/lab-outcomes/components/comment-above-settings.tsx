import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import type { LabFeedSettingsDto } from '../../../../shared/api/lab-outcomes';
import { TIER_ANALYTES, type TierAnalyte } from '../../../../shared/lab-feed/outcomes';
import { CLINICAL_ANALYTE_INFO } from '../../../../shared/api/clinical-data';
import { ErrorFetching, RetrievingData } from '../../../components/ui/query-state';
import type { ErrorBody } from '../../../../shared/api/common';
import { errorDetail } from '../../../lib/api-client';
import { isHttpError } from '../../../lib/http-client';
import { useAllows } from '../../../lib/permissions';
import { useLabFeedSettings } from '../api/get-lab-feed-settings';
import { useUpdateLabFeedSettings } from '../api/update-lab-feed-settings';

type Draft = Record<TierAnalyte, string>;

const draftOf = (s: LabFeedSettingsDto): Draft =>
  Object.fromEntries(
    TIER_ANALYTES.map((a) => [a, s.comment_above[a] === null ? '' : String(s.comment_above[a])]),
  ) as Draft;

/** The server's message for each analyte's field, from a 422. */
function fieldErrors(error: unknown): Partial<Draft> {
  if (!isHttpError<ErrorBody>(error)) return {};
  const detail = error.response?.data?.detail;
  if (!Array.isArray(detail)) return {};
  return Object.fromEntries(
    detail.filter((d) => d.loc[1] === 'comment_above').map((d) => [String(d.loc[2]), d.msg]),
  );
}

/**
 * 'Comment above (HI)' per analyte (lab-feed.md section 7), in the Analyzer section of
 * /settings: the HI above which a result is released with a comment; empty: no comment tier.
 * Shown to all, changed by owners, admins and staff.
 */
export function CommentAboveSettings({ instituteId }: { instituteId: number }) {
  const settings = useLabFeedSettings(instituteId);
  const canEdit = useAllows('analyzer:edit');
  const update = useUpdateLabFeedSettings(instituteId);
  const { enqueueSnackbar } = useSnackbar();
  const [draft, setDraft] = useState<Draft | null>(null);
  if (settings.isError) return <ErrorFetching />;
  if (!settings.data) return <RetrievingData />;
  const saved = settings.data;
  const shown = draft ?? draftOf(saved);
  const errors = fieldErrors(update.error);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const comment_above = Object.fromEntries(
      TIER_ANALYTES.map((a) => [a, shown[a].trim() === '' ? null : Number(shown[a])]),
    ) as Record<TierAnalyte, number | null>;
    update.mutate(
      { comment_above },
      {
        onSuccess: () => {
          setDraft(null);
          enqueueSnackbar('Changes saved', { variant: 'success' });
        },
        onError: (error) => {
          if (Object.keys(fieldErrors(error)).length === 0)
            enqueueSnackbar(errorDetail(error) ?? 'Unable to save your changes.', {
              variant: 'error',
            });
        },
      },
    );
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} aria-label="Lab outcomes" spacing={1}>
      <Typography variant="h3" sx={{ fontSize: 16, fontWeight: 600 }}>
        Lab outcomes
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Samples with an HI above the comment cut-off and at most the threshold are released with a
        comment; empty: no comment tier.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {TIER_ANALYTES.map((a) => (
          <TextField
            key={a}
            type="number"
            label={`${CLINICAL_ANALYTE_INFO[a].name}: Comment above (HI)`}
            value={shown[a]}
            disabled={!canEdit}
            onChange={(e) => setDraft({ ...shown, [a]: e.target.value })}
            error={errors[a] !== undefined}
            helperText={errors[a] ?? `mg/dL, below the threshold of ${saved.suppress_above[a]}`}
            slotProps={{ htmlInput: { min: 0, step: 'any' } }}
          />
        ))}
      </Stack>
      {canEdit && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => setDraft(null)} disabled={draft === null}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={update.isPending}
            disabled={draft === null}
          >
            Save Cut-offs
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
