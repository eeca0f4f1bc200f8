import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import {
  HEMOLYSIS_MESSAGES,
  measurementUpdate,
  type MeasurementDto,
} from '../../../../shared/api/hemolysis';
import { errorDetail } from '../../../lib/api-client';
import { useUpdateMeasurement } from '../api/update-measurement';

/** Corrects the HI value of one measurement, checked with the API's own rule. */
export function CorrectMeasurementDialog({
  dataId,
  measurement,
  time,
  onClose,
}: {
  dataId: number;
  measurement: MeasurementDto;
  /** The measurement's time as the day view shows it. */
  time: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateMeasurement(dataId);
  const [typed, setTyped] = useState(String(measurement.value));
  const [error, setError] = useState<string | null>(null);

  const save = () => {
    const value = typed.trim() === '' ? NaN : Number(typed);
    const parsed = measurementUpdate.shape.value.safeParse(value);
    if (Number.isNaN(value) || !parsed.success || parsed.data === undefined) {
      setError(Number.isNaN(value) ? 'Enter a number.' : (parsed.error?.issues[0]?.message ?? ''));
      return;
    }
    update.mutate(
      { mid: measurement.id, value: parsed.data },
      {
        onSuccess: () => {
          enqueueSnackbar(HEMOLYSIS_MESSAGES.measurementUpdated, { variant: 'success' });
          onClose();
        },
        onError: (e) =>
          enqueueSnackbar(errorDetail(e) ?? HEMOLYSIS_MESSAGES.measurementUpdateFailed, {
            variant: 'error',
          }),
      },
    );
  };

  return (
    <Dialog open onClose={update.isPending ? undefined : onClose} aria-labelledby={titleId}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <DialogTitle id={titleId}>Correct measurement</DialogTitle>
        <DialogContent>
          <DialogContentText gutterBottom>Measured at {time}.</DialogContentText>
          <TextField
            label="Hemolysis index (mg/dL)"
            type="number"
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              setError(null);
            }}
            error={error !== null}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { step: 0.01, min: 0 } }}
            autoFocus
            fullWidth
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={update.isPending}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
