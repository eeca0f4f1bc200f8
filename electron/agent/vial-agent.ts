import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { createReadStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { watch, type FSWatcher } from 'chokidar';
import type { UploadResponse } from '../../shared/api/records';
import type { Vial } from '../../shared/api/vials';
import { MAX_UPLOAD_BYTES } from '../../shared/domain/limits';
import {
  VIAL_MESSAGES,
  type UploadProgress,
  type UploadStatus,
  type VialDrive,
  type VialMessage,
  type VialRunFile,
} from '../../shared/ipc/vial-drive';
import { VialFormatError } from '../../shared/vial/errors';
import type { VialTag } from '../../shared/vial/tag';
import type { DriveSource } from './drive-source';
import { NetworkError } from './http';
import {
  MalformedAnswerError,
  SignedOutError,
  type ServerAnswer,
  type ServerClient,
} from './server-client';
import { findTagFile, listRunFiles, readTag, writeSyncTime } from './vial-volume';

export interface RetryPolicy {
  /** Retries after the first attempt, for network failures and gateway errors. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface AgentLog {
  info(message: string): void;
  error(message: string, error?: unknown): void;
}

export interface VialAgentOptions {
  source: DriveSource;
  client: ServerClient;
  /** Runs larger than this are never uploaded; the user is offered their removal instead. */
  largeFileBytes?: number;
  /** Remove runs the server reports it already holds, instead of asking (the CLI's flag). */
  removeDuplicates?: boolean;
  retry?: RetryPolicy;
  /** Quiet time after a file change on a vial before it is read again. */
  settleMs?: number;
  /** Unix seconds, for the sync time written into the tag. */
  now?: () => number;
  log?: AgentLog;
}

/** What one upload round did; `remaining` are runs still on the vial that the server lacks. */
export interface RoundResult {
  vial: string;
  uploaded: string[];
  duplicates: string[];
  remaining: string[];
}

interface AgentEvents {
  changed: [VialDrive[]];
  progress: [UploadProgress];
}

type RoundState = 'idle' | 'uploading' | 'complete' | 'error';

interface VialEntry {
  root: string;
  tagPath: string;
  tag: VialTag | null;
  tagError: VialFormatError | null;
  files: VialRunFile[];
  registered: boolean | null;
  endOfLife: boolean;
  state: RoundState;
  progress: UploadProgress | null;
  /** Messages of the last upload round. */
  roundMessages: VialMessage[];
  /** Runs whose exact content the server confirmed holding, kept on the vial by choice. */
  confirmed: Set<string>;
  dismissed: Set<string>;
  round: Promise<RoundResult> | null;
  abort: AbortController | null;
  watcher: FSWatcher | null;
  settleTimer: NodeJS.Timeout | null;
  gone: boolean;
}

/** How one run's upload ended. */
type Outcome =
  | { kind: 'stored' }
  | { kind: 'duplicate'; sha256: string }
  | { kind: 'file-error'; message: VialMessage }
  /** Nothing more can go up this round (permission, registration, server, network). */
  | { kind: 'stop'; message: VialMessage | null }
  | { kind: 'aborted' };

const DEFAULT_RETRY: RetryPolicy = { retries: 5, baseDelayMs: 1000, maxDelayMs: 30_000 };
const PROGRESS_INTERVAL_MS = 100;
const silent: AgentLog = { info: () => undefined, error: () => undefined };

/** Gateways answer these while the server restarts: as good as no answer. */
const RETRIABLE_STATUSES = new Set([502, 503, 504]);

const message = (
  id: string,
  kind: VialMessage['kind'],
  text: string,
  file?: string,
): VialMessage => ({
  id,
  kind,
  text,
  file,
  actions: kind === 'large_file' || kind === 'duplicate' ? ['remove-file', 'dismiss'] : ['dismiss'],
});

/** The server did not confirm holding the exact bytes read from the vial. */
const unconfirmed = (file: VialRunFile): Outcome => ({
  kind: 'file-error',
  message: message(
    `unconfirmed:${file.path}`,
    'server',
    `The server did not confirm the content of ${file.path}; it stays on the vial.`,
    file.path,
  ),
});

const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

/**
 * The vial agent: finds vial drives among the volumes of a DriveSource, watches their files,
 * checks their registration and uploads their runs. A run is deleted from the vial only once the
 * server confirmed storing exactly its content (same SHA-256); nothing else is ever deleted
 * unless the user asks to remove a file the vial's messages offer to remove.
 */
export class VialAgent extends EventEmitter<AgentEvents> {
  private readonly vials = new Map<string, VialEntry>();
  private readonly largeFileBytes: number;
  private readonly retry: RetryPolicy;
  private readonly log: AgentLog;
  /** Runs fully sent whose answer was lost: a later "duplicate" for them is this agent's own upload. */
  private readonly unanswered = new Set<string>();
  private unsubscribe: (() => void) | null = null;
  private scanQueue: Promise<void> = Promise.resolve();
  private queuedScan: Promise<void> | null = null;

  constructor(private readonly options: VialAgentOptions) {
    super();
    this.largeFileBytes = options.largeFileBytes ?? MAX_UPLOAD_BYTES;
    this.retry = options.retry ?? DEFAULT_RETRY;
    this.log = options.log ?? silent;
  }

  /** Starts following the drive source; resolves once the volumes present now are read. */
  async start(): Promise<void> {
    this.unsubscribe ??= this.options.source.subscribe(() => void this.refresh());
    await this.refresh();
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.scanQueue;
    await Promise.all([...this.vials.values()].map((entry) => this.detach(entry)));
  }

  list(): VialDrive[] {
    return [...this.vials.values()].map((entry) => this.present(entry));
  }

  /** Looks at the volumes again; concurrent calls share one pending scan. */
  refresh(): Promise<void> {
    this.queuedScan ??= this.scanQueue.then(async () => {
      this.queuedScan = null;
      try {
        await this.scanVolumes();
      } catch (error) {
        this.log.error('Listing the drives failed', error);
      }
    });
    this.scanQueue = this.queuedScan;
    return this.queuedScan;
  }

  private async scanVolumes(): Promise<void> {
    const found = new Map<string, string>();
    for (const volume of await this.options.source.volumes()) {
      const tagPath = await findTagFile(volume);
      if (tagPath) found.set(volume, tagPath);
    }
    for (const entry of this.vials.values()) {
      if (found.get(entry.root) !== entry.tagPath) await this.detach(entry);
    }
    for (const [root, tagPath] of found) {
      if (!this.vials.has(root)) await this.attach(root, tagPath);
    }
  }

  private async attach(root: string, tagPath: string): Promise<void> {
    const entry: VialEntry = {
      root,
      tagPath,
      tag: null,
      tagError: null,
      files: [],
      registered: null,
      endOfLife: false,
      state: 'idle',
      progress: null,
      roundMessages: [],
      confirmed: new Set(),
      dismissed: new Set(),
      round: null,
      abort: null,
      watcher: null,
      settleTimer: null,
      gone: false,
    };
    this.vials.set(root, entry);
    await this.readVial(entry);
    this.log.info(`Vial ${entry.tag?.serial ?? '(unreadable tag)'} connected at ${root}`);
    entry.watcher = watch(root, { depth: 1, ignoreInitial: true })
      .on('all', () => this.settleThenRead(entry))
      .on('error', (error) => this.log.error(`Watching ${root} failed`, error));
    this.emitChanged();
    void this.checkRegistration(entry);
  }

  private async detach(entry: VialEntry): Promise<void> {
    entry.gone = true;
    this.vials.delete(entry.root);
    entry.abort?.abort(new Error('The vial was disconnected'));
    if (entry.settleTimer) clearTimeout(entry.settleTimer);
    await entry.watcher?.close();
    this.log.info(`Vial ${entry.tag?.serial ?? entry.root} disconnected`);
    this.emitChanged();
  }

  /** Vials write runs in bursts: read the files again once they have been quiet a moment. */
  private settleThenRead(entry: VialEntry): void {
    if (entry.settleTimer) clearTimeout(entry.settleTimer);
    entry.settleTimer = setTimeout(() => {
      entry.settleTimer = null;
      if (entry.gone) return;
      void this.readVial(entry).then(() => this.emitChanged());
    }, this.options.settleMs ?? 300);
  }

  private async readVial(entry: VialEntry): Promise<void> {
    try {
      entry.tag = await readTag(entry.tagPath);
      entry.tagError = null;
    } catch (error) {
      if (!(error instanceof VialFormatError)) return; // unplugged while reading
      entry.tag = null;
      entry.tagError = error;
    }
    entry.files = await listRunFiles(entry.root);
    const present = new Set(entry.files.map((f) => f.path));
    for (const file of entry.confirmed) if (!present.has(file)) entry.confirmed.delete(file);
  }

  /** GET /v2/vials/{label}: registered (200), retired (is_deleted), unknown (404). */
  private async checkRegistration(entry: VialEntry): Promise<void> {
    if (!entry.tag) return;
    let answer: ServerAnswer<Vial>;
    try {
      answer = await this.options.client.getVial(entry.tag.serial);
    } catch (error) {
      this.log.error(`Could not check the registration of ${entry.tag.serial}`, error);
      return;
    }
    if (answer.ok) {
      entry.registered = true;
      entry.endOfLife = answer.body.is_deleted;
    } else if (answer.status === 404) {
      entry.registered = false;
      entry.endOfLife = false;
    }
    if (!entry.gone) this.emitChanged();
  }

  /** Uploads every pending run of a vial to an institute; a round already under way is joined. */
  upload(vialId: string, instituteId: number): Promise<RoundResult> {
    const entry = this.entry(vialId);
    entry.round ??= this.uploadRound(entry, instituteId).finally(() => {
      entry.round = null;
    });
    return entry.round;
  }

  /** Removes a run the vial's messages offer to remove: too large to upload, or already stored. */
  async removeFile(vialId: string, file: string): Promise<void> {
    const entry = this.entry(vialId);
    const run = entry.files.find((f) => f.path === file);
    if (!run) throw new Error(`${file} is not a run file on this vial`);
    if (!(run.size > this.largeFileBytes || entry.confirmed.has(file))) {
      throw new Error(`${file} is not stored on the server yet; it stays on the vial`);
    }
    await unlink(path.join(entry.root, run.path));
    entry.confirmed.delete(file);
    entry.roundMessages = entry.roundMessages.filter((m) => m.file !== file);
    await this.readVial(entry);
    await this.recordSyncIfEmpty(entry);
    this.emitChanged();
  }

  dismiss(vialId: string, messageId: string): void {
    this.entry(vialId).dismissed.add(messageId);
    this.emitChanged();
  }

  private entry(vialId: string): VialEntry {
    const entry = this.vials.get(vialId);
    if (!entry) throw new Error('This vial is not connected');
    return entry;
  }

  /** Runs that still have to go up: not too large, not known to be on the server. */
  private pending(entry: VialEntry): VialRunFile[] {
    return entry.files.filter((f) => f.size <= this.largeFileBytes && !entry.confirmed.has(f.path));
  }

  private async uploadRound(entry: VialEntry, instituteId: number): Promise<RoundResult> {
    const label = entry.tag?.serial ?? path.basename(entry.root);
    const result: RoundResult = { vial: label, uploaded: [], duplicates: [], remaining: [] };
    // Dismissed round messages may come back with this round; large-file answers stand.
    for (const id of entry.dismissed) if (!id.startsWith('large:')) entry.dismissed.delete(id);
    entry.roundMessages = [];
    if (entry.tag) await this.checkRegistration(entry);
    const files = this.pending(entry);
    if (!entry.tag || entry.registered === false || entry.endOfLife) {
      result.remaining = files.map((f) => f.path);
      return result;
    }
    const abort = new AbortController();
    entry.abort = abort;
    entry.state = 'uploading';
    const progress: UploadProgress = {
      vial: entry.root,
      uploadedBytes: 0,
      totalBytes: files.reduce((sum, f) => sum + f.size, 0),
      file: null,
    };
    entry.progress = progress;
    this.emitChanged();

    let failed = false;
    for (const file of files) {
      progress.file = file.path;
      const outcome = await this.uploadRun(entry, instituteId, file, progress, abort.signal);
      if (outcome.kind === 'aborted') break;
      if (outcome.kind === 'stored' || outcome.kind === 'duplicate') {
        const removeNow =
          outcome.kind === 'stored' ||
          this.options.removeDuplicates ||
          this.unanswered.delete(outcome.sha256);
        if (removeNow && (await this.removeConfirmed(entry, file))) result.uploaded.push(file.path);
        else if (removeNow) failed = true;
        else {
          entry.confirmed.add(file.path);
          result.duplicates.push(file.path);
          entry.roundMessages.push(
            message(
              `duplicate:${file.path}`,
              'duplicate',
              VIAL_MESSAGES.duplicate(file.path),
              file.path,
            ),
          );
        }
      } else {
        failed = true;
        if (outcome.message) entry.roundMessages.push(outcome.message);
        if (outcome.kind === 'stop') break;
      }
      progress.uploadedBytes = files
        .slice(0, files.indexOf(file) + 1)
        .reduce((sum, f) => sum + f.size, 0);
      this.emit('progress', { ...progress });
    }

    entry.abort = null;
    entry.progress = null;
    if (entry.gone) {
      result.remaining = this.pending(entry).map((f) => f.path);
      return result;
    }
    await this.readVial(entry);
    result.remaining = this.pending(entry).map((f) => f.path);
    failed ||= result.remaining.length > 0;
    entry.state = failed ? 'error' : 'complete';
    if (failed)
      entry.roundMessages.push(
        message('records-remain', 'records_remain', VIAL_MESSAGES.recordsRemain(label)),
      );
    await this.recordSyncIfEmpty(entry);
    this.emitChanged();
    return result;
  }

  /** Deletes a run the server confirmed; false when it could not be deleted (the vial went). */
  private async removeConfirmed(entry: VialEntry, file: VialRunFile): Promise<boolean> {
    try {
      await unlink(path.join(entry.root, file.path));
      return true;
    } catch (error) {
      this.log.error(`Could not remove ${file.path} from the vial`, error);
      return false;
    }
  }

  /** The tag records a sync only after a round that left no run on the vial. */
  private async recordSyncIfEmpty(entry: VialEntry): Promise<void> {
    if (entry.state !== 'complete' || entry.files.length > 0 || !entry.tag) return;
    const seconds = this.options.now?.() ?? Date.now() / 1000;
    try {
      await writeSyncTime(entry.tagPath, seconds);
      await this.readVial(entry);
    } catch (error) {
      this.log.error(`Could not write the sync time of ${entry.tag.serial}`, error);
    }
  }

  /** One run, retried with exponential back-off while the server cannot be reached. */
  private async uploadRun(
    entry: VialEntry,
    instituteId: number,
    file: VialRunFile,
    progress: UploadProgress,
    signal: AbortSignal,
  ): Promise<Outcome> {
    const label = entry.tag!.serial;
    const absolute = path.join(entry.root, file.path);
    const before = progress.uploadedBytes;
    let lastEmit = 0;
    let digest: string | null = null;
    const open = () => {
      digest = null;
      const hash = createHash('sha256');
      const emit = (sent: number) => {
        progress.uploadedBytes = before + sent;
        if (Date.now() - lastEmit < PROGRESS_INTERVAL_MS) return;
        lastEmit = Date.now();
        this.emit('progress', { ...progress });
      };
      return (async function* hashing() {
        let read = 0;
        for await (const chunk of createReadStream(absolute) as AsyncIterable<Buffer>) {
          hash.update(chunk);
          read += chunk.length;
          emit(read);
          yield chunk;
        }
        if (read !== file.size) throw new Error(`${file.path} changed while it was read`);
        digest = hash.digest('hex');
      })();
    };

    for (let attempt = 0; ; attempt++) {
      let answer: ServerAnswer<UploadResponse>;
      try {
        answer = await this.options.client.uploadRun({
          instituteId,
          vialUuid: entry.tag!.uuid,
          fileName: path.basename(file.path),
          size: file.size,
          open,
          signal,
        });
      } catch (error) {
        if (signal.aborted || entry.gone) return { kind: 'aborted' };
        if (error instanceof MalformedAnswerError) {
          this.log.error(error.message);
          return unconfirmed(file);
        }
        if (digest) this.unanswered.add(digest);
        if (error instanceof NetworkError) {
          if (attempt >= this.retry.retries) {
            return {
              kind: 'stop',
              message: message('connection', 'connection', VIAL_MESSAGES.connection),
            };
          }
          this.log.info(`Upload of ${file.path} interrupted (${error.message}); retrying`);
          if (!(await this.backOff(attempt, signal))) return { kind: 'aborted' };
          progress.uploadedBytes = before;
          continue;
        }
        if (error instanceof SignedOutError) {
          return { kind: 'stop', message: message('signed-out', 'server', error.message) };
        }
        // The file could not be read: the vial went away, or the run is damaged on it.
        if (!(await exists(entry.root))) return { kind: 'aborted' };
        this.log.error(`Reading ${absolute} failed`, error);
        return {
          kind: 'file-error',
          message: message(
            `unreadable:${file.path}`,
            'server',
            `${file.path} could not be read from the vial.`,
            file.path,
          ),
        };
      }
      if (RETRIABLE_STATUSES.has(answer.status) && attempt < this.retry.retries) {
        if (!(await this.backOff(attempt, signal))) return { kind: 'aborted' };
        progress.uploadedBytes = before;
        continue;
      }
      return this.interpret(entry, label, file, answer, digest);
    }
  }

  private async backOff(attempt: number, signal: AbortSignal): Promise<boolean> {
    const delay = Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** attempt);
    try {
      await sleep(delay, undefined, { signal });
      return true;
    } catch {
      return false;
    }
  }

  private interpret(
    entry: VialEntry,
    label: string,
    file: VialRunFile,
    answer: ServerAnswer<UploadResponse>,
    digest: string | null,
  ): Outcome {
    if (answer.ok) {
      // Only the exact bytes read from the vial count as stored.
      if (!digest || answer.body.sha256 !== digest) return unconfirmed(file);
      return answer.body.duplicate ? { kind: 'duplicate', sha256: digest } : { kind: 'stored' };
    }
    switch (answer.status) {
      case 403:
        return {
          kind: 'stop',
          message: message('permission', 'permission', VIAL_MESSAGES.permission),
        };
      case 404:
        entry.registered = false;
        return { kind: 'stop', message: null };
      case 410:
        entry.endOfLife = true;
        return { kind: 'stop', message: null };
      case 413:
        // The server's limit is below ours: the same question as for any file too large.
        return {
          kind: 'file-error',
          message: message(
            `large:${file.path}`,
            'large_file',
            VIAL_MESSAGES.largeFile(label),
            file.path,
          ),
        };
      case 422:
        return {
          kind: 'file-error',
          message: message(
            `rejected:${file.path}`,
            'server',
            answer.detail ?? `${file.path} was refused.`,
            file.path,
          ),
        };
      default:
        return {
          kind: 'stop',
          message: message(
            'server',
            'server',
            answer.detail ?? `Upload Error: the server answered ${answer.status}`,
          ),
        };
    }
  }

  private status(entry: VialEntry): UploadStatus {
    if (entry.tagError || entry.state === 'error') return 'error';
    if (entry.state === 'uploading') return 'uploading';
    if (this.pending(entry).length > 0) return 'ready';
    return entry.state === 'complete' ? 'complete' : 'no_data';
  }

  private present(entry: VialEntry): VialDrive {
    const label = entry.tag?.serial ?? null;
    const messages: VialMessage[] = [];
    if (entry.tagError) {
      const kind = entry.tagError.code === 'empty_serial' ? 'not_configured' : 'corrupted';
      messages.push(message('tag', kind, entry.tagError.message));
    } else if (label && entry.endOfLife) {
      messages.push(message('end-of-life', 'end_of_life', VIAL_MESSAGES.endOfLife(label)));
    } else if (label && entry.registered === false) {
      messages.push(
        message('not-registered', 'not_registered', VIAL_MESSAGES.notRegistered(label)),
      );
    }
    const name = label ?? path.basename(entry.root);
    for (const file of entry.files) {
      const id = `large:${file.path}`;
      if (file.size > this.largeFileBytes && !entry.roundMessages.some((m) => m.id === id)) {
        messages.push(message(id, 'large_file', VIAL_MESSAGES.largeFile(name), file.path));
      }
    }
    messages.push(...entry.roundMessages);
    return {
      id: entry.root,
      label,
      uuid: entry.tag?.uuid ?? null,
      datFiles: entry.files.map((f) => ({ ...f })),
      totalSize: entry.files.reduce((sum, f) => sum + f.size, 0),
      endOfLife: entry.endOfLife,
      registered: entry.registered,
      status: this.status(entry),
      progress: entry.progress && { ...entry.progress },
      messages: messages.filter((m) => !entry.dismissed.has(m.id)),
      lastSyncSeconds: entry.tag?.lastSyncSeconds ?? 0,
    };
  }

  private emitChanged(): void {
    this.emit('changed', this.list());
  }
}
