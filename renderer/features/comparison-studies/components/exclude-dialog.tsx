import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { withDetail } from '../../../lib/api-client';
import { firstFieldError } from '../../../lib/form-errors';
import { useCreateExclusion } from '../api/create-exclusion';
import type { Analyte } from '../api/types';
import { analyteName } from './study-words';

/** A reason is 1–500 characters (section 2). */
const MOST_REASON = 500;
export const REASON_REQUIRED = 'Please give a reason for the exclusion.';

interface Props {
  studyId: number;
  clinicalData: number;
  analyte: Analyte;
  /** What the pair is, in words, for the dialog's question. */
  description: string;
  onClose: () => void;
}

/** Excludes a pair from the study, for this analyte or every analyte, with a required reason. */
export function ExcludeDialog({ studyId, clinicalData, analyte, description, onClose }: Props) {
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const exclude = useCreateExclusion(studyId);
  const [reason, setReason] = useState('');
  const [scope, setScope] = useState<'analyte' | 'all'>('analyte');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const text = reason.trim();
    if (!text) {
      setError(REASON_REQUIRED);
      return;
    }
    exclude.mutate(
      { clinical_data: clinicalData, analyte: scope === 'all' ? null : analyte, reason: text },
      {
        onSuccess: () => {
          enqueueSnackbar('The pair has been excluded.', { variant: 'success' });
          onClose();
        },
        onError: (e) => {
          const field = firstFieldError(e);
          if (field) setError(field.message);
          else enqueueSnackbar(withDetail('Unable to exclude the pair', e), { variant: 'error' });
        },
      },
    );
  };

  return (
    <Dialog open onClose={exclude.isPending ? undefined : onClose} aria-labelledby={titleId}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogTitle id={titleId}>Exclude Pair</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{description}</DialogContentText>
          <TextField
            label="Reason"
            required
            autoFocus
            fullWidth
            multiline
            minRows={2}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              if (error) setError(null);
            }}
            onKeyDown={(e) => {
              // Shift+Enter submits, as comments do; Enter alone starts a new line.
              if (e.key === 'Enter' && e.shiftKey) {
                e.preventDefault();
                submit();
              }
            }}
            error={error !== null}
            helperText={error ?? `${reason.length}/${MOST_REASON}`}
            slotProps={{ htmlInput: { maxLength: MOST_REASON } }}
          />
          <FormControl sx={{ mt: 2 }}>
            <FormLabel id={`${titleId}-scope`}>Exclude for</FormLabel>
            <RadioGroup
              aria-labelledby={`${titleId}-scope`}
              value={scope}
              onChange={(e) => setScope(e.target.value as 'analyte' | 'all')}
            >
              <FormControlLabel
                value="analyte"
                control={<Radio size="small" />}
                label={`${analyteName(analyte)} only`}
              />
              <FormControlLabel
                value="all"
                control={<Radio size="small" />}
                label="Every analyte of the entry"
              />
            </RadioGroup>
          </FormControl>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={exclude.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={exclude.isPending}>
            Exclude
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
