import { z } from 'zod';
import { pageQuery, text } from './common';
import { labelRef } from './records';

/** What a new label is coloured when the form or client does not choose. */
export const DEFAULT_LABEL_COLOR = '#4FC1BE';
export const LABEL_MAX_LENGTH = 40;

export const label = labelRef;
export type LabelDto = z.infer<typeof label>;

const labelName = text({ error: 'Label name is required.' })
  .trim()
  .min(1, 'Label name is required.')
  .max(LABEL_MAX_LENGTH, 'Label is too long.');
const labelColor = text({ error: 'Colour is required.' })
  .trim()
  .min(1, { message: 'Colour is required.', abort: true })
  .regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be a hex colour such as #4FC1BE.');

export const labelCreate = z.object({
  label: labelName,
  color: labelColor.default(DEFAULT_LABEL_COLOR),
});
export type LabelCreate = z.input<typeof labelCreate>;

export const labelUpdate = z.object({ label: labelName, color: labelColor }).partial();
export type LabelUpdate = z.input<typeof labelUpdate>;

/** Label lists are full loads for selectors and filters, hence the large default page. */
export const labelListQuery = pageQuery.extend({
  size: pageQuery.shape.size.unwrap().default(9999),
  search: text().max(LABEL_MAX_LENGTH).optional(),
});
export type LabelListQuery = z.output<typeof labelListQuery>;
