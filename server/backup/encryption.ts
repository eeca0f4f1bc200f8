import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  type DecipherGCM,
} from 'node:crypto';
import { Transform } from 'node:stream';

/**
 * Backups encrypted with BACKUP_ENCRYPTION_KEY (README, "Backup and restore"): each file of the
 * backup (a table's rows, a blob) is AES-256-GCM on its own, laid out as a 12-byte IV, the
 * ciphertext and the 16-byte tag, with the file's path in the backup as the additional data, so
 * files cannot be swapped for one another unnoticed. The manifest stays readable: `backup:verify`
 * checks a copy's files without the key, and a restore tells a wrong key before it touches
 * anything (`keyCheck`).
 */
const IV_BYTES = 12;
const TAG_BYTES = 16;

export const ENCRYPTION = 'aes-256-gcm';

/** What tells, without decrypting anything, whether a key is the backup's: an HMAC of a label. */
export const keyCheck = (key: Buffer): string =>
  createHmac('sha256', key).update('vialqc backup key').digest('hex');

/** Encrypts a stream: the IV first, then the ciphertext, then the tag. */
export function encryptStream(key: Buffer, name: string): Transform {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(name));
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const out = cipher.update(chunk);
      if (!started) {
        started = true;
        return done(null, Buffer.concat([iv, out]));
      }
      done(null, out);
    },
    flush(done) {
      const last = cipher.final();
      done(null, Buffer.concat([started ? Buffer.alloc(0) : iv, last, cipher.getAuthTag()]));
    },
  });
}

/**
 * Decrypts what encryptStream wrote. The tag is checked at the end: a changed byte, another key
 * or another file's content fails the stream there, so whoever reads it (a restore's transaction,
 * a blob staged but not yet committed) must wait for its end before keeping anything.
 */
export function decryptStream(key: Buffer, name: string): Transform {
  let head = Buffer.alloc(0);
  let decipher: DecipherGCM | null = null;
  /** The last bytes seen, which may be the tag: held back until more come or the stream ends. */
  let held = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        if (!decipher) {
          head = Buffer.concat([head, chunk]);
          if (head.length < IV_BYTES) return done();
          decipher = createDecipheriv('aes-256-gcm', key, head.subarray(0, IV_BYTES));
          decipher.setAAD(Buffer.from(name));
          chunk = head.subarray(IV_BYTES);
        }
        const all = Buffer.concat([held, chunk]);
        held = all.subarray(Math.max(0, all.length - TAG_BYTES));
        done(null, decipher.update(all.subarray(0, all.length - held.length)));
      } catch (err) {
        done(err as Error);
      }
    },
    flush(done) {
      try {
        if (!decipher || held.length < TAG_BYTES)
          throw new Error(`${name} is not an encrypted file`);
        decipher.setAuthTag(held);
        done(null, decipher.final());
      } catch {
        done(
          new Error(`${name} does not decrypt with BACKUP_ENCRYPTION_KEY: another key, or damaged`),
        );
      }
    },
  });
}
