/**
 * MLLP framing (lab-feed.md section 1): a frame is `0x0B` message `0x1C 0x0D`. Bytes outside
 * frames are dropped; a `0x0B` inside a frame starts it again (the unfinished one is dropped: an
 * HL7 message never holds one); a frame over `maxBytes` is not kept, only its first bytes (its
 * MSH, for the AR `too_large`). Our own reader rather than @medplum/hl7's Hl7Connection, which
 * decodes every frame to text in one fixed encoding and parses it, has no size limit and reads on
 * while a message is under way: the bridge forwards the bytes unchanged, one frame at a time.
 */
import { HEADER_BYTES_MAX } from '../../shared/lab-feed/ack';

export const VT = 0x0b;
export const FS = 0x1c;
export const CR = 0x0d;

export type MllpFrame = { kind: 'frame'; bytes: Buffer } | { kind: 'too_large'; head: Buffer };

/** An ACK (or any message) in a frame. */
export const frame = (message: Uint8Array): Buffer =>
  Buffer.concat([Buffer.of(VT), message, Buffer.of(FS, CR)]);

export class MllpReader {
  private inside = false;
  private tooLarge = false;
  private chunks: Buffer[] = [];
  private size = 0;
  private head: Buffer = Buffer.alloc(0);
  /** The previous chunk ended with `0x1C`: the frame ends if this one starts with `0x0D`. */
  private pendingFs = false;

  constructor(private readonly maxBytes: number) {}

  /** Whether a frame has begun and not ended (cut off, if the connection closes now). */
  get partial(): boolean {
    return this.inside;
  }

  /** The frames a chunk completes, in order. */
  push(chunk: Buffer): MllpFrame[] {
    const out: MllpFrame[] = [];
    let pos = 0;
    while (pos < chunk.length) {
      if (!this.inside) {
        const start = chunk.indexOf(VT, pos);
        if (start < 0) break; // bytes outside frames: dropped
        this.begin();
        pos = start + 1;
        continue;
      }
      if (this.pendingFs) {
        this.pendingFs = false;
        if (chunk[pos] === CR) {
          out.push(this.end());
          pos += 1;
          continue;
        }
        this.append(Buffer.of(FS));
      }
      const fs = chunk.indexOf(FS, pos);
      const vt = chunk.indexOf(VT, pos);
      if (vt >= 0 && (fs < 0 || vt < fs)) {
        this.begin(); // a new start block: the unfinished frame is dropped
        pos = vt + 1;
        continue;
      }
      if (fs < 0) {
        this.append(chunk.subarray(pos));
        break;
      }
      this.append(chunk.subarray(pos, fs));
      if (fs + 1 === chunk.length) {
        this.pendingFs = true;
        break;
      }
      if (chunk[fs + 1] === CR) {
        out.push(this.end());
        pos = fs + 2;
      } else {
        this.append(chunk.subarray(fs, fs + 1));
        pos = fs + 1;
      }
    }
    return out;
  }

  private begin(): void {
    this.inside = true;
    this.tooLarge = false;
    this.chunks = [];
    this.size = 0;
    this.head = Buffer.alloc(0);
    this.pendingFs = false;
  }

  private append(bytes: Buffer): void {
    if (bytes.length === 0) return;
    if (this.head.length < HEADER_BYTES_MAX)
      this.head = Buffer.concat([
        this.head,
        bytes.subarray(0, HEADER_BYTES_MAX - this.head.length),
      ]);
    if (this.tooLarge) return;
    this.size += bytes.length;
    if (this.size > this.maxBytes) {
      this.tooLarge = true;
      this.chunks = [];
      return;
    }
    // A copy: the socket's chunk is not ours to keep.
    this.chunks.push(Buffer.from(bytes));
  }

  private end(): MllpFrame {
    this.inside = false;
    const done: MllpFrame = this.tooLarge
      ? { kind: 'too_large', head: this.head }
      : { kind: 'frame', bytes: Buffer.concat(this.chunks, this.size) };
    this.chunks = [];
    this.size = 0;
    this.head = Buffer.alloc(0);
    return done;
  }
}
