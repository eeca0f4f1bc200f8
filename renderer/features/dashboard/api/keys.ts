import { queryRoots } from '../../../lib/query-roots';

/** The dashboard's own views of records and validations live under their roots, so edits there refresh them. */
export const dashboardKeys = {
  activity: (instituteId: number) => [...queryRoots.records, 'activity', instituteId] as const,
  latestValidation: (instituteId: number) =>
    [...queryRoots.validations, 'latest', instituteId] as const,
};
