import { addDays, zonedDay } from '../../shared/domain/time-zone';
import type { AppContext } from '../app-context';
import { roughestLines, userName } from '../domain/comparison-studies/repository';
import { ClinicalData } from '../entities/clinical-data';
import { ComparisonStudy } from '../entities/comparison-study';
import { ComparisonStudyExclusion } from '../entities/comparison-study-exclusion';
import { Institute } from '../entities/institute';
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
const round = (v: number) => Number(v.toFixed(2));

/** Paired samples drawn on the roughest line over the last weeks (the reduced-donor design). */
const PAIRS = 40;
const DAYS = 35;

/**
 * One comparison study of the demo hospital (method-comparison.md section 2), a draft by the
 * demo member: its roughest line (the first suggested line), potassium and LDH against their
 * hand-carried baselines over the last five weeks, with paired entries written on that line
 * (not linked to records, so the rejection model stays as the linked entries calibrated it) and
 * one pair excluded with its reason.
 */
export async function seedDemoComparison(ctx: AppContext): Promise<void> {
  const hospital = await ctx.db
    .getRepository(Institute)
    .findOneByOrFail({ name: 'Northfield General Hospital' });
  const [roughest] = await roughestLines(ctx.db.manager, hospital.id, 1);
  if (!roughest) return;
  const author = await ctx.db.getRepository(User).findOneByOrFail({ email: 'member@example.org' });
  const random = prng(40);
  const today = zonedDay(Date.now(), hospital.timezone);
  const first = addDays(today, -DAYS);
  const entries = ctx.db.getRepository(ClinicalData);
  const saved = await entries.save(
    Array.from({ length: PAIRS }, (_, i) => {
      const kBase = 4.2 + 0.35 * normal(random);
      const ldhBase = 185 + 30 * normal(random);
      const hiBase = Math.exp(Math.log(5) + 0.5 * normal(random));
      // A rough line: a small positive shift of potassium and LDH, more spread than by hand.
      return entries.create({
        instituteId: hospital.id,
        date: addDays(first, Math.floor((i * DAYS) / PAIRS)),
        lineId: roughest.line_id,
        potassium: round(kBase + 0.06 + 0.05 * normal(random)),
        potassiumBaseline: round(kBase),
        ldh: round(ldhBase * (1.02 + 0.015 * normal(random))),
        ldhBaseline: round(ldhBase),
        hIndex: round(hiBase + 1.5 + 0.8 * Math.abs(normal(random))),
        hIndexBaseline: round(hiBase),
      });
    }),
  );
  const studies = ctx.db.getRepository(ComparisonStudy);
  const study = await studies.save(
    studies.create({
      instituteId: hospital.id,
      name: `${roughest.line_name}: transported vs hand-carried`,
      lineIds: [roughest.line_id],
      labelIds: [],
      dateGte: first,
      dateLt: addDays(today, 1),
      confidence: 0.95,
      errorRatio: 1,
      analytes: [
        {
          analyte: 'potassium',
          criterion: { type: 'allowable_bias', scale: 'absolute', limit: 0.2 },
          decision_levels: [3.5, 5.5],
        },
        {
          analyte: 'ldh',
          criterion: { type: 'biological_variation', cvi: 8.6, cvg: 14.9, level: 'desirable' },
          decision_levels: [250],
        },
      ],
      status: 'draft',
      createdById: author.id,
      createdByName: await userName(ctx.db.manager, author.id),
    }),
  );
  const exclusions = ctx.db.getRepository(ComparisonStudyExclusion);
  await exclusions.save(
    exclusions.create({
      studyId: study.id,
      clinicalDataId: saved[7].id,
      analyte: null,
      reason: 'Visibly haemolysed on arrival; the sample was redrawn.',
      createdById: author.id,
      createdByName: study.createdByName,
    }),
  );
  ctx.log.info(`Seeded a comparison study of ${PAIRS} paired entries on ${roughest.line_name}`);
}
