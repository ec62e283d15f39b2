import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, parseOptions, verify, type Algorithm } from '@node-rs/argon2';
import { messageFor } from '@adhd/shared/validation/messages';
import { badRequest } from '../../lib/errors.js';
import common from './common-passwords.json' with { type: 'json' };

export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
}

/** `Algorithm.Argon2id`; the package declares a const enum, which isolated modules cannot read. */
const ARGON2ID = 2 satisfies Algorithm;

/** The top 10,000 passwords of a public frequency list, lowercased (see common-passwords.json). */
const COMMON = new Set<string>(common.passwords);

export const COMMON_PASSWORD_COUNT = COMMON.size;

/** ASVS 6.2.4: a password from the common list is refused; the comparison ignores case. */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

/**
 * Length is checked by the shared schema (8..128, no composition rules); this adds the common-password check.
 * Throws a 400 naming `field` with the key `validation.passwordCommon`.
 */
export function assertPasswordAllowed(field: string, password: string): void {
  if (isCommonPassword(password)) {
    const key = 'validation.passwordCommon';
    throw badRequest([{ field, key, message: messageFor(key) }], messageFor(key));
  }
}

/**
 * Argon2 runs on libuv's thread pool (4 threads): a burst of sign-ins on a 2-core machine kept every core busy
 * hashing, and the event loop, preempted, answered everything else late (p99 loop delay 20–28 ms during 50
 * concurrent logins). At most one hash per core but one runs at a time, so one core always serves requests.
 */
export const HASH_SLOTS = Math.max(1, availableParallelism() - 1);
let hashing = 0;
const waitingForSlot: (() => void)[] = [];

async function inHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (hashing < HASH_SLOTS) hashing++;
  else await new Promise<void>((resolve) => waitingForSlot.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter, or frees up.
    const next = waitingForSlot.shift();
    if (next) next();
    else hashing--;
  }
}

export function hashPassword(password: string, cost: Argon2Cost): Promise<string> {
  return inHashSlot(() => hash(password, { algorithm: ARGON2ID, memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: 1 }));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await inHashSlot(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

/** True when a stored hash is weaker than (or different from) the configured cost, so login upgrades it. */
export function needsRehash(passwordHash: string, cost: Argon2Cost): boolean {
  try {
    const o = parseOptions(passwordHash);
    return o.algorithm !== ARGON2ID || o.memoryCost !== cost.memoryCost || o.timeCost !== cost.timeCost;
  } catch {
    return true;
  }
}

const dummyHashes = new Map<string, Promise<string>>();

/**
 * A hash of a random password with the configured cost. Login verifies unknown emails against it, so they
 * take as long as known ones (no account enumeration through timing).
 */
export function dummyHash(cost: Argon2Cost): Promise<string> {
  const key = `${cost.memoryCost}:${cost.timeCost}`;
  let h = dummyHashes.get(key);
  if (!h) {
    h = hashPassword(randomUUID(), cost);
    dummyHashes.set(key, h);
  }
  return h;
}
