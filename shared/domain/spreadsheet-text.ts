/**
 * What a spreadsheet reads as the start of a formula (OWASP "CSV injection"): `=`, `+`, `-`, `@`,
 * and the tab and carriage return some programs skip before looking for one. The server's SQL
 * for CSV written by PostgreSQL applies the same list (server/domain/exports/copy.ts).
 */
export const FORMULA_START_CHARACTERS: readonly string[] = ['=', '+', '-', '@', '\t', '\r'];

/**
 * A text cell written so that Excel and its kin show it as text, never run it: a label, comment
 * or title that starts like a formula gets a leading apostrophe. Numbers and dates are typed
 * cells and never pass through here, so a negative figure stays a number.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START_CHARACTERS.includes(text.charAt(0)) ? `'${text}` : text;
}
