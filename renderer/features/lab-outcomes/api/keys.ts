import type { BeforeAfterParams, LabOutcomesParams } from '../../../../shared/api/lab-outcomes';
import { queryRoots } from '../../../lib/query-roots';

/** Every query key of the lab outcomes: a line's days, the before/after test, the settings. */
export const labOutcomeKeys = {
  all: queryRoots.labOutcomes,
  days: (lineId: number, params: LabOutcomesParams) =>
    [...queryRoots.labOutcomes, 'days', lineId, params] as const,
  beforeAfter: (instituteId: number, params: BeforeAfterParams) =>
    [...queryRoots.labOutcomes, 'before-after', instituteId, params] as const,
  settings: (instituteId: number) => [...queryRoots.labOutcomes, 'settings', instituteId] as const,
};
