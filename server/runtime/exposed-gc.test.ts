import { exposedCollection } from './exposed-gc';

const runtime = globalThis as { gc?: (options: { type: string }) => void };

afterEach(() => {
  delete runtime.gc;
});

it('asks V8 for a collection of the kind named', () => {
  const gc = jest.fn();
  runtime.gc = gc;
  exposedCollection('minor')!();
  exposedCollection('major')!();
  expect(gc.mock.calls).toEqual([[{ type: 'minor' }], [{ type: 'major' }]]);
});

it('is absent where node runs without --expose-gc', () => {
  delete runtime.gc;
  expect(exposedCollection('major')).toBeUndefined();
});
