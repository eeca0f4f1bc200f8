import {
  areaOpen,
  DEFAULT_FEATURE_FLAGS,
  TROUBLESHOOTING_EXEMPT_INSTITUTE_ID,
  usesEveryArea,
} from './feature-flags';

const off = { ...DEFAULT_FEATURE_FLAGS, troubleshooting: false, validation: false };

describe('which area is open', () => {
  it('follows the flag', () => {
    expect(areaOpen(off, 'validation', 2)).toBe(false);
    expect(areaOpen({ ...off, validation: true }, 'validation', 2)).toBe(true);
  });

  it('keeps the time details of the exempt institute open without troubleshooting, nothing else', () => {
    const exempt = TROUBLESHOOTING_EXEMPT_INSTITUTE_ID;
    expect(areaOpen(off, 'troubleshooting', exempt)).toBe(true);
    expect(areaOpen(off, 'troubleshooting', exempt + 1)).toBe(false);
    expect(areaOpen(off, 'validation', exempt)).toBe(false);
  });

  it('lets staff use every area, whatever the flags', () => {
    expect(usesEveryArea({ isStaff: true })).toBe(true);
    expect(usesEveryArea({ isStaff: false })).toBe(false);
  });
});
