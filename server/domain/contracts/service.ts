import type { DataSource } from 'typeorm';
import type { z } from 'zod';
import {
  CONTRACT_MESSAGES,
  PDF_MAGIC,
  latestToday,
  type contractCreate,
  type contractListQuery,
  type contractUpdate,
} from '../../../shared/api/contracts';
import type { AuthUser } from '../../auth/auth-user';
import type { Contract, ContractFile } from '../../entities/contract';
import type { BlobStore } from '../../storage/blob-store';
import { readStoredFile, releaseBlobs } from '../blobs/service';
import { invalidField, notFound } from '../errors';
import { instituteExists } from '../institutes/repository';
import { authorize } from '../policy';
import type { FileInspector, ReceiveFiles } from '../uploads';
import * as repo from './repository';

export interface ContractDeps {
  db: DataSource;
  /** Contract files, content-addressed. */
  blobs: BlobStore;
}
type DbDeps = Pick<ContractDeps, 'db'>;

/** Contracts are the provider's business: staff only, everyone else 403. */
const authorizeManage = (user: AuthUser) => authorize(user, 'contracts:manage');

export function listContracts(
  { db }: DbDeps,
  user: AuthUser,
  q: z.output<typeof contractListQuery>,
) {
  authorizeManage(user);
  return repo.pageOfContracts(db.manager, q);
}

export async function getContract({ db }: DbDeps, user: AuthUser, id: number): Promise<Contract> {
  authorizeManage(user);
  const contract = await repo.findContract(db.manager, id);
  if (!contract) throw notFound();
  return contract;
}

/**
 * Customer Since as given, else the start of the institute's first contract (this one counts),
 * once that start has come: Customer Since is never in the future (administration.md section 5),
 * so an institute whose first contract has not begun is no customer yet and has none; a later
 * save of one of its contracts fills it in.
 */
async function customerSince(
  { db }: DbDeps,
  instituteId: number,
  given: string | null | undefined,
  startDate: string,
) {
  if (given) return given;
  const first = await repo.firstContractStart(db.manager, instituteId);
  const start = first && first < startDate ? first : startDate;
  return start <= latestToday() ? start : null;
}

export async function createContract(
  deps: DbDeps,
  user: AuthUser,
  body: z.output<typeof contractCreate>,
) {
  authorizeManage(user);
  if (!(await instituteExists(deps.db.manager, body.institute)))
    throw invalidField('institute', CONTRACT_MESSAGES.organizationRequired);
  const saved = await repo.insertContract(deps.db.manager, {
    title: body.title,
    instituteId: body.institute,
    startDate: body.start_date,
    endDate: body.end_date,
    status: body.status,
    notes: body.notes,
    customerSince: await customerSince(deps, body.institute, body.customer_since, body.start_date),
  });
  return getContract(deps, user, saved.id);
}

export async function updateContract(
  deps: DbDeps,
  user: AuthUser,
  id: number,
  body: z.output<typeof contractUpdate>,
) {
  const contract = await getContract(deps, user, id);
  const startDate = body.start_date ?? contract.startDate;
  const endDate = body.end_date !== undefined ? body.end_date : contract.endDate;
  if (endDate !== null && endDate < startDate)
    throw invalidField('end_date', CONTRACT_MESSAGES.endBeforeStart);
  const changes: Partial<Contract> = { startDate, endDate };
  if (body.title !== undefined) changes.title = body.title;
  if (body.status !== undefined) changes.status = body.status;
  if (body.notes !== undefined) changes.notes = body.notes;
  if (body.customer_since !== undefined)
    changes.customerSince = await customerSince(
      deps,
      contract.instituteId,
      body.customer_since,
      startDate,
    );
  await repo.updateContract(deps.db.manager, id, changes);
  return getContract(deps, user, id);
}

/** Deletes the contract and its files. */
export async function deleteContract(deps: ContractDeps, user: AuthUser, id: number) {
  const contract = await getContract(deps, user, id);
  await repo.deleteContract(deps.db.manager, contract.id);
  await releaseBlobs(
    deps,
    contract.files.map((f) => f.sha256),
  );
}

/** A name not yet used on the contract: `report.pdf`, then `report (2).pdf`, … */
function freeName(taken: Set<string>, wanted: string): string {
  const base = (wanted.replace(/[/\\\0]/g, '_').trim() || 'contract.pdf').slice(0, 200);
  if (!taken.has(base)) return base;
  const dot = base.toLowerCase().endsWith('.pdf') ? base.length - 4 : base.length;
  for (let n = 2; ; n++) {
    const name = `${base.slice(0, dot)} (${n})${base.slice(dot)}`;
    if (!taken.has(name)) return name;
  }
}

/**
 * Attaches uploaded files (files-0, files-1, …) to the contract. Only PDF content is accepted,
 * whatever the file is called: a file that does not start with `%PDF-` refuses the whole upload
 * and nothing is stored. The body is received only once the user may attach files.
 */
export async function uploadContractFiles(
  deps: ContractDeps,
  user: AuthUser,
  id: number,
  receive: ReceiveFiles,
) {
  const contract = await getContract(deps, user, id);
  const heads = new Map<string, string>();
  const inspect: FileInspector = (field, chunk, offset) => {
    if (offset >= PDF_MAGIC.length) return;
    const head =
      (heads.get(field) ?? '') + chunk.subarray(0, PDF_MAGIC.length - offset).toString('latin1');
    heads.set(field, head);
    if (!PDF_MAGIC.startsWith(head.slice(0, PDF_MAGIC.length)))
      throw invalidField(field, CONTRACT_MESSAGES.pdfOnly);
  };
  const files = await receive(inspect);
  try {
    if (files.length === 0) throw invalidField('files-0', CONTRACT_MESSAGES.filesRequired);
    const short = files.find((f) => heads.get(f.field) !== PDF_MAGIC);
    if (short) throw invalidField(short.field, CONTRACT_MESSAGES.pdfOnly);
    const taken = new Set(contract.files.map((f) => f.fileName));
    for (const file of files) {
      await file.commit();
      const fileName = freeName(taken, file.fileName);
      taken.add(fileName);
      await repo.insertContractFile(deps.db.manager, {
        contractId: contract.id,
        fileName,
        sha256: file.sha256,
        size: file.size,
      });
    }
  } catch (err) {
    await Promise.all(files.map((f) => f.discard()));
    throw err;
  }
  return getContract(deps, user, id);
}

/** Deletes files of the contract by name; every name must be one of its files. */
export async function deleteContractFiles(
  deps: ContractDeps,
  user: AuthUser,
  id: number,
  filenames: string[],
) {
  const contract = await getContract(deps, user, id);
  const byName = new Map(contract.files.map((f) => [f.fileName, f]));
  const missing = filenames.findIndex((name) => !byName.has(name));
  if (missing >= 0)
    throw invalidField('filenames', `${CONTRACT_MESSAGES.noSuchFile} (${filenames[missing]})`);
  const doomed = [...new Set(filenames)].map((name) => byName.get(name) as ContractFile);
  await repo.deleteContractFiles(
    deps.db.manager,
    doomed.map((f) => f.id),
  );
  await releaseBlobs(
    deps,
    doomed.map((f) => f.sha256),
  );
  return getContract(deps, user, id);
}

/** One file of one contract, for staff; another contract's file id is a 404. */
export async function readContractFile(
  deps: ContractDeps,
  user: AuthUser,
  id: number,
  fileId: number,
) {
  const contract = await getContract(deps, user, id);
  const file = contract.files.find((f) => f.id === fileId);
  if (!file) throw notFound();
  return {
    fileName: file.fileName,
    bytes: await readStoredFile(deps, file.sha256, 'contract file'),
  };
}
