import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { HistoryList, type HistoryTarget } from './history-list';

/**
 * The History section of a detail page (record, line, validation, user, contract, vial,
 * analyzer): collapsed until opened, then read afresh each time it opens.
 */
export function HistoryPanel(target: HistoryTarget) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Accordion
      disableGutters
      variant="outlined"
      expanded={open}
      onChange={(_e, expanded) => setOpen(expanded)}
      // The summary's heading is an h2, the level of a page's sections (MUI's default, h3, would
      // skip one below a page's h1).
      slots={{ heading: 'h2' }}
      slotProps={{ transition: { unmountOnExit: true } }}
      component="section"
      aria-labelledby={`${id}-title`}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-content`}>
        <Typography variant="subtitle1" component="span" id={`${id}-title`}>
          History
        </Typography>
      </AccordionSummary>
      <AccordionDetails id={`${id}-content`}>
        <HistoryList {...target} enabled={open} />
      </AccordionDetails>
    </Accordion>
  );
}
