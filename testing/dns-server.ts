import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';

/**
 * A tiny authoritative DNS server on UDP loopback for the tests (RFC 1035): it answers TXT
 * questions from a table the test fills (`txt(name, …records)`), NXDOMAIN for a name it does not
 * know, and an empty answer for another type of question. The server under test asks it through
 * node:dns's Resolver (SSO_DNS_SERVERS = `address`), as it would ask a real one.
 */
export interface TestDnsServer {
  /** `127.0.0.1:{port}`, for SSO_DNS_SERVERS. */
  address: string;
  /** Publishes TXT records at `name` (replacing any); none: the name exists without them. */
  txt(name: string, ...records: string[]): void;
  /** Forgets `name`: it answers NXDOMAIN again. */
  remove(name: string): void;
  /** The names asked so far, lower case, in order. */
  asked: string[];
  stop(): Promise<void>;
}

const TXT = 16;
const NXDOMAIN = 3;

/** The question's name and where the question section ends. */
function readQuestion(query: Buffer): { name: string; end: number; type: number } {
  const labels: string[] = [];
  let at = 12;
  while (query[at] !== 0) {
    const length = query[at];
    labels.push(query.subarray(at + 1, at + 1 + length).toString('ascii'));
    at += 1 + length;
  }
  const type = query.readUInt16BE(at + 1);
  return { name: labels.join('.').toLowerCase(), end: at + 5, type };
}

/** One TXT record's RDATA: its text in strings of at most 255 bytes, each with its length. */
function txtData(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length || at === 0; at += 255) {
    const chunk = bytes.subarray(at, at + 255);
    parts.push(Buffer.from([chunk.length]), chunk);
    if (bytes.length === 0) break;
  }
  return Buffer.concat(parts);
}

function answer(query: Buffer, table: Map<string, string[]>): Buffer {
  const { name, end, type } = readQuestion(query);
  const records = table.get(name);
  const answers = records && type === TXT ? records : [];
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  const recursionDesired = query[2] & 0x01;
  header[2] = 0x84 | recursionDesired; // a response, authoritative
  header[3] = 0x80 | (records ? 0 : NXDOMAIN); // recursion available, the answer's code
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers.length, 6);
  const rrs = answers.map((text) => {
    const data = txtData(text);
    const rr = Buffer.alloc(12);
    rr.writeUInt16BE(0xc00c, 0); // the question's name
    rr.writeUInt16BE(TXT, 2);
    rr.writeUInt16BE(1, 4); // IN
    rr.writeUInt32BE(60, 6);
    rr.writeUInt16BE(data.length, 10);
    return Buffer.concat([rr, data]);
  });
  return Buffer.concat([header, query.subarray(12, end), ...rrs]);
}

export async function startDnsServer(): Promise<TestDnsServer> {
  const table = new Map<string, string[]>();
  const asked: string[] = [];
  const socket = dgram.createSocket('udp4');
  socket.on('message', (query, peer) => {
    try {
      asked.push(readQuestion(query).name);
      socket.send(answer(query, table), peer.port, peer.address);
    } catch {
      // A malformed question gets no answer.
    }
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    txt: (name, ...records) => table.set(name.toLowerCase(), records),
    remove: (name) => table.delete(name.toLowerCase()),
    asked,
    stop: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
