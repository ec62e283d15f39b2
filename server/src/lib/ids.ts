import { createHash, randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

/** A new time-ordered id (UUIDv7), the same kind the client generates offline. */
export const newId = (): string => uuidv7();

/** A random secret for cookies and links, 256 bits. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** SHA-256 hex digest; secrets and codes are stored only as this. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export const nowIso = (): string => new Date().toISOString();
