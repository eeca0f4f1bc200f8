import net from 'node:net';

export interface ProxyOptions {
  /** Cut the first connection that has sent this many request bytes (once). */
  cutAfterBytes?: number;
  /** Throttle request bytes to about this rate, to keep an upload in flight. */
  bytesPerSecond?: number;
}

/** A loopback TCP proxy in front of the test server that can cut or slow an upload. */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  cuts = 0;

  constructor(
    private readonly target: URL,
    private readonly options: ProxyOptions = {},
  ) {}

  async start(): Promise<string> {
    let cutPending = this.options.cutAfterBytes !== undefined;
    this.server = net.createServer((client) => {
      const upstream = net.connect(Number(this.target.port), this.target.hostname);
      this.sockets.add(client).add(upstream);
      let sent = 0;
      client.on('data', (chunk: Buffer) => {
        sent += chunk.length;
        if (cutPending && sent >= this.options.cutAfterBytes!) {
          cutPending = false;
          this.cuts++;
          client.destroy();
          upstream.destroy();
          return;
        }
        if (!upstream.write(chunk)) client.pause();
        const rate = this.options.bytesPerSecond;
        if (rate) {
          client.pause();
          setTimeout(() => client.resume(), (1000 * chunk.length) / rate);
        }
      });
      upstream.on('drain', () => client.resume());
      upstream.pipe(client);
      const close = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', close).on('close', close);
      upstream.on('error', close).on('close', close);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as net.AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
