import { CR, FS, MllpReader, VT, frame } from './mllp';

const msg = (text: string) => Buffer.from(text, 'latin1');
const frames = (reader: MllpReader, ...chunks: Buffer[]) =>
  chunks.flatMap((chunk) => reader.push(chunk));

describe('MLLP framing', () => {
  it('reads a frame, dropping the bytes outside it', () => {
    const reader = new MllpReader(100);
    const got = frames(reader, Buffer.concat([msg('noise'), frame(msg('MSH|a')), msg('\r\n')]));
    expect(got).toEqual([{ kind: 'frame', bytes: msg('MSH|a') }]);
    expect(reader.partial).toBe(false);
  });

  it('reads frames split at any byte, several in one chunk, in order', () => {
    const all = Buffer.concat([frame(msg('MSH|1\rOBX|1')), frame(msg('MSH|2'))]);
    for (let cut = 0; cut <= all.length; cut++) {
      const reader = new MllpReader(100);
      const got = frames(reader, all.subarray(0, cut), all.subarray(cut));
      expect(got).toEqual([
        { kind: 'frame', bytes: msg('MSH|1\rOBX|1') },
        { kind: 'frame', bytes: msg('MSH|2') },
      ]);
    }
  });

  it('keeps an FS not followed by CR as content', () => {
    const reader = new MllpReader(100);
    const body = Buffer.concat([msg('MSH|'), Buffer.of(FS), msg('x')]);
    expect(frames(reader, Buffer.of(VT), body, Buffer.of(FS, CR))).toEqual([
      { kind: 'frame', bytes: body },
    ]);
  });

  it('starts again at a start block inside a frame: the unfinished one is dropped', () => {
    const reader = new MllpReader(100);
    const got = frames(reader, Buffer.concat([Buffer.of(VT), msg('MSH|cut'), frame(msg('MSH|2'))]));
    expect(got).toEqual([{ kind: 'frame', bytes: msg('MSH|2') }]);
  });

  it('reports a frame cut off as partial, never as a frame', () => {
    const reader = new MllpReader(100);
    expect(frames(reader, Buffer.of(VT), msg('MSH|never ends'))).toEqual([]);
    expect(reader.partial).toBe(true);
  });

  it('answers a frame over the limit as too large, keeping only its head', () => {
    const reader = new MllpReader(10);
    const exact = msg('MSH|567890');
    expect(frames(reader, frame(exact))).toEqual([{ kind: 'frame', bytes: exact }]);
    const over = msg('MSH|5678901');
    expect(
      frames(reader, Buffer.of(VT), over.subarray(0, 6), over.subarray(6), Buffer.of(FS, CR)),
    ).toEqual([{ kind: 'too_large', head: over }]);
    expect(frames(reader, frame(exact))).toEqual([{ kind: 'frame', bytes: exact }]);
  });
});
