import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string;
  subject: string;
  body: string;
}

/**
 * A real SMTP listener on loopback that keeps what it receives, so tests read the e-mails the
 * server really sent. Only the few headers the tests need are parsed.
 */
export class MailCatcher {
  readonly messages: CaughtMail[] = [];
  private server: SMTPServer | undefined;
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
          this.messages.push(parse(Buffer.concat(chunks).toString('utf8')));
          callback();
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
  return { to: header('To'), subject: header('Subject'), body };
}
