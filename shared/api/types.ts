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

/**
 * Known analyzer models by make: the Model field of the analyzer settings suggests those of the
 * chosen make (GET /v2/types/analyzers); any other model may still be typed.
 */
export const ANALYZER_MODELS: Record<(typeof ANALYZER_MAKES)[number], readonly string[]> = {
  Roche: ['cobas c 303', 'cobas c 311', 'cobas c 501', 'cobas c 502', 'cobas c 503', 'cobas c 702'],
  Abbott: ['Alinity c', 'Architect c4000', 'Architect c8000', 'Architect c16000'],
  'Siemens Healthineers': ['Atellica CH 930', 'ADVIA 1800', 'ADVIA 2400', 'Dimension EXL 200'],
  'Beckman Coulter': ['AU480', 'AU680', 'AU5800', 'DxC 700 AU'],
  Ortho: ['Vitros 4600', 'Vitros 5600', 'Vitros XT 7600'],
  Other: [],
};

/** An analyzer model and the make it belongs to. */
export const analyzerModelChoice = choice.extend({ make: out.text() });
export type AnalyzerModelChoice = z.infer<typeof analyzerModelChoice>;

/** `partner_aerocom` → 'Partner Aerocom'. */
export const wordsOf = (value: string): string =>
  value
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
