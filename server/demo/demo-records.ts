import { parseRunHeader } from '../../shared/vial/dat';
import { runFileName, simulateRun, type SimulatedError } from '../../shared/vial/simulate';
import type { AppContext } from '../app-context';
import { Institute } from '../entities/institute';
import { Label } from '../entities/label';
import { Line } from '../entities/line';
import { TransitRecord } from '../entities/record';
import { Vial } from '../entities/vial';
import { processRecord } from '../pipeline/process-record';
import { newRecord } from '../domain/records/upload';
import { storeBytes } from '../storage/blob-store';

/**
 * A demo run stored as an upload stores it: its file in the blob store and the record's fields
 * from its header, under the name the vial gives its runs.
 */
export async function storedRun(
  ctx: AppContext,
  instituteId: number,
  vial: Vial,
  bytes: Uint8Array,
): Promise<Partial<TransitRecord>> {
  const { sha256, size } = await storeBytes(ctx.blobs, Buffer.from(bytes));
  const header = parseRunHeader(bytes, bytes.length);
  return newRecord(instituteId, vial, {
    header,
    sha256,
    size,
    fileName: runFileName(header.sequence),
  });
}

export interface DemoLine {
  name: string;
  roughness: number;
  manufacturer: string | null;
  length: number | null;
  handCarried?: boolean;
  archived?: boolean;
  /** Runs per week. */
  perWeek: number;
}

const HOSPITAL_LINES: DemoLine[] = [
  {
    name: 'Emergency to Central Lab',
    roughness: 0.7,
    manufacturer: 'Swisslog',
    length: 240,
    perWeek: 3,
  },
  { name: 'ICU to Central Lab', roughness: 1.1, manufacturer: 'Swisslog', length: 410, perWeek: 2 },
  {
    name: 'Oncology to Central Lab',
    roughness: 4,
    manufacturer: 'Aerocom',
    length: 620,
    perWeek: 2,
  },
  {
    name: 'Maternity to Central Lab',
    roughness: 0.9,
    manufacturer: 'Sumetzberger',
    length: 330,
    perWeek: 1,
  },
  {
    name: 'Old Surgery Line',
    roughness: 1.4,
    manufacturer: 'Aerocom',
    length: 280,
    perWeek: 1,
    archived: true,
  },
];
const COURIER_ROUTES: DemoLine[] = [
  { name: 'North Clinic Route', roughness: 0.5, manufacturer: null, length: 18000, perWeek: 2 },
  {
    name: 'Harbour Health Centre Route',
    roughness: 0.8,
    manufacturer: null,
    length: 26000,
    perWeek: 2,
  },
  {
    name: 'Hand Carried Reference',
    roughness: 0.25,
    manufacturer: null,
    length: null,
    handCarried: true,
    perWeek: 1,
  },
];

/** The sample drives in ../shared/fixtures carry these vials: registered so they can be uploaded. */
const HOSPITAL_VIALS = [
  { label: 'VV-1007', uuid: '2801906a-7c79-42a2-b96b-f36f2bc99aa5' },
  { label: 'VV-1008', uuid: '31a4d597-e502-4e58-8e69-cb6af55a89d0' },
  { label: 'VV-2001', uuid: '5d0c1f4e-1b7a-4c1e-9a51-0c3b5e6f2001' },
];
const COURIER_VIALS = [{ label: 'VV-3001', uuid: '5d0c1f4e-1b7a-4c1e-9a51-0c3b5e6f3001' }];

const DAY_MS = 86_400_000;
const MONTHS = 6;

/** A small deterministic generator, so every demo database looks the same. */
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

/** When a demo institute's runs happen (epoch ms); by default the last six months. */
export interface DemoSpan {
  from: number;
  to: number;
}

/**
 * One demo institute's vials, labels, lines and simulated, processed runs (`perWeek` of each line
 * spread over `span`); the last ten days' runs wait in the review queue.
 */
export async function seedInstitute(
  ctx: AppContext,
  institute: Institute,
  lines: DemoLine[],
  vials: { label: string; uuid: string }[],
  seed: number,
  span: DemoSpan = { from: Date.now() - MONTHS * 30 * DAY_MS, to: Date.now() },
) {
  const random = prng(seed);
  const spanDays = (span.to - span.from) / DAY_MS;
  const savedVials = await ctx.db
    .getRepository(Vial)
    .save(vials.map((v) => ({ ...v, version: 'VV2', instituteId: institute.id })));
  const labels = await ctx.db.getRepository(Label).save([
    { label: 'STAT', color: '#E57373', instituteId: institute.id },
    { label: 'Night shift', color: '#7986CB', instituteId: institute.id },
    { label: 'Re-run', color: '#4FC1BE', instituteId: institute.id },
  ]);
  const repo = ctx.db.getRepository(TransitRecord);
  const now = Date.now();
  let sequence = 1;
  for (const demo of lines) {
    const line = await ctx.db.getRepository(Line).save({
      name: demo.name,
      instituteId: institute.id,
      manufacturer: demo.manufacturer,
      length: demo.length,
      isHandCarried: demo.handCarried ?? false,
      description: demo.handCarried
        ? 'Samples walked to the lab: the reference for the lines.'
        : null,
    });
    const runs = Math.round((demo.perWeek * spanDays) / 7);
    for (let i = 0; i < runs; i++) {
      const day = new Date(span.to - random() * spanDays * DAY_MS);
      const ageDays = (now - day.getTime()) / DAY_MS;
      day.setUTCHours(7 + Math.floor(random() * 10), Math.floor(random() * 60), 0, 0);
      const roll = random();
      const error: SimulatedError =
        roll < 0.02 ? 'short' : roll < 0.035 ? 'flatline' : roll < 0.05 ? 'norun' : 'none';
      const vial = savedVials[Math.floor(random() * savedVials.length)];
      const bytes = simulateRun({
        seed: seed * 100_000 + sequence,
        sampleRate: 200,
        roughness: demo.roughness * (0.8 + 0.4 * random()),
        transitSeconds: demo.handCarried ? 300 : 40 + random() * 80,
        idleSeconds: 5,
        startMs: day.getTime(),
        temperature: demo.name.startsWith('Harbour') && random() < 0.3 ? 'refrigerated' : 'ambient',
        vialUuid: vial.uuid!,
        sequence: sequence++,
        error,
      });
      const recent = ageDays < 10;
      const record = await repo.save(
        repo.create({
          ...(await storedRun(ctx, institute.id, vial, bytes)),
          // Older runs have been reviewed and assigned; the last days' wait in the review queue.
          lineId: recent && random() < 0.6 ? null : line.id,
          isReviewed: !recent,
          exclude: !recent && random() < 0.03,
          labels: random() < 0.15 ? [labels[Math.floor(random() * labels.length)]] : [],
        }),
      );
      await processRecord(ctx, record.id);
    }
    if (demo.archived) await ctx.db.getRepository(Line).update(line.id, { archived: true });
  }
}

/** Lines, vials, labels and six months of simulated, processed records for the demo institutes. */
export async function seedDemoRecords(ctx: AppContext): Promise<void> {
  const institutes = ctx.db.getRepository(Institute);
  const hospital = await institutes.findOneByOrFail({ name: 'Northfield General Hospital' });
  const courier = await institutes.findOneByOrFail({ name: 'Lakeside Courier Services' });
  const started = Date.now();
  await seedInstitute(ctx, hospital, HOSPITAL_LINES, HOSPITAL_VIALS, 7);
  await seedInstitute(ctx, courier, COURIER_ROUTES, COURIER_VIALS, 11);
  const count = await ctx.db.getRepository(TransitRecord).count();
  ctx.log.info(`Seeded ${count} demo records in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
