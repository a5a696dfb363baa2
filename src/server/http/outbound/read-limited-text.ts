/**
 * At most `maxBytes` of a body as UTF-8 text; the rest is never read (the stream is cancelled),
 * so an endless or huge answer costs no more than that.
 */
export async function readLimitedText(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<string> {
  if (!body) return '';
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let left = maxBytes;
  try {
    while (left > 0) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      const chunk = value.byteLength > left ? value.subarray(0, left) : value;
      left -= chunk.byteLength;
      text += decoder.decode(chunk, { stream: true });
    }
    return text + decoder.decode();
  } finally {
    await reader.cancel().catch(() => {});
  }
}
