import { Writable } from 'node:stream';
import { needsDrain } from './drain';

const stalled = () => new Writable({ highWaterMark: 4, write: () => undefined });

it('asks a writer to wait once a stream holds more than its high-water mark', () => {
  const stream = stalled();
  expect(needsDrain(stream)).toBe(false);
  stream.write('more than four bytes');
  expect(needsDrain(stream)).toBe(true);
});

it("reads the flag from the state of streams that predate writableNeedDrain (archiver's)", () => {
  // readable-stream 2, which archiver puts in front of the zip, has no writableNeedDrain.
  const legacy = (needDrain: boolean) =>
    Object.defineProperties(stalled(), {
      writableNeedDrain: { value: undefined },
      _writableState: { value: { needDrain } },
    });
  expect(needsDrain(legacy(true))).toBe(true);
  expect(needsDrain(legacy(false))).toBe(false);
});
