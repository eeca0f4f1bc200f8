import { expected, readFixture } from '../../shared/vial/testing/fixtures';
import { registerFixtureVials, uploadFixture, waitProcessed } from '../../testing/records';
import { startTestServer, type TestServer } from '../../testing/test-server';

const TOKEN = 'scrape-me-7f3a';

/** The value of one series in a scrape, by its name and labels as Prometheus prints them. */
const figure = (scrape: string, series: string) => {
  const line = scrape.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

it('keeps /metrics off (404) unless METRICS_TOKEN is set', async () => {
  const server = await startTestServer();
  try {
    const res = await fetch(`${server.url}/metrics`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect([res.status, await res.json()]).toEqual([404, { detail: 'Not found.' }]);
  } finally {
    await server.stop();
  }
});

describe('/metrics with METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ metricsToken: TOKEN });
  });
  afterAll(() => server.stop());

  const scrape = (authorization?: string) =>
    fetch(`${server.url}/metrics`, {
      headers: authorization ? { Authorization: authorization } : {},
    });

  it('answers 401 without the token or with another', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`]) {
      const res = await scrape(authorization);
      expect([res.status, await res.json()]).toEqual([
        401,
        { detail: 'Authentication credentials were not provided.' },
      ]);
    }
  });

  it('shows requests by route, upload bytes, processing, the queue, mails, the pool and the event loop', async () => {
    const staff = await server.login('staff@example.org');
    const member = await server.login('member@example.org');
    const { hospital } = await server.demoInstitutes();
    await registerFixtureVials(staff, hospital);
    const run = Object.values(expected.records)[0];
    const { id } = (await uploadFixture(member, hospital, run.file, run.vial_uuid)).body;
    await waitProcessed(member, id);
    const recordReads = `vialqc_http_requests_total{method="GET",route="/v2/records/:id",status="200"}`;
    const before = figure(await (await scrape(`Bearer ${TOKEN}`)).text(), recordReads) ?? 0;
    await member.get(`/v2/records/${id}`);
    await member.get(`/v2/records/${id}`);
    await server.api.post('/v2/auth/request-password-reset', { email: 'member@example.org' });

    const res = await scrape(`bearer ${TOKEN}`); // the scheme in any case
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(figure(text, recordReads)).toBe(before + 2);
    expect(figure(text, 'vialqc_upload_bytes_total')).toBe(readFixture(run.file).length);
    expect(figure(text, 'vialqc_processing_duration_seconds_count{outcome="processed"}')).toBe(1);
    expect(figure(text, 'vialqc_queue_depth')).toBe(0);
    expect(figure(text, 'vialqc_queue_oldest_job_age_seconds')).toBe(0);
    expect(figure(text, 'vialqc_processing_duration_seconds_count{outcome="failed"}')).toBe(0);
    expect(figure(text, 'vialqc_mails_total{outcome="sent"}')).toBe(1);
    expect(figure(text, 'vialqc_mails_total{outcome="failed"}')).toBe(0);
    expect(figure(text, 'vialqc_db_pool_connections{state="busy"}')).toBeGreaterThanOrEqual(0);
    expect(figure(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });
});
