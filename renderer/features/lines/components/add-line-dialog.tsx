import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useLineWord } from '../../institutes';
import { useCreateLine } from '../api/create-line';
import { LineForm } from './line-form';

/** 'Add Line' (or 'Add Route') and its dialog; not offered to guests. */
export function AddLineDialog({ instituteId }: { instituteId: number }) {
  const word = useLineWord();
  const [open, setOpen] = useState(false);
  const create = useCreateLine(instituteId);
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const close = () => setOpen(false);

  return (
    <>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        Add {word.singular}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>Add New {word.singular}</DialogTitle>
        <DialogContent>
          {open && (
            <LineForm
              instituteId={instituteId}
              onSave={async (body) => {
                const line = await create.mutateAsync(body);
                enqueueSnackbar(`${line.name} has been added.`, { variant: 'success' });
                close();
              }}
              actions={(busy) => (
                <>
                  <Button onClick={close}>Cancel</Button>
                  <Button type="submit" variant="contained" loading={busy}>
                    Save
                  </Button>
                </>
              )}
            />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
