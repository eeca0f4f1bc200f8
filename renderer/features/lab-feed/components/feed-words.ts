import { CLINICAL_ANALYTE_INFO } from '../../../../shared/api/clinical-data';
import type { LabFeedAnalyte } from '../../../../shared/domain/lab-feed';
import { counted } from '../../../../shared/domain/plural';

/** The spec's empty texts (lab-feed.md section 9). */
export const NO_MESSAGES = 'No messages yet: connect your laboratory system (see Status).';
export const NOTHING_PENDING = 'Nothing needs mapping.';

/** An analyte's name, or 'Ignore' for a mapping that drops its results. */
export const analyteWord = (analyte: LabFeedAnalyte | null) =>
  analyte === null ? 'Ignore' : CLINICAL_ANALYTE_INFO[analyte].name;

/** A mapping write's toast. */
export const mappedText = (refiled: number) =>
  `Mapped: ${counted(refiled, 'result', 'results')} filed`;

/** A mapping's deletion warning. */
export const deleteWarning = (code: string) =>
  `Results from ${code} will wait in Needs mapping again.`;
