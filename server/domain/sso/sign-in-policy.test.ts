import { refusalFor } from './sign-in-policy';

describe('whom a provider may sign in (an existing account)', () => {
  const account = { isActive: true, isStaff: false, instituteIds: [7] };

  it('signs in an active, non-staff account whose only organization is the provider’s', () => {
    expect(refusalFor(account, 7)).toBeNull();
  });

  it.each([
    ['staff', { ...account, isStaff: true }, 'not-allowed', 'staff account'],
    [
      'staff of that very organization',
      { ...account, isStaff: true, instituteIds: [7] },
      'not-allowed',
      'staff account',
    ],
    [
      'an account of another organization',
      { ...account, instituteIds: [8] },
      'not-allowed',
      'account of another organization or of several',
    ],
    [
      'an account of several',
      { ...account, instituteIds: [7, 8] },
      'not-allowed',
      'account of another organization or of several',
    ],
    [
      'an account of none',
      { ...account, instituteIds: [] },
      'not-allowed',
      'account of another organization or of several',
    ],
    ['a deactivated account', { ...account, isActive: false }, 'disabled', 'account deactivated'],
  ])('refuses %s', (_what, user, error, reason) => {
    expect(refusalFor(user, 7)).toEqual({ error, reason });
  });
});
