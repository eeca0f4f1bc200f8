import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router-dom';
import type { MonitoringPointDto } from '../../../../shared/api/monitoring';
import {
  EVENT_STATUS_WORDS,
  eventPath,
  eventRuleText,
  FIRING_OUTCOME_WORDS,
  firingOutcome,
} from '../../../../shared/domain/event-words';
import { formatDateTime, formatVitalMetric } from '../../../lib/format';

/**
 * Each firing of the chart's page, oldest first, with what came of it (issue 44): a warning opens
 * no event; an alarm opened its event or was counted on the one already open, each a link to
 * that event; or, not raised when its run entered the sequence, it reached none.
 */
export function MonitoringFirings({
  lineId,
  points,
}: {
  lineId: number;
  points: MonitoringPointDto[];
}) {
  const firings = points.flatMap((point) => point.rules.map((firing) => ({ point, firing })));
  if (firings.length === 0) return null;
  return (
    <Box
      sx={{ maxHeight: 360, overflow: 'auto' }}
      tabIndex={0}
      role="region"
      aria-label="Firings and what came of them"
    >
      <Table size="small" stickyHeader aria-label="Firings on this page">
        <TableHead>
          <TableRow>
            <TableCell>Run</TableCell>
            <TableCell align="right">VitalMetric (g·s)</TableCell>
            <TableCell>Rule</TableCell>
            <TableCell>Event</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {firings.map(({ point, firing }) => {
            const outcome = firingOutcome(firing.rule, firing.event);
            return (
              <TableRow key={`${point.record_id} ${firing.rule}`}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Link component={RouterLink} to={`/record/${point.record_id}`}>
                    {formatDateTime(point.date)}
                  </Link>
                </TableCell>
                <TableCell align="right">{formatVitalMetric(point.value)}</TableCell>
                <TableCell>{eventRuleText(firing)}</TableCell>
                <TableCell>
                  {FIRING_OUTCOME_WORDS[outcome]}
                  {firing.event && (
                    <>
                      {' '}
                      <Link component={RouterLink} to={eventPath(lineId, firing.event.id)}>
                        Event {firing.event.id} ({EVENT_STATUS_WORDS[firing.event.status]})
                      </Link>
                    </>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
