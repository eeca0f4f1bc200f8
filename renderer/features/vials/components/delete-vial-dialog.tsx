import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { VIAL_MESSAGES, type Vial } from '../../../../shared/api/vials';
import { useDeleteVial } from '../api/delete-vial';
import { withDetail } from '../../../lib/api-client';

/** Deleting a vial asks for its label, typed exactly. The vial is retired; its records stay. */
export function DeleteVialDialog({ vial, onClose }: { vial: Vial; onClose: () => void }) {
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const remove = useDeleteVial();
  const [typed, setTyped] = useState('');
  const matches = typed === vial.label;

  const confirm = () =>
    matches &&
    remove.mutate(vial.label, {
      onSuccess: () => {
        enqueueSnackbar(VIAL_MESSAGES.deleted, { variant: 'success' });
        onClose();
      },
      onError: (error) =>
        enqueueSnackbar(withDetail(VIAL_MESSAGES.deleteFailed, error), { variant: 'error' }),
    });

  return (
    <Dialog open onClose={remove.isPending ? undefined : onClose} aria-labelledby={titleId}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          confirm();
        }}
      >
        <DialogTitle id={titleId}>Delete vial {vial.label}?</DialogTitle>
        <DialogContent>
          <DialogContentText gutterBottom>
            The vial is retired: the desktop app will ask for it to be returned to the provider, and
            every record it made is kept. Type <strong>{vial.label}</strong> to confirm.
          </DialogContentText>
          <TextField
            label="Vial label"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoFocus
            fullWidth
            autoComplete="off"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            color="error"
            variant="contained"
            disabled={!matches}
            loading={remove.isPending}
          >
            Delete
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
