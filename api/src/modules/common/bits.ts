/**
 * A set of values of a small, fixed list (categories, ages, themes, service types) as the bits
 * of an integer, stored on the row itself: the searches test it inside the list's index
 * (`(m.ageBits & :mask) <> 0`) instead of probing a facet table for every row.
 * The bit of a value is its position in the list: lists only ever grow at the end.
 */
export function bitsOf<T extends string>(all: readonly T[], values: readonly T[] | null | undefined): number {
  let bits = 0;
  for (const value of values ?? []) {
    const position = all.indexOf(value);
    if (position < 0) throw new Error(`Valeur inconnue : ${value}`);
    if (position > 30) throw new Error(`Liste trop longue pour un masque : ${value}`);
    bits |= 1 << position;
  }
  return bits;
}
