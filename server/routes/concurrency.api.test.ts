import { insertProcessedRecords, instituteIds } from '../../testing/lines';
import { insertLine } from '../../testing/rows';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { VALIDATION_MESSAGES } from '../../shared/api/validations';

let server: TestServer;
let hospital: number;
beforeAll(async () => {
  server = await startTestServer();
  ({ hospital } = await instituteIds(server.ctx.db));
});
afterAll(() => server.stop());

const all = <T>(n: number, f: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => f(i)));

describe('concurrent writes', () => {
  it('serializes 50 label edits of one record: no 500, the final labels are one request’s', async () => {
    const admin = await server.login('admin@example.org');
    const line = await insertLine(server.ctx.db, hospital);
    const [recordId] = await insertProcessedRecords(server.ctx.db, hospital, line.id, [
      { auc: 100 },
    ]);
    const labels = await all(6, async (i) => {
      const res = await admin.post(`/v2/institutes/${hospital}/labels`, { label: `Race ${i}` });
      expect(res.status).toBe(201);
      return res.body.id as number;
    });
    // Request i sets a different pair (or triple) of labels.
    const sets = Array.from({ length: 50 }, (_, i) =>
      labels.filter((_, j) => (i + j) % 3 !== 0 || j === i % 6),
    );
    const answers = await all(50, (i) =>
      admin.patch(`/v2/records/${recordId}`, { labels: sets[i] }),
    );
    expect(answers.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
    const final = (await admin.get(`/v2/records/${recordId}`)).body.labels
      .map((l: { id: number }) => l.id)
      .sort((a: number, b: number) => a - b);
    const candidates = sets.map((s) => JSON.stringify([...s].sort((a, b) => a - b)));
    expect(candidates).toContain(JSON.stringify(final));
  });

  it('creates one of 20 concurrent validations with one name (any case), refusing the rest', async () => {
    const admin = await server.login('admin@example.org');
    const line = await insertLine(server.ctx.db, hospital);
    const answers = await all(20, (i) =>
      admin.post(`/v2/institutes/${hospital}/validations`, {
        name: i % 2 ? 'Same Name' : 'same name',
        start_date: '2025-01-06',
        duration_days: 1,
        lines: [line.id],
      }),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      // The same answer as a duplicate made one after the other: on the name field.
      expect(refused.status).toBe(422);
      expect(refused.body.detail[0]).toMatchObject({
        loc: ['body', 'name'],
        msg: VALIDATION_MESSAGES.nameTaken,
      });
    }
    const rows = await server.ctx.db.query(
      `SELECT count(*)::int AS n FROM validations WHERE institute_id = $1 AND lower(name) = 'same name'`,
      [hospital],
    );
    expect(rows[0].n).toBe(1);
  });

  it('invites one address once of 10 concurrent invitations, answering 409 to the rest', async () => {
    const owner = await server.login('owner@example.org');
    const answers = await all(10, () =>
      owner.post(`/v2/institutes/${hospital}/users`, {
        email: 'twin@example.org',
        first_name: 'Twin',
        last_name: 'Invite',
        institutes: [hospital],
        default_institute: hospital,
        role: 'member',
      }),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body).toEqual({ detail: 'A user with this e-mail already exists.' });
    }
  });
});
