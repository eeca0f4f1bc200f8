import type { SetOffDto } from '../../../shared/api/records';
import { setOffWords } from './set-off-words';

const line = { id: 7, name: 'Line Drift' };
const event = (rule: SetOffDto['events'][number]['rule'], opened: boolean) => ({
  id: 1,
  line,
  rule,
  side: 'above' as const,
  opened,
  record: 3,
});

describe('what a save set off, in words (issue 44, point 1)', () => {
  it('says nothing when it set off nothing', () => {
    expect(setOffWords({ events: [], notified: [] })).toBeNull();
  });

  it('names the events opened and added to, the line, and who was told how', () => {
    expect(
      setOffWords({
        events: [event('1_3s', true), event('ewma', false)],
        notified: [
          { user: 1, name: 'Olivia Owner', in_app: true, email: 'immediate' },
          { user: 2, name: 'Dana Digest', in_app: false, email: 'digest' },
        ],
      }),
    ).toBe(
      'This save opened 1 monitoring event on Line Drift: 1_3s: 1 above +3 SD. ' +
        'It added a firing to 1 monitoring event on Line Drift: ewma: EWMA above its control limit. ' +
        'Notified: Olivia Owner (in app and e-mail), Dana Digest (daily e-mail digest).',
    );
  });

  it('says so when no one was notified', () => {
    expect(setOffWords({ events: [event('2_2s', false)], notified: [] })).toBe(
      'It added a firing to 1 monitoring event on Line Drift: 2_2s: 2 of 2 above +2 SD. No one was notified.',
    );
  });
});
