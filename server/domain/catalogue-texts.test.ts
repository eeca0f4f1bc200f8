import { findEnglish } from '../../shared/i18n/english-text';
import { BAD_CREDENTIALS } from './auth/service';
import { CLINICAL_CSV_MESSAGES } from './clinical-data/csv';
import { CSV_READER_MESSAGES } from './csv/reader';

it('finds the server’s own refusals in the catalogue, word for word', () => {
  const texts: [string, string][] = [
    [BAD_CREDENTIALS, 'auth.badCredentials'],
    [CLINICAL_CSV_MESSAGES.missingDate, 'csv.missingDate'],
    [CSV_READER_MESSAGES.notANumber('1,5'), 'csv.notANumber'],
    [CLINICAL_CSV_MESSAGES.duplicateColumn('ldh'), 'csv.duplicateColumn'],
    [CLINICAL_CSV_MESSAGES.unknownLine('ICU'), 'csv.unknownLine'],
  ];
  for (const [text, key] of texts) expect(findEnglish(text)?.key).toBe(key);
});
