/**
 * The bridge's MLLP listener (lab-feed.md section 1): each connection's frames handled one at a
 * time, in order (the socket is paused from a frame's end until its ACK is written), connections
 * in parallel, at most `maxConnections` (one more is closed at once). Each frame's ACK is the
 * server's, passed back as it came (already in the message's character set), or the bridge's own
 * AR (`too_large`, `unavailable`, `refused`) built from the message's MSH. One JSON log line per
 * message: time, MSH-10, MSA-1, reason, ms; never its content.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import {
  ackId,
  ackOutcome,
  bridgeError,
  buildAck,
  encodeAck,
  readAckHeader,
  type BridgeReason,
} from '../../shared/lab-feed/ack';
import { LAB_FEED_HL7_BYTES_MAX } from '../../shared/domain/lab-feed';
import type { BridgeConfig } from './config';
import { deliver, type ForwardDeps } from './forward';
import { frame, MllpReader, type MllpFrame } from './mllp';

export interface LogLine {
  time: string;
  control_id: string;
  msa: string;
  reason: string;
  ms: number;
}

export interface BridgeDeps extends ForwardDeps {
  config: BridgeConfig;
  log: (line: LogLine) => void;
  /** The wall clock of the log lines and the bridge's ACKs. */
  date: () => Date;
}

/** The bridge's own AR for a frame (its MSH read from its first bytes), the reason logged. */
function bridgeAck(deps: BridgeDeps, bytes: Buffer, reason: BridgeReason, detail?: string) {
  const header = readAckHeader(bytes);
  const now = deps.date();
  const text = buildAck(
    header,
    'AR',
    [bridgeError(reason, detail)],
    now,
    ackId(now, randomBytes(3).toString('hex')),
  );
  return {
    ack: Buffer.from(encodeAck(text, header?.latin1 ?? false)),
    controlId: header?.controlId ?? '',
    reason,
  };
}

/** A frame's ACK, with its log line written. */
export async function handleFrame(deps: BridgeDeps, received: MllpFrame): Promise<Buffer> {
  const started = deps.clock.now();
  let result: { ack: Buffer; controlId: string; reason: string };
  if (received.kind === 'too_large') {
    result = bridgeAck(deps, received.head, 'too_large');
  } else {
    const delivery = await deliver(received.bytes, deps, started);
    if (delivery.kind === 'ack') {
      result = {
        ack: delivery.body,
        controlId: readAckHeader(received.bytes)?.controlId ?? '',
        reason: ackOutcome(delivery.body.toString('latin1')).reason,
      };
    } else {
      const detail = delivery.kind === 'unavailable' ? delivery.why : String(delivery.status);
      result = bridgeAck(deps, received.bytes, delivery.kind, detail);
    }
  }
  deps.log({
    time: deps.date().toISOString(),
    control_id: result.controlId,
    msa: ackOutcome(result.ack.toString('latin1')).code,
    reason: result.reason,
    ms: Math.round(deps.clock.now() - started),
  });
  return result.ack;
}

export interface RunningBridge {
  address: net.AddressInfo;
  /** Stops accepting, finishes the frames under way (their ACKs written), closes every connection. */
  close(): Promise<void>;
}

export async function startBridge(deps: BridgeDeps): Promise<RunningBridge> {
  const connections = new Set<net.Socket>();
  const idle = new Set<net.Socket>();
  let closing = false;

  const serve = (socket: net.Socket) => {
    if (closing || connections.size >= deps.config.maxConnections) {
      socket.destroy();
      return;
    }
    connections.add(socket);
    idle.add(socket);
    socket.setNoDelay(true);
    const reader = new MllpReader(LAB_FEED_HL7_BYTES_MAX);
    const queue: MllpFrame[] = [];
    let busy = false;
    const drain = async () => {
      busy = true;
      idle.delete(socket);
      socket.pause();
      try {
        while (queue.length > 0 && !socket.destroyed) {
          const ack = await handleFrame(deps, queue.shift()!);
          if (socket.destroyed) break; // the LIS left: it sends the message again
          await new Promise<void>((resolve) => socket.write(frame(ack), () => resolve()));
        }
      } catch {
        // An unexpected failure: no ACK; the connection closes and the LIS sends it again.
        socket.destroy();
      }
      busy = false;
      idle.add(socket);
      if (closing) socket.destroy();
      else socket.resume();
    };
    socket.on('data', (chunk: Buffer) => {
      queue.push(...reader.push(chunk));
      if (queue.length > 0 && !busy) void drain();
    });
    socket.on('error', () => undefined); // a reset connection: 'close' follows
    socket.on('close', () => {
      connections.delete(socket);
      idle.delete(socket);
      // A frame cut off by the closed connection is dropped, never acknowledged.
    });
  };

  const server = net.createServer(serve);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(deps.config.port, deps.config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    address: server.address() as net.AddressInfo,
    async close() {
      closing = true;
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of idle) socket.destroy();
      await stopped;
    },
  };
}
