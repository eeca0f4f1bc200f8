import { dayRangeErrors, FUTURE_DATE, isValidDayRange, TO_BEFORE_FROM } from './dates';

const today = '2026-03-10';

it('accepts days up to today with To not before From, and unset ends', () => {
  expect(dayRangeErrors({ from: '2026-03-01', to: today }, today)).toEqual({});
  expect(isValidDayRange({ from: '', to: '' }, today)).toBe(true);
  expect(isValidDayRange({ from: today, to: today }, today)).toBe(true);
});

it('refuses future days on either end', () => {
  expect(dayRangeErrors({ from: '2026-03-11', to: '' }, today)).toEqual({ from: FUTURE_DATE });
  expect(dayRangeErrors({ from: '', to: '2026-03-11' }, today)).toEqual({ to: FUTURE_DATE });
  expect(isValidDayRange({ from: '', to: '2026-03-11' }, today)).toBe(false);
});

it('refuses a To before From', () => {
  expect(dayRangeErrors({ from: '2026-03-05', to: '2026-03-04' }, today)).toEqual({
    to: TO_BEFORE_FROM,
  });
  expect(isValidDayRange({ from: '2026-03-05', to: '2026-03-04' }, today)).toBe(false);
});
