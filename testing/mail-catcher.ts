import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string;
  subject: string;
  body: string;
  /** Every header, by its lower-case name (folded lines joined). */
  headers: Record<string, string>;
}

/**
 * A real SMTP listener on loopback that keeps what it receives, so tests read the e-mails the
 * server really sent. Only the few headers the tests need are parsed.
 */
export class MailCatcher {
  readonly messages: CaughtMail[] = [];
  private server: SMTPServer | undefined;
  private waiting: { test: (m: CaughtMail) => boolean; resolve: (m: CaughtMail) => void }[] = [];
  port = 0;

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, _session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const message = parse(Buffer.concat(chunks).toString('utf8'));
          this.messages.push(message);
          callback();
          for (const w of this.waiting.filter((w) => w.test(message))) w.resolve(message);
          this.waiting = this.waiting.filter((w) => !w.test(message));
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.server.address() as { port: number }).port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}/?ignoreTLS=true`;
  }

  /** The newest message to an address. */
  lastTo(address: string): CaughtMail | undefined {
    return [...this.messages].reverse().find((m) => m.to.includes(address));
  }

  /**
   * The first message to an address (that `test` accepts) among those caught already or, if none
   * is, the next one to arrive: the test awaits the e-mail itself, not a timer.
   */
  next(address: string, test: (m: CaughtMail) => boolean = () => true): Promise<CaughtMail> {
    const fits = (m: CaughtMail) => m.to.includes(address) && test(m);
    const caught = this.messages.find(fits);
    if (caught) return Promise.resolve(caught);
    return new Promise((resolve) => this.waiting.push({ test: fits, resolve }));
  }

  /** The messages to an address. */
  to(address: string): CaughtMail[] {
    return this.messages.filter((m) => m.to.includes(address));
  }

  /** The first link of the newest message to an address. */
  linkTo(address: string): string {
    const link = this.lastTo(address)?.body.match(/https?:\/\/\S+/)?.[0];
    if (!link) throw new Error(`No mail with a link to ${address}`);
    return link;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

function parse(raw: string): CaughtMail {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) =>
    unfolded.match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))?.[1]?.trim() ?? '';
  let body = rest.join('\n\n');
  if (/quoted-printable/i.test(header('Content-Transfer-Encoding'))) {
    body = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  }
  const headers: Record<string, string> = {};
  for (const line of unfolded.split(/\r?\n/)) {
    const m = /^([\w-]+):\s*(.*)$/.exec(line);
    if (m) headers[m[1].toLowerCase()] = m[2].trim();
  }
  return { to: header('To'), subject: header('Subject'), body, headers };
}
