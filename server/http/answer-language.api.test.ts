import { DEMO_PASSWORD } from '../demo/seed';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** A refused request (no credentials), asking for `language` (no header when undefined). */
const refused = (language?: string) =>
  server.api.request('GET', '/v2/auth/account', {
    headers: language === undefined ? {} : { 'Accept-Language': language },
  });

it('answers a refusal’s detail in the language Accept-Language asks for', async () => {
  const sv = await refused('sv');
  expect(sv.status).toBe(401);
  expect(sv.body).toEqual({ detail: 'Inloggningsuppgifter saknas.' });
  expect((await refused('nb-NO')).body).toEqual({
    detail: 'Påloggingsopplysninger ble ikke oppgitt.',
  });
  const signIn = await server.api.request('POST', '/v2/auth/token', {
    body: new URLSearchParams({ username: 'member@example.org', password: `${DEMO_PASSWORD}!` }),
    headers: { 'Accept-Language': 'de-DE' },
  });
  expect(signIn.status).toBe(400);
  expect(signIn.body).toEqual({ detail: 'E-Mail-Adresse/Benutzername oder Passwort ist falsch.' });
});

it('honours q-values, and answers English when none of its languages is ours', async () => {
  const english = 'Authentication credentials were not provided.';
  const asked = async (header: string) => ((await refused(header)).body as any).detail;
  expect(await asked('de;q=0.5, sv;q=0.9')).toBe('Inloggningsuppgifter saknas.');
  expect(await asked('fr-FR, fr;q=0.9, nl;q=0.2')).toBe(
    'Er zijn geen aanmeldgegevens meegestuurd.',
  );
  expect(await asked('sv;q=0, fr')).toBe(english);
  expect(await asked('*')).toBe(english);
  expect(await asked('en-GB, sv;q=0.8')).toBe(english);
});

it('answers English without the header, as before', async () => {
  expect((await refused()).body).toEqual({
    detail: 'Authentication credentials were not provided.',
  });
});

it('translates each msg of a 422 and keeps locations, types and values as they are', async () => {
  const member = await server.login('member@example.org');
  const ask = (language?: string) =>
    member.request('GET', '/v2/lines/0', {
      headers: language ? { 'Accept-Language': language } : {},
    });
  const english = await ask();
  expect(english.status).toBe(422);
  expect(english.body).toEqual({
    detail: [
      {
        loc: ['path', 'id'],
        msg: 'Expected an id: a whole number from 1 to 2147483647.',
        type: expect.any(String),
      },
    ],
  });
  const fi = await ask('fi');
  expect(fi.body).toEqual({
    detail: [
      {
        ...(english.body as any).detail[0],
        msg: 'Odotettiin tunnistetta: kokonaisluku 1–2147483647.',
      },
    ],
  });
});
