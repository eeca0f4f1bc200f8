import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useSnackbar } from 'notistack';
import type { LabelDto } from '../../../../shared/api/labels';
import { errorDetail } from '../../../lib/api-client';
import { useDeleteLabel } from '../api/delete-label';

export function DeleteLabelDialog({ label, onClose }: { label: LabelDto; onClose: () => void }) {
  const remove = useDeleteLabel();
  const { enqueueSnackbar } = useSnackbar();
  const confirm = async () => {
    try {
      await remove.mutateAsync(label.id);
      enqueueSnackbar('Label deleted', { variant: 'success' });
      onClose();
    } catch (error) {
      enqueueSnackbar(errorDetail(error) ?? 'Unable to delete the label.', { variant: 'error' });
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="delete-label-title">
      <DialogTitle id="delete-label-title">Delete Label</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Delete the label &lsquo;{label.label}&rsquo;? It is removed from every record and line
          carrying it.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" onClick={confirm} loading={remove.isPending}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
