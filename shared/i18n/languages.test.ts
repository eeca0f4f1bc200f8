import { acceptedLanguage, answerLanguage, languageOfTag } from './languages';

describe('Accept-Language', () => {
  it('picks the first of ours by descending q, equal q in the order given', () => {
    expect(acceptedLanguage('sv')).toBe('sv');
    expect(acceptedLanguage('de;q=0.5, sv;q=0.9')).toBe('sv');
    expect(acceptedLanguage('fr, da;q=0.3, fi;q=0.3')).toBe('da');
    expect(acceptedLanguage('nl-BE,nl;q=0.9,en;q=0.8')).toBe('nl');
    expect(acceptedLanguage('en-US,en;q=0.9,sv;q=0.8')).toBe('en');
  });

  it('reads Norwegian as Bokmål and ignores q=0, *, junk and other languages', () => {
    expect(languageOfTag('no')).toBe('nb');
    expect(languageOfTag('nn-NO')).toBe('nb');
    expect(acceptedLanguage('sv;q=0')).toBeNull();
    expect(acceptedLanguage('*')).toBeNull();
    expect(acceptedLanguage('fr;q=abc, ;;, de;q=2')).toBeNull();
    expect(acceptedLanguage(undefined)).toBeNull();
    expect(answerLanguage('fr')).toBe('en');
  });
});
