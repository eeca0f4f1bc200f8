import { neutraliseFormula } from './spreadsheet-text';

describe('neutraliseFormula', () => {
  it.each(['=1+1', '+41 555', '-2', '@SUM(A1)', '\tcmd', '\r=1'])(
    'shows %j as text with a leading apostrophe',
    (text) => {
      expect(neutraliseFormula(text)).toBe(`'${text}`);
    },
  );

  it.each(['Tube 3', 'a=b', '', "'quoted", ' =spaced'])('leaves %j as it is', (text) => {
    expect(neutraliseFormula(text)).toBe(text);
  });
});
