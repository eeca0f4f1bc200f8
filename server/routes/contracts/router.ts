import type { Router } from 'express';
import { idParams, paginated } from '../../../shared/api/common';
import {
  contract,
  contractCreate,
  contractFileParams,
  contractFilesDelete,
  contractListQuery,
  contractUpdate,
  contractUpload,
} from '../../../shared/api/contracts';
import {
  CONTRACT_FILE_FIELD,
  MAX_CONTRACT_FILES_PER_UPLOAD,
} from '../../../shared/api/contract-files';
import type { AppContext } from '../../app-context';
import * as contracts from '../../domain/contracts/service';
import { apiRouter } from '../../http/api-router';
import { receiveMultipartFiles } from '../../http/multipart-files';
import { presentPage } from '../../http/present-page';
import { presentContract } from './presenter';
import { sendStoredFile } from '../../http/send-file';

/** Customer contracts and their PDF files: staff only, everyone else 403. */
export function contractsRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'contracts');
  const deps = { db: ctx.db, blobs: ctx.blobs };

  api.get(
    '/v2/contracts',
    {
      summary: 'Contracts, newest start first (staff)',
      access: 'contracts:manage',
      query: contractListQuery,
      response: paginated(contract),
    },
    async ({ user, query }) =>
      presentPage(await contracts.listContracts(deps, user, query), presentContract),
  );
  api.post(
    '/v2/contracts',
    {
      summary: 'Create a contract (staff); end_date null makes it open-ended',
      access: 'contracts:manage',
      body: contractCreate,
      response: contract,
      status: 201,
    },
    async ({ user, body }) => presentContract(await contracts.createContract(deps, user, body)),
  );
  api.get(
    '/v2/contracts/:id',
    {
      summary: 'One contract (staff)',
      access: 'contracts:manage',
      params: idParams,
      response: contract,
    },
    async ({ user, params }) => presentContract(await contracts.getContract(deps, user, params.id)),
  );
  api.patch(
    '/v2/contracts/:id',
    {
      summary: 'Change a contract (staff); its organization stays',
      access: 'contracts:manage',
      params: idParams,
      body: contractUpdate,
      response: contract,
    },
    async ({ user, params, body }) =>
      presentContract(await contracts.updateContract(deps, user, params.id, body)),
  );
  api.delete(
    '/v2/contracts/:id',
    {
      summary: 'Delete a contract and its files (staff)',
      access: 'contracts:manage',
      params: idParams,
    },
    ({ user, params }) => contracts.deleteContract(deps, user, params.id),
  );
  api.post(
    '/v2/contracts/:id/upload',
    {
      summary: 'Attach PDF files (staff; multipart files-0, files-1, …; PDF content only)',
      access: 'contracts:manage',
      params: idParams,
      bodyType: 'multipart',
      body: contractUpload,
      files: { 'files-0': ['application/pdf'] },
      response: contract,
    },
    async ({ user, params, req }) =>
      presentContract(
        await contracts.uploadContractFiles(deps, user, params.id, (inspect) =>
          receiveMultipartFiles(req, ctx.blobs, {
            fileField: CONTRACT_FILE_FIELD,
            maxBytes: ctx.config.maxUploadBytes,
            maxFiles: MAX_CONTRACT_FILES_PER_UPLOAD,
            missingFile: 'Send the files as multipart/form-data (files-0, files-1, …).',
            loc: 'files-0',
            inspect,
          }),
        ),
      ),
  );
  api.post(
    '/v2/contracts/:id/files',
    {
      summary: 'Delete files of a contract by name (staff)',
      access: 'contracts:manage',
      params: idParams,
      body: contractFilesDelete,
      response: contract,
    },
    async ({ user, params, body }) =>
      presentContract(await contracts.deleteContractFiles(deps, user, params.id, body.filenames)),
  );
  api.get(
    '/v2/contracts/:id/files/:fileId',
    {
      summary: 'One file of a contract (staff; fetch with the bearer token)',
      access: 'contracts:manage',
      params: contractFileParams,
      download: ['application/pdf'],
      errors: [410],
    },
    async ({ user, params, res }) => {
      const file = await contracts.readContractFile(deps, user, params.id, params.fileId);
      return sendStoredFile(res, file, 'application/pdf');
    },
  );
  return api.router;
}
