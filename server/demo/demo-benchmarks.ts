import { lastEndedQuarter, quarterEdges } from '../../shared/benchmarking/quarters';
import type { AppContext } from '../app-context';
import { Institute } from '../entities/institute';
import { seedInstitute, type DemoLine } from './demo-records';

const ZONE = 'Europe/London';

/**
 * Four peer hospitals with a short (< 300 m) and a medium (300–999 m) PTS line each: with the
 * demo hospital's lines, the PTS group and its short and medium length groups have five
 * organizations each and are shown, while every make group (peers' short lines are Aerocom,
 * their medium lines Swisslog) has too few organizations or could be differenced from its
 * parent, and is withheld.
 */
const PEERS: { name: string; lines: DemoLine[] }[] = [
  { name: 'Riverside Community Hospital', lines: peerLines('Ward 3', 210, 'Ward 7', 480, 0.8) },
  { name: 'Hillcrest Medical Centre', lines: peerLines('Day Unit', 160, 'Theatres', 720, 1.3) },
  { name: 'St Brigid University Hospital', lines: peerLines('A&E', 280, 'Renal', 390, 0.6) },
  { name: 'Eastmoor District Hospital', lines: peerLines('Clinic B', 120, 'Ward 12', 860, 2.1) },
];

function peerLines(
  short: string,
  shortLength: number,
  medium: string,
  mediumLength: number,
  roughness: number,
): DemoLine[] {
  return [
    {
      name: `${short} to Laboratory`,
      roughness: roughness * 0.8,
      manufacturer: 'Aerocom',
      length: shortLength,
      perWeek: 1,
    },
    {
      name: `${medium} to Laboratory`,
      roughness,
      manufacturer: 'Swisslog',
      length: mediumLength,
      perWeek: 1,
    },
  ];
}

/**
 * Peer benchmarking's demo (peer-benchmarking.md): the demo hospital and four peer hospitals take
 * part; the peers' runs, seeded through the demo's own seeding, fall in the last quarter that has
 * ended (about 13 runs per line), so the hospital's default quarter shows three groups and
 * withholds the others. The courier does not take part (the screen's switch).
 */
export async function seedDemoBenchmarks(ctx: AppContext): Promise<void> {
  const institutes = ctx.db.getRepository(Institute);
  const { start, end } = quarterEdges(lastEndedQuarter(Date.now(), ZONE), ZONE);
  const span = { from: start.getTime(), to: end.getTime() - 1 };
  const started = Date.now();
  let seed = 101;
  for (const [index, peer] of PEERS.entries()) {
    const institute = await institutes.save(
      institutes.create({
        name: peer.name,
        metadataType: 'pts',
        relationship: 'direct',
        subscription: 'annual',
        timezone: ZONE,
        benchmarkingOptIn: true,
      }),
    );
    const vial = {
      label: `VV-5${index}01`,
      uuid: `5d0c1f4e-1b7a-4c1e-9a51-0c3b5e6f5${index}01`,
    };
    await seedInstitute(ctx, institute, peer.lines, [vial], seed++, span);
  }
  await institutes.update({ name: 'Northfield General Hospital' }, { benchmarkingOptIn: true });
  ctx.log.info(
    `Seeded ${PEERS.length} benchmarking peers in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
