import type { ErrorRequestHandler } from 'express';
import type { Logger } from '../app-context';
import type { ValidationIssue } from '../../shared/api/common';
import { inLanguage } from '../../shared/i18n/english-text';
import { answerLanguage, type Language } from '../../shared/i18n/languages';
import { DomainError } from '../domain/errors';
import { requestIdOf, routeTemplate } from './request-log';

/** Fixed words for the client errors Express and body-parser raise: never their own message. */
const CLIENT_ERRORS: Record<string, string> = {
  'entity.parse.failed': 'The request body is not valid JSON.',
  'entity.too.large': 'The request body is too large.',
  'encoding.unsupported': 'The request body has an unsupported encoding.',
  'charset.unsupported': 'The request body has an unsupported character set.',
  'request.aborted': 'The request was aborted.',
  'request.size.invalid': 'The request body is shorter or longer than announced.',
  'parameters.too.many': 'The request has too many parameters.',
};
const BY_STATUS: Record<number, string> = {
  400: 'The request is malformed.',
  403: 'Forbidden.',
  404: 'Not found.',
  405: 'Method not allowed.',
  413: 'The request body is too large.',
  415: 'Unsupported media type.',
};

/**
 * A detail (or each msg of a 422's list) in the language Accept-Language asks for; field names,
 * codes and values stay as they are, and a text the catalogue lacks stays English. English (no
 * header, or one that asks for none of ours) is the detail as it is, not a copy of it.
 */
function localized(detail: string | ValidationIssue[], language: Language) {
  if (language === 'en') return detail;
  if (typeof detail === 'string') return inLanguage(detail, language);
  return detail.map((issue) => ({ ...issue, msg: inLanguage(issue.msg, language) }));
}

/**
 * The one place errors become answers: `{detail}` with the right status, and never a stack
 * trace, SQL, a file path or a library's own message (those go to the log only).
 */
export function errorMiddleware(log: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const language = answerLanguage(req.get('accept-language'));
    if (err instanceof DomainError) {
      res
        .set(err.headers)
        .status(err.status)
        .json({ detail: localized(err.detail, language) });
      return;
    }
    // body-parser (malformed or oversized bodies), static files, bad URLs.
    const { status, type } = (err ?? {}) as { status?: unknown; type?: unknown };
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const detail =
        (typeof type === 'string' && Object.hasOwn(CLIENT_ERRORS, type) && CLIENT_ERRORS[type]) ||
        (Object.hasOwn(BY_STATUS, status) && BY_STATUS[status]) ||
        'The request cannot be answered.';
      res.status(status).json({ detail: localized(detail, language) });
      return;
    }
    // The route template, not the URL: a path or query may hold a token.
    log.error(`Unhandled error on ${req.method} ${routeTemplate(req)}`, err, {
      req_id: requestIdOf(res),
    });
    res.status(500).json({ detail: localized('Something went wrong on our end.', language) });
  };
}
