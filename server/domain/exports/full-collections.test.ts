import { fullCollectionsPastGrowth } from './full-collections';

/**
 * A check over a heap that starts at 100 bytes held and allows 10 more, whose collections bring
 * it back to 101; `collectionsAt(n)` sets the bytes held, checks, and answers how many there were.
 */
function checkedHeap() {
  let held = 100;
  let collections = 0;
  const check = fullCollectionsPastGrowth(
    10,
    () => {
      collections += 1;
      held = 101;
    },
    () => held,
  );
  return (bytes: number) => {
    held = bytes;
    check();
    return collections;
  };
}

it('asks for a full collection only once the memory held grew past the allowance', () => {
  const collectionsAt = checkedHeap();
  expect(collectionsAt(110)).toBe(0);
  expect(collectionsAt(111)).toBe(1);
});

it('measures the next growth from what the collection left', () => {
  const collectionsAt = checkedHeap();
  collectionsAt(150);
  // The collection left 101: growing to 111 is within the allowance, 112 is past it.
  expect(collectionsAt(111)).toBe(1);
  expect(collectionsAt(112)).toBe(2);
});

it('does nothing where the runtime exposes no collector', () => {
  const held = jest.fn(() => 0);
  const check = fullCollectionsPastGrowth(10, undefined, held);
  check();
  expect(held).not.toHaveBeenCalled();
});
