// A letter of a right-to-left script, with its marks (Arabic vowel signs are script Inherited).
const RTL_LETTER = String.raw`(?=\p{L})[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]\p{M}*`;
// Right-to-left letters and what stands between them on one line, except digits and other letters.
const RTL_RUN = new RegExp(String.raw`${RTL_LETTER}(?:[^\p{L}\p{N}\n]*${RTL_LETTER})*`, 'gu');

export interface DirectionalRun {
  text: string;
  rightToLeft: boolean;
}

/**
 * Splits a line of a left-to-right document into runs to draw one after the other: each stretch
 * of right-to-left words (Arabic, Hebrew, …) with the spaces and punctuation between them, and the
 * text around them. The PDF renderer draws a right-to-left run as one piece, which fontkit shapes
 * and reverses; a small part of the Unicode bidirectional algorithm, enough for a name or an
 * address in a right-to-left script inside an English sentence. Digits end a run, so '12' stays
 * '12' (a number between Arabic words is drawn between them, left to right).
 */
export function splitDirectionalRuns(text: string): DirectionalRun[] {
  const runs: DirectionalRun[] = [];
  let last = 0;
  for (const match of text.matchAll(RTL_RUN)) {
    if (match.index > last) runs.push({ text: text.slice(last, match.index), rightToLeft: false });
    runs.push({ text: match[0], rightToLeft: true });
    last = match.index + match[0].length;
  }
  if (last < text.length || runs.length === 0) runs.push({ text: text.slice(last), rightToLeft: false });
  return runs;
}
