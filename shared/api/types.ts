import { z } from 'zod';
import { out } from './common';

/** A choice in a form's select: the stored value and the words shown for it. */
export const choice = z.object({ value: out.text(), label: out.text() });
export type Choice = z.infer<typeof choice>;
export const choices = z.array(choice);

export const LINE_MANUFACTURERS = [
  'Swisslog',
  'Aerocom',
  'Sumetzberger',
  'Siemens',
  'Telecom Logistics',
  'Other',
] as const;

export const ANALYZER_MAKES = [
  'Roche',
  'Abbott',
  'Siemens Healthineers',
  'Beckman Coulter',
  'Ortho',
  'Other',
] as const;

/** `partner_aerocom` → 'Partner Aerocom'. */
export const wordsOf = (value: string): string =>
  value
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
