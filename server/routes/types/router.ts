import type { Router } from 'express';
import { RELATIONSHIP_LABELS, RELATIONSHIPS } from '../../../shared/api/institutes';
import { z } from 'zod';
import {
  ANALYZER_MAKES,
  ANALYZER_MODELS,
  analyzerModelChoice,
  choices,
  LINE_MANUFACTURERS,
} from '../../../shared/api/types';
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
    '/v2/types/analyzers',
    {
      summary: 'Known analyzer models, each with its make',
      access: 'read',
      response: z.array(analyzerModelChoice),
    },
    async () =>
      ANALYZER_MAKES.flatMap((make) =>
        ANALYZER_MODELS[make].map((model) => ({ value: model, label: model, make })),
      ),
  );
  api.get(
    '/v2/types/institutes/relationship',
    {
      summary: 'Institute relationships (staff)',
      access: 'institute:staff-fields',
      response: choices,
    },
    async ({ user }) => {
      authorize(user, 'institute:staff-fields');
      return RELATIONSHIPS.map((value) => ({ value, label: RELATIONSHIP_LABELS[value] }));
    },
  );
  return api.router;
}
