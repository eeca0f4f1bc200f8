import { deliver, type Clock, type ForwardDeps } from './forward';

/** A clock the test drives: waits end when `next()` moves time to them. */
class TestClock implements Clock {
  time = 0;
  private waits: { at: number; resolve: () => void }[] = [];
  now = () => this.time;
  sleep = (ms: number, cancel?: AbortSignal) =>
    new Promise<void>((resolve) => {
      const wait = { at: this.time + ms, resolve };
      this.waits.push(wait);
      cancel?.addEventListener('abort', () => (this.waits = this.waits.filter((w) => w !== wait)));
    });
  /** Ends the earliest wait; false when none is pending. */
  next(): boolean {
    if (this.waits.length === 0) return false;
    this.waits.sort((a, b) => a.at - b.at);
    const wait = this.waits.shift()!;
    this.time = wait.at;
    wait.resolve();
    return true;
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Runs a delivery to its end, moving the clock whenever everything else waits on it. */
async function run(fetcher: typeof fetch, timeoutSeconds = 30) {
  const clock = new TestClock();
  const calls: number[] = [];
  const deps: ForwardDeps = {
    config: { server: 'http://127.0.0.1:1', token: 't', institute: 3, timeoutSeconds },
    clock,
    fetch: ((url: string, init: RequestInit) => {
      calls.push(clock.time);
      return fetcher(url, init);
    }) as typeof fetch,
  };
  let done = false;
  const delivery = deliver(Buffer.from('MSH|^~\\&|'), deps, 0).finally(() => (done = true));
  for (;;) {
    await settle();
    if (done || !clock.next()) break;
  }
  return { result: await delivery, calls };
}

const refused = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });

describe('forwarding a frame', () => {
  it('tries again after 0.5, 1, 2, 4, 8, 8 … s until the frame is 30 s old, then unavailable', async () => {
    const { result, calls } = await run(() => Promise.reject(refused));
    expect(calls).toEqual([0, 500, 1500, 3500, 7500, 15500, 23500]);
    expect(result).toEqual({
      kind: 'unavailable',
      why: 'connection failed: ECONNREFUSED',
      attempts: 7,
    });
  });

  it('passes the ACK back once the server answers after a 503 and a 429', async () => {
    const answers = [503, 429, 200];
    const { result, calls } = await run(async () => {
      const status = answers.shift()!;
      return new Response(status === 200 ? 'MSH|^~\\&|VIALQC\rMSA|AA|1\r' : 'busy', { status });
    });
    expect(calls).toEqual([0, 500, 1500]);
    expect(result.kind).toBe('ack');
    expect(result.kind === 'ack' && result.body.toString()).toBe('MSH|^~\\&|VIALQC\rMSA|AA|1\r');
  });

  it.each([401, 403, 404])('is refused at once by %i', async (status) => {
    const { result, calls } = await run(async () => new Response('{}', { status }));
    expect(calls).toEqual([0]);
    expect(result).toEqual({ kind: 'refused', status, attempts: 1 });
  });

  it('gives a request no answer past the frame’s time', async () => {
    const hang = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init.signal!.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    const { result, calls } = await run(hang as typeof fetch, 2);
    expect(calls).toEqual([0]);
    expect(result).toEqual({ kind: 'unavailable', why: 'no answer within 2 s', attempts: 1 });
  });
});
