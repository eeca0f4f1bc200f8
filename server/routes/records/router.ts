import type { Router } from 'express';
import { z } from 'zod';
import { idParams, paginated } from '../../../shared/api/common';
import {
  accelerationData,
  cumulativeData,
  cumulativeQuery,
  record,
  recordDataQuery,
  recordListQuery,
  recordPatch,
  recordSummary,
  temperatureData,
  uploadResponse,
} from '../../../shared/api/records';
import { recordActivityQuery, recordActivityResponse } from '../../../shared/api/record-activity';
import { recordBulkResult, recordBulkUpdate } from '../../../shared/api/record-bulk';
import type { AppContext } from '../../app-context';
import { HANDLED } from '../../http/route';
import { apiRouter } from '../../http/api-router';
import { recordActivity } from './activity';
import { bulkUpdateRecords } from './bulk';
import * as records from './service';

const tag = 'records';

export function recordsRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, tag);

  api.get(
    '/v2/institutes/:id/records',
    {
      summary: 'Transit records of an institute, filtered Django-style',
      params: idParams,
      query: recordListQuery,
      response: paginated(record),
    },
    ({ user, params, query }) => records.listRecords(ctx, user, params.id, query),
  );
  api.get(
    '/v2/institutes/:id/records/summary',
    {
      summary: 'Counts of reviewed, to-review and unprocessed records',
      params: idParams,
      response: recordSummary,
    },
    ({ user, params }) => records.recordSummary(ctx, user, params.id),
  );
  api.get(
    '/v2/institutes/:id/records/activity',
    {
      summary:
        "Records per day in the institute's time zone (hidden ones left out), for the heat map",
      params: idParams,
      query: recordActivityQuery,
      response: recordActivityResponse,
    },
    ({ user, params, query }) => recordActivity(ctx, user, params.id, query.days),
  );
  api.post(
    '/v2/institutes/:id/records/bulk',
    {
      summary: 'Exclude, review or assign to a line up to 500 records at once, all or nothing',
      params: idParams,
      body: recordBulkUpdate,
      response: recordBulkResult,
    },
    ({ user, params, body }) => bulkUpdateRecords(ctx, user, params.id, body),
  );
  api.post(
    '/v2/institutes/:id/record-upload',
    {
      summary:
        'Upload one run file (multipart: file, vial_uuid). 201 new record; 200 with duplicate: true when this content was uploaded before',
      params: idParams,
      bodyType: 'multipart',
      body: z.object({
        file: z.string().describe('The .dat run file (binary)'),
        vial_uuid: z.string().describe("UUID from the vial's tag"),
      }),
      response: uploadResponse,
      status: 201,
    },
    async ({ user, params, req, res }) => {
      const { status, body } = await records.uploadRecord(ctx, user, params.id, req);
      res.status(status).json(body);
      return HANDLED;
    },
  );
  api.get(
    '/v2/records/:id',
    {
      summary: 'One record',
      params: idParams,
      response: record,
    },
    ({ user, params }) => records.getRecord(ctx, user, params.id),
  );
  api.patch(
    '/v2/records/:id',
    {
      summary:
        'Review, assign, label or exclude a record (staff: also date, hidden, institute, flags)',
      params: idParams,
      body: recordPatch,
      response: record,
    },
    ({ user, params, body }) => records.patchRecord(ctx, user, params.id, body),
  );
  api.get(
    '/v2/records/:id/data',
    {
      summary: 'Acceleration or temperature series, thinned to max_points keeping every peak',
      params: idParams,
      query: recordDataQuery,
      response: z.union([accelerationData, temperatureData]),
    },
    ({ user, params, query }) =>
      records.recordData(ctx, user, params.id, query.type, query.max_points),
  );
  api.get(
    '/v2/records/:id/cumulative',
    {
      summary: 'Running VitalMetric (auc, auc_225hz) or mean square (power), thinned',
      params: idParams,
      query: cumulativeQuery,
      response: cumulativeData,
    },
    ({ user, params, query }) =>
      records.recordCumulative(ctx, user, params.id, query.metric, query.max_points),
  );
  return api.router;
}
