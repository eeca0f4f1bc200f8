import type { ApiClient } from '../../testing/http';
import { startTestServer, type TestServer } from '../../testing/test-server';

/**
 * The full demo has one comparison study, a draft of the demo member, on the hospital's roughest
 * line (the first of the suggested lines), with paired entries there and one exclusion.
 */
let server: TestServer;
let owner: ApiClient;
let hospital: number;

beforeAll(async () => {
  server = await startTestServer({ demo: 'full', smtpUrl: undefined });
  owner = await server.login('owner@example.org');
  ({ hospital } = await server.demoInstitutes());
}, 300_000);
afterAll(() => server.stop());

it('compares potassium and LDH on the roughest line, and can be approved by the owner', async () => {
  const list = await owner.get(`/v2/institutes/${hospital}/comparison-studies`);
  expect(list.status).toBe(200);
  expect(list.body.total).toBe(1);
  const [study] = list.body.items;
  const suggested = await owner.get(
    `/v2/institutes/${hospital}/comparison-studies/suggested-lines`,
  );
  expect(study.line_ids).toEqual([suggested.body.line_ids[0]]);
  expect(study).toMatchObject({ status: 'draft', created_by: { name: 'Maria Member' } });
  expect(study.exclusions).toHaveLength(1);
  const results = await owner.get(`/v2/comparison-studies/${study.id}/results`);
  expect(results.status).toBe(200);
  const potassium = results.body.groups.find(
    (g: { analyte: string; line_id: number | null }) =>
      g.analyte === 'potassium' && g.line_id === null,
  );
  expect(potassium).toMatchObject({ n: 39, excluded: 1 });
  expect(potassium.passing_bablok).not.toBeNull();
  const report = await owner.get(`/v2/comparison-studies/${study.id}/report`);
  expect(report.status).toBe(200);
  expect((await owner.post(`/v2/comparison-studies/${study.id}/approve`)).status).toBe(200);
}, 120_000);
