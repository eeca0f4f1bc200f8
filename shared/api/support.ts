import { z } from 'zod';
import { id, multilineText, out, text } from './common';

/** The provider's contact details on the contact page (configured on the server). */
export const supportContact = z.object({
  email: out.text(),
  phone: out.text().nullable(),
  address: out.text().nullable(),
});
export type SupportContact = z.infer<typeof supportContact>;

export const SUPPORT_MESSAGE_MAX = 5000;

/** A message to the provider's support address. */
export const supportMessage = z.object({
  subject: text().trim().min(1, 'A subject is required.').max(200, 'Subject is too long.'),
  message: multilineText()
    .trim()
    .min(1, 'A message is required.')
    .max(SUPPORT_MESSAGE_MAX, 'Message is too long.'),
  /** The organization the message is about (the selected one); else the sender's default. */
  institute: id().optional(),
});
export type SupportMessage = z.infer<typeof supportMessage>;
