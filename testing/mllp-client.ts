import net from 'node:net';
import { MllpReader, frame } from '../server/lab-feed-bridge/mllp';

/**
 * An LIS's side of an MLLP connection, for the bridge's tests and bench: sends a frame (or any
 * bytes) and waits for the next ACK frame; `closed` resolves when the bridge closes the connection.
 */
export class MllpClient {
  private readonly reader = new MllpReader(16 * 1024 * 1024);
  private readonly acks: Buffer[] = [];
  private waiting: ((ack: Buffer) => void)[] = [];
  readonly closed: Promise<void>;

  private constructor(readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      for (const got of this.reader.push(chunk)) {
        if (got.kind !== 'frame') continue;
        const next = this.waiting.shift();
        if (next) next(got.bytes);
        else this.acks.push(got.bytes);
      }
    });
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
  }

  static connect(port: number, host = '127.0.0.1'): Promise<MllpClient> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, host, () => {
        socket.off('error', reject);
        resolve(new MllpClient(socket));
      });
      socket.once('error', reject);
    });
  }

  /** Writes bytes as they are (no framing). */
  write(bytes: Uint8Array): Promise<void> {
    return new Promise((resolve, reject) =>
      this.socket.write(bytes, (error) => (error ? reject(error) : resolve())),
    );
  }

  /** The next ACK the bridge sends; rejects if the connection closes first. */
  nextAck(): Promise<Buffer> {
    const ready = this.acks.shift();
    if (ready) return Promise.resolve(ready);
    return new Promise((resolve, reject) => {
      this.waiting.push(resolve);
      void this.closed.then(() => reject(new Error('the bridge closed the connection')));
    });
  }

  /** Sends one message in a frame and answers its ACK. */
  async send(message: string | Uint8Array): Promise<Buffer> {
    const bytes = typeof message === 'string' ? Buffer.from(message, 'utf8') : message;
    await this.write(frame(bytes));
    return this.nextAck();
  }

  close(): void {
    this.socket.destroy();
  }
}

/** An ACK's segments as text (ISO-8859-1 read, so every byte stays one character). */
export const ackSegments = (ack: Buffer) =>
  ack
    .toString('latin1')
    .split('\r')
    .filter((segment) => segment !== '');
