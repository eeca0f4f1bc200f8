import { Readable } from 'node:stream';
import { includedRecordSql } from '../../shared/domain/included-record';
import type { AppContext } from '../app-context';
import { importHemolysisCsv } from '../domain/hemolysis/service';
import { ClinicalData } from '../entities/clinical-data';
import { Institute } from '../entities/institute';
import { Line } from '../entities/line';
import { zonedDay } from '../../shared/domain/time-zone';

/** Deterministic pseudo-random numbers (mulberry32), so every demo database looks the same. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box–Muller). */
const normal = (random: () => number) =>
  Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

const round = (v: number, decimals = 2) => Number(v.toFixed(decimals));

/** The transport adds this much HI (mg/dL) per g·s of VitalMetric in the demo lab. */
const DEMO_K = 0.012;
const CLINICAL_ENTRIES = 36;
const EXCLUDED_ENTRIES = 3;
/** Measurements per line and day in the demo HI exports. */
const SAMPLES_PER_DAY = 24;

/**
 * Paired clinical data linked to demo records: enough to calibrate the hospital's rejection
 * model (a few excluded from it), from a lab whose transport adds about DEMO_K·v mg/dL.
 */
async function seedClinicalData(ctx: AppContext, hospital: Institute, random: () => number) {
  const records: { id: number; date: Date; auc: number }[] = await ctx.db.query(
    `SELECT r.id, r.date, r.auc FROM records r
      WHERE r.institute_id = $1 AND r.line_id IS NOT NULL AND ${includedRecordSql('r')}
      ORDER BY r.date`,
    [hospital.id],
  );
  if (records.length === 0) return 0;
  const step = Math.max(1, Math.floor(records.length / CLINICAL_ENTRIES));
  const chosen = records.filter((_r, i) => i % step === 0).slice(0, CLINICAL_ENTRIES);
  const repo = ctx.db.getRepository(ClinicalData);
  await repo.save(
    chosen.map((record, i) => {
      const baseline = Math.exp(Math.log(4) + 0.7 * normal(random));
      const increase = Math.max(0, DEMO_K * Number(record.auc) + 0.8 * normal(random));
      const hi = baseline + increase;
      const ldhBase = 170 + 25 * normal(random);
      const asatBase = 24 + 5 * normal(random);
      const kBase = 4.1 + 0.3 * normal(random);
      return repo.create({
        instituteId: hospital.id,
        date: zonedDay(record.date, hospital.timezone),
        recordId: record.id,
        hIndex: round(hi),
        hIndexBaseline: round(baseline),
        ldh: round(ldhBase + 3.5 * increase),
        ldhBaseline: round(ldhBase),
        asat: round(asatBase + 0.4 * increase),
        asatBaseline: round(asatBase),
        potassium: round(kBase + 0.03 * increase),
        potassiumBaseline: round(kBase),
        pfhb: round(hi * 1.05),
        pfhbBaseline: round(baseline * 1.05),
        // A few entries with a known pre-analytical problem stay out of the model.
        excludeFromModel: i % Math.floor(CLINICAL_ENTRIES / EXCLUDED_ENTRIES) === 5,
        donorSample: i % 9 === 0,
      });
    }),
  );
  return chosen.length;
}

/** A day-time HI export of one line over the demo period, local times in the hospital's zone. */
function hemolysisCsv(
  random: () => number,
  from: Date,
  to: Date,
  meanAuc: number,
  timeZone: string,
): string {
  const rows = ['Timestamp;H_Index;Sample'];
  let sample = 1;
  for (let t = from.getTime(); t <= to.getTime(); t += 86_400_000) {
    const date = zonedDay(t, timeZone);
    for (let i = 0; i < SAMPLES_PER_DAY; i += 1) {
      // Between 07:00 and 20:59 local: never inside a DST gap.
      const hour = 7 + Math.floor(random() * 14);
      const minute = Math.floor(random() * 60);
      const vibration = meanAuc * (0.6 + 0.8 * random());
      const hi = Math.exp(Math.log(4) + 0.8 * normal(random)) + DEMO_K * vibration;
      const value = random() < 0.02 ? '' : hi.toFixed(1).replace('.', ',');
      rows.push(
        `${date} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')};${value};S${sample++}`,
      );
    }
  }
  return `${rows.join('\r\n')}\r\n`;
}

/** Two analyzer exports covering the demo period, on the hospital's two busiest lines. */
async function seedHemolysisData(ctx: AppContext, hospital: Institute, random: () => number) {
  const busiest: { line_id: number; mean_auc: number; first: Date; last: Date }[] =
    await ctx.db.query(
      `SELECT r.line_id, avg(r.auc) AS mean_auc, min(r.date) AS first, max(r.date) AS last
         FROM records r JOIN lines l ON l.id = r.line_id
        WHERE r.institute_id = $1 AND NOT l.archived AND ${includedRecordSql('r')}
        GROUP BY r.line_id ORDER BY count(*) DESC, r.line_id LIMIT 2`,
      [hospital.id],
    );
  for (const [i, row] of busiest.entries()) {
    const line = await ctx.db.getRepository(Line).findOneByOrFail({ id: row.line_id });
    const csv = Buffer.from(
      hemolysisCsv(
        random,
        new Date(row.first),
        new Date(row.last),
        Number(row.mean_auc),
        hospital.timezone,
      ),
    );
    const staged = ctx.blobs.stage();
    await staged.write(csv);
    const { sha256, size } = await staged.finish();
    const fileName = `${line.name.split(' ')[0].toLowerCase()}-hi-export.csv`;
    await importHemolysisCsv(
      ctx.db,
      {
        instituteId: hospital.id,
        title: `${line.name} HI export`,
        lineId: line.id,
        donorSample: i === 1,
        labels: [],
        timezoneName: hospital.timezone,
      },
      {
        fileName,
        mimeType: 'text/csv',
        sha256,
        size,
        open: () => Readable.from([csv]),
        commit: () => staged.commit(),
        discard: () => staged.discard(),
      },
    );
  }
  return busiest.length;
}

/** Clinical and hemolysis-index demo data of the hospital (full demo only; after the records). */
export async function seedDemoClinical(ctx: AppContext): Promise<void> {
  const hospital = await ctx.db
    .getRepository(Institute)
    .findOneByOrFail({ name: 'Northfield General Hospital' });
  const random = prng(12);
  const entries = await seedClinicalData(ctx, hospital, random);
  const sets = await seedHemolysisData(ctx, hospital, random);
  ctx.log.info(`Seeded ${entries} clinical data entries and ${sets} hemolysis data sets`);
}
