import { isPublicWebmailDomain, webmailRefused } from './webmail';

describe('public webmail domains', () => {
  it.each([
    'gmail.com',
    'GoogleMail.com',
    'outlook.com',
    'hotmail.co.uk',
    'hotmail.se',
    'hotmail.de',
    'gmx.de',
    'gmx.net',
    'gmx.at',
    'yandex.ru',
    'yandex.com',
    'yahoo.co.uk',
    'yahoo.com.br',
    'web.de',
    't-online.de',
    'proton.me',
    'icloud.com',
    'mail.com',
    'mail.gmail.com',
  ])('%s cannot be claimed', (domain) => {
    expect(isPublicWebmailDomain(domain)).toBe(true);
  });

  it.each([
    'northfield.example',
    'example.org',
    'nhs.uk',
    'gmx-hospital.de',
    'hospital.gmail-lookalike.org',
    'mail.hospital.example.org',
    'outlook.hospital.example.org',
    'yahoo.hospital.org',
  ])('%s can', (domain) => {
    expect(isPublicWebmailDomain(domain)).toBe(false);
  });

  it('says why', () => {
    expect(webmailRefused('gmail.com')).toMatch(/^gmail\.com is a public webmail domain/);
  });
});
