import type { Router } from 'express';
import { z } from 'zod';
import { idParams, paginated, text, uploadedFile } from '../../../shared/api/common';
import {
  accelerationData,
  cumulativeData,
  cumulativeQuery,
  record,
  savedRecord,
  recordDataQuery,
  recordExportQuery,
  recordListQuery,
  recordPatch,
  recordSummary,
  temperatureData,
  uploadResponse,
} from '../../../shared/api/records';
import { recordActivityQuery, recordActivityResponse } from '../../../shared/api/record-activity';
import { recordBulkResult, recordBulkUpdate } from '../../../shared/api/record-bulk';
import { EXPORT_MEDIA_TYPES } from '../../../shared/api/exports';
import type { AppContext } from '../../app-context';
import { recordActivity } from '../../domain/records/activity';
import { exportRecords } from '../../domain/records/export';
import { bulkUpdateRecords } from '../../domain/records/bulk';
import * as records from '../../domain/records/service';
import { uploadRecord } from '../../domain/records/upload';
import { apiRouter } from '../../http/api-router';
import { presentPage } from '../../http/present-page';
import { HANDLED } from '../../http/route';
import { receiveRunUpload } from '../../http/run-upload';
import { sendExport } from '../../http/send-export';
import { sendTaggedJson } from '../../http/tagged-json';
import { presentRecord, presentSavedRecord, presentSetOff, presentUpload } from './presenter';

const tag = 'records';

export function recordsRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, tag);
  const deps = { db: ctx.db, queue: ctx.queue, runs: ctx.runs, blobs: ctx.blobs };

  api.get(
    '/v2/institutes/:id/records',
    {
      summary: 'Transit records of an institute, filtered Django-style',
      access: 'read',
      params: idParams,
      query: recordListQuery,
      response: paginated(record),
      keptIn: ctx.answers,
    },
    async ({ user, params, query }) =>
      presentPage(await records.listRecords(deps, user, params.id, query), presentRecord),
  );
  api.get(
    '/v2/institutes/:id/records/export',
    {
      summary:
        "The records list with its filters and order as CSV or Excel, every page, streamed (dates in the institute's time zone)",
      access: 'read',
      params: idParams,
      query: recordExportQuery,
      download: Object.values(EXPORT_MEDIA_TYPES),
    },
    async ({ user, params, query, res }) =>
      sendExport(res, deps.db, await exportRecords(deps, user, params.id, query), query.format),
  );
  api.get(
    '/v2/institutes/:id/records/summary',
    {
      summary: 'Counts of reviewed, to-review and unprocessed records, excluded ones left out',
      access: 'read',
      params: idParams,
      response: recordSummary,
    },
    ({ user, params }) => records.recordSummary(deps, user, params.id),
  );
  api.get(
    '/v2/institutes/:id/records/activity',
    {
      summary:
        "Records per day in the institute's time zone (hidden ones left out), for the heat map",
      access: 'read',
      params: idParams,
      query: recordActivityQuery,
      response: recordActivityResponse,
    },
    ({ user, params, query }) => recordActivity(deps, user, params.id, query.days),
  );
  api.post(
    '/v2/institutes/:id/records/bulk',
    {
      summary:
        'Exclude, review or assign to a line up to 500 records at once, all or nothing; set_off: the monitoring events it opened or added to, and who was notified',
      access: 'data:edit',
      params: idParams,
      body: recordBulkUpdate,
      response: recordBulkResult,
    },
    async ({ user, params, body }) => {
      const { updated, setOff } = await bulkUpdateRecords(deps, user, params.id, body);
      return { updated, set_off: presentSetOff(setOff) };
    },
  );
  api.post(
    '/v2/institutes/:id/record-upload',
    {
      summary:
        'Upload one run file (multipart: file, vial_uuid). 201 new record; 200 with duplicate: true when this content was uploaded before',
      access: 'data:edit',
      params: idParams,
      bodyType: 'multipart',
      body: z.object({
        file: uploadedFile('The .dat run file (binary)'),
        vial_uuid: text().describe("UUID from the vial's tag"),
      }),
      files: { file: ['application/octet-stream'] },
      response: uploadResponse,
      status: 201,
      alsoStatus: [200],
      errors: [410],
    },
    async ({ user, params, req, res }) => {
      const received = () =>
        receiveRunUpload(req, ctx.blobs, ctx.config.maxUploadBytes, (bytes) =>
          ctx.metrics.uploadBytes.inc(bytes),
        );
      const result = await uploadRecord(deps, user, params.id, received);
      res.status(result.duplicate ? 200 : 201).json(presentUpload(result));
      return HANDLED;
    },
  );
  api.get(
    '/v2/records/:id',
    {
      summary: 'One record',
      access: 'read',
      params: idParams,
      response: record,
    },
    async ({ user, params }) => presentRecord(await records.getRecord(deps, user, params.id)),
  );
  api.patch(
    '/v2/records/:id',
    {
      summary:
        'Review, assign, label or exclude a record (staff: also date, hidden, institute, flags); set_off: the monitoring events the save opened or added to, and who was notified',
      access: 'data:edit',
      params: idParams,
      body: recordPatch,
      response: savedRecord,
    },
    async ({ user, params, body }) =>
      presentSavedRecord(await records.patchRecord(deps, user, params.id, body)),
  );
  api.get(
    '/v2/records/:id/data',
    {
      summary:
        'Acceleration or temperature series, thinned to max_points keeping every peak (ETag: 304 on If-None-Match)',
      access: 'read',
      params: idParams,
      query: recordDataQuery,
      response: z.union([accelerationData, temperatureData]),
      revalidates: true,
      errors: [409, 410],
    },
    async ({ user, params, query, req, res }) =>
      sendTaggedJson(
        req,
        res,
        await records.recordSeries(deps, user, params.id, query.type, query.max_points),
      ),
  );
  api.get(
    '/v2/records/:id/cumulative',
    {
      summary:
        'Running VitalMetric (auc, auc_225hz) or mean square (power), thinned (ETag: 304 on If-None-Match)',
      access: 'read',
      params: idParams,
      query: cumulativeQuery,
      response: cumulativeData,
      revalidates: true,
      errors: [409, 410],
    },
    async ({ user, params, query, req, res }) =>
      sendTaggedJson(
        req,
        res,
        await records.recordSeries(deps, user, params.id, query.metric, query.max_points),
      ),
  );
  return api.router;
}
