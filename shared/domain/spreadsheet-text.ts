/**
 * What a spreadsheet reads as the start of a formula (OWASP "CSV injection"): `=`, `+`, `-`, `@`,
 * and the tab and carriage return some programs skip before looking for one.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell written so that Excel and its kin show it as text, never run it: a label, comment
 * or title that starts like a formula gets a leading apostrophe. Numbers and dates are typed
 * cells and never pass through here, so a negative figure stays a number.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
