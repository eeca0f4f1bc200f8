import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { rawRequest } from '../../testing/http';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { openApiBuilds } from './openapi';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const rawGet = (path: string, headers: Record<string, string> = {}) =>
  rawRequest(server.url, path, headers);

describe('GET /v2/openapi.json', () => {
  it('is built once, not on every request', async () => {
    await rawGet('/v2/openapi.json');
    const builds = openApiBuilds();
    for (let i = 0; i < 5; i++) {
      expect((await rawGet('/v2/openapi.json', { 'accept-encoding': 'gzip' })).status).toBe(200);
    }
    expect(openApiBuilds()).toBe(builds);
  });

  it('is sent compressed as asked, with an ETag that answers 304', async () => {
    const plain = await rawGet('/v2/openapi.json');
    const doc = JSON.parse(plain.body.toString('utf8'));
    expect(doc.openapi).toBe('3.0.3');
    const gzip = await rawGet('/v2/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString('utf8'))).toEqual(doc);
    const br = await rawGet('/v2/openapi.json', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(plain.body.length / 5);
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(doc);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);

    for (const answer of [plain, gzip, br]) {
      const etag = answer.headers.etag!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await rawGet('/v2/openapi.json', {
        'if-none-match': etag,
        'accept-encoding': answer.headers['content-encoding'] ?? 'identity',
      });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    }
  });
});

describe('the document', () => {
  const doc = async () => (await server.api.get('/v2/openapi.json')).body;

  it('documents a 204 where the answer has no body, and the refusals each route gives', async () => {
    const { paths } = await doc();
    const statuses = (path: string, method: string) => Object.keys(paths[path][method].responses);
    expect(statuses('/v2/labels/{id}', 'delete')).toEqual([
      '204',
      '400',
      '401',
      '403',
      '404',
      '422',
    ]);
    expect(statuses('/v2/auth/reset-password', 'post')).toEqual(['204', '400', '413', '422']);
    expect(statuses('/v2/labels/{id}', 'get')).toContain('200');
    expect(statuses('/v2/institutes/{id}/labels', 'post')).toContain('409');
    expect(statuses('/v2/records/{id}/data', 'get')).toEqual(
      expect.arrayContaining(['304', '410']),
    );
    expect(statuses('/v2/auth/token', 'post')).toContain('429');
    // Every operation without a body declared answers 204, never a 200 with nothing in it; one
    // that sends the browser on (single sign-on) answers 302 with where.
    for (const methods of Object.values(paths) as Record<string, any>[]) {
      for (const op of Object.values(methods)) {
        const ok = op.responses['200'] ?? op.responses['201'];
        if (ok) expect(ok.content).toBeDefined();
        else if (op.responses['302']) expect(op.responses['302'].headers.Location).toBeDefined();
        else expect(op.responses['204']).toBeDefined();
      }
    }
    expect(statuses('/v2/auth/sso/start', 'get')).toContain('302');
  });

  it('documents multipart uploads with their file fields and media types', async () => {
    const { paths } = await doc();
    const upload = (path: string) =>
      paths[path].post.requestBody.content['multipart/form-data'] as {
        schema: { properties: Record<string, { format?: string }>; required: string[] };
        encoding: Record<string, { contentType: string }>;
      };
    const contract = upload('/v2/contracts/{id}/upload');
    expect(contract.schema.properties['files-0'].format).toBe('binary');
    expect(contract.encoding['files-0'].contentType).toBe('application/pdf');
    const hemolysis = upload('/v2/institutes/{id}/hemolysis-index-data');
    expect(hemolysis.schema.properties.file.format).toBe('binary');
    expect(hemolysis.schema.required).toEqual(expect.arrayContaining(['file', 'line']));
    expect(hemolysis.encoding.file.contentType).toBe('text/csv');
    expect(upload('/v2/institutes/{id}/reports').encoding.file.contentType).toContain(
      'application/pdf',
    );
    expect(paths['/v2/reports/{id}/download'].get.responses['200'].content).toHaveProperty(
      'application/pdf',
    );
  });
});
