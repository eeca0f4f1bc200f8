import type { DataSource } from 'typeorm';
import type { Logger } from '../../app-context';
import type { BlobStore } from '../../storage/blob-store';
import { writeCheckpoint } from './checkpoint';
import { sealAuditTrail } from './seal';

/** How often a running server seals what has been written: the window an entry stays unsealed. */
export const SEAL_EVERY_MS = 5_000;
/** A checkpoint at least this often (and one as the server stops). */
export const CHECKPOINT_EVERY_MS = 60 * 60 * 1000;
/** A checkpoint that failed (the blob store unreachable) is tried again this much later. */
const CHECKPOINT_RETRY_MS = 60 * 1000;

export interface AuditKeeperParts {
  /** Seals every unsealed entry; answers how many. */
  seal: () => Promise<number>;
  /** Writes a checkpoint of the sealed heads; answers the chains that went back (none, normally). */
  checkpoint: (at: Date) => Promise<number[]>;
  now: () => number;
  log: Logger;
}

/**
 * Keeps a running server's audit trail sealed and checkpointed: `tick` seals, and writes a
 * checkpoint once the last one is an hour old; `stop` seals and writes a last checkpoint. The
 * clock is injected: tests drive `tick` with theirs, never the interval `start` sets.
 */
export class AuditKeeper {
  private lastCheckpoint: number;
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly parts: AuditKeeperParts) {
    this.lastCheckpoint = parts.now();
  }

  /** One round; a round already under way is joined, not doubled. */
  tick(): Promise<void> {
    this.running ??= this.round().finally(() => (this.running = undefined));
    return this.running;
  }

  private async round(): Promise<void> {
    try {
      await this.parts.seal();
    } catch (err) {
      this.parts.log.error('Could not seal the audit trail', err);
      return;
    }
    const now = this.parts.now();
    if (now - this.lastCheckpoint >= CHECKPOINT_EVERY_MS) await this.checkpoint(now);
  }

  private async checkpoint(now: number): Promise<void> {
    try {
      const behind = await this.parts.checkpoint(new Date(now));
      this.lastCheckpoint = now;
      if (behind.length) {
        this.parts.log.error(
          `The audit trail no longer reaches its last checkpoint in chain(s) ${behind.join(', ')}: run npm run audit:verify`,
        );
      }
    } catch (err) {
      this.lastCheckpoint = now - CHECKPOINT_EVERY_MS + CHECKPOINT_RETRY_MS;
      this.parts.log.error('Could not write the audit checkpoint', err);
    }
  }

  /** Ticks every `everyMs` until `stop`; the timer keeps no process alive. */
  start(everyMs = SEAL_EVERY_MS): void {
    this.timer = setInterval(() => void this.tick(), everyMs);
    this.timer.unref();
  }

  /** Stops ticking, then seals what is left and writes a checkpoint (a failure is logged). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
    try {
      await this.parts.seal();
    } catch (err) {
      this.parts.log.error('Could not seal the audit trail', err);
    }
    await this.checkpoint(this.parts.now());
  }
}

/** The keeper of a server: its database, blob store, AUDIT_KEY and log. */
export function auditKeeper(ctx: {
  db: DataSource;
  blobs: BlobStore;
  key: Buffer;
  log: Logger;
  now?: () => number;
}): AuditKeeper {
  return new AuditKeeper({
    seal: () => sealAuditTrail(ctx.db, ctx.key),
    checkpoint: async (at) => (await writeCheckpoint(ctx.db, ctx.blobs, ctx.key, at)).behind,
    now: ctx.now ?? Date.now,
    log: ctx.log,
  });
}
