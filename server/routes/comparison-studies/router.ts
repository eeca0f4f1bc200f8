import type { Router } from 'express';
import { idParams } from '../../../shared/api/common';
import {
  comparisonExportQuery,
  comparisonPairPage,
  comparisonPairQuery,
  comparisonResults,
  comparisonStudy,
  comparisonStudyCreate,
  comparisonStudyListQuery,
  comparisonStudyPage,
  comparisonStudyUpdate,
  exclusion,
  exclusionCreate,
  exclusionParams,
  sampleSizeAnswer,
  sampleSizeQuestion,
  suggestedLines,
} from '../../../shared/api/comparison-studies';
import { EXPORT_MEDIA_TYPES } from '../../../shared/api/exports';
import type { AppContext } from '../../app-context';
import { exportStudy } from '../../domain/comparison-studies/export';
import { studyReport } from '../../domain/comparison-studies/report';
import * as studies from '../../domain/comparison-studies/service';
import { apiRouter } from '../../http/api-router';
import { presentPage } from '../../http/present-page';
import { sendExport } from '../../http/send-export';
import { sendStoredFile } from '../../http/send-file';
import { sendJson } from '../../http/send-json';
import { HANDLED } from '../../http/route';
import { presentExclusion, presentResults, presentStudy } from './presenter';

/** A results answer as sent, by the groups it was made from (see the results route). */
const serialized = new WeakMap<
  object,
  { head: string; json: Buffer; forms: Map<string, Buffer> }
>();

/** Comparison studies (method-comparison.md sections 2, 4 and 5), behind the clinicalData flag. */
export function comparisonStudiesRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'comparison-studies');
  const deps = { db: ctx.db };

  api.get(
    '/v2/institutes/:id/comparison-studies',
    {
      summary: 'Comparison studies of an institute, newest first',
      access: 'read',
      params: idParams,
      query: comparisonStudyListQuery,
      response: comparisonStudyPage,
    },
    async ({ user, params, query }) =>
      presentPage(await studies.listStudies(deps, user, params.id, query), presentStudy),
  );
  api.post(
    '/v2/institutes/:id/comparison-studies',
    {
      summary: 'Create a comparison study (a draft; not guests)',
      access: 'data:edit',
      params: idParams,
      body: comparisonStudyCreate,
      response: comparisonStudy,
      status: 201,
      errors: [409],
    },
    async ({ user, params, body }) =>
      presentStudy(await studies.createStudy(deps, user, params.id, body)),
  );
  api.get(
    '/v2/institutes/:id/comparison-studies/suggested-lines',
    {
      summary:
        'The three lines with the highest median VitalMetric of the last 90 days, suggested for paired samples',
      access: 'read',
      params: idParams,
      response: suggestedLines,
    },
    async ({ user, params }) => {
      const items = await studies.suggestedLines(deps, user, params.id);
      return { line_ids: items.map((l) => l.line_id), items };
    },
  );
  api.post(
    '/v2/comparison-studies/sample-size',
    {
      summary: 'The pairs a study needs to show a bias within its limit (planning)',
      access: 'read',
      body: sampleSizeQuestion,
      response: sampleSizeAnswer,
    },
    ({ body }) => Promise.resolve(studies.plannedPairs(body)),
  );
  api.get(
    '/v2/comparison-studies/:id',
    {
      summary: 'One comparison study',
      access: 'read',
      params: idParams,
      response: comparisonStudy,
    },
    async ({ user, params }) => presentStudy(await studies.getStudy(deps, user, params.id)),
  );
  api.patch(
    '/v2/comparison-studies/:id',
    {
      summary: 'Edit a draft study (409 once approved)',
      access: 'data:edit',
      params: idParams,
      body: comparisonStudyUpdate,
      response: comparisonStudy,
      errors: [409],
    },
    async ({ user, params, body }) =>
      presentStudy(await studies.updateStudy(deps, user, params.id, body)),
  );
  api.delete(
    '/v2/comparison-studies/:id',
    {
      summary: 'Delete a draft study (409 once approved)',
      access: 'data:edit',
      params: idParams,
      errors: [409],
    },
    ({ user, params }) => studies.deleteStudy(deps, user, params.id),
  );
  api.get(
    '/v2/comparison-studies/:id/results',
    {
      summary: "The study's figures, verdicts and pairs needed per line and analyte",
      access: 'read',
      params: idParams,
      response: comparisonResults,
    },
    async ({ user, params, req, res }) => {
      const view = await studies.studyResults(deps, user, params.id);
      const answer = presentResults(view);
      // A kept draft's groups are the same object from one request to the next: their answer
      // is serialized and compressed once (the rest of it compared, it is small).
      const { groups, ...rest } = answer;
      const head = JSON.stringify(rest);
      let sent = serialized.get(view.groups);
      if (!sent || sent.head !== head) {
        sent = { head, json: Buffer.from(JSON.stringify({ ...rest, groups })), forms: new Map() };
        serialized.set(view.groups, sent);
      }
      await sendJson(req, res.status(200), sent.json, sent.forms);
      return HANDLED;
    },
  );
  api.get(
    '/v2/comparison-studies/:id/pairs',
    {
      summary: "The study's pairs, the excluded ones with their exclusion",
      access: 'read',
      params: idParams,
      query: comparisonPairQuery,
      response: comparisonPairPage,
    },
    ({ user, params, query }) => studies.listPairs(deps, user, params.id, query),
  );
  api.post(
    '/v2/comparison-studies/:id/exclusions',
    {
      summary: 'Exclude an entry from a draft study, for one analyte or (null) for all',
      access: 'data:edit',
      params: idParams,
      body: exclusionCreate,
      response: exclusion,
      status: 201,
      errors: [409],
    },
    async ({ user, params, body }) =>
      presentExclusion(await studies.addExclusion(deps, user, params.id, body)),
  );
  api.delete(
    '/v2/comparison-studies/:id/exclusions/:exclusion_id',
    {
      summary: 'Include an excluded entry again (a draft study)',
      access: 'data:edit',
      params: exclusionParams,
      errors: [409],
    },
    ({ user, params }) => studies.removeExclusion(deps, user, params.id, params.exclusion_id),
  );
  api.post(
    '/v2/comparison-studies/:id/approve',
    {
      summary: 'Approve a study (an owner or admin who is not its author): it is frozen',
      access: 'comparison-studies:approve',
      params: idParams,
      response: comparisonStudy,
      errors: [409],
    },
    async ({ user, params }) => presentStudy(await studies.approveStudy(deps, user, params.id)),
  );
  api.get(
    '/v2/comparison-studies/:id/report',
    {
      summary: "The study's PDF report (A4; 'Draft' on every page of a draft)",
      access: 'read',
      params: idParams,
      download: ['application/pdf'],
    },
    async ({ user, params, res }) =>
      sendStoredFile(res, await studyReport(deps, user, params.id), 'application/pdf'),
  );
  api.get(
    '/v2/comparison-studies/:id/export',
    {
      summary: "The study's pairs and then its results table, as CSV or Excel",
      access: 'read',
      params: idParams,
      query: comparisonExportQuery,
      download: Object.values(EXPORT_MEDIA_TYPES),
    },
    async ({ user, params, query, res }) =>
      sendExport(res, deps.db, await exportStudy(deps, user, params.id), query.format),
  );
  return api.router;
}
