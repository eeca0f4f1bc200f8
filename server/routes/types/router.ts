import type { Router } from 'express';
import { RELATIONSHIPS } from '../../../shared/api/institutes';
import { ANALYZER_MAKES, choices, LINE_MANUFACTURERS, wordsOf } from '../../../shared/api/types';
import { VIAL_VERSIONS } from '../../../shared/api/vials';
import type { AppContext } from '../../app-context';
import { apiRouter } from '../../http/api-router';
import { authorize } from '../../domain/policy';

const named = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** The fixed choice lists of the forms. */
export function typesRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'types');
  const list = (path: string, summary: string, values: () => { value: string; label: string }[]) =>
    api.get(path, { summary, access: 'read', response: choices }, async () => values());

  list('/v2/types/manufacturers', 'Line manufacturers', () => named(LINE_MANUFACTURERS));
  list('/v2/types/analyzer/makes', 'Analyzer makes', () => named(ANALYZER_MAKES));
  list('/v2/types/vials/versions', 'Vial versions', () => named(VIAL_VERSIONS));
  api.get(
    '/v2/types/institutes/relationship',
    {
      summary: 'Institute relationships (staff)',
      access: 'institute:staff-fields',
      response: choices,
    },
    async ({ user }) => {
      authorize(user, 'institute:staff-fields');
      return RELATIONSHIPS.map((value) => ({ value, label: wordsOf(value) }));
    },
  );
  return api.router;
}
