/** What Papa Parse needs of a Node-style readable stream (its documented stream input). */
export interface TextChunkStream {
  readable: true;
  read(): void;
  on(event: 'data' | 'end' | 'error', listener: (value?: unknown) => void): TextChunkStream;
  removeListener(event: 'data' | 'end' | 'error', listener: (value?: unknown) => void): TextChunkStream;
  pause(): void;
  resume(): void;
}

// Papa Parse re-reads the unfinished last line of every chunk, so a chunk should hold many lines.
const CHUNK_CHARACTERS = 1 << 20;

/**
 * A File as a stream of text chunks for Papa Parse. The bytes are decoded by TextDecoderStream,
 * which keeps a character whose UTF-8 bytes straddle two reads whole (Papa's own File reader
 * decodes each slice apart and turns such characters into U+FFFD: mholt/PapaParse#751) and
 * drops a byte-order mark. `onBytes` hears how many bytes have been read so far.
 */
export function fileTextStream(file: Blob, onBytes: (bytesRead: number) => void = () => {}): TextChunkStream {
  const listeners = {
    data: new Set<(value?: unknown) => void>(),
    end: new Set<(value?: unknown) => void>(),
    error: new Set<(value?: unknown) => void>(),
  };
  const emit = (event: keyof typeof listeners, value?: unknown) => {
    for (const listener of [...listeners[event]]) listener(value);
  };
  let bytesRead = 0;
  const counted = (file.stream() as ReadableStream<Uint8Array<ArrayBuffer>>).pipeThrough(
    new TransformStream<Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>>({
      transform(chunk, controller) {
        bytesRead += chunk.byteLength;
        controller.enqueue(chunk);
      },
    }),
  );
  const reader = counted.pipeThrough(new TextDecoderStream('utf-8')).getReader();
  let started = false;

  const pump = async () => {
    try {
      let pending = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        pending += value;
        if (pending.length >= CHUNK_CHARACTERS) {
          const text = pending;
          pending = '';
          onBytes(bytesRead);
          emit('data', text);
        }
      }
      if (pending) emit('data', pending);
      onBytes(bytesRead);
      emit('end');
    } catch (error) {
      emit('error', error);
    }
  };

  const stream: TextChunkStream = {
    readable: true,
    read() {},
    on(event, listener) {
      listeners[event].add(listener);
      if (!started && event === 'data') {
        started = true;
        // After Papa has attached its 'end' and 'error' listeners too.
        setTimeout(() => void pump(), 0);
      }
      return stream;
    },
    removeListener(event, listener) {
      listeners[event].delete(listener);
      return stream;
    },
    // Papa parses each chunk as it arrives; nothing to pause.
    pause() {},
    resume() {},
  };
  return stream;
}
