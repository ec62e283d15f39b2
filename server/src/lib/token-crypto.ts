import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Sealing of secrets kept in the store (the Google OAuth tokens): AES-256-GCM with a random 12-byte IV and the
 * 16-byte authentication tag, the key derived from the configured secret (TOKEN_ENCRYPTION_KEY, DATA_DIR/token-key
 * or the store's `token-key`: docs/google-calendar.md) by HKDF-SHA-256 with a purpose label, so the same secret
 * never serves two purposes. A sealed value is `v1.<iv>.<ciphertext>.<tag>` (base64url); `open` refuses anything
 * altered or sealed with another key (TokenCryptoError), it never answers garbage.
 */

export class TokenCryptoError extends Error {
  constructor(message = 'The sealed value cannot be opened') {
    super(message);
    this.name = 'TokenCryptoError';
  }
}

export interface TokenSealer {
  seal(plain: string): string;
  open(sealed: string): string;
}

const VERSION = 'v1';

/** A sealer for `secret` (at least 32 characters), keyed for `purpose` (e.g. 'google-tokens'). */
export function tokenSealer(secret: string, purpose: string): TokenSealer {
  if (secret.length < 32) throw new Error('The token encryption key must be at least 32 characters');
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), `adhd-superapp:${purpose}`, 32));
  const aad = Buffer.from(purpose, 'utf8');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, body, cipher.getAuthTag()].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    open(sealed) {
      const parts = sealed.split('.');
      if (parts.length !== 4 || parts[0] !== VERSION) throw new TokenCryptoError();
      const [iv, body, tag] = parts.slice(1).map((p) => Buffer.from(p, 'base64url'));
      if (iv!.length !== 12 || tag!.length !== 16) throw new TokenCryptoError();
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv!);
        decipher.setAAD(aad);
        decipher.setAuthTag(tag!);
        return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
      } catch {
        throw new TokenCryptoError();
      }
    },
  };
}
