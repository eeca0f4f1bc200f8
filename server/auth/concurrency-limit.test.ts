import { ABANDONED, concurrencyLimit } from './concurrency-limit';

/** A work that runs until the test finishes it, noting when it started. */
function work(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<string>((resolve) => (finish = () => resolve(name)));
  return {
    run: () => {
      started.push(name);
      return done;
    },
    finish,
  };
}

it('runs at most its number of works at once, the others in order as slots free', async () => {
  const inTurn = concurrencyLimit(2);
  const started: string[] = [];
  const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => work(started, name));
  const answers = [a, b, c, d].map((w) => inTurn(w.run));
  await Promise.resolve();
  expect(started).toEqual(['a', 'b']);

  b.finish();
  expect(await answers[1]).toBe('b');
  await new Promise(setImmediate);
  expect(started).toEqual(['a', 'b', 'c']);

  a.finish();
  c.finish();
  d.finish();
  expect(await Promise.all(answers)).toEqual(['a', 'b', 'c', 'd']);
  expect(started).toEqual(['a', 'b', 'c', 'd']);
});

it('drops a work whose requester went away while it waited, and it never runs', async () => {
  const inTurn = concurrencyLimit(1);
  const started: string[] = [];
  const [a, b, c] = ['a', 'b', 'c'].map((name) => work(started, name));
  const gone = new AbortController();
  const first = inTurn(a.run);
  const dropped = inTurn(b.run, gone.signal);
  const last = inTurn(c.run);

  gone.abort();
  await expect(dropped).rejects.toMatchObject({ status: 400, detail: ABANDONED });
  a.finish();
  c.finish();
  expect(await Promise.all([first, last])).toEqual(['a', 'c']);
  expect(started).toEqual(['a', 'c']);

  // Gone before it asked: dropped at once.
  await expect(inTurn(a.run, gone.signal)).rejects.toMatchObject({ status: 400 });
});
