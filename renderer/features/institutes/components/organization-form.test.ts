import type { Institute } from '../../../../shared/api/institutes';
import { organizationBody, organizationForm, organizationValues } from './organization-form';

const hospital = (vial_silent_days: number | null) =>
  ({ id: 1, name: 'Northfield', total_lines: 4, vial_silent_days }) as Institute;

describe('the days after which a vial is silent', () => {
  it('shows the organization’s days, "Off" for null, and 14 for a new organization', () => {
    expect(organizationValues(hospital(30))).toMatchObject({
      vial_silent_off: false,
      vial_silent_days: '30',
    });
    expect(organizationValues(hospital(null))).toMatchObject({ vial_silent_off: true });
    expect(organizationValues(undefined)).toMatchObject({
      vial_silent_off: false,
      vial_silent_days: '14',
    });
  });

  it('is sent by owners as by staff: a number, or null when off', () => {
    const values = organizationValues(hospital(30));
    expect(organizationBody({ ...values, vial_silent_days: '7' }, false)).toEqual({
      name: 'Northfield',
      total_lines: 4,
      vial_silent_days: 7,
      mfa_required: false,
    });
    expect(organizationBody({ ...values, vial_silent_off: true }, true)).toMatchObject({
      vial_silent_days: null,
    });
  });

  it('takes whole days from 1 to 365, anything while off', () => {
    const values = organizationValues(hospital(30));
    const error = (days: string, off = false) =>
      organizationForm
        .safeParse({ ...values, vial_silent_days: days, vial_silent_off: off })
        .error?.issues.find((i) => i.path[0] === 'vial_silent_days')?.message;
    for (const days of ['1', '14', '365']) expect(error(days)).toBeUndefined();
    for (const days of ['0', '366', '1.5', '', '-3', 'ten'])
      expect(error(days)).toBe('Enter a whole number of days from 1 to 365.');
    expect(error('', true)).toBeUndefined();
  });
});
