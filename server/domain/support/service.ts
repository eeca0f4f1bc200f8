import type { DataSource } from 'typeorm';
import type { SupportMessage } from '../../../shared/api/support';
import type { AuthUser } from '../../auth/auth-user';
import type { Config } from '../../config';
import type { Mailer } from '../../mail/mailer';
import { supportMessageMail } from '../../mail/templates';
import { notFound } from '../errors';
import { findInstitute } from '../institutes/repository';
import { authorize } from '../policy';
import { findUser } from '../users/repository';

export interface SupportDeps {
  db: DataSource;
  mailer: Mailer;
  /** The provider's contact details (SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_ADDRESS). */
  support: Config['support'];
}

/** The provider's contact details, for the contact page (member, admin, owner). */
export function contactDetails({ support }: Pick<SupportDeps, 'support'>, me: AuthUser) {
  authorize(me, 'support:contact');
  return support;
}

/**
 * E-mails a customer's message to the provider's support address, answerable to the sender,
 * naming the organization it was sent from (one of the sender's).
 */
export async function sendSupportMessage(
  { db, mailer, support }: SupportDeps,
  me: AuthUser,
  body: SupportMessage,
) {
  // A message names one of the sender's organizations (another institute answers 404).
  authorize(me, 'support:contact', body.institute);
  const sender = await findUser(db.manager, me.id);
  if (!sender) throw notFound();
  const instituteId = body.institute ?? sender.defaultInstituteId ?? me.instituteIds[0] ?? null;
  const institute = instituteId === null ? null : await findInstitute(db.manager, instituteId);
  const name = `${sender.firstName} ${sender.lastName}`.trim() || sender.email;
  await mailer.send(
    supportMessageMail(
      support.email,
      { email: sender.email, name, institute: institute?.name ?? null },
      body.subject,
      body.message,
    ),
  );
}
