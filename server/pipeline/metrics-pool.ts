import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { VialFormatError, type VialFormatErrorCode } from '../../shared/vial/errors';
import type { MeasuredRun } from '../../shared/vial/measure';
import type { SeriesKind } from '../../shared/vial/series';

/**
 * What the pool asks a thread: a run starts, the next piece of it (`length` bytes in slot `slot`
 * of the memory the two share), its end.
 */
export type ThreadRequest =
  { type: 'start' } | { type: 'piece'; slot: number; length: number } | { type: 'end' };

/** A run measured on a thread, with its chart series as record_series stores them, by kind. */
export interface MeasuredWithSeries<Body = Buffer> extends Omit<MeasuredRun, 'series'> {
  seriesBodies: Record<SeriesKind, Body>;
}

/** Buffers do not survive the trip between threads: they arrive as their Uint8Arrays. */
export type ThreadReply =
  | { ok: true; measured?: MeasuredWithSeries<Uint8Array> }
  | { ok: false; vialError?: { code: VialFormatErrorCode; detail?: string }; message?: string };

/**
 * Pieces sent ahead of the thread's acknowledgements, each in a slot of memory the pool and the
 * thread share: enough to keep the thread busy while the next piece is read. A thread allocates
 * nothing per piece, so the memory of a job is these slots whatever the size of the run (a copy
 * per piece made each thread hold tens of MB of spent pieces until its next garbage collection).
 * A piece is as large as the blob store's reads (256 kB): in 64 kB pieces the two messages of
 * each, passed through a main thread busy with uploads, took a tenth of a thread's time.
 */
export const PIECES_IN_FLIGHT = 4;
export const PIECE_BYTES = 256 * 1024;

// Under tsx or Jest this file is TypeScript, and so is the thread's: it needs tsx's require hook.
// The built server (dist/) runs plain JavaScript.
const THREAD_SCRIPT = path.join(__dirname, `metrics-thread${path.extname(__filename)}`);
const THREAD_EXEC_ARGV = path.extname(__filename) === '.ts' ? ['--require', 'tsx/cjs'] : [];

function replyError(reply: Extract<ThreadReply, { ok: false }>): Error {
  if (reply.vialError) return new VialFormatError(reply.vialError.code, reply.vialError.detail);
  return new Error(reply.message);
}

/** The bodies as Buffers over the same memory (the database driver writes Buffers). */
function asBuffers(bodies: Record<SeriesKind, Uint8Array>): Record<SeriesKind, Buffer> {
  const entries = Object.entries(bodies).map(([kind, body]) => [
    kind,
    Buffer.from(body.buffer, body.byteOffset, body.byteLength),
  ]);
  return Object.fromEntries(entries) as Record<SeriesKind, Buffer>;
}

/** A worker thread and the replies it owes, answered in the order asked. */
class MeasuringThread {
  private readonly slots = new SharedArrayBuffer(PIECES_IN_FLIGHT * PIECE_BYTES);
  private readonly worker = new Worker(THREAD_SCRIPT, {
    execArgv: THREAD_EXEC_ARGV,
    workerData: this.slots,
  });
  /** Pieces sent so far (of every run): the next one goes to slot `sent % PIECES_IN_FLIGHT`. */
  private sent = 0;
  private readonly owed: { resolve: (reply: ThreadReply) => void; reject: (e: Error) => void }[] =
    [];
  /** Set once the thread failed or exited: it takes no more runs. */
  broken = false;

  constructor() {
    // Idle threads do not keep the process alive; close() ends them.
    this.worker.unref();
    this.worker.on('message', (reply: ThreadReply) => this.owed.shift()?.resolve(reply));
    const fail = (err: Error) => {
      this.broken = true;
      for (const { reject } of this.owed.splice(0)) reject(err);
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`The metrics thread exited (${code})`)));
  }

  private ask(request: ThreadRequest): Promise<ThreadReply> {
    return new Promise((resolve, reject) => {
      this.owed.push({ resolve, reject });
      this.worker.postMessage(request);
    });
  }

  async measure(pieces: AsyncIterable<Uint8Array>): Promise<MeasuredWithSeries> {
    const check = (reply: ThreadReply) => {
      if (!reply.ok) throw replyError(reply);
      return reply;
    };
    check(await this.ask({ type: 'start' }));
    const inFlight: Promise<ThreadReply>[] = [];
    try {
      for await (const chunk of pieces) {
        for (let at = 0; at < chunk.length; at += PIECE_BYTES) {
          // The slot's previous piece is the oldest in flight: acknowledged before it is reused.
          if (inFlight.length >= PIECES_IN_FLIGHT) check(await inFlight.shift()!);
          const piece = chunk.subarray(at, at + PIECE_BYTES);
          const slot = this.sent++ % PIECES_IN_FLIGHT;
          new Uint8Array(this.slots, slot * PIECE_BYTES, piece.length).set(piece);
          inFlight.push(this.ask({ type: 'piece', slot, length: piece.length }));
        }
      }
      for (const reply of inFlight.splice(0)) check(await reply);
    } finally {
      // Replies still owed after a refusal arrive in order before the next run's; none is left
      // unhandled.
      for (const reply of inFlight) reply.catch(() => undefined);
    }
    const { seriesBodies, ...measured } = check(await this.ask({ type: 'end' })).measured!;
    return { ...measured, seriesBodies: asBuffers(seriesBodies) };
  }

  terminate(): Promise<number> {
    return this.worker.terminate();
  }
}

/**
 * Worker threads that check and measure runs (shared/vial/measure.ts) and compute their chart
 * series, as many at once as the pool has threads: the passes are JavaScript, so they use another
 * core only on another thread. Each run is streamed through in pieces, never held whole. Threads
 * start on first use.
 */
export class MetricsPool {
  private readonly idle: MeasuringThread[] = [];
  private readonly all = new Set<MeasuringThread>();
  private readonly waiting: {
    resolve: (thread: MeasuringThread) => void;
    reject: (err: Error) => void;
  }[] = [];
  private closed = false;

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`Not a thread count: ${size}`);
  }

  async measure(pieces: AsyncIterable<Uint8Array>): Promise<MeasuredWithSeries> {
    const thread = await this.acquire();
    try {
      return await thread.measure(pieces);
    } finally {
      this.release(thread);
    }
  }

  private acquire(): Promise<MeasuringThread> {
    if (this.closed) return Promise.reject(new Error('The metrics pool is closed'));
    const thread = this.idle.pop();
    if (thread) return Promise.resolve(thread);
    if (this.all.size < this.size) {
      const started = new MeasuringThread();
      this.all.add(started);
      return Promise.resolve(started);
    }
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  private release(thread: MeasuringThread): void {
    if (thread.broken || this.closed) {
      this.all.delete(thread);
      void thread.terminate();
      // A run waiting for a thread gets a fresh one in its place.
      const next = this.waiting.shift();
      if (next) {
        const started = new MeasuringThread();
        this.all.add(started);
        next.resolve(started);
      }
      return;
    }
    const next = this.waiting.shift();
    if (next) next.resolve(thread);
    else this.idle.push(thread);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.idle.length = 0;
    for (const { reject } of this.waiting.splice(0))
      reject(new Error('The metrics pool is closed'));
    await Promise.all([...this.all].map((thread) => thread.terminate()));
    this.all.clear();
  }
}
