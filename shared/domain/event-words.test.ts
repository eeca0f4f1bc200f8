import { eventPath, FIRING_OUTCOME_WORDS, firingOutcome } from './event-words';
import { MONITORING_RULES, RULE_NAMES, ruleLabel } from './monitoring-rules';

describe('what came of a firing (issue 44)', () => {
  it('a warning opens no event, whatever else', () => {
    expect(firingOutcome('1_2s', null)).toBe('warning');
    expect(firingOutcome('out_of_range', null)).toBe('warning');
  });

  it('an alarm opened its event, was counted on the open one, or was not raised', () => {
    expect(firingOutcome('2_2s', { opened: true })).toBe('opened');
    expect(firingOutcome('ewma', { opened: false })).toBe('counted');
    expect(firingOutcome('revalidation', null)).toBe('not_raised');
    expect(FIRING_OUTCOME_WORDS.counted).toMatch(/^Counted on the event already open/);
  });

  it('names every rule in words, with its code', () => {
    for (const rule of MONITORING_RULES) expect(RULE_NAMES[rule].length).toBeGreaterThan(5);
    expect(ruleLabel('10_x')).toBe('10_x — 10 values in a row on the same side of the mean');
    expect(ruleLabel('revalidation')).toBe(
      'revalidation — 4th record out of range: re-validation advised',
    );
  });

  it("links to an event on its line's Monitoring view", () => {
    expect(eventPath(3, 17)).toBe('/line/3/monitoring?event=17');
  });
});
