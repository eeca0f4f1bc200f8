import { z } from 'zod';
import { validationCreate, validationUpdate } from '../../../../shared/api/validations';

/** What the wizard and the edit form hold: a select gives '' until a duration is chosen. */
export interface ValidationFormValues {
  name: string;
  start_date: string;
  duration_days: number | '';
  baseline: boolean;
  lines: number[];
}

const duration = z.preprocess(
  (v) => (v === '' ? undefined : v),
  validationCreate.shape.duration_days,
);

/** The create rules of shared/api/validations (report generation is not asked here). */
export const createForm = validationCreate.omit({ generate_report: true }).extend({
  duration_days: duration,
});
export type CreateOutput = z.output<typeof createForm>;

/** Edit needs name, duration, lines and start date, with the edit form's own wording. */
export const editForm = validationUpdate
  .required()
  .omit({ generate_report: true })
  .extend({ duration_days: duration });
export type EditOutput = z.output<typeof editForm>;

export const emptyValidation = (): ValidationFormValues => ({
  name: '',
  start_date: '',
  duration_days: '',
  baseline: false,
  lines: [],
});
