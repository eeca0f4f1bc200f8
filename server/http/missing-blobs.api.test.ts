import fs from 'node:fs';
import path from 'node:path';
import type { Answer, ApiClient } from '../../testing/http';
import { getRoutes, seedResources, type ResourceIds } from '../../testing/openapi-walk';
import { seedFiles } from '../../testing/records';
import { startTestServer, type TestServer } from '../../testing/test-server';

/**
 * A lost file store (a deleted volume, a restore from an older backup): the rows are there, their
 * bytes are not. Every GET route of /v2/openapi.json is called before and after the blob store is
 * emptied; none may answer a 5xx, and every file it served before now answers 410 with a detail
 * the UI can show. New download routes are covered without editing the test.
 */
let server: TestServer;
let staff: ApiClient;
let ids: ResourceIds;

beforeAll(async () => {
  server = await startTestServer();
  staff = await server.login('staff@example.org');
  const { hospital } = await server.demoInstitutes();
  const seeded = await seedResources(staff, server.ctx.db, hospital, 'blobs');
  ({ ids } = await seedFiles(staff, seeded));
}, 120_000);
afterAll(() => server.stop());

async function getEach(routes: [string, string][]): Promise<Map<string, Answer>> {
  const answers = new Map<string, Answer>();
  for (const [name, url] of routes) answers.set(name, await staff.get(url));
  return answers;
}

/**
 * Exports, and a comparison study's report, are written from the rows, not kept in the store:
 * they answer without it.
 */
const isExport = (name: string) =>
  name.endsWith('/export') || name === 'GET /v2/comparison-studies/{id}/report';

/** A stored file: neither JSON nor a page written from the rows (an unsubscribe link's). */
const isFile = (res: Answer) =>
  res.status === 200 && !/application\/json|text\/html/.test(res.headers.get('content-type') ?? '');

it('answers 410 with a detail for every file gone from the store, and no 5xx anywhere', async () => {
  const gets = await getRoutes(server.api, ids);
  const before = await getEach(gets);
  const files = [...before].filter(([, res]) => isFile(res)).map(([name]) => name);
  // The walk reaches every kind of stored file; a seed that stopped making one would hide it.
  expect(files).toEqual(
    expect.arrayContaining([
      'GET /v2/reports/{id}/download',
      'GET /v2/contracts/{id}/files/{fileId}',
      'GET /v2/vials/{label}/diff-file',
      'GET /v2/hemolysis-index-data/{id}/download',
    ]),
  );

  fs.rmSync(path.join(server.dataDir, 'blobs'), { recursive: true, force: true });
  server.ctx.runs.clear();
  // Stored chart series answer without the run; without them the charts need it.
  await server.ctx.db.query('DELETE FROM record_series');
  const after = await getEach(gets);

  const failures = [...after].flatMap(([name, res]) =>
    res.status >= 500 ? [`${name}: ${res.status} ${JSON.stringify(res.body)}`] : [],
  );
  expect(failures).toEqual([]);
  for (const name of files) {
    const res = after.get(name)!;
    if (isExport(name)) {
      expect([name, res.status]).toEqual([name, 200]);
      continue;
    }
    expect([name, res.status, res.body.detail]).toEqual([
      name,
      410,
      expect.stringMatching(/is missing from storage\. Restore the file store from a backup/),
    ]);
  }
  const chart = after.get('GET /v2/records/{id}/data')!;
  expect(chart.status).toBe(410);
});
