import { gunzipSync } from 'node:zlib';
import { parseRun } from '../../shared/vial/dat';
import { VialFormatError } from '../../shared/vial/errors';
import { computeMetrics } from '../../shared/vial/metrics';
import { chartSeries, SERIES_KINDS, seriesOfKind } from '../../shared/vial/series';
import { expected, readFixture } from '../../shared/vial/testing/fixtures';
import { MetricsPool } from './metrics-pool';

const fixture = (name: keyof typeof expected.records) => readFixture(expected.records[name].file);

async function* inPieces(bytes: Uint8Array, size = 10_000): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

let pool: MetricsPool;
beforeAll(() => {
  pool = new MetricsPool(2);
});
afterAll(() => pool.close());

it('measures a streamed run on a thread exactly as computeMetrics does in memory', async () => {
  for (const name of ['pts-typical', 'frozen'] as const) {
    const bytes = fixture(name);
    const measured = await pool.measure(inPieces(bytes));
    expect(measured.header).toEqual(parseRun(bytes).header);
    expect(measured.metrics).toEqual(computeMetrics(parseRun(bytes)));
  }
});

it('computes and compresses the chart series in the same pass, as chartSeries does in memory', async () => {
  const bytes = fixture('pts-typical');
  const { seriesBodies } = await pool.measure(inPieces(bytes));
  const all = chartSeries(parseRun(bytes));
  for (const kind of SERIES_KINDS) {
    expect(Buffer.isBuffer(seriesBodies[kind])).toBe(true);
    expect(gunzipSync(seriesBodies[kind]).toString()).toBe(JSON.stringify(seriesOfKind(all, kind)));
  }
});

it('refuses a damaged run with the same error as parsing it, and measures the next', async () => {
  const bytes = Buffer.from(fixture('pts-smooth'));
  bytes[bytes.length - 1] ^= 0xff;
  const refused = pool.measure(inPieces(bytes));
  await expect(refused).rejects.toBeInstanceOf(VialFormatError);
  await expect(refused).rejects.toMatchObject({ code: 'crc_mismatch' });
  // An overlong file is refused mid-stream: the pieces still owed drain before the next run.
  const overlong = Buffer.concat([fixture('pts-smooth'), Buffer.alloc(200_000)]);
  await expect(pool.measure(inPieces(overlong, 1000))).rejects.toMatchObject({
    code: 'length_mismatch',
  });
  const good = fixture('pts-smooth');
  expect((await pool.measure(inPieces(good))).metrics).toEqual(computeMetrics(parseRun(good)));
});

it('measures two runs at once, one on each thread', async () => {
  const first = fixture('pts-typical');
  const second = fixture('refrigerated');
  let secondDone!: () => void;
  const secondMeasured = new Promise<void>((resolve) => (secondDone = resolve));
  // The first run's last piece arrives only once the second run is measured: with one thread the
  // second would wait behind the first for ever.
  async function* firstPieces(): AsyncGenerator<Uint8Array> {
    yield first.subarray(0, 1000);
    await secondMeasured;
    yield first.subarray(1000);
  }
  const firstMeasure = pool.measure(firstPieces());
  const secondMeasure = pool.measure(inPieces(second)).finally(secondDone);
  const [a, b] = await Promise.all([firstMeasure, secondMeasure]);
  expect(a.metrics).toEqual(computeMetrics(parseRun(first)));
  expect(b.metrics).toEqual(computeMetrics(parseRun(second)));
});
