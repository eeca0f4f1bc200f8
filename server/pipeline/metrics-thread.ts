import { parentPort, workerData } from 'node:worker_threads';
import { VialFormatError } from '../../shared/vial/errors';
import { RunMeasurer } from '../../shared/vial/measure';
import { freezePrototypes } from '../../shared/runtime/freeze-prototypes';
import { PIECE_BYTES, type ThreadReply, type ThreadRequest } from './metrics-pool';

/**
 * One thread of the MetricsPool: measures the run it is streamed, one at a time. Every request
 * gets exactly one reply, in order; after a refused piece the run's later pieces are only
 * acknowledged with the same refusal.
 */
const slots = workerData as SharedArrayBuffer;
let measurer = new RunMeasurer();
let refusal: ThreadReply | undefined;

function refusalOf(err: unknown): ThreadReply {
  if (err instanceof VialFormatError) {
    return { ok: false, vialError: { code: err.code, detail: err.detail } };
  }
  return { ok: false, message: err instanceof Error ? err.message : String(err) };
}

function answer(request: ThreadRequest): ThreadReply {
  if (request.type === 'start') {
    measurer = new RunMeasurer();
    refusal = undefined;
    return { ok: true };
  }
  if (refusal) return refusal;
  try {
    if (request.type === 'piece') {
      measurer.push(new Uint8Array(slots, request.slot * PIECE_BYTES, request.length));
      return { ok: true };
    }
    return { ok: true, measured: measurer.finish() };
  } catch (err) {
    refusal = refusalOf(err);
    return refusal;
  }
}

freezePrototypes();
parentPort!.on('message', (request: ThreadRequest) => parentPort!.postMessage(answer(request)));
