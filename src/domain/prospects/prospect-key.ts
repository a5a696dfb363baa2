// Street words lists spell both ways ("123 Oak Street" in one export, "123 OAK ST" in another).
const STREET_WORDS: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  road: 'rd',
  drive: 'dr',
  lane: 'ln',
  boulevard: 'blvd',
  court: 'ct',
  place: 'pl',
  circle: 'cir',
  parkway: 'pkwy',
  highway: 'hwy',
  terrace: 'ter',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  apartment: 'apt',
  suite: 'ste',
};

/** Lower-case words of `text`, punctuation dropped, street words in one spelling. */
function words(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map((word) => STREET_WORDS[word] ?? word);
}

/**
 * The one key of an owner and a property in a workspace: the property address and the owner's
 * name, compared without case, punctuation, extra spaces or the spelling of street words, so two
 * lists naming the same owner of the same home find the same prospect.
 */
export function prospectKey({ address, ownerName }: { address: string; ownerName: string }): string {
  return `${words(address).join(' ')}|${words(ownerName).join(' ')}`;
}

/** A property address's street (before its first comma), compared as prospectKey compares it ('12 Oak Street' = '12 OAK ST.'). */
export function streetKey(address: string): string {
  return words(address.split(',')[0] ?? '').join(' ');
}
