import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { ApiClient } from '../../../testing/http';

/**
 * Every role against every organization, user and contact endpoint (administration.md section
 * 6): allowed, refused (403), and another institute's ids (404, as if they did not exist).
 * Targets that an allowed call would change are made fresh for each row.
 */
type Who = 'staff' | 'owner' | 'admin' | 'member' | 'guest';
const ROLES: Who[] = ['staff', 'owner', 'admin', 'member', 'guest'];

let server: TestServer;
const as = {} as Record<Who, ApiClient>;
/** The demo hospital (everyone's but staff's) and an institute none of the customers belong to. */
let own: number, other: number;
let otherUser: number;
let seq = 0;

beforeAll(async () => {
  server = await startTestServer();
  await Promise.all(ROLES.map(async (r) => (as[r] = await server.login(`${r}@example.org`))));
  ({ hospital: own } = await server.demoInstitutes());
  other = (await as.staff.post('/v2/institutes', { name: 'Elsewhere Clinic' })).body.id;
  otherUser = (await invite(other)).body.id;
});
afterAll(() => server.stop());

/** Staff invites a fresh guest into an institute. */
function invite(institute: number) {
  return as.staff.post(`/v2/institutes/${institute}/users`, {
    email: `matrix-${++seq}@example.org`,
    first_name: 'Target',
    last_name: 'User',
    institutes: [institute],
    default_institute: institute,
    role: 'guest',
  });
}
const freshUser = async () => (await invite(own)).body.id as number;
const freshInstitute = async () =>
  (await as.staff.post('/v2/institutes', { name: `Org ${++seq}` })).body.id as number;

interface Row {
  name: string;
  /** Builds the call (after creating whatever target it needs). */
  call: (c: ApiClient) => Promise<{ status: number }>;
  /** Expected status per role. */
  expect: Record<Who, number>;
}

const all = (status: number): Record<Who, number> => ({
  staff: status,
  owner: status,
  admin: status,
  member: status,
  guest: status,
});
const managers = (ok: number): Record<Who, number> => ({
  staff: ok,
  owner: ok,
  admin: ok,
  member: 403,
  guest: 403,
});
/** Another institute's ids: staff see everything, the others are told it does not exist. */
const foreign = (staffStatus: number): Record<Who, number> => ({ ...all(404), staff: staffStatus });

const emailInvite = (c: ApiClient, i: number) =>
  c.post(`/v2/institutes/${i}/users/invite`, { email: `invite-${++seq}@example.org` });
const fullInvite = (c: ApiClient, i: number) =>
  c.post(`/v2/institutes/${i}/users`, {
    email: `full-${++seq}@example.org`,
    first_name: 'New',
    last_name: 'User',
    institutes: [i],
    default_institute: i,
    role: 'guest',
  });

const ROWS: Row[] = [
  // Organizations
  { name: 'GET /institutes', call: (c) => c.get('/v2/institutes'), expect: all(200) },
  {
    name: 'POST /institutes',
    call: (c) => c.post('/v2/institutes', { name: `New ${++seq}` }),
    expect: { ...all(403), staff: 201 },
  },
  { name: 'GET /institutes/own', call: (c) => c.get(`/v2/institutes/${own}`), expect: all(200) },
  {
    name: 'GET /institutes/other',
    call: (c) => c.get(`/v2/institutes/${other}`),
    expect: foreign(200),
  },
  {
    name: 'PATCH /institutes/own (name)',
    call: (c) => c.patch(`/v2/institutes/${own}`, { name: 'Northfield General Hospital' }),
    expect: { ...all(403), staff: 200, owner: 200 },
  },
  {
    name: 'PATCH /institutes/own (staff-only field)',
    call: (c) => c.patch(`/v2/institutes/${own}`, { subscription: 'annual' }),
    expect: { ...all(403), staff: 200 },
  },
  {
    name: 'PATCH /institutes/other',
    call: (c) => c.patch(`/v2/institutes/${other}`, { name: 'Elsewhere Clinic' }),
    expect: foreign(200),
  },
  {
    name: 'DELETE /institutes/own (archive)',
    // staff archives a fresh one; the others are refused on their own institute
    call: async (c) => c.delete(`/v2/institutes/${c === as.staff ? await freshInstitute() : own}`),
    expect: { ...all(403), staff: 204 },
  },
  {
    name: 'DELETE /institutes/other',
    call: async (c) =>
      c.delete(`/v2/institutes/${c === as.staff ? await freshInstitute() : other}`),
    expect: foreign(204),
  },
  {
    name: 'GET /institutes/own/upload-summary',
    call: (c) => c.get(`/v2/institutes/${own}/upload-summary`),
    expect: all(200),
  },
  {
    name: 'GET /institutes/other/upload-summary',
    call: (c) => c.get(`/v2/institutes/${other}/upload-summary`),
    expect: foreign(200),
  },
  // Users
  { name: 'GET /users', call: (c) => c.get('/v2/users'), expect: { ...all(403), staff: 200 } },
  {
    name: 'GET /institutes/own/users',
    call: (c) => c.get(`/v2/institutes/${own}/users`),
    expect: all(200),
  },
  {
    name: 'GET /institutes/other/users',
    call: (c) => c.get(`/v2/institutes/${other}/users`),
    expect: foreign(200),
  },
  { name: 'POST /institutes/own/users', call: (c) => fullInvite(c, own), expect: managers(201) },
  { name: 'POST /institutes/other/users', call: (c) => fullInvite(c, other), expect: foreign(201) },
  {
    name: 'POST /institutes/own/users/invite',
    call: (c) => emailInvite(c, own),
    expect: managers(201),
  },
  {
    name: 'POST /institutes/other/users/invite',
    call: (c) => emailInvite(c, other),
    expect: foreign(201),
  },
  {
    name: 'GET /users/{own user}',
    call: async (c) => c.get(`/v2/users/${await freshUser()}`),
    expect: all(200),
  },
  {
    name: 'GET /users/id/{other user}',
    call: (c) => c.get(`/v2/users/id/${otherUser}`),
    expect: foreign(200),
  },
  {
    name: 'PATCH /users/{own user} (names)',
    call: async (c) => c.patch(`/v2/users/${await freshUser()}`, { first_name: 'Renamed' }),
    expect: managers(200),
  },
  {
    name: 'PATCH /users/{own user} (role)',
    call: async (c) => c.patch(`/v2/users/${await freshUser()}`, { role: 'member' }),
    expect: managers(200),
  },
  {
    name: 'PATCH /users/{other user}',
    call: (c) => c.patch(`/v2/users/${otherUser}`, { first_name: 'Target' }),
    expect: foreign(200),
  },
  {
    name: 'DELETE /users/{own user}',
    call: async (c) => c.delete(`/v2/users/${await freshUser()}`),
    expect: managers(204),
  },
  {
    name: 'DELETE /users/{other user}',
    call: async (c) =>
      c.delete(`/v2/users/${c === as.staff ? (await invite(other)).body.id : otherUser}`),
    expect: foreign(204),
  },
  {
    name: 'POST /users/{own user}/resend',
    call: async (c) => c.post(`/v2/users/${await freshUser()}/resend`),
    expect: managers(204),
  },
  {
    name: 'POST /users/{other user}/resend',
    call: (c) => c.post(`/v2/users/${otherUser}/resend`),
    expect: foreign(204),
  },
  {
    name: 'DELETE /institutes/own/users/{user} (revoke)',
    call: async (c) => c.delete(`/v2/institutes/${own}/users/${await freshUser()}`),
    expect: managers(204),
  },
  {
    name: 'DELETE /institutes/other/users/{user} (revoke)',
    call: async (c) =>
      c.delete(
        `/v2/institutes/${other}/users/${c === as.staff ? (await invite(other)).body.id : otherUser}`,
      ),
    expect: foreign(204),
  },
  // Contact page
  {
    name: 'GET /support/contact',
    call: (c) => c.get('/v2/support/contact'),
    expect: { staff: 403, owner: 200, admin: 200, member: 200, guest: 403 },
  },
  {
    name: 'POST /support/contact',
    call: (c) => c.post('/v2/support/contact', { subject: 'Hello', message: 'A question.' }),
    expect: { staff: 403, owner: 204, admin: 204, member: 204, guest: 403 },
  },
];

describe.each(ROWS)('$name', ({ call, expect: expected }) => {
  it.each(ROLES)('%s', async (who) => {
    const res = await call(as[who]);
    expect({ who, status: res.status }).toEqual({ who, status: expected[who] });
  });
});
