import { allows, atLeast, mayGrant, PERMISSIONS, ROLES, type Role } from './roles';

it('ranks guest < member < admin < owner < staff', () => {
  expect(atLeast('owner', 'admin')).toBe(true);
  expect(atLeast('member', 'admin')).toBe(false);
});

it('lets guests do nothing but read, and keeps staff-only actions to staff', () => {
  for (const action of Object.keys(PERMISSIONS) as (keyof typeof PERMISSIONS)[]) {
    expect(allows('guest', action)).toBe(false);
  }
  expect(allows('owner', 'vials:manage')).toBe(false);
  expect(allows('staff', 'vials:manage')).toBe(true);
  expect(allows('member', 'data:edit')).toBe(true);
  expect(allows('staff', 'support:contact')).toBe(false);
});

it('lets a role grant roles up to its own, and staff alone grant staff', () => {
  const grantable = (r: Role) => ROLES.filter((g) => mayGrant(r, g));
  expect(grantable('admin')).toEqual(['guest', 'member', 'admin']);
  expect(grantable('owner')).toEqual(['guest', 'member', 'admin', 'owner']);
  expect(grantable('staff')).toEqual(ROLES);
});
