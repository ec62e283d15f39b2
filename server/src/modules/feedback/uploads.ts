import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { FEEDBACK_IMAGE_TYPES, FEEDBACK_MAX_FILES, FEEDBACK_MAX_TOTAL_BYTES } from '@adhd/shared/feedback/schema';
import { messageFor } from '@adhd/shared/validation/messages';
import { badRequest, HttpError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';

/** Busboy's limits for `POST /api/feedback` (registered with @fastify/multipart in this route's scope only). */
export const MULTIPART_LIMITS = {
  files: FEEDBACK_MAX_FILES,
  fileSize: FEEDBACK_MAX_TOTAL_BYTES,
  fields: 10,
  // Bytes: a 10 000-character message in 4-byte characters fits; a longer one is cut and refused by the schema.
  fieldSize: 64 * 1024,
  parts: 20,
  headerPairs: 50,
} as const;

const FIELDS = new Set(['name', 'email', 'type', 'message']);

export interface Screenshot {
  /** The generated file name under `uploads/feedback` (id and the extension of the detected type). */
  file: string;
  type: keyof typeof FEEDBACK_IMAGE_TYPES;
  size: number;
}

export interface FeedbackForm {
  fields: Record<string, string>;
  files: Buffer[];
}

const fieldError = (field: string, key: string) => ({ field, key, message: messageFor(key) });

export const tooManyFiles = () => badRequest([fieldError('screenshots', 'feedback.tooManyFiles')], messageFor('feedback.tooManyFiles'));

export const tooLarge = () =>
  new HttpError(413, 'PAYLOAD_TOO_LARGE', messageFor('feedback.filesTooLarge'), [fieldError('screenshots', 'feedback.filesTooLarge')]);

/** The multipart errors of @fastify/multipart and busboy as this route's answers. */
function mapMultipartError(err: unknown): unknown {
  const code = (err as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return tooManyFiles();
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION') {
    return badRequest([{ field: '', key: 'validation.invalid', message: 'Too many form fields' }], 'Too many form fields');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Feedback is sent as multipart/form-data');
  }
  if (code === 'FST_MP_PREMATURE_CLOSE') return badRequest([], 'The request was closed before it was complete');
  return err;
}

/**
 * Reads the whole form into memory: the text fields and up to 3 files of at most 5 MB together. Nothing
 * touches the disk here, so a refused request leaves nothing behind.
 */
export async function readFeedbackForm(request: FastifyRequest): Promise<FeedbackForm> {
  const fields: Record<string, string> = {};
  const files: Buffer[] = [];
  let total = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        total += bytes.length;
        if (total > FEEDBACK_MAX_TOTAL_BYTES) throw tooLarge();
        // An empty file input sends a part without a name or bytes: it is no screenshot.
        if (bytes.length || part.filename) files.push(bytes);
      } else if (FIELDS.has(part.fieldname) && typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw mapMultipartError(err);
  }
  return { fields, files };
}

/** Each file's type from its bytes (PNG, JPEG, WebP or GIF); anything else is a 400 naming `screenshots`. */
export async function detectImages(files: Buffer[]): Promise<{ bytes: Buffer; type: Screenshot['type'] }[]> {
  const out: { bytes: Buffer; type: Screenshot['type'] }[] = [];
  for (const bytes of files) {
    const mime = (await fileTypeFromBuffer(bytes))?.mime;
    if (!mime || !(mime in FEEDBACK_IMAGE_TYPES)) {
      throw badRequest([fieldError('screenshots', 'feedback.imageType')], messageFor('feedback.imageType'));
    }
    out.push({ bytes, type: mime as Screenshot['type'] });
  }
  return out;
}

/** `DATA_DIR/uploads/feedback`. */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads', 'feedback');

/**
 * Files written under temporary names (`.<name>.part`, never served) until `commit` renames them to their
 * generated names (inside the row's transaction); `discard` removes whatever was written, under either name. Names come from `newId()` and the detected type,
 * never from the request.
 */
export async function stageScreenshots(dataDir: string, images: { bytes: Buffer; type: Screenshot['type'] }[]) {
  const dir = uploadsDir(dataDir);
  const staged = images.map(({ bytes, type }) => ({ file: `${newId()}.${FEEDBACK_IMAGE_TYPES[type]}`, type, size: bytes.length, bytes }));
  const temp = (file: string) => path.join(dir, `.${file}.part`);
  const discard = () =>
    Promise.all(staged.flatMap((s) => [rm(temp(s.file), { force: true }), rm(path.join(dir, s.file), { force: true })])).then(() => undefined);
  if (staged.length) await mkdir(dir, { recursive: true, mode: 0o700 });
  try {
    for (const s of staged) await writeFile(temp(s.file), s.bytes, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    await discard();
    throw err;
  }
  return {
    screenshots: staged.map(({ file, type, size }): Screenshot => ({ file, type, size })),
    commit: async () => {
      for (const s of staged) await rename(temp(s.file), path.join(dir, s.file));
    },
    discard,
  };
}

/** The stored file of a screenshot, or null when its name is not one this module generates. */
export function screenshotPath(dataDir: string, file: string): string | null {
  if (!/^[0-9a-f-]{36}\.(png|jpg|webp|gif)$/.test(file)) return null;
  return path.join(uploadsDir(dataDir), file);
}
