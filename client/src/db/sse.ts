export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Read a `text/event-stream` body (the HTML server-sent events format) and call `onEvent` for each event.
 * Comments (`: ping`) and `retry`/`id` fields are ignored, but every chunk, comments included, is reported to
 * `onChunk` (the stream is alive). Resolves when the stream ends or `signal` aborts (the body is cancelled).
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (e: SseEvent) => void,
  options: { signal?: AbortSignal; onChunk?: () => void } = {},
): Promise<void> {
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  if (options.signal?.aborted) cancel();
  options.signal?.addEventListener('abort', cancel, { once: true });
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];

  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };

  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      options.onChunk?.();
      buffer += decoder.decode(value, { stream: true });
      const lines = buffer.split(/\r\n|\r|\n/);
      // A chunk may end mid-line: keep the last piece for the next chunk.
      buffer = lines.pop() ?? '';
      for (const l of lines) line(l);
    }
  } finally {
    options.signal?.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}
