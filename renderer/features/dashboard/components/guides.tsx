import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';
import { RECORDS_PER_LINE_PER_DAY } from '../../../../shared/api/validations';
import { useLineWord, type LineWord } from '../../institutes';

/** The guides the dashboard links to; `?guide=` in the address opens one, so a link shares it. */
export const GUIDES = {
  'getting-started': 'Getting Started',
  validation: 'Validation Guide',
} as const;
export type GuideName = keyof typeof GUIDES;

export const guideLink = (name: GuideName) => `/dashboard?guide=${name}`;

export function GettingStartedSteps({ word }: { word: LineWord }) {
  return (
    <Typography component="ol" sx={{ pl: 3, m: 0, '& li': { mb: 1 } }}>
      <li>
        Install the VialQC desktop app and plug in a vial: its runs upload as transit records (the
        browser cannot upload).
      </li>
      <li>
        Open Records → To Review, assign each record to its {word.lower}, label or exclude it, and
        press Review.
      </li>
      <li>
        Start a validation of your {word.lowerPlural} to set each {word.lower}&rsquo;s baseline;
        later records are compared with it.
      </li>
      <li>
        Watch the dashboard: the review queue, the latest records and the year&rsquo;s activity.
      </li>
    </Typography>
  );
}

function ValidationSteps({ word }: { word: LineWord }) {
  return (
    <Typography component="ol" sx={{ pl: 3, m: 0, '& li': { mb: 1 } }}>
      <li>
        Create a validation (Validations → New Validation): a name, the start date, 1 to 3 days and
        the {word.lowerPlural} to validate.
      </li>
      <li>
        Send four vials per sending-to-receiving station pair, each in a separate canister:{' '}
        {RECORDS_PER_LINE_PER_DAY} records per {word.lower} for each day of the validation.
      </li>
      <li>Review the records and link each one to the validation of its {word.lower}.</li>
      <li>
        Complete the validation: its records set each {word.lower}&rsquo;s validated range, and the
        report can be downloaded. Validate again after six months.
      </li>
    </Typography>
  );
}

/** The guide named in the address, as a dialog over the dashboard. */
export function GuideDialog() {
  const [params, setParams] = useSearchParams();
  const word = useLineWord();
  const name = params.get('guide') as GuideName | null;
  if (!name || !(name in GUIDES)) return null;
  const close = () =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.delete('guide');
      return next;
    });
  return (
    <Dialog open onClose={close} aria-labelledby="guide-title" maxWidth="sm" fullWidth>
      <DialogTitle id="guide-title">{GUIDES[name]}</DialogTitle>
      <DialogContent>
        {name === 'validation' ? (
          <ValidationSteps word={word} />
        ) : (
          <GettingStartedSteps word={word} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
