import { counted } from '../../shared/domain/plural';
import type { MailMessage } from './mailer';

export const invitationMail = (to: string, inviter: string, link: string): MailMessage => ({
  to,
  subject: 'You have been invited to VialQC',
  text:
    `${inviter} has invited you to VialQC, the quality control of your sample transport.\n\n` +
    `Complete your registration here (the link is valid for 7 days and can be used once):\n${link}\n`,
});

export const passwordResetMail = (to: string, link: string): MailMessage => ({
  to,
  subject: 'Reset your VialQC password',
  text:
    `Someone asked to reset the password of your VialQC account.\n\n` +
    `Choose a new password here (the link is valid for 1 hour and can be used once):\n${link}\n\n` +
    `If it was not you, ignore this message: your password stays as it is.\n`,
});

/** A customer's message from the contact page to the provider's support address. */
export const supportMessageMail = (
  to: string,
  from: { email: string; name: string; institute: string | null },
  subject: string,
  message: string,
): MailMessage => ({
  to,
  replyTo: from.email,
  subject: `[VialQC support] ${subject}`,
  text:
    `From: ${from.name} <${from.email}>\n` +
    `Organization: ${from.institute ?? '(none)'}\n\n` +
    `${message}\n`,
});

/** One line of a notification e-mail: what happened and where to see it. */
export interface NotificationLine {
  title: string;
  /** The whole address of the thing in the app. */
  url: string;
}

/** A header value on one line: titles come from names people typed. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * One-click unsubscribe (RFC 8058): mail programs offer it from these headers and POST to the
 * address without the user signing in.
 */
const unsubscribeHeaders = (unsubscribeUrl: string) => ({
  'List-Unsubscribe': `<${unsubscribeUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/** A notification sent at once (line-monitoring.md §4): the link to the thing first. */
export const notificationMail = (
  to: string,
  institute: string,
  kindWords: string,
  line: NotificationLine,
  unsubscribeUrl: string,
): MailMessage => ({
  to,
  subject: `[VialQC] ${oneLine(line.title)}`,
  headers: unsubscribeHeaders(unsubscribeUrl),
  text:
    `${line.title}\n\nSee it in VialQC:\n${line.url}\n\n` +
    `Organization: ${institute}\n\n` +
    `-- \nYou receive this e-mail because "${kindWords}" e-mails you at once in ${institute}. ` +
    `Stop these e-mails (no sign-in needed):\n${unsubscribeUrl}\n` +
    `or choose what reaches you under Account in VialQC.\n`,
});

/** The daily digest of one user in one institute, grouped by kind. */
export const digestMail = (
  to: string,
  institute: string,
  groups: { kindWords: string; lines: NotificationLine[] }[],
  more: number,
  unsubscribeUrl: string,
): MailMessage => {
  const count = groups.reduce((n, g) => n + g.lines.length, 0) + more;
  const body = groups
    .map((g) => `${g.kindWords}:\n` + g.lines.map((l) => `- ${l.title}\n  ${l.url}\n`).join(''))
    .join('\n');
  return {
    to,
    subject: `[VialQC] ${oneLine(institute)}: ${counted(count, 'notification', 'notifications')}`,
    headers: unsubscribeHeaders(unsubscribeUrl),
    text:
      `Your daily VialQC digest for ${institute}.\n\n${body}` +
      (more ? `\n… and ${more} more in VialQC.\n` : '') +
      `\n-- \nYou receive this digest because these kinds e-mail you daily in ${institute}. ` +
      `Stop the digest's e-mails of these kinds (no sign-in needed):\n${unsubscribeUrl}\n` +
      `or choose what reaches you under Account in VialQC.\n`,
  };
};
