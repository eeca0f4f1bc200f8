import type { EntityManager } from 'typeorm';

export type ThrottleKind = 'login' | 'password_reset' | 'registration';

export interface ThrottleLimits {
  /** Attempts per account (e-mail address, or invitation token) within the window. */
  perAccount: number;
  /** Attempts per client address within the window. */
  perAddress: number;
  windowMs: number;
}

const MINUTES_15 = 15 * 60_000;

/**
 * What counts and how much, per kind of request: failed logins; every password-reset request
 * (each sends an e-mail); failed registrations (an invitation link that is invalid or used).
 */
export const THROTTLE_LIMITS: Record<ThrottleKind, ThrottleLimits> = {
  login: { perAccount: 5, perAddress: 20, windowMs: MINUTES_15 },
  password_reset: { perAccount: 3, perAddress: 20, windowMs: MINUTES_15 },
  registration: { perAccount: 5, perAddress: 20, windowMs: MINUTES_15 },
};

/**
 * Counts attempts per account and per client address over a sliding window, in PostgreSQL
 * (table `auth_attempts`), so every server process on one database counts together. The clock
 * is injectable for tests; rows older than the longest window are swept as new ones arrive.
 */
export class LoginThrottle {
  constructor(
    private readonly limits: Record<ThrottleKind, ThrottleLimits> = THROTTLE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the next attempt is allowed, or 0 when it is allowed now. */
  async retryAfter(
    db: EntityManager,
    kind: ThrottleKind,
    account: string,
    address: string,
  ): Promise<number> {
    const { perAccount, perAddress } = this.limits[kind];
    const waits = await Promise.all([
      this.wait(db, kind, keyOf(kind, 'a', account), perAccount),
      this.wait(db, kind, keyOf(kind, 'ip', address), perAddress),
    ]);
    return Math.max(...waits);
  }

  /** Counts one attempt against the account and the address. */
  async record(
    db: EntityManager,
    kind: ThrottleKind,
    account: string,
    address: string,
  ): Promise<void> {
    const at = new Date(this.now());
    const longest = Math.max(...Object.values(this.limits).map((l) => l.windowMs));
    await db.query(`DELETE FROM auth_attempts WHERE at <= $1`, [new Date(at.getTime() - longest)]);
    await db.query(`INSERT INTO auth_attempts (key, at) VALUES ($1, $3), ($2, $3)`, [
      keyOf(kind, 'a', account),
      keyOf(kind, 'ip', address),
      at,
    ]);
  }

  /** Forgets the account's attempts (a successful login). */
  async clearAccount(db: EntityManager, kind: ThrottleKind, account: string): Promise<void> {
    await db.query(`DELETE FROM auth_attempts WHERE key = $1`, [keyOf(kind, 'a', account)]);
  }

  private async wait(db: EntityManager, kind: ThrottleKind, key: string, limit: number) {
    const { windowMs } = this.limits[kind];
    const now = this.now();
    // The limit-th most recent attempt within the window: the next is allowed when it leaves.
    const rows = (await db.query(
      `SELECT at FROM auth_attempts WHERE key = $1 AND at > $2 ORDER BY at DESC OFFSET $3 LIMIT 1`,
      [key, new Date(now - windowMs), limit - 1],
    )) as { at: Date }[];
    if (rows.length === 0) return 0;
    return Math.max(1, Math.ceil((new Date(rows[0].at).getTime() + windowMs - now) / 1000));
  }
}

const keyOf = (kind: ThrottleKind, scope: 'a' | 'ip', value: string) =>
  `${kind}:${scope}:${value}`.slice(0, 400);
