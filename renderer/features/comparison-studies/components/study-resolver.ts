import type { FieldErrors, FieldPath, Resolver } from 'react-hook-form';
import { comparisonStudyCreate } from '../../../../shared/api/comparison-studies';
import type { ComparisonStudyCreate } from '../api/types';
import { studyBody, type StudyFormValues } from './study-form-model';

/**
 * The form field an API field's message belongs on: the last day holds `date__lt`, and a
 * decision level's message goes on the analyte's one decision-levels field.
 */
export function formFieldOf(apiField: string): FieldPath<StudyFormValues> {
  if (apiField === 'date__lt') return 'last_day';
  const level = apiField.match(/^(analytes\.\d+\.decision_levels)/);
  if (level) return level[1] as FieldPath<StudyFormValues>;
  return apiField as FieldPath<StudyFormValues>;
}

/** Sets `message` at a dotted path of an errors object (the first message of a field wins). */
function put(errors: Record<string, unknown>, path: string, message: string) {
  const parts = path.split('.');
  let node = errors;
  for (const part of parts.slice(0, -1)) {
    node[part] ??= {};
    node = node[part] as Record<string, unknown>;
  }
  const last = parts[parts.length - 1];
  node[last] ??= { type: 'validate', message };
}

interface Issue {
  path: PropertyKey[];
  message: string;
}

/** Checks the body the values make with a schema's `safeParse`, messages on the form's fields. */
export function resolverOf(
  parse: (
    body: unknown,
  ) =>
    { success: true; data: ComparisonStudyCreate } | { success: false; error: { issues: Issue[] } },
): Resolver<StudyFormValues, unknown, ComparisonStudyCreate> {
  return (values) => {
    const result = parse(studyBody(values));
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues)
      put(errors, formFieldOf(issue.path.map(String).join('.')), issue.message);
    return { values: {}, errors: errors as FieldErrors<StudyFormValues> };
  };
}

/** The form checked with the create schema of shared/api/comparison-studies.ts. */
export const studyResolver = resolverOf((body) => comparisonStudyCreate.safeParse(body));
