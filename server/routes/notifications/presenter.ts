import type { NotificationDto, UnsubscribeResult } from '../../../shared/api/notifications';
import { NOTIFICATION_KIND_WORDS } from '../../../shared/domain/notifications';
import type { Notification, UnsubscribeToken } from '../../entities/notification';

export const presentNotification = (n: Notification): NotificationDto => ({
  id: n.id,
  kind: n.kind,
  institute: n.instituteId,
  created_at: n.createdAt.toISOString(),
  read_at: n.readAt ? n.readAt.toISOString() : null,
  title: n.title,
  link: n.link,
});

export const presentUnsubscribe = (link: UnsubscribeToken): UnsubscribeResult => ({
  institute: link.instituteId,
  institute_name: link.institute.name,
  kinds: link.kinds,
  email: 'off',
});

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A page of its own (the app may not be built or signed in): a heading, words, maybe a form. */
function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)} · VialQC</title></head>` +
    `<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem">` +
    `<h1>${escapeHtml(title)}</h1>${body}</body></html>`
  );
}

const kindList = (link: UnsubscribeToken) =>
  `<ul>${link.kinds.map((k) => `<li>${escapeHtml(NOTIFICATION_KIND_WORDS[k])}</li>`).join('')}</ul>`;

/**
 * What the e-mail's link opens: what it would stop, and a button that does it (the POST of
 * RFC 8058). Opening the link changes nothing, so a mail scanner following it unsubscribes no one.
 */
export function unsubscribePage(link: UnsubscribeToken, token: string): string {
  const action = `/v2/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
  return page(
    'Stop these e-mails?',
    `<p>${escapeHtml(link.user.email)} will no longer receive e-mails from VialQC about:</p>` +
      kindList(link) +
      `<p>in ${escapeHtml(link.institute.name)}. They still show in the app.</p>` +
      `<form method="post" action="${escapeHtml(action)}">` +
      `<input type="hidden" name="List-Unsubscribe" value="One-Click">` +
      `<button type="submit">Stop these e-mails</button></form>`,
  );
}

/** After the button: what was switched off. */
export function unsubscribedPage(link: UnsubscribeToken): string {
  return page(
    'E-mails stopped',
    `<p>${escapeHtml(link.user.email)} no longer receives e-mails from VialQC about:</p>` +
      kindList(link) +
      `<p>in ${escapeHtml(link.institute.name)}. Choose what reaches you under Account in VialQC.</p>`,
  );
}
