import { AccessTokens } from './access-token';
import { MfaTokens } from './mfa-token';

const SECRET = 'a-secret-for-tests';

describe('mfa tokens', () => {
  it('name the user, for their purpose only', async () => {
    const tokens = new MfaTokens(SECRET);
    const token = await tokens.sign(42, 'mfa');
    expect(await tokens.verify(token, 'mfa')).toBe(42);
    expect(await tokens.verify(token, 'mfa_enrolment')).toBeNull();
    expect(await tokens.verify(await tokens.sign(7, 'mfa_enrolment'), 'mfa_enrolment')).toBe(7);
  });

  it('are never access tokens, nor access tokens mfa tokens', async () => {
    const mfa = new MfaTokens(SECRET);
    const access = new AccessTokens(SECRET, 900);
    expect(await access.verify(await mfa.sign(42, 'mfa'))).toBeNull();
    const accessToken = await access.sign({ sub: 42, roles: ['member'], institutes: [1] });
    expect(await mfa.verify(accessToken, 'mfa')).toBeNull();
  });

  it('expire, and refuse another secret or a changed payload', async () => {
    const token = await new MfaTokens(SECRET, -1).sign(42, 'mfa');
    expect(await new MfaTokens(SECRET).verify(token, 'mfa')).toBeNull();
    const valid = await new MfaTokens(SECRET).sign(42, 'mfa');
    expect(await new MfaTokens('another secret').verify(valid, 'mfa')).toBeNull();
    const [header, , signature] = valid.split('.');
    const payload = Buffer.from('{"purpose":"mfa","sub":"1"}').toString('base64url');
    expect(
      await new MfaTokens(SECRET).verify(`${header}.${payload}.${signature}`, 'mfa'),
    ).toBeNull();
  });
});
