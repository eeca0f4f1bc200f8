import { FLAG_OFF_DETAIL } from '../../../shared/domain/feature-flags';
import type { ApiClient } from '../../../testing/http';
import { EX1, EX2, EX3, loginOutsider } from '../../../testing/lab-feed';
import { insertLine } from '../../../testing/rows';
import { startTestServer, type TestServer } from '../../../testing/test-server';

/** The lab feed's HL7 v2 door (lab-feed.md sections 1, 2, 4 and 5), with section 10's examples. */

let server: TestServer;
let owner: ApiClient, member: ApiClient, guest: ApiClient, staff: ApiClient, outsider: ApiClient;
let hospital: number, courier: number;
let akut: number, med3: number;

/** Words of the examples' PID that must never be stored, answered or logged. */
const PATIENT = ['19121212', 'Testsson', 'Greta'];

const post = (
  client: ApiClient,
  body: string | Buffer,
  type = 'application/hl7-v2+er7',
  at = hospital,
) =>
  client.request<string>('POST', `/v2/institutes/${at}/lab-feed/hl7`, {
    body: typeof body === 'string' ? body : new Uint8Array(body),
    headers: { 'Content-Type': type },
  });

const lines = (ack: string) => ack.split('\r').filter((l) => l !== '');

/** The current results of a sample id (hashed as the server does, found by its rows). */
async function currentOf(controlId: string) {
  const rows: Record<string, unknown>[] = await server.ctx.db.query(
    `SELECT r.analyte, r.value, r.value_sent, r.comparator, r.flag, r.status, r.state, r.line_id,
            r.location, r.sampled_at, r.code_system, r.code, r.pending_reasons, r.sample_key
       FROM lab_feed_results r JOIN lab_feed_messages m ON m.id = r.message_id
      WHERE m.control_id = $1 ORDER BY r.arrival`,
    [controlId],
  );
  return rows;
}

async function current(sampleKey: string) {
  const rows: Record<string, unknown>[] = await server.ctx.db.query(
    `SELECT analyte, value, status, comparator, flag, value_sent FROM lab_feed_results
      WHERE sample_key = $1 AND is_current ORDER BY analyte`,
    [sampleKey],
  );
  return Object.fromEntries(rows.map((r) => [r.analyte, r]));
}

beforeAll(async () => {
  server = await startTestServer();
  [owner, member, guest, staff] = await Promise.all(
    ['owner', 'member', 'guest', 'staff'].map((u) => server.login(`${u}@example.org`)),
  );
  ({ hospital, courier } = await server.demoInstitutes());
  const db = server.ctx.db;
  await db.query(
    `UPDATE institutes SET feature_flags = '{"hemolysisTracking": true}', timezone = 'Europe/Stockholm'
      WHERE id = $1`,
    [hospital],
  );
  outsider = await loginOutsider(server, courier);
  akut = (await insertLine(db, hospital, { name: 'Akutmottagning' })).id;
  med3 = (await insertLine(db, hospital, { name: 'Medicin 3' })).id;
  await db.query(
    `INSERT INTO lab_feed_locations (institute_id, code, line_id) VALUES ($1, 'AKUT', $2), ($1, 'MED3', $3)`,
    [hospital, akut, med3],
  );
  await db.query(
    `INSERT INTO lab_feed_codes (institute_id, system, code, analyte) VALUES
       ($1, 'L', 'HI', 'h_index'), ($1, 'https://lis.example.org/codes', 'HI', 'h_index'),
       ($1, 'NPU', 'NPU03230', 'potassium'), ($1, 'LN', '2823-3', 'potassium'),
       ($1, 'LN', '2532-0', 'ldh'), ($1, 'LN', '1920-8', 'asat'), ($1, 'L', 'NA', NULL)`,
    [hospital],
  );
});
afterAll(() => server.stop());

describe("section 10's examples", () => {
  let sample1: string;

  it('1: files HI, K, LDH and ASAT of an ORU^R01 with Nordic numbers and units', async () => {
    const res = await post(member, EX1);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/hl7-v2+er7; charset=utf-8');
    const [msh, msa, ...rest] = lines(res.body);
    expect(msh).toMatch(
      /^MSH\|\^~\\&\|VIALQC\|VIALQC\|LABSYS\|SUS-KEM\|\d{14}\+0000\|\|ACK\^R01\^ACK\|[^|]{1,20}\|P\|2\.5\.1$/,
    );
    expect(msa).toBe('MSA|AA|K20250210-0001');
    expect(rest).toEqual([]);
    const rows = await currentOf('K20250210-0001');
    expect(
      rows.map((r) => [r.analyte, r.value, r.value_sent, r.status, r.state, r.line_id]),
    ).toEqual([
      ['h_index', 35, '35', 'final', 'filed', akut],
      ['potassium', 4.5, '4,5', 'final', 'filed', akut],
      ['ldh', 192, '3,2', 'final', 'filed', akut],
      ['asat', 21, '0,35', 'final', 'filed', akut],
    ]);
    expect(new Date(rows[0].sampled_at as string).toISOString()).toBe('2025-02-10T07:15:00.000Z');
    sample1 = rows[0].sample_key as string;
    expect(sample1).toMatch(/^[0-9a-f]{64}$/);
    expect(sample1).not.toContain('A250210');
    // Sodium (L NA, mapped to ignore) is dropped and counted, never stored (section 6).
    expect(rows.some((r) => r.code === 'NA')).toBe(false);
    const listed = await member.get(
      `/v2/institutes/${hospital}/lab-feed/messages?control_id=K20250210-0001`,
    );
    expect(listed.body.items[0].results).toEqual({ filed: 4, pending: 0, ignored: 1 });
    expect(await server.ctx.metrics.registry.metrics()).toContain(
      'vialqc_lab_feed_results_total{state="ignored"} 1',
    );
  });

  it('2: reads an OUL^R22 SAC index in g/L, ORC-13 over PV1-3, local time and a word', async () => {
    const res = await post(member, EX2);
    expect(lines(res.body)[1]).toBe('MSA|AA|MW-000731');
    expect(lines(res.body)[0]).toContain('|ACK^R22^ACK|');
    const rows = await currentOf('MW-000731');
    const by = Object.fromEntries(rows.map((r) => [r.analyte ?? r.code, r]));
    expect(by.h_index).toMatchObject({
      value: 120,
      code_system: 'HL7',
      code: 'SAC-32',
      line_id: med3,
    });
    expect(by.potassium).toMatchObject({ value: null, flag: 'hemolysed', state: 'filed' });
    expect(by.asat).toMatchObject({ value: 1000, comparator: '>', state: 'filed' });
    expect(by.CRP).toMatchObject({ state: 'pending', pending_reasons: ['code'] });
    expect(new Date(by.h_index.sampled_at as string).toISOString()).toBe(
      '2025-02-11T08:05:00.000Z',
    );
  });

  it('3: a correction replaces the final, a deletion leaves none, a preliminary never replaces a final', async () => {
    const res = await post(member, EX3('K20250211-0311'));
    expect(lines(res.body)[1]).toBe('MSA|AA|K20250211-0311');
    const now = await current(sample1);
    expect(now.potassium).toMatchObject({ value: 4.2, status: 'corrected' });
    expect(now.asat).toBeUndefined();
    expect(now.h_index).toMatchObject({ value: 35, status: 'final' });
    expect(now.ldh).toMatchObject({ value: 192, status: 'final' });
  });

  it('3 with a negative value: AE listing the problem, nothing filed', async () => {
    const text = EX3('K20250211-0312', '-4,2');
    const res = await post(member, text);
    const [, msa, err] = lines(res.body);
    expect(msa).toBe('MSA|AE|K20250211-0312|OBX 1: the value -4,2 is negative.');
    expect(err).toBe(
      'ERR||OBX^1^5|102^Data type error^HL70357|E|negative_value|||OBX 1: the value -4,2 is negative.',
    );
    expect(await currentOf('K20250211-0312')).toEqual([]);
    const [kept] = await server.ctx.db.query(
      `SELECT state, reasons, extract IS NOT NULL AS has_extract FROM lab_feed_messages WHERE control_id = 'K20250211-0312'`,
    );
    expect(kept).toMatchObject({ state: 'rejected', has_extract: true });
  });

  it('answers a resend AA and files nothing (a duplicate)', async () => {
    const before = await server.ctx.db.query(`SELECT count(*)::int AS n FROM lab_feed_results`);
    const res = await post(member, EX1);
    expect(lines(res.body)[1]).toBe('MSA|AA|K20250210-0001');
    // Whatever its content: a copy with a problem is a duplicate too.
    const changed = await post(member, EX1.replace('|35|', '|-35|'));
    expect(lines(changed.body)[1]).toBe('MSA|AA|K20250210-0001');
    const after = await server.ctx.db.query(`SELECT count(*)::int AS n FROM lab_feed_results`);
    expect(after[0].n).toBe(before[0].n);
  });

  it('keeps no patient data anywhere', async () => {
    const tables = ['lab_feed_results', 'lab_feed_messages', 'lab_feed_days', 'lab_feed_keys'];
    for (const table of tables) {
      const [row] = await server.ctx.db.query(
        `SELECT coalesce(string_agg(t::text, ' '), '') AS all FROM ${table} t`,
      );
      for (const word of [...PATIENT, 'A250210-0042', 'A250211-0007'])
        expect(row.all).not.toContain(word);
    }
  });
});

describe('who may send', () => {
  it('refuses guests, another organization and a read-only token', async () => {
    expect((await post(guest, EX1)).body).toEqual({ detail: 'Guests cannot send results.' });
    expect((await post(guest, EX1)).status).toBe(403);
    expect((await post(outsider, EX1)).status).toBe(404);
    const made = await owner.post('/v2/account/tokens', {
      name: 'read',
      scope: 'read',
      institute: hospital,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const readOnly = owner.as(made.body.token);
    expect((await post(readOnly, EX1)).status).toBe(403);
  });

  it('takes a read-write token of a member, and staff', async () => {
    const made = await member.post('/v2/account/tokens', {
      name: 'lis',
      scope: 'read-write',
      institute: hospital,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const lis = member.as(made.body.token);
    const text = EX1.replace('K20250210-0001', 'TOKEN-1');
    expect(lines((await post(lis, text)).body)[1]).toBe('MSA|AA|TOKEN-1');
    expect(lines((await post(staff, text.replace('TOKEN-1', 'STAFF-1'))).body)[1]).toBe(
      'MSA|AA|STAFF-1',
    );
  });

  it('needs the hemolysisTracking flag', async () => {
    await server.ctx.db.query(`UPDATE institutes SET feature_flags = '{}' WHERE id = $1`, [
      courier,
    ]);
    const res = await post(outsider, EX1, 'application/hl7-v2+er7', courier);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: FLAG_OFF_DETAIL.hemolysisTracking });
  });

  it('refuses other media types and bodies over 1 MiB', async () => {
    const wrong = await post(member, EX1, 'application/xml');
    expect(wrong.status).toBe(415);
    expect(wrong.body).toEqual({ detail: 'Send one HL7 v2 message as application/hl7-v2+er7.' });
    const big = await post(member, `${EX1}\r${'NTE|1||'.padEnd(1024 * 1024, 'x')}`);
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ detail: 'A message is at most 1 MiB.' });
  });
});

describe('hostile messages', () => {
  it('answers AR not_hl7 without a readable MSH', async () => {
    for (const text of ['hello', 'MSH', 'MSH|^~\\', 'MSH|^^\\&|X', 'PID|1||x']) {
      const res = await post(member, text, 'text/plain');
      expect(res.status).toBe(200);
      const [msh, msa, err] = lines(res.body);
      expect(msh).toMatch(/^MSH\|\^~\\&\|VIALQC\|VIALQC\|\|\|\d{14}\+0000\|\|ACK\|[^|]+\|\|$/);
      expect(msa).toBe('MSA|AR||The message does not start with an MSH segment.');
      expect(err).toBe(
        'ERR|||100^Segment sequence error^HL70357|E|not_hl7|||The message does not start with an MSH segment.',
      );
    }
  });

  it('answers AR for an unknown type, version, processing id or character set, and no control id', async () => {
    const cases: [string, string, string][] = [
      [
        'ORU^R01^ORU_R01',
        'ADT^A01',
        'ERR||MSH^1^9|200^Unsupported message type^HL70357|E|unsupported_type|||Only ORU^R01 and OUL^R22 are accepted, not ADT^A01.',
      ],
      [
        '|2.5.1|',
        '|2.2|',
        'ERR||MSH^1^12|203^Unsupported version id^HL70357|E|unsupported_version|||HL7 version 2.2 is not supported: send 2.3 to 2.9.',
      ],
      [
        '|P|2.5.1',
        '|X|2.5.1',
        'ERR||MSH^1^11|202^Unsupported processing id^HL70357|E|unsupported_processing_id|||Processing id X is not supported: send P, T or D.',
      ],
      [
        'UNICODE UTF-8',
        'ASCII',
        'ERR||MSH^1^18|103^Table value not found^HL70357|E|unsupported_charset|||Character set ASCII is not supported: send UNICODE UTF-8 or 8859/1.',
      ],
      [
        '|K20250210-0001|',
        '||',
        'ERR||MSH^1^10|101^Required field missing^HL70357|E|no_control_id|||MSH-10 (message control id) is empty.',
      ],
    ];
    for (const [from, to, err] of cases) {
      const res = await post(member, EX1.replace(from, to));
      const got = lines(res.body);
      expect(got[1].startsWith('MSA|AR|')).toBe(true);
      expect(got[2].replace(/\\S\\/g, '^')).toBe(err.replace(/\\S\\/g, '^'));
    }
  });

  it('answers every truncation of a message with an ACK, never a failure', async () => {
    const text = EX1.replace('K20250210-0001', 'CUT-1').replace(/A250210-0042/g, 'A-CUT');
    for (let end = 1; end < text.length; end += 23) {
      const res = await post(member, text.slice(0, end));
      expect(res.status).toBe(200);
      expect(lines(res.body)[1]).toMatch(/^MSA\|A[AER]\|/);
    }
  });

  it('refuses NUL characters and more than 1,000 results with AE', async () => {
    const nul = await post(
      member,
      EX1.replace('K20250210-0001', 'NUL-1').replace('|35|', '|3\u00005|'),
    );
    expect(lines(nul.body)[1]).toBe('MSA|AE|NUL-1|The message contains a NUL character (0x00).');
    const many = [
      EX1.replace('K20250210-0001', 'MANY-1').split('\r').slice(0, 4).join('\r'),
      ...Array.from({ length: 1001 }, (_, i) => `OBX|${i + 1}|NM|HI^Hemolysindex^L||1|mg/dL|||||F`),
    ].join('\r');
    const res = await post(member, many);
    expect(lines(res.body)[1]).toBe(
      'MSA|AE|MANY-1|The message has 1,001 results; at most 1,000 are accepted.',
    );
  });

  it('never answers, stores or logs a PID in every field', async () => {
    const pid = `PID|${Array.from({ length: 30 }, () => 'Testsson^Greta^19121212').join('|')}`;
    const text = EX1.replace('K20250210-0001', 'PID-1').replace(/PID\|[^\r]*/, pid);
    const res = await post(member, text);
    expect(lines(res.body)[1]).toBe('MSA|AA|PID-1');
    for (const word of PATIENT) expect(res.body).not.toContain(word);
    const bad = await post(member, text.replace('PID-1', 'PID-2').replace('|35|', '|-35|'));
    for (const word of PATIENT) expect(bad.body).not.toContain(word);
    const [row] = await server.ctx.db.query(
      `SELECT string_agg(t::text, ' ') AS all FROM lab_feed_messages t`,
    );
    for (const word of PATIENT) expect(row.all).not.toContain(word);
  });

  it('reads ISO-8859-1 by MSH-18 and LF segment ends, and escapes', async () => {
    const text = EX1.replace('K20250210-0001', 'LATIN-1')
      .replace('UNICODE UTF-8', '8859/1')
      .replace('OBX|1|NM|HI^Hemolysindex^L||35', 'OBX|1|NM|HI^H\\E\\molys\\F\\index^L||3\\X35\\')
      .replace(/\r/g, '\n');
    const res = await post(member, Buffer.from(text, 'latin1'));
    expect(res.headers.get('content-type')).toBe('application/hl7-v2+er7; charset=iso-8859-1');
    const rows = await currentOf('LATIN-1');
    expect(rows.find((r) => r.analyte === 'h_index')).toMatchObject({
      value: 35,
      value_sent: '35',
    });
    expect(rows.find((r) => r.analyte === 'ldh')).toMatchObject({ value: 192 });
  });

  it('files one of two copies sent at once', async () => {
    const text = EX1.replace('K20250210-0001', 'TWICE-1').replace(/A250210-0042/g, 'A-TWICE');
    const answers = await Promise.all([post(member, text), post(member, text)]);
    for (const a of answers) expect(lines(a.body)[1]).toBe('MSA|AA|TWICE-1');
    const [{ n }] = await server.ctx.db.query(
      `SELECT count(*)::int AS n FROM lab_feed_messages WHERE control_id = 'TWICE-1'`,
    );
    expect(n).toBe(1);
    expect(await currentOf('TWICE-1')).toHaveLength(4);
  });

  it('answers test messages as P would and keeps nothing', async () => {
    const text = EX1.replace('K20250210-0001', 'TEST-1').replace('|P|2.5.1', '|T|2.5.1');
    const res = await post(member, text);
    expect(lines(res.body)[0]).toMatch(/\|T\|2\.5\.1$/);
    expect(lines(res.body)[1]).toBe('MSA|AA|TEST-1');
    const [{ n }] = await server.ctx.db.query(
      `SELECT count(*)::int AS n FROM lab_feed_messages WHERE control_id = 'TEST-1'`,
    );
    expect(n).toBe(0);
  });
});
