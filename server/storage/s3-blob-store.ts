import fs from 'node:fs';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  BlobMissingError,
  blobKey,
  checkRecordName,
  LocalStaging,
  RecordExistsError,
  RecordMissingError,
  putThroughStaging,
  type BlobStore,
  type StagedBlob,
} from './blob-store';

export interface S3BlobStoreOptions {
  bucket: string;
  /** Key prefix inside the bucket ('' or ending in '/'). */
  prefix: string;
  /** A local folder uploads are received into before they are published to the bucket. */
  stagingDir: string;
  client: S3Client;
}

/** Where the bucket is: S3_ENDPOINT for S3-compatible stores (MinIO, Ceph …), else AWS. */
export interface S3Location {
  endpoint: string | undefined;
  region: string;
}

/**
 * An S3 client for the bucket. Credentials come from the SDK's standard chain
 * (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, AWS_PROFILE, instance roles …); a custom endpoint
 * is addressed path-style, as most S3-compatible servers expect.
 */
export function s3Client(location: S3Location, extra: Partial<S3ClientConfig> = {}): S3Client {
  return new S3Client({
    region: location.region,
    ...(location.endpoint && { endpoint: location.endpoint, forcePathStyle: true }),
    ...extra,
  });
}

/** Multipart parts of 8 MiB, two in flight: constant memory for any file size. */
const PART_SIZE = 8 * 1024 * 1024;

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Blobs in an S3 bucket under `<prefix>ab/cd/<sha256>`. Uploads are staged in a local folder and
 * streamed to the bucket (multipart) only when committed, so a refused or interrupted upload never
 * leaves anything in the bucket.
 */
export class S3BlobStore implements BlobStore {
  readonly staging: LocalStaging;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(options: S3BlobStoreOptions) {
    this.staging = new LocalStaging(options.stagingDir);
    this.client = options.client;
    this.bucket = options.bucket;
    this.prefix = options.prefix;
  }

  /** Fails with a clear message when the bucket cannot be reached (start-up). */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const reason = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      throw new Error(`The S3 bucket "${this.bucket}" cannot be reached (${reason})`);
    }
  }

  private key(sha256: string): string {
    return this.prefix + blobKey(sha256);
  }

  stage(): StagedBlob {
    return this.staging.stage(async (file, sha256, size) => {
      if (await this.exists(sha256)) return false;
      const upload = new Upload({
        client: this.client,
        params: {
          Bucket: this.bucket,
          Key: this.key(sha256),
          Body: fs.createReadStream(file),
          ContentLength: size,
          ContentType: 'application/octet-stream',
        },
        partSize: PART_SIZE,
        queueSize: 2,
        leavePartsOnError: false,
      });
      await upload.done();
      return true;
    });
  }

  put(bytes: Buffer) {
    return putThroughStaging(this, bytes);
  }

  async stream(sha256: string): Promise<Readable> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.key(sha256) }),
      );
      if (!(answer.Body instanceof Readable)) throw new Error('S3 answered without a body');
      return answer.Body;
    } catch (err) {
      throw notFound(err) ? new BlobMissingError(sha256) : err;
    }
  }

  /** The body's own chunks: the SDK reads each into a buffer of its own. */
  pieces(sha256: string): Promise<AsyncIterable<Uint8Array>> {
    return this.stream(sha256);
  }

  async read(sha256: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.stream(sha256)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async exists(sha256: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(sha256) }));
      return true;
    } catch (err) {
      if (notFound(err)) return false;
      throw err;
    }
  }

  async remove(sha256: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(sha256) }));
  }

  sweepStaging(maxAgeMs: number): Promise<number> {
    return this.staging.sweep(maxAgeMs);
  }

  private recordKey(name: string): string {
    return `${this.prefix}records/${checkRecordName(name)}`;
  }

  /**
   * `If-None-Match: *`: the bucket refuses to replace an object (AWS S3 and most compatible
   * stores); with Object Lock on the bucket no one can remove or replace it for its retention.
   */
  async writeRecord(name: string, bytes: Buffer): Promise<void> {
    // Asked first as well, for stores that ignore If-None-Match (then two writers of one name at
    // the same moment could both write: names carry a random part for that).
    if (await this.recordExists(name)) throw new RecordExistsError(name);
    const put = (onlyNew: boolean) =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.recordKey(name),
          Body: bytes,
          ContentType: 'application/json',
          ...(onlyNew && { IfNoneMatch: '*' }),
        }),
      );
    try {
      await put(true);
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 412) throw new RecordExistsError(name);
      // A store that does not implement conditional writes: the question above has to do.
      if (status === 501) await put(false);
      else throw err;
    }
  }

  private async recordExists(name: string): Promise<boolean> {
    try {
      await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.recordKey(name) }),
      );
      return true;
    } catch (err) {
      if (notFound(err)) return false;
      throw err;
    }
  }

  async listRecords(prefix: string): Promise<string[]> {
    const under = `${this.prefix}records/`;
    const names: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: under + prefix,
          ContinuationToken: token,
        }),
      );
      names.push(...(page.Contents ?? []).map((o) => o.Key!.slice(under.length)));
      token = page.NextContinuationToken;
    } while (token);
    return names.sort();
  }

  async readRecord(name: string): Promise<Buffer> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.recordKey(name) }),
      );
      return Buffer.from(await answer.Body!.transformToByteArray());
    } catch (err) {
      throw notFound(err) ? new RecordMissingError(name) : err;
    }
  }

  destroy(): void {
    this.client.destroy();
  }
}
