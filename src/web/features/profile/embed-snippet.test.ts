import { describe, expect, it } from 'vitest';
import { embedSnippet } from './embed-snippet';

describe('embedSnippet', () => {
  it('frames the personal page with a title naming the wholesaler', () => {
    expect(embedSnippet('https://app.example.com/c/ann-lee', 'Ann Lee')).toBe(
      '<iframe src="https://app.example.com/c/ann-lee" title="Cash offer calculator by Ann Lee" width="100%" height="900" style="border:0;max-width:760px" loading="lazy"></iframe>',
    );
  });

  it('escapes what would break out of an attribute', () => {
    const snippet = embedSnippet('https://app.example.com/c/x', 'A "B" <C> & D');
    expect(snippet).toContain('title="Cash offer calculator by A &quot;B&quot; &lt;C&gt; &amp; D"');
    // Six attributes, two quotes each: none more from the name.
    expect(snippet.match(/"/g)).toHaveLength(12);
  });

  it('leaves the name out when there is none', () => {
    expect(embedSnippet('https://app.example.com/c/x', ' ')).toContain('title="Cash offer calculator"');
  });
});
