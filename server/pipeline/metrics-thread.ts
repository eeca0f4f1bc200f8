import { parentPort, workerData } from 'node:worker_threads';
import { VialFormatError } from '../../shared/vial/errors';
import type { SeriesKind } from '../../shared/vial/series';
import { RunMeasurer } from '../../shared/vial/measure';
import { exposedCollection } from '../runtime/exposed-gc';
import { freezePrototypes } from '../../shared/runtime/freeze-prototypes';
import { compressChartSeries } from '../domain/records/series-body';
import { PIECE_BYTES, type ThreadReply, type ThreadRequest } from './metrics-pool';

/**
 * One thread of the MetricsPool: measures the run it is streamed, one at a time, and computes and
 * compresses its chart series in the same pass. Every request gets exactly one reply, in order;
 * after a refused piece the run's later pieces are only acknowledged with the same refusal.
 */
const slots = workerData as SharedArrayBuffer;
const newMeasurer = () => new RunMeasurer({ chartSeries: true });
let measurer = newMeasurer();
let refusal: ThreadReply | undefined;
/**
 * Asked for once each run has been answered: a run leaves only garbage behind (its series, their
 * JSON and gzip buffers), which V8 otherwise keeps for several runs, so a thread's memory grew
 * with the runs it measured in a row (10 each of 20 runs at once: some 8 MB per thread). The
 * thread's heap is small (some 12 MB live): the collection is short beside a run's half second.
 */
const collectRunGarbage = exposedCollection('major');

function refusalOf(err: unknown): ThreadReply {
  if (err instanceof VialFormatError) {
    return { ok: false, vialError: { code: err.code, detail: err.detail } };
  }
  return { ok: false, message: err instanceof Error ? err.message : String(err) };
}

/**
 * Each body copied into an ArrayBuffer of its own, which the reply hands over instead of copying:
 * zlib's small results may lie in Node's shared pool, which must not be handed over.
 */
function ownBuffers(bodies: Record<SeriesKind, Buffer>): Record<SeriesKind, Uint8Array> {
  const entries = Object.entries(bodies).map(([kind, body]) => [kind, new Uint8Array(body)]);
  return Object.fromEntries(entries) as Record<SeriesKind, Uint8Array>;
}

function answer(request: ThreadRequest): ThreadReply {
  if (request.type === 'start') {
    measurer = newMeasurer();
    refusal = undefined;
    return { ok: true };
  }
  if (refusal) return refusal;
  try {
    if (request.type === 'piece') {
      measurer.push(new Uint8Array(slots, request.slot * PIECE_BYTES, request.length));
      return { ok: true };
    }
    const { series, ...measured } = measurer.finish();
    const seriesBodies = ownBuffers(compressChartSeries(series!));
    return { ok: true, measured: { ...measured, seriesBodies } };
  } catch (err) {
    refusal = refusalOf(err);
    return refusal;
  }
}

freezePrototypes();
parentPort!.on('message', (request: ThreadRequest) => {
  const reply = answer(request);
  const bodies = reply.ok && reply.measured ? Object.values(reply.measured.seriesBodies) : [];
  parentPort!.postMessage(
    reply,
    bodies.map((body) => body.buffer as ArrayBuffer),
  );
  if (request.type === 'end') collectRunGarbage?.();
});
