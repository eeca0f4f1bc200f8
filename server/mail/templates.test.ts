import { digestMail, notificationMail } from './templates';

const UNSUBSCRIBE = 'https://qc.example.org/v2/notifications/unsubscribe?token=abc';

describe('notification e-mails', () => {
  it('put the link to the thing first and offer the one-click unsubscribe (RFC 8058)', () => {
    const mail = notificationMail(
      'owner@example.org',
      'Northfield',
      'A monitoring event opens',
      {
        title: 'Alarm on\nLine A: 1 above +3 SD',
        url: 'https://qc.example.org/line/3/monitoring?event=7',
      },
      UNSUBSCRIBE,
    );
    expect(mail.subject).toBe('[VialQC] Alarm on Line A: 1 above +3 SD');
    expect(mail.text.match(/https?:\/\/\S+/)?.[0]).toBe(
      'https://qc.example.org/line/3/monitoring?event=7',
    );
    expect(mail.text).toContain(UNSUBSCRIBE);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${UNSUBSCRIBE}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('group a digest by kind and count what it does not list', () => {
    const mail = digestMail(
      'owner@example.org',
      'Northfield',
      [
        {
          kindWords: 'A vial has stopped uploading',
          lines: [{ title: 'Vial V-1 has not uploaded for 15 days', url: 'https://x/record/1' }],
        },
      ],
      2,
      UNSUBSCRIBE,
    );
    expect(mail.subject).toBe('[VialQC] Northfield: 3 notifications');
    expect(mail.text).toContain(
      'A vial has stopped uploading:\n- Vial V-1 has not uploaded for 15 days\n  https://x/record/1\n',
    );
    expect(mail.text).toContain('… and 2 more in VialQC.');
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(
      digestMail(
        'a@b.c',
        'N',
        [{ kindWords: 'K', lines: [{ title: 't', url: 'u' }] }],
        0,
        UNSUBSCRIBE,
      ).subject,
    ).toBe('[VialQC] N: 1 notification');
  });
});
