import { addDays, zonedDay } from '../../shared/domain/time-zone';
import type { AppContext } from '../app-context';
import { loadAuthUser } from '../domain/auth/service';
import { createCode, createLocation } from '../domain/lab-feed/mappings';
import { receiveHl7, type LabFeedDeps } from '../domain/lab-feed/service';
import { Institute } from '../entities/institute';
import { Line } from '../entities/line';
import { User } from '../entities/user';

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
const normal = (random: () => number) =>
  Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

/** The line the laboratory system's emergency department location files to. */
export const FEED_LINE = 'Emergency to Central Lab';
/** Days of results, up to yesterday; the line's tube system was slowed this many days ago. */
export const FEED_DAYS = 42;
export const FEED_CHANGE_DAYS_AGO = 21;
/** Samples a day, and days of samples in one ORU^R01 (an order per sample). */
const SAMPLES_PER_DAY = 12;
const DAYS_PER_MESSAGE = 3;

/** The LIS's codes (OBX-3) and what they are mapped to; `CRP` is left for Needs mapping. */
const CODES = [
  { system: 'L', code: 'HI', analyte: 'h_index' },
  { system: 'LN', code: '2823-3', analyte: 'potassium' },
  { system: 'LN', code: '2532-0', analyte: 'ldh' },
  { system: 'LN', code: '1920-8', analyte: 'asat' },
  { system: 'L', code: 'NA', analyte: null },
] as const;

const two = (n: number) => String(n).padStart(2, '0');
/** `YYYYMMDDHHMM` of a local date and minute of the day (the institute's zone: no offset sent). */
const hl7Time = (date: string, minute: number) =>
  `${date.replaceAll('-', '')}${two(Math.floor(minute / 60))}${two(minute % 60)}`;

/** One sample's order: HI, K, LDH, ASAT and sodium (and now and then a CRP). */
function order(n: number, date: string, sample: string, before: boolean, random: () => number) {
  // Before the change the line's HI runs higher with a longer tail (a faster blower).
  const hi = Math.max(
    1,
    Math.round(Math.exp(Math.log(before ? 24 : 13) + (before ? 0.75 : 0.6) * normal(random))),
  );
  const potassium = (4.1 + 0.3 * normal(random) + 0.0035 * hi).toFixed(1);
  const ldh = Math.round(185 + 25 * normal(random) + 1.1 * hi);
  const asat = Math.max(5, Math.round(24 + 5 * normal(random) + 0.09 * hi));
  const minute = 7 * 60 + Math.floor(random() * 14 * 60);
  return [
    `OBR|${n}|REQ-${sample}|${sample}|KEM^Clinical chemistry^L|||${hl7Time(date, minute)}`,
    `OBX|1|NM|HI^Haemolysis index^L||${hi}|mg/dL|||||F`,
    `OBX|2|NM|2823-3^Potassium^LN||${potassium}|mmol/L|||||F`,
    `OBX|3|NM|2532-0^LDH^LN||${ldh}|U/L|||||F`,
    `OBX|4|NM|1920-8^ASAT^LN||${asat}|U/L|||||F`,
    `OBX|5|NM|NA^Sodium^L||${Math.round(139 + 2 * normal(random))}|mmol/L|||||F`,
    // Now and then a CRP, a code nobody mapped yet: it waits in Needs mapping.
    ...(n % 5 === 1
      ? [`OBX|6|NM|CRP^C-reactive protein^L||${Math.round(5 + 20 * random())}|mg/L|||||F`]
      : []),
  ];
}

/** An ORU^R01 of the emergency department's samples of these days (an order each). */
function message(dates: string[], firstDay: number, random: () => number): string {
  const last = dates[dates.length - 1];
  const segments = [
    `MSH|^~\\&|LABSYS|NGH-LAB|VIALQC|VIALQC|${hl7Time(last, 23 * 60)}||ORU^R01^ORU_R01|NGH-${last}|P|2.5.1||||||UNICODE UTF-8`,
    'PV1|1|E|ED^1^1^NGH',
  ];
  dates.forEach((date, d) => {
    const before = firstDay - d > FEED_CHANGE_DAYS_AGO;
    for (let i = 0; i < SAMPLES_PER_DAY; i++) {
      const sample = `E${date.replaceAll('-', '').slice(2)}-${two(i)}`;
      segments.push(...order(d * SAMPLES_PER_DAY + i + 1, date, sample, before, random));
    }
  });
  return `${segments.join('\r')}\r`;
}

/**
 * The demo hospital's lab feed (lab-feed.md), through the product's own paths: the owner maps the
 * emergency department's location code and the LIS's result codes, then one ORU^R01 a day of the
 * last six weeks is received as the bridge would post it (HI, potassium, LDH and ASAT filed on the
 * emergency line, sodium ignored, CRP pending), the line's tube system slowed three weeks ago (a
 * before/after to test), and one message refused for a negative value (kept for Retry).
 */
export async function seedDemoLabFeed(ctx: AppContext): Promise<void> {
  const hospital = await ctx.db
    .getRepository(Institute)
    .findOneByOrFail({ name: 'Northfield General Hospital' });
  const line = await ctx.db
    .getRepository(Line)
    .findOneBy({ instituteId: hospital.id, name: FEED_LINE });
  if (!line) return;
  const { id } = await ctx.db.getRepository(User).findOneByOrFail({ email: 'owner@example.org' });
  const owner = await loadAuthUser(ctx.db, id);
  if (!owner) throw new Error('The demo owner cannot sign in');
  const deps: LabFeedDeps = {
    db: ctx.db,
    secretKey: ctx.config.sso.secretKey,
    metrics: ctx.metrics,
    now: ctx.now,
  };
  await createLocation(deps, owner, hospital.id, { code: 'ED', line: line.id });
  for (const code of CODES) await createCode(deps, owner, hospital.id, { ...code, units: {} });

  const random = prng(41);
  const today = zonedDay(ctx.now(), hospital.timezone);
  // The LIS's outbound queue sends the results of a few days in one message (few transactions:
  // a quick seed); each day has its own samples and times.
  for (let day = FEED_DAYS; day >= 1; day -= DAYS_PER_MESSAGE) {
    const dates = Array.from({ length: Math.min(DAYS_PER_MESSAGE, day) }, (_, d) =>
      addDays(today, -(day - d)),
    );
    const sent = message(dates, day, random);
    const { code } = await receiveHl7(deps, owner, hospital.id, Buffer.from(sent, 'utf8'));
    if (code !== 'AA') throw new Error(`The demo lab feed's message of ${dates[0]}: ${code}`);
  }
  const yesterday = addDays(today, -1);
  const refused = [
    `MSH|^~\\&|LABSYS|NGH-LAB|VIALQC|VIALQC|${hl7Time(yesterday, 23 * 60 + 30)}||ORU^R01^ORU_R01|NGH-${yesterday}-late|P|2.5.1`,
    'PV1|1|E|ED^1^1^NGH',
    `OBR|1|REQ-LATE|E-LATE-1|KEM^Clinical chemistry^L|||${hl7Time(yesterday, 23 * 60)}`,
    'OBX|1|NM|2823-3^Potassium^LN||-4.4|mmol/L|||||F',
    '',
  ].join('\r');
  await receiveHl7(deps, owner, hospital.id, Buffer.from(refused, 'utf8'));
  ctx.log.info(
    `Seeded ${FEED_DAYS} days of lab-feed results (${SAMPLES_PER_DAY} samples a day) on ${FEED_LINE}`,
  );
}
