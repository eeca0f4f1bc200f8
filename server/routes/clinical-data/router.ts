import type { Router } from 'express';
import {
  CLINICAL_DATA_MESSAGES,
  CLINICAL_IMPORT_MAX_BYTES,
  clinicalData,
  clinicalDataCreate,
  clinicalDataImport,
  clinicalDataImported,
  clinicalDataExportQuery,
  clinicalDataListQuery,
  clinicalDataUpdate,
  recordChoices,
  recordChoicesQuery,
  rejectionModel,
} from '../../../shared/api/clinical-data';
import { idParams, paginated } from '../../../shared/api/common';
import { EXPORT_MEDIA_TYPES } from '../../../shared/api/exports';
import type { AppContext } from '../../app-context';
import { exportClinicalData } from '../../domain/clinical-data/export';
import * as clinical from '../../domain/clinical-data/service';
import { apiRouter } from '../../http/api-router';
import { receiveMultipart } from '../../http/multipart';
import { presentPage } from '../../http/present-page';
import { sendExport } from '../../http/send-export';
import { presentClinicalData, presentRecordRef, presentRejectionModel } from './presenter';

export function clinicalDataRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'clinical-data');
  const deps: clinical.ClinicalDataDeps = { db: ctx.db };

  api.get(
    '/v2/institutes/:id/clinical-data',
    {
      summary: "An institute's clinical data (clinicalData flag), newest date first",
      access: 'read',
      params: idParams,
      query: clinicalDataListQuery,
      response: paginated(clinicalData),
    },
    async ({ user, params, query }) =>
      presentPage(
        await clinical.listClinicalData(deps, user, params.id, query),
        presentClinicalData,
      ),
  );
  api.get(
    '/v2/institutes/:id/clinical-data/export',
    {
      summary:
        "The clinical data list with its filters and order as CSV or Excel, every page, streamed (record dates in the institute's time zone)",
      access: 'read',
      params: idParams,
      query: clinicalDataExportQuery,
      download: Object.values(EXPORT_MEDIA_TYPES),
    },
    async ({ user, params, query, res }) =>
      sendExport(
        res,
        deps.db,
        await exportClinicalData(deps, user, params.id, query),
        query.format,
      ),
  );
  api.post(
    '/v2/institutes/:id/clinical-data',
    {
      summary:
        'Add clinical data (not guests; exclude_from_model and donor_sample staff only); the model recalibrates',
      access: 'data:edit',
      params: idParams,
      body: clinicalDataCreate,
      response: clinicalData,
      status: 201,
    },
    async ({ user, params, body }) =>
      presentClinicalData(await clinical.createClinicalData(deps, user, params.id, body)),
  );
  api.post(
    '/v2/institutes/:id/clinical-data/import',
    {
      summary:
        'Import clinical data from a CSV file, one entry a row (not guests; multipart: file, labels). All or nothing: a bad file answers 422 with its problems by line and column and stores nothing.',
      access: 'data:edit',
      params: idParams,
      bodyType: 'multipart',
      body: clinicalDataImport,
      files: { file: ['text/csv'] },
      response: clinicalDataImported,
      status: 201,
    },
    async ({ user, params, req }) => ({
      created: await clinical.importClinicalData(deps, user, params.id, () =>
        receiveMultipart(req, ctx.blobs, {
          fileField: 'file',
          maxBytes: CLINICAL_IMPORT_MAX_BYTES,
          missingFile: CLINICAL_DATA_MESSAGES.fileRequired,
        }),
      ),
    }),
  );
  api.get(
    '/v2/institutes/:id/clinical-data/record-choices',
    {
      summary:
        'Records an entry dated `date` may link: processed, from the day before to two days after',
      access: 'read',
      params: idParams,
      query: recordChoicesQuery,
      response: recordChoices,
    },
    async ({ user, params, query }) => ({
      items: (await clinical.listRecordChoices(deps, user, params.id, query.date)).map(
        presentRecordRef,
      ),
    }),
  );
  api.get(
    '/v2/institutes/:id/rejection-model',
    {
      summary: 'The rejection model in use: calibrated from clinical data, or the defaults',
      access: 'read',
      params: idParams,
      response: rejectionModel,
    },
    async ({ user, params }) => {
      const { model, minEntries } = await clinical.getRejectionModel(deps, user, params.id);
      return presentRejectionModel(model, minEntries);
    },
  );
  api.get(
    '/v2/clinical-data/:id',
    {
      summary: 'One clinical data entry',
      access: 'read',
      params: idParams,
      response: clinicalData,
    },
    async ({ user, params }) =>
      presentClinicalData(await clinical.getClinicalData(deps, user, params.id)),
  );
  api.patch(
    '/v2/clinical-data/:id',
    {
      summary: 'Change clinical data (not guests); the model recalibrates',
      access: 'data:edit',
      params: idParams,
      body: clinicalDataUpdate,
      response: clinicalData,
    },
    async ({ user, params, body }) =>
      presentClinicalData(await clinical.updateClinicalData(deps, user, params.id, body)),
  );
  api.delete(
    '/v2/clinical-data/:id',
    {
      summary: 'Delete clinical data (not guests); the model recalibrates',
      access: 'data:edit',
      params: idParams,
    },
    ({ user, params }) => clinical.deleteClinicalData(deps, user, params.id),
  );
  return api.router;
}
