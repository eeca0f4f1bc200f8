import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  RECORDS_PER_LINE_PER_DAY,
  VALIDATION_MESSAGES,
  validationEndDate,
} from '../../../../shared/api/validations';
import { useLineWord } from '../../institutes';
import { useLines } from '../../lines';
import type { ValidationFormValues } from './validation-form';
import { formatDay } from '../../../lib/calendar-day';
import { counted } from '../../../../shared/domain/plural';
import { perDayNeed } from '../records-needed';

/** '4 per line on each of the 3 days (24 records in all)': the total over every line chosen. */
const recordsNeeded = (days: number, lines: number, line: string) =>
  `${perDayNeed(days, line)} (${counted(RECORDS_PER_LINE_PER_DAY * days * lines, 'record', 'records')} in all)`;

/** The wizard's last step: what will be created, and what the protocol asks for. */
export function ValidationReview({
  instituteId,
  values,
}: {
  instituteId: number;
  values: ValidationFormValues;
}) {
  const word = useLineWord();
  const lines = useLines({ instituteId, archived: false });
  const names = (lines.data?.items ?? [])
    .filter((l) => values.lines.includes(l.id))
    .map((l) => l.name);
  const days = Number(values.duration_days);
  const rows: [string, string][] = [
    ['Validation Name', values.name],
    ['Start Date', formatDay(values.start_date)],
    ['End Date', formatDay(validationEndDate(values.start_date, days))],
    ['Duration', counted(days, 'day', 'days')],
    ['Update Baseline', values.baseline ? 'Yes' : 'No'],
    [word.plural, names.join(', ')],
    // Per day, as the protocol below says it: never a total that reads as a contradiction of it.
    ['Records needed', recordsNeeded(days, values.lines.length, word.lower)],
  ];
  return (
    <>
      <Table size="small" aria-label="Review">
        <TableBody>
          {rows.map(([label, value]) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row" sx={{ width: 200, fontWeight: 600 }}>
                {label}
              </TableCell>
              <TableCell>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {VALIDATION_MESSAGES.collect} Send four vials per sending-to-receiving station pair, each in
        a separate canister, on each day of the validation.
      </Typography>
    </>
  );
}
