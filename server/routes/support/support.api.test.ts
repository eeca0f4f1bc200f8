import { loadConfig } from '../../config';
import { startTestServer, type TestServer } from '../../../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    support: {
      email: 'help@provider.example',
      phone: '+44 20 7946 0000',
      address: '1 Tube Street, London',
    },
  });
});
afterAll(() => server.stop());

describe('the contact page', () => {
  it("answers the provider's configured contact details", async () => {
    const member = await server.login('member@example.org');
    expect((await member.get('/v2/support/contact')).body).toEqual({
      email: 'help@provider.example',
      phone: '+44 20 7946 0000',
      address: '1 Tube Street, London',
    });
  });

  it('e-mails a message to the support address, answerable to the sender', async () => {
    const member = await server.login('member@example.org');
    const { hospital } = await server.demoInstitutes();
    const sent = await member.post('/v2/support/contact', {
      subject: 'Vial will not upload',
      message: 'VV-1007 shows an error.',
      institute: hospital,
    });
    expect(sent.status).toBe(204);
    const mail = server.mail.lastTo('help@provider.example')!;
    expect(mail.subject).toBe('[VialQC support] Vial will not upload');
    expect(mail.body).toContain('Maria Member <member@example.org>');
    expect(mail.body).toContain('Organization: Northfield General Hospital');
    expect(mail.body).toContain('VV-1007 shows an error.');
  });

  it('puts the rules on their fields', async () => {
    const member = await server.login('member@example.org');
    const res = await member.post('/v2/support/contact', { subject: ' ', message: '' });
    expect(res.status).toBe(422);
    expect(res.body.detail.map((d: { loc: string[]; msg: string }) => [d.loc[1], d.msg])).toEqual([
      ['subject', 'A subject is required.'],
      ['message', 'A message is required.'],
    ]);
  });
});

describe('configuration', () => {
  it('reads SUPPORT_EMAIL, SUPPORT_PHONE and SUPPORT_ADDRESS, with support@{host} by default', () => {
    const env = { DATA_DIR: server.dataDir, JWT_SECRET: 'x' };
    expect(loadConfig({ ...env, PUBLIC_URL: 'https://qc.example.org' }).support).toEqual({
      email: 'support@qc.example.org',
      phone: null,
      address: null,
    });
    expect(
      loadConfig({
        ...env,
        SUPPORT_EMAIL: 'a@b.c',
        SUPPORT_PHONE: '123',
        SUPPORT_ADDRESS: 'Here',
      }).support,
    ).toEqual({ email: 'a@b.c', phone: '123', address: 'Here' });
  });
});
