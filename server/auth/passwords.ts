import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { concurrencyLimit } from './concurrency-limit';

/** @node-rs/argon2's Algorithm.Argon2id (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2;

/**
 * Password hashing is deliberately slow (about 30 ms of a core and 19 MB each) and runs on
 * libuv's thread pool, which file, zlib and DNS work share: one hash per core at a time, the
 * rest in line. A burst of sign-ins then neither starves the compression of other answers nor
 * queues more work than the cores can do, and a sign-in whose client has gone while it waited
 * is dropped before it costs a hash (a storm of retries otherwise answers nobody for minutes).
 */
const inTurn = concurrencyLimit(availableParallelism());

export const hashPassword = (password: string): Promise<string> =>
  inTurn(() => hash(password, { algorithm: ARGON2ID }));

/** Whether `password` is the one `stored` was made of; `signal`: the client has gone. */
export async function verifyPassword(
  stored: string | null,
  password: string,
  signal?: AbortSignal,
): Promise<boolean> {
  if (!stored) return false;
  return inTurn(async () => {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  }, signal);
}

/** A hash to verify against when the account does not exist, so timing does not reveal that. */
let decoy: Promise<string> | undefined;
export const decoyHash = (): Promise<string> => (decoy ??= hashPassword('decoy-password'));
