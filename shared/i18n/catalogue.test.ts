import { NUL_MESSAGE, ID_MESSAGE, CONTROL_MESSAGE } from '../api/common';
import { CLINICAL_DATA_MESSAGES } from '../api/clinical-data';
import { COMPARISON_MESSAGES } from '../api/comparison-studies';
import { MFA_MESSAGES } from '../api/second-factor';
import { TOKEN_READ_ONLY } from '../api/account-tokens';
import { ARCHIVED_LINE_LOCKED } from '../domain/record-line-rules';
import { en, type MessageKey } from './en';
import { findEnglish, inLanguage } from './english-text';
import { CATALOGUES, translate } from './index';
import { LANGUAGES } from './languages';
import { placeholdersOf } from './placeholders';

const keys = Object.keys(en).sort();

describe.each(LANGUAGES.filter((l) => l !== 'en'))('the %s catalogue', (language) => {
  const catalogue = CATALOGUES[language] as Record<string, string>;

  it('has every key English has and no other', () => {
    expect(Object.keys(catalogue).sort()).toEqual(keys);
  });

  it.each(keys)('%s has the placeholders of the English text, no more, no fewer', (key) => {
    expect(placeholdersOf(catalogue[key], language)).toEqual(placeholdersOf(en[key as MessageKey]));
  });

  it('translates every text (none left in English but product names and codes)', () => {
    const same = keys.filter((key) => catalogue[key] === en[key as MessageKey]);
    expect(same).toEqual([]);
  });
});

describe('the English source', () => {
  it('is valid ICU and says the code’s texts word for word', () => {
    for (const key of keys) expect(() => placeholdersOf(en[key as MessageKey])).not.toThrow();
    const texts: [string, MessageKey][] = [
      [NUL_MESSAGE, 'input.nul'],
      [CONTROL_MESSAGE, 'input.control'],
      [ID_MESSAGE, 'input.id'],
      [TOKEN_READ_ONLY, 'auth.tokenReadOnly'],
      [MFA_MESSAGES.required, 'mfa.required'],
      [ARCHIVED_LINE_LOCKED, 'line.archivedLocked'],
      [COMPARISON_MESSAGES.approverIsAuthor, 'study.approverIsAuthor'],
      [CLINICAL_DATA_MESSAGES.dateRequired, 'clinical.dateRequired'],
    ];
    for (const [text, key] of texts) expect(findEnglish(text)?.key).toBe(key);
  });
});

describe('an English text in another language', () => {
  it('looks a plain text up by its words', () => {
    expect(inLanguage('Not found.', 'sv')).toBe('Hittades inte.');
    expect(inLanguage('Not found.', 'en')).toBe('Not found.');
  });

  it('re-fills a template’s placeholders with the values as they were', () => {
    expect(inLanguage("The header has the 'ldh' column twice.", 'de')).toBe(
      'Die Kopfzeile enthält die Spalte „ldh“ zweimal.',
    );
    expect(inLanguage(ID_MESSAGE, 'fi')).toBe('Odotettiin tunnistetta: kokonaisluku 1–2147483647.');
    expect(inLanguage('Expected a whole number from 0 to 1000000.', 'nl')).toBe(
      'Verwacht werd een geheel getal van 0 tot en met 1000000.',
    );
  });

  it('leaves a text the catalogue lacks in English', () => {
    expect(inLanguage('Some words no catalogue has.', 'da')).toBe('Some words no catalogue has.');
  });

  it('is what translate gives for the key', () => {
    expect(translate('nb', 'vial.labelTaken', { label: 'VV-1' })).toBe(
      'Det finnes allerede en vial merket VV-1.',
    );
  });
});
