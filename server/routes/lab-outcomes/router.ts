import type { Router } from 'express';
import { idParams } from '../../../shared/api/common';
import {
  beforeAfter,
  beforeAfterQuery,
  labFeedSettings,
  labFeedSettingsUpdate,
  labOutcomes,
  labOutcomesQuery,
} from '../../../shared/api/lab-outcomes';
import type { AppContext } from '../../app-context';
import * as outcomes from '../../domain/lab-feed/outcomes-service';
import { apiRouter } from '../../http/api-router';
import { presentLabFeedSettings, presentLabOutcomes } from './presenter';

/** What the lab feed produces (lab-feed.md section 7), behind the hemolysisTracking flag. */
export function labOutcomesRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'lab-outcomes');
  const deps = { db: ctx.db };

  api.get(
    '/v2/lines/:id/lab-outcomes',
    {
      summary:
        "A line's daily EFLM outcomes from the lab feed (local dates; by default the 30 days to today, at most 366)",
      access: 'read',
      params: idParams,
      query: labOutcomesQuery,
      response: labOutcomes,
    },
    async ({ user, params, query }) =>
      presentLabOutcomes(await outcomes.lineOutcomes(deps, user, params.id, query)),
  );
  api.get(
    '/v2/institutes/:id/lab-feed/settings',
    {
      summary: 'The comment cut-offs of the lab outcomes, with the analyzer thresholds',
      access: 'read',
      params: idParams,
      response: labFeedSettings,
    },
    async ({ user, params }) =>
      presentLabFeedSettings(await outcomes.getLabFeedSettings(deps, user, params.id)),
  );
  api.put(
    '/v2/institutes/:id/lab-feed/settings',
    {
      summary: 'Set the comment cut-offs (owners, admins, staff; each below its threshold or null)',
      access: 'analyzer:edit',
      params: idParams,
      body: labFeedSettingsUpdate,
      response: labFeedSettings,
    },
    async ({ user, params, body }) =>
      presentLabFeedSettings(await outcomes.putLabFeedSettings(deps, user, params.id, body)),
  );
  api.get(
    '/v2/institutes/:id/lab-feed/before-after',
    {
      summary:
        "Before and after a change: the lines' HI above a cut-off, the difference with Newcombe's interval and Fisher's exact test",
      access: 'read',
      params: idParams,
      query: beforeAfterQuery,
      response: beforeAfter,
    },
    ({ user, params, query }) => outcomes.beforeAfter(deps, user, params.id, query),
  );
  return api.router;
}
