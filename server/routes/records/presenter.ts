import type {
  RecordDto,
  SavedRecordDto,
  SetOffDto,
  UploadResponse,
} from '../../../shared/api/records';
import type { RecordView, SetOffView } from '../../domain/records/service';
import type { UploadResult } from '../../domain/records/upload';
import { presentLabels } from '../labels/presenter';

/**
 * What a record looks like in the API. The error flags come from the columns (staff may have
 * corrected what processing found), everything else in `metrics` from processing.
 */
export function presentRecord({
  record: r,
  outOfRange,
  clinicalDataCount,
  alarms,
}: RecordView): RecordDto {
  return {
    id: r.id,
    date: r.date.toISOString(),
    upload_date: r.uploadDate.toISOString(),
    duration: r.duration,
    vial: r.vialLabel,
    line: r.line ? { id: r.line.id, name: r.line.name, archived: r.line.archived } : null,
    labels: presentLabels(r.labels),
    exclude: r.exclude,
    hidden: r.hidden,
    test_run: r.testRun,
    is_reviewed: r.isReviewed,
    is_processed: r.isProcessed,
    processing_error: r.processingError,
    validation: r.validationId,
    institute: r.instituteId,
    temperature_type: r.temperatureType,
    outside_controlled_seconds: r.outsideControlledSeconds,
    outside_excursion_seconds: r.outsideExcursionSeconds,
    clinical_data_count: clinicalDataCount,
    metrics: r.metrics && {
      ...r.metrics,
      no_run_error: r.noRunError,
      short_run_error: r.shortRunError,
      flatline_error: r.flatlineError,
      rejection: r.rejection,
    },
    out_of_range: outOfRange,
    sha256: r.sha256,
    file_size: Number(r.fileSize),
    sequence: r.sequence,
    alarms,
  };
}

export const presentSetOff = ({ events, notified }: SetOffView): SetOffDto => ({
  events: events.map((e) => ({
    id: e.id,
    line: { id: e.lineId, name: e.lineName },
    rule: e.rule,
    side: e.side,
    opened: e.opened,
    record: e.recordId,
  })),
  notified: notified.map((n) => ({
    user: n.userId,
    name: n.name,
    in_app: n.inApp,
    email: n.email,
  })),
});

export const presentSavedRecord = ({
  view,
  setOff,
}: {
  view: RecordView;
  setOff: SetOffView;
}): SavedRecordDto => ({ ...presentRecord(view), set_off: presentSetOff(setOff) });

export const presentUpload = ({ view, duplicate }: UploadResult): UploadResponse => ({
  ...presentRecord(view),
  duplicate,
});
