import { isHttpError } from './http-client';
import type { ErrorBody } from '../../shared/api/common';

/** The first field a 422 answer names (`loc: ['body', field]`) with its message. */
export function firstFieldError(error: unknown): { field: string; message: string } | undefined {
  if (!isHttpError<ErrorBody>(error) || error.response?.status !== 422) return undefined;
  const detail = error.response.data?.detail;
  if (!Array.isArray(detail) || detail.length === 0) return undefined;
  const { loc, msg } = detail[0];
  const field = loc.filter((part) => part !== 'body').join('.');
  return { field, message: msg };
}

export const FORM_DATA_ISSUE =
  'There was an issue with the form data. Please check the fields below.';
