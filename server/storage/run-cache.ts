import { parseRun, type Run } from '../../shared/vial/dat';
import type { BlobStore } from './blob-store';

/** Parsed runs of the last few records opened, so switching chart tabs does not re-read files. */
export class RunCache {
  private readonly runs = new Map<string, Run>();

  constructor(
    private readonly blobs: BlobStore,
    private readonly capacity = 4,
  ) {}

  async get(sha256: string): Promise<Run> {
    const cached = this.runs.get(sha256);
    if (cached) {
      this.runs.delete(sha256);
      this.runs.set(sha256, cached);
      return cached;
    }
    const run = parseRun(await this.blobs.read(sha256));
    this.runs.set(sha256, run);
    if (this.runs.size > this.capacity) this.runs.delete(this.runs.keys().next().value!);
    return run;
  }

  clear(): void {
    this.runs.clear();
  }
}
