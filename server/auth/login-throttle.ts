/**
 * Counts failed logins per account and per client address over a sliding window. Kept in memory:
 * one server process answers logins (workers started with `npm run worker` do not).
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits = { perAccount: 5, perAddress: 20, windowMs: 15 * 60_000 },
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the next attempt is allowed, or 0 when it is allowed now. */
  retryAfter(account: string, address: string): number {
    return Math.max(
      this.wait(`a:${account}`, this.limits.perAccount),
      this.wait(`ip:${address}`, this.limits.perAddress),
    );
  }

  recordFailure(account: string, address: string): void {
    for (const key of [`a:${account}`, `ip:${address}`]) {
      this.failures.set(key, [...this.recent(key), this.now()]);
    }
  }

  recordSuccess(account: string): void {
    this.failures.delete(`a:${account}`);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.limits.windowMs;
    return (this.failures.get(key) ?? []).filter((t) => t > since);
  }

  private wait(key: string, limit: number): number {
    const recent = this.recent(key);
    if (recent.length < limit) return 0;
    return Math.ceil((recent[recent.length - limit] + this.limits.windowMs - this.now()) / 1000);
  }
}
