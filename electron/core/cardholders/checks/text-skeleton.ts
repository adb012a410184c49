/**
 * The look-alike skeleton of folded text (lower case, accents gone): Cyrillic and Greek letters
 * that are drawn like Latin ones ("е" U+0435, "о" U+043E, "ο" U+03BF…) read as those Latin
 * letters, so "Pеtrov" typed with a Cyrillic "е" meets "Petrov" in the duplicate check and the
 * lookup. A word is mapped when it mixes them with Latin letters, or when every letter of it has
 * a Latin look-alike (a whole word spelt in look-alikes); a Cyrillic or Greek name that has letters
 * of its own ("Мария", "Σοφία") is left as it is, so it still finds itself and nothing else.
 * A small table in the spirit of Unicode's confusables (UTS #39), for these three scripts only.
 * Pure.
 */

/** Lower-case Cyrillic and Greek letters and the Latin letter each is drawn like (upper-case forms fold to these). */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a', в: 'b', е: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
  і: 'i', ј: 'j', ѕ: 's', һ: 'h', ԁ: 'd', ӏ: 'l', ԛ: 'q', ԝ: 'w', ү: 'y', ɡ: 'g',
  // Greek
  α: 'a', β: 'b', ε: 'e', ζ: 'z', η: 'h', ι: 'i', κ: 'k', μ: 'm', ν: 'n', ο: 'o', ρ: 'p', τ: 't', υ: 'y', χ: 'x',
};
const LOOK_ALIKE = /[авекмнорстухіјѕһԁӏԛԝүɡαβεζηικμνορτυχ]/u;
const LATIN = /[a-z]/;
const LETTER = /\p{L}/u;

/** The skeleton of a folded text, word by word (see the header). */
export function lookAlikeSkeleton(folded: string): string {
  if (!LOOK_ALIKE.test(folded)) return folded;
  return folded.replace(/[^\s@.,'’-]+/gu, (word) => {
    if (!LOOK_ALIKE.test(word)) return word;
    const letters = [...word].filter((ch) => LETTER.test(ch));
    const mixed = letters.some((ch) => LATIN.test(ch));
    const allLookAlike = letters.every((ch) => LATIN.test(ch) || LOOK_ALIKES[ch] !== undefined);
    if (!mixed && !allLookAlike) return word;
    return [...word].map((ch) => LOOK_ALIKES[ch] ?? ch).join('');
  });
}
