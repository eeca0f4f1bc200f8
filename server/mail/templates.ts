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
