import { fullCollectionsPastGrowth } from './full-collections';

/** A heap whose held bytes the test sets, and a collector that brings them back down. */
function fakeHeap(start: number) {
  const heap = { held: start, collections: 0 };
  const collect = () => {
    heap.collections += 1;
    heap.held = start + 1;
  };
  return { heap, collect, held: () => heap.held };
}

it('asks for a full collection only once the memory held grew past the allowance', () => {
  const { heap, collect, held } = fakeHeap(100);
  const check = fullCollectionsPastGrowth(10, collect, held);
  heap.held = 110;
  check();
  expect(heap.collections).toBe(0);
  heap.held = 111;
  check();
  expect(heap.collections).toBe(1);
});

it('measures the next growth from what the collection left', () => {
  const { heap, collect, held } = fakeHeap(100);
  const check = fullCollectionsPastGrowth(10, collect, held);
  heap.held = 150;
  check();
  // The collection left 101: growing to 111 is within the allowance, 112 is past it.
  heap.held = 111;
  check();
  expect(heap.collections).toBe(1);
  heap.held = 112;
  check();
  expect(heap.collections).toBe(2);
});

it('does nothing where the runtime exposes no collector', () => {
  const held = jest.fn(() => 0);
  const check = fullCollectionsPastGrowth(10, undefined, held);
  check();
  expect(held).not.toHaveBeenCalled();
});
