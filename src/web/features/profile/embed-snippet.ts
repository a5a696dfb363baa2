const attributeEscapes: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };
const escapeAttribute = (text: string) => text.replace(/[&"<>]/g, (character) => attributeEscapes[character]!);

/**
 * The HTML a wholesaler pastes into their own site to show their personal calculator page
 * (`/c/{handle}`, the one page the app lets other sites frame), titled for screen readers.
 */
export function embedSnippet(personalPageUrl: string, displayName: string): string {
  const title = `Cash offer calculator${displayName.trim() ? ` by ${displayName.trim()}` : ''}`;
  return `<iframe src="${escapeAttribute(personalPageUrl)}" title="${escapeAttribute(title)}" width="100%" height="900" style="border:0;max-width:760px" loading="lazy"></iframe>`;
}
