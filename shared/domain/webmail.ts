/**
 * Public webmail domains: anyone can get an address there, so no organization may claim one for
 * single sign-on (README "Single sign-on"). Pure: the server refuses the claim (422) and the
 * settings screen says so before it is sent.
 */

/** Domains whose addresses anyone can get, by their exact name (and their subdomains). */
const WEBMAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'passport.com',
  'yahoo.com',
  'ymail.com',
  'rocketmail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'aim.com',
  'web.de',
  't-online.de',
  'freenet.de',
  'proton.me',
  'protonmail.com',
  'protonmail.ch',
  'pm.me',
  'mail.com',
  'email.com',
  'zoho.com',
  'zohomail.com',
  'fastmail.com',
  'fastmail.fm',
  'tutanota.com',
  'tuta.io',
  'hey.com',
  'mail.ru',
  'inbox.ru',
  'list.ru',
  'bk.ru',
  'rambler.ru',
  'qq.com',
  '163.com',
  '126.com',
  'naver.com',
  'orange.fr',
  'wanadoo.fr',
  'free.fr',
  'laposte.net',
  'libero.it',
  'virgilio.it',
  'seznam.cz',
  'wp.pl',
  'o2.pl',
  'interia.pl',
  'onet.pl',
  'bluewin.ch',
  'btinternet.com',
  'sky.com',
  'comcast.net',
  'verizon.net',
  'att.net',
  'sbcglobal.net',
]);

/**
 * Brands that offer public mail under many country domains (gmx.de, gmx.net, yahoo.co.uk,
 * hotmail.se, yandex.ru, outlook.de …): the brand followed by a short suffix of one or two
 * labels.
 */
const WEBMAIL_BRANDS = new Set([
  'gmx',
  'yandex',
  'hotmail',
  'outlook',
  'live',
  'yahoo',
  'windowslive',
  'aol',
  'icloud',
  'gmail',
  'googlemail',
  'protonmail',
  'zoho',
  'mail',
]);

/** Whether anyone can get an address of `domain` (lower case, as the settings hold it). */
export function isPublicWebmailDomain(domain: string): boolean {
  const name = domain.trim().toLowerCase().replace(/\.$/, '');
  const labels = name.split('.');
  for (let at = 0; at < labels.length - 1; at++) {
    if (WEBMAIL_DOMAINS.has(labels.slice(at).join('.'))) return true;
  }
  // brand.tld, brand.co.uk, brand.com.br: a suffix of one or two labels of country-code size.
  const suffix = labels.slice(1);
  return (
    WEBMAIL_BRANDS.has(labels[0]) &&
    suffix.length >= 1 &&
    suffix.length <= 2 &&
    suffix.every((label) => /^[a-z]{2,3}$/.test(label))
  );
}

/** The 422's detail for a public webmail domain claimed. */
export const webmailRefused = (domain: string) =>
  `${domain} is a public webmail domain: anyone can get an address there, so no organization ` +
  'can sign its people in by it. Name a domain your organization owns.';
