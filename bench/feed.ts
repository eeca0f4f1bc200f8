import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../server/db/embedded-postgres';
import { ackSegments, MllpClient } from '../testing/mllp-client';
import { processEnv, spawnBridge, spawnServer } from '../testing/processes';
import { announceMetrics, signInDemo } from './bench-server';
import { benchLabOutcomes } from './lab-outcomes';
import { rssMb } from './pipeline';
import { alternately, percentile, type Figure, type Skipped } from './timing';

/** Issue 41: this many ORU^R01 of RESULTS mapped results each, over CONNECTIONS MLLP connections. */
const MESSAGES = 10_000;
const RESULTS = 5;
const CONNECTIONS = 8;
const RSS_LIMIT_MB = 32;

/** The five results of one sample, each of a mapped code (section 10's mappings, and free Hb). */
const CODES = [
  ['L', 'HI', 'h_index', (i: number) => `OBX|1|NM|HI^Hemolysindex^L||${i % 300}|mg/dL|||||F`],
  [
    'NPU',
    'NPU03230',
    'potassium',
    (i: number) => `OBX|2|ST|NPU03230^P-Kalium^NPU||4,${i % 10}|mmol/L|||||F`,
  ],
  ['LN', '2532-0', 'ldh', (i: number) => `OBX|3|ST|2532-0^LD^LN||3,${i % 10}|µkat/L|||||F`],
  ['LN', '1920-8', 'asat', (i: number) => `OBX|4|ST|1920-8^ASAT^LN||0,${(i % 9) + 1}|µkat/L|||||F`],
  ['L', 'FHB', 'pfhb', (i: number) => `OBX|5|NM|FHB^Fritt Hb^L||${i % 50}|mg/dL|||||F`],
] as const;

/** One ORU^R01 of sample `S-{id}` on AKUT, sampled `day` days into 2025 (all in the past). */
function oru(id: string, i: number): string {
  const day = String(1 + (i % 28)).padStart(2, '0');
  return [
    `MSH|^~\\&|LABSYS|SUS-KEM|VIALQC|VIALQC|202503${day}120000+0100||ORU^R01^ORU_R01|${id}|P|2.5.1||||||UNICODE UTF-8`,
    'PID|1||19121212-1212^^^SKV^PN||Testsson^Greta',
    'PV1|1|E|AKUT^12^3^SUS',
    `OBR|1|REQ-${id}|S-${id}|KEM^Klinisk kemi^L|||202503${day}113000+0100`,
    ...CODES.map(([, , , obx]) => obx(i)),
    '',
  ].join('\r');
}

/**
 * Issue 41's feed figures on a server process started as `npm start` starts it (the full demo
 * data, the worker off) with the bridge (`npm run feed`) in front of it on loopback: MESSAGES
 * ORU^R01 of RESULTS mapped results over CONNECTIONS MLLP connections, counted lost, duplicated
 * and not AA; the API's time per message (POST …/lab-feed/hl7, a new message each call) against
 * the records list, p95 of each called in turn; the server's peak resident size during the
 * burst above its size before.
 */
export async function benchFeedServer(): Promise<{ figures: Figure[]; failed: string | null }> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'vialqc-bench-feed-'));
  const cluster = await startEmbeddedPostgres(path.join(home, 'postgres'));
  try {
    const server = await spawnServer(
      processEnv(cluster.url(), {
        DATA_DIR: path.join(home, 'data'),
        DEMO: 'true',
        WORKER: 'false',
      }),
    );
    announceMetrics(server.url);
    const pg = new Client({ connectionString: cluster.url() });
    await pg.connect();
    let bridge: Awaited<ReturnType<typeof spawnBridge>> | undefined;
    try {
      const { staff, member, hospital } = await signInDemo(server.url);
      await pg.query(
        `UPDATE institutes SET feature_flags = coalesce(feature_flags, '{}'::jsonb) || '{"hemolysisTracking": true}',
                timezone = 'Europe/Stockholm' WHERE id = $1`,
        [hospital],
      );
      const line = await staff.post(`/v2/institutes/${hospital}/lines`, { name: 'Akutmottagning' });
      if (line.status !== 201) throw new Error(`line: ${line.status}`);
      const mapped = await staff.post(`/v2/institutes/${hospital}/lab-feed/locations`, {
        code: 'AKUT',
        line: line.body.id,
      });
      if (mapped.status !== 201) throw new Error(`location mapping: ${mapped.status}`);
      for (const [system, code, analyte] of CODES) {
        const res = await staff.post(`/v2/institutes/${hospital}/lab-feed/codes`, {
          system,
          code,
          analyte,
        });
        // The full demo's lab feed maps some of these codes already (to the same analytes).
        if (res.status !== 201 && res.status !== 409)
          throw new Error(`code mapping ${code}: ${res.status}`);
      }
      const made = await member.post('/v2/account/tokens', {
        name: 'Bench bridge',
        scope: 'read-write',
        institute: hospital,
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      });
      if (made.status !== 201) throw new Error(`token: ${made.status}`);
      const token = made.body.token as string;
      bridge = await spawnBridge({
        VIALQC_SERVER: server.url,
        VIALQC_TOKEN: token,
        VIALQC_INSTITUTE: String(hospital),
        FEED_HOST: '127.0.0.1',
        FEED_PORT: '0',
      });

      // The API's time per message against the records list, called in turn.
      const feeder = member.as(token);
      let apiCalls = 0;
      const postMessage = async () => {
        const res = await feeder.request('POST', `/v2/institutes/${hospital}/lab-feed/hl7`, {
          body: oru(`API-${apiCalls}`, apiCalls++),
          headers: { 'Content-Type': 'application/hl7-v2+er7' },
        });
        if (res.status !== 200 || !String(res.body).includes('MSA|AA|'))
          throw new Error(`hl7: ${res.status} ${String(res.body)}`);
      };
      const records = async () => {
        const res = await member.get(
          `/v2/institutes/${hospital}/records?page=0&size=20&ordering=-date`,
        );
        if (res.status !== 200) throw new Error(`records: ${res.status}`);
      };
      console.log('  the API per message against the records list …');
      const [messageTimes, recordTimes] = await alternately(postMessage, records);

      console.log(
        `  ${MESSAGES.toLocaleString('en')} messages through the bridge, ${CONNECTIONS} connections …`,
      );
      const pid = server.child.pid!;
      fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
      const before = rssMb(pid);
      let sampled = before;
      const sampler = setInterval(() => (sampled = Math.max(sampled, rssMb(pid))), 10);
      const codes = new Map<string, number>();
      let sent = 0;
      const start = performance.now();
      try {
        await Promise.all(
          Array.from({ length: CONNECTIONS }, async (_, c) => {
            const lis = await MllpClient.connect(bridge!.port);
            for (let i = c; i < MESSAGES; i += CONNECTIONS) {
              const code =
                ackSegments(await lis.send(oru(`FEED-${i}`, i)))[1]?.split('|')[1] ?? '?';
              codes.set(code, (codes.get(code) ?? 0) + 1);
              if (++sent % 1000 === 0) console.log(`    ${sent.toLocaleString('en')} acknowledged`);
            }
            lis.close();
          }),
        );
      } finally {
        clearInterval(sampler);
      }
      const seconds = (performance.now() - start) / 1000;
      const peak = Math.max(rssMb(pid, 'VmHWM'), sampled);
      const {
        rows: [count],
      } = await pg.query<{ messages: number; samples: number; results: number }>(
        `SELECT count(DISTINCT m.id)::int AS messages, count(DISTINCT r.sample_key)::int AS samples,
                count(r.id)::int AS results
           FROM lab_feed_messages m JOIN lab_feed_results r ON r.message_id = m.id
          WHERE m.control_id LIKE 'FEED-%' AND m.state = 'accepted'`,
      );
      const lost = MESSAGES - count.samples;
      const duplicated = count.results - count.samples * RESULTS;
      const notAa = MESSAGES - (codes.get('AA') ?? 0);
      const verdict = `lost ${lost}, duplicated ${duplicated}, not AA ${notAa} (${[...codes].map(([k, n]) => `${k} ${n}`).join(', ')})`;
      console.log(`  ${verdict}; ${(MESSAGES / seconds).toFixed(0)} messages/s`);
      const failed = lost !== 0 || duplicated !== 0 || notAa !== 0 ? verdict : null;
      return {
        failed,
        figures: [
          {
            name: `lab feed: the API's time per ORU^R01 of ${RESULTS} mapped results: p95`,
            product: percentile(messageTimes, 0.95),
            baseline: percentile(recordTimes, 0.95),
            baselineName: 'records list (member, 20 rows, page 0), same server',
            unit: 'ms',
            target: 2,
            ...(failed ? { failed } : {}),
            note: `a spawned server on the full demo data, ${messageTimes.length} calls of each in turns, a new message each call; medians ${percentile(messageTimes, 0.5).toFixed(1)} ms and ${percentile(recordTimes, 0.5).toFixed(1)} ms`,
          },
          {
            name: `lab feed: ${MESSAGES.toLocaleString('en')} messages through the bridge, ${CONNECTIONS} connections: server RSS growth`,
            product: peak - before,
            baseline: RSS_LIMIT_MB,
            baselineName: "the issue's bound",
            unit: 'MB',
            target: 1,
            ...(failed ? { failed } : {}),
            note: `${verdict}; RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (VmHWM reset before the burst; sampled peak ${sampled.toFixed(0)} MB); ${seconds.toFixed(1)} s, ${(MESSAGES / seconds).toFixed(0)} messages/s`,
          },
        ],
      };
    } finally {
      await bridge?.kill();
      await pg.end();
      await server.kill();
    }
  } finally {
    await cluster.stop();
    fs.rmSync(home, { recursive: true, force: true });
  }
}

/** `npm run bench -- --feed` (and the full bench): issue 41's figures, the lab outcomes' included. */
export async function benchFeed(): Promise<{ figures: Figure[]; skipped: Skipped[] }> {
  const figures: Figure[] = [];
  const skipped: Skipped[] = [];
  console.log('lab feed: the bridge and the HL7 door on a server process of its own …');
  if (fs.existsSync('/proc/self/status')) figures.push(...(await benchFeedServer()).figures);
  else
    skipped.push({
      name: 'lab feed through the bridge',
      note: 'RSS is read from /proc (Linux only)',
    });
  figures.push(...(await benchLabOutcomes()));
  return { figures, skipped };
}
