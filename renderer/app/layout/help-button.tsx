import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ClosableDialogTitle } from '../../components/ui/closable-dialog-title';
import { supportEmail } from '../../components/ui/support-email';
import { useLineWord } from '../../features/institutes';

export function HelpButton() {
  const [open, setOpen] = useState(false);
  const word = useLineWord();
  const email = supportEmail();
  return (
    <>
      <Tooltip title="Help">
        <IconButton aria-label="Help" onClick={() => setOpen(true)}>
          <HelpOutlineIcon />
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="sm" fullWidth>
        <ClosableDialogTitle onClose={() => setOpen(false)}>Help</ClosableDialogTitle>
        <DialogContent>
          <Typography gutterBottom>
            VialQC turns the data of vials that travel your {word.lowerPlural} into transit records,
            a vibration measure (VitalMetric) and the probability that samples are rejected. Switch
            organization with the selector in the top bar; the tabs below it lead to each area.
          </Typography>
          <Typography>
            Questions? Write to <a href={`mailto:${email}`}>{email}</a>.
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
