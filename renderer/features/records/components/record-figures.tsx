import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { RecordDto } from '../../../../shared/api/records';
import { EVENT_STATUS_WORDS, eventRuleText } from '../../../../shared/domain/event-words';
import { RejectionChip } from '../../../components/ui/rejection-chip';
import {
  formatNumber,
  formatAccelerationWithUnit,
  formatDate,
  formatDuration,
  formatTemperatureWithUnit,
  formatVitalMetricWithUnit,
} from '../../../lib/format';
import { METRIC_DECIMALS, METRIC_NAMES, useShownMetric } from '../../../lib/ui-store';
import { useFeatureFlags, useLineWord } from '../../institutes';
import { RecordFlags } from './record-flags';
import { LabelChips } from '../../labels';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body1" sx={{ m: 0, fontWeight: 600 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** How many clinical data entries link the record, linking to them (with the clinicalData flag). */
function ClinicalDataFigure({ record }: { record: RecordDto }) {
  const { clinicalData } = useFeatureFlags();
  if (!clinicalData) return null;
  const count = record.clinical_data_count;
  return (
    <Figure label="Clinical Data">
      {count === 0 ? (
        'No entries'
      ) : (
        <Link component={RouterLink} to={`/clinical-data?record=${record.id}`}>
          {count === 1 ? '1 entry' : `${count} entries`}
        </Link>
      )}
    </Figure>
  );
}

/**
 * The monitoring alarms the record fired (issue 44), each leading to its event: a run that opened
 * events never looks unflagged.
 */
function AlarmsFigure({ record }: { record: RecordDto }) {
  if (!record.alarms.length) return null;
  return (
    <Figure label="Monitoring">
      {record.alarms.map((a) => (
        <Link
          key={a.event}
          component={RouterLink}
          to={`/line/${a.line}/monitoring?event=${a.event}`}
          color="error"
          sx={{ display: 'block' }}
        >
          Alarm {eventRuleText(a)}, {EVENT_STATUS_WORDS[a.status].toLowerCase()}
        </Link>
      ))}
    </Figure>
  );
}

const TEMPERATURE_TYPES = { ambient: 'Ambient', refrigerated: 'Refrigerated', frozen: 'Frozen' };

/** The record's figures, as the spec writes them. */
export function RecordFigures({ record }: { record: RecordDto }) {
  const word = useLineWord();
  const m = record.metrics;
  const metric = useShownMetric();
  return (
    <Box
      component="dl"
      aria-label="Record figures"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))',
        gap: 2,
        m: 0,
      }}
    >
      <Figure label="Date">{formatDate(record.date)}</Figure>
      <Figure label="Uploaded">{formatDate(record.upload_date)}</Figure>
      <Figure label={word.singular}>
        {record.line ? (
          <Link component={RouterLink} to={`/line/${record.line.id}`}>
            {record.line.name}
          </Link>
        ) : (
          '–'
        )}
      </Figure>
      <Figure label="Vial">{record.vial ?? '–'}</Figure>
      <Figure label={METRIC_NAMES[metric]}>
        {metric === 'auc'
          ? formatVitalMetricWithUnit(m?.auc)
          : formatNumber(m?.[metric], METRIC_DECIMALS[metric])}
      </Figure>
      <Figure label="Rejection">
        <RejectionChip percent={m?.rejection} />
      </Figure>
      <AlarmsFigure record={record} />
      <Figure label="Duration">{formatDuration(record.duration)}</Figure>
      <Figure label="Maximum Acceleration">
        {formatAccelerationWithUnit(m?.maximum_acceleration)}
      </Figure>
      <Figure label="MKT">{formatTemperatureWithUnit(m?.mean_kinetic_temperature)}</Figure>
      <Figure label="Min / Max Temperature">
        {formatTemperatureWithUnit(m?.minimum_temperature)} /{' '}
        {formatTemperatureWithUnit(m?.maximum_temperature)}
      </Figure>
      <Figure label="Temperature Type">
        {record.temperature_type ? TEMPERATURE_TYPES[record.temperature_type] : '–'}
      </Figure>
      <Figure label="Time Outside Controlled">
        {formatDuration(record.outside_controlled_seconds)}
      </Figure>
      <Figure label="Time Outside Excursion">
        {formatDuration(record.outside_excursion_seconds)}
      </Figure>
      <Figure label="Status">
        {record.exclude ? 'Excluded' : 'Included'} · {record.is_reviewed ? 'Reviewed' : 'To review'}
      </Figure>
      {m && (m.short_run_error || m.flatline_error || m.no_run_error) && (
        <Figure label="Flags">
          <RecordFlags metrics={m} />
        </Figure>
      )}
      <ClinicalDataFigure record={record} />
      {record.labels.length > 0 && (
        <Figure label="Labels">
          <LabelChips labels={record.labels} shown={record.labels.length} />
        </Figure>
      )}
    </Box>
  );
}
