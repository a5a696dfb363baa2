import { describe, expect, it } from 'vitest';
import { readLimitedText } from './read-limited-text';

function streamOf(chunks: string[]) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[pulled++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(new TextEncoder().encode(chunk));
    },
  });
  return { stream, pulled: () => pulled };
}

describe('readLimitedText', () => {
  it('reads a short body whole', async () => {
    expect(await readLimitedText(streamOf(['{"ok":', 'true}']).stream, 4096)).toBe('{"ok":true}');
    expect(await readLimitedText(null, 4096)).toBe('');
  });

  it('stops at the limit and reads no further chunk', async () => {
    const { stream, pulled } = streamOf(['aaaa', 'bbbb', 'cccc', 'dddd']);
    expect(await readLimitedText(stream, 6)).toBe('aaaabb');
    expect(pulled()).toBe(2);
  });

  it('never splits a character into garbage beyond a replacement mark', async () => {
    expect(await readLimitedText(streamOf(['é€']).stream, 3)).toBe('é\uFFFD');
  });
});
