import { randomBytes } from 'node:crypto';

/** A part of a multipart/form-data body: a text field, or a file with its name and declared type. */
export type Part = { name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer };

/** A 1×1 PNG (real image bytes). */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A PNG of exactly `size` bytes: the real image followed by padding (its type still reads as PNG). */
export const pngOfSize = (size: number) => Buffer.concat([PNG_1PX, Buffer.alloc(size - PNG_1PX.length)]);

/** A multipart/form-data body built by hand (names and types exactly as given, `../` included), for `app.inject`. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if ('filename' in part) head += `; filename="${part.filename}"\r\nContent-Type: ${part.type}`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`), 'bytes' in part ? part.bytes : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
