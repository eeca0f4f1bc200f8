import type { Request, Router } from 'express';
import { idParams, paginated } from '../../../shared/api/common';
import {
  HEMOLYSIS_MAX_BYTES,
  HEMOLYSIS_MESSAGES,
  hemolysisData,
  hemolysisDataListQuery,
  hemolysisDataUpdate,
  hemolysisSummary,
  hemolysisUpload,
  measurement,
  measurementDays,
  measurementListQuery,
  measurementParams,
  measurementUpdate,
  summaryExportQuery,
  summaryQuery,
} from '../../../shared/api/hemolysis';
import { EXPORT_MEDIA_TYPES } from '../../../shared/api/exports';
import type { AppContext } from '../../app-context';
import { exportHemolysisSummary } from '../../domain/hemolysis/export';
import * as hemolysis from '../../domain/hemolysis/service';
import { apiRouter } from '../../http/api-router';
import { receiveMultipart } from '../../http/multipart';
import { presentPage } from '../../http/present-page';
import { presentHemolysisData, presentMeasurement, presentMeasurementDays } from './presenter';
import { sendExport } from '../../http/send-export';
import { sendStoredFile } from '../../http/send-file';

export function hemolysisRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'hemolysis');
  const deps: hemolysis.HemolysisDeps = { db: ctx.db, blobs: ctx.blobs };
  const present = async (id: number, user: Parameters<typeof hemolysis.getHemolysisData>[1]) =>
    presentHemolysisData(await hemolysis.getHemolysisData(deps, user, id));
  /** The upload form, streamed into staging when the domain asks (after its checks). */
  const receiveForm = (req: Request) => () =>
    receiveMultipart(req, ctx.blobs, {
      fileField: 'file',
      maxBytes: HEMOLYSIS_MAX_BYTES,
      missingFile: HEMOLYSIS_MESSAGES.fileRequired,
    });

  api.get(
    '/v2/institutes/:id/hemolysis-index-data',
    {
      summary: "An institute's hemolysis-index data sets (hemolysisTracking flag), newest first",
      access: 'read',
      params: idParams,
      query: hemolysisDataListQuery,
      response: paginated(hemolysisData),
    },
    async ({ user, params, query }) =>
      presentPage(
        await hemolysis.listHemolysisData(deps, user, params.id, query),
        presentHemolysisData,
      ),
  );
  api.post(
    '/v2/institutes/:id/hemolysis-index-data',
    {
      summary:
        'Upload an analyzer HI export (not guests; multipart: file, line, title, donor_sample, timezone_name, labels). A bad file answers 422 with line-numbered problems and stores nothing.',
      access: 'data:edit',
      params: idParams,
      bodyType: 'multipart',
      body: hemolysisUpload,
      files: { file: ['text/csv'] },
      response: hemolysisData,
      status: 201,
    },
    async ({ user, params, req }) =>
      present(await hemolysis.createHemolysisData(deps, user, params.id, receiveForm(req)), user),
  );
  api.get(
    '/v2/institutes/:id/hemolysis-index/summary',
    {
      summary: 'Observed and predicted rejection per line and period (day, week, month)',
      access: 'read',
      params: idParams,
      query: summaryQuery,
      response: hemolysisSummary,
    },
    ({ user, params, query }) => hemolysis.hemolysisSummary(deps, user, params.id, query),
  );
  api.get(
    '/v2/institutes/:id/hemolysis-index/summary/export',
    {
      summary:
        "The summary for the same filters and period as CSV or Excel (periods as the day they start on in the institute's time zone)",
      access: 'read',
      params: idParams,
      query: summaryExportQuery,
      download: Object.values(EXPORT_MEDIA_TYPES),
    },
    async ({ user, params, query, res }) =>
      sendExport(
        res,
        deps.db,
        await exportHemolysisSummary(deps, user, params.id, query),
        query.format,
      ),
  );
  api.get(
    '/v2/hemolysis-index-data/:id',
    {
      summary: 'One hemolysis-index data set',
      access: 'read',
      params: idParams,
      response: hemolysisData,
    },
    ({ user, params }) => present(params.id, user),
  );
  api.patch(
    '/v2/hemolysis-index-data/:id',
    {
      summary:
        'Change title, line, donor sample or labels (not guests; a lab-feed set: its title and labels only)',
      access: 'data:edit',
      params: idParams,
      body: hemolysisDataUpdate,
      response: hemolysisData,
      errors: [409],
    },
    async ({ user, params, body }) =>
      presentHemolysisData(await hemolysis.updateHemolysisData(deps, user, params.id, body)),
  );
  api.delete(
    '/v2/hemolysis-index-data/:id',
    {
      summary: 'Delete a data set and its measurements (not guests; not a lab-feed set)',
      access: 'data:edit',
      params: idParams,
      errors: [409],
    },
    ({ user, params }) => hemolysis.deleteHemolysisData(deps, user, params.id),
  );
  api.get(
    '/v2/hemolysis-index-data/:id/download',
    {
      summary: 'The original CSV file (fetch with the bearer token)',
      access: 'read',
      params: idParams,
      download: ['text/csv'],
      errors: [410],
    },
    async ({ user, params, res }) => {
      const file = await hemolysis.hemolysisFile(deps, user, params.id);
      return sendStoredFile(res, file, 'text/csv');
    },
  );
  api.get(
    '/v2/hemolysis-index-data/:id/days',
    {
      summary: "Days with measurements in the data set's time zone (the day picker)",
      access: 'read',
      params: idParams,
      response: measurementDays,
    },
    async ({ user, params }) =>
      presentMeasurementDays(await hemolysis.listMeasurementDays(deps, user, params.id)),
  );
  api.get(
    '/v2/hemolysis-index-data/:id/measurements',
    {
      summary: 'Measurements of a data set ordered by timestamp',
      access: 'read',
      params: idParams,
      query: measurementListQuery,
      response: paginated(measurement),
    },
    async ({ user, params, query }) =>
      presentPage(
        await hemolysis.listMeasurements(deps, user, params.id, query),
        presentMeasurement,
      ),
  );
  api.get(
    '/v2/hemolysis-index-data/:id/measurements/:mid',
    {
      summary: 'One measurement',
      access: 'read',
      params: measurementParams,
      response: measurement,
    },
    async ({ user, params }) =>
      presentMeasurement(await hemolysis.getMeasurement(deps, user, params.id, params.mid)),
  );
  api.patch(
    '/v2/hemolysis-index-data/:id/measurements/:mid',
    {
      summary: 'Correct a measurement (not guests; not one from the lab feed)',
      access: 'data:edit',
      params: measurementParams,
      body: measurementUpdate,
      response: measurement,
      errors: [409],
    },
    async ({ user, params, body }) =>
      presentMeasurement(
        await hemolysis.updateMeasurement(deps, user, params.id, params.mid, body),
      ),
  );
  return api.router;
}
