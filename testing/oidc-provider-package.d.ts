/** The little of `oidc-provider` (untyped, and used only by the tests) the test provider uses. */
declare module 'oidc-provider' {
  interface Account {
    accountId: string;
    claims: () => Record<string, unknown>;
  }
  export interface Configuration {
    clients: Record<string, unknown>[];
    findAccount: (ctx: unknown, id: string) => Account | undefined;
    claims: Record<string, string[]>;
    features: Record<string, { enabled: boolean }>;
    pkce: { required: () => boolean };
    cookies: { keys: string[] };
    rotateRefreshToken?: boolean;
  }
  export class Provider {
    constructor(issuer: string, configuration: Configuration);
    listen(port: number, host: string, listening: () => void): unknown;
    /** A Koa middleware before the provider's own. */
    use(middleware: (ctx: unknown, next: () => Promise<void>) => Promise<void>): void;
  }
}
