import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { decryptStream, encryptStream, keyCheck } from './encryption';

const key = randomBytes(32);

/** `bytes` through `stream`, fed in pieces of `size` bytes. */
const through = (bytes: Buffer, stream: NodeJS.ReadWriteStream, size: number) => {
  const pieces = [];
  for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.subarray(i, i + size));
  return buffer(Readable.from(pieces).pipe(stream));
};

it('gives back what it encrypted, whatever the pieces it is read in', async () => {
  const plain = randomBytes(100_000);
  const sealed = await through(plain, encryptStream(key, 'blobs/ab/cd/x'), 4096);
  expect(sealed.length).toBe(plain.length + 12 + 16);
  expect(sealed.includes(plain.subarray(0, 32))).toBe(false);
  for (const size of [1, 7, 16, 28, 4096, 1_000_000]) {
    expect((await through(sealed, decryptStream(key, 'blobs/ab/cd/x'), size)).equals(plain)).toBe(
      true,
    );
  }
  expect((await through(Buffer.alloc(0), encryptStream(key, 'empty'), 1)).length).toBe(28);
});

it('refuses another key, another file name and a changed byte', async () => {
  const sealed = await through(Buffer.from('rows'), encryptStream(key, 'database/users'), 3);
  const refused = /does not decrypt with BACKUP_ENCRYPTION_KEY/;
  await expect(
    through(sealed, decryptStream(randomBytes(32), 'database/users'), 5),
  ).rejects.toThrow(refused);
  await expect(through(sealed, decryptStream(key, 'database/lines'), 5)).rejects.toThrow(refused);
  const changed = Buffer.from(sealed);
  changed[13] ^= 1;
  await expect(through(changed, decryptStream(key, 'database/users'), 5)).rejects.toThrow(refused);
  expect(keyCheck(key)).not.toBe(keyCheck(randomBytes(32)));
});
