import type { z } from 'zod';
import type {
  HemolysisDataDto,
  MeasurementDto,
  measurementDays,
} from '../../../shared/api/hemolysis';
import type { HemolysisData, HemolysisMeasurement } from '../../entities/hemolysis-data';
import { presentLabels } from '../labels/presenter';

export const hemolysisDownloadUrl = (id: number) => `/v2/hemolysis-index-data/${id}/download`;

export function presentHemolysisData(d: HemolysisData): HemolysisDataDto {
  return {
    id: d.id,
    institute: d.instituteId,
    title: d.title,
    filename: d.fileName,
    line: { id: d.line.id, name: d.line.name },
    donor_sample: d.donorSample,
    labels: presentLabels(d.labels),
    timezone_name: d.timezoneName,
    upload_date: d.uploadDate.toISOString(),
    measurement_summary: {
      start: d.measurementStart?.toISOString() ?? null,
      end: d.measurementEnd?.toISOString() ?? null,
      count: d.measurementCount,
    },
    skipped_rows: d.skippedRows,
    file_size: Number(d.fileSize),
    source: d.source,
    download_url: d.source === 'feed' ? null : hemolysisDownloadUrl(d.id),
  };
}

export function presentMeasurement(m: HemolysisMeasurement): MeasurementDto {
  return { id: Number(m.id), timestamp: m.timestamp.toISOString(), value: m.value };
}

/** The day picker's days: local dates in the data set's zone, with the instants they span. */
export function presentMeasurementDays(days: {
  timezone_name: string;
  days: { day: string; count: number; start: Date; end: Date }[];
}): z.output<typeof measurementDays> {
  return {
    timezone_name: days.timezone_name,
    days: days.days.map((d) => ({
      date: d.day,
      count: d.count,
      start: new Date(d.start).toISOString(),
      end: new Date(d.end).toISOString(),
    })),
  };
}
