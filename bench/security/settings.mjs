// Sizes and run counts of the security suite (bench/security.mjs), and its signed-number format.
export const S1_REPEATS = 5;
export const TZ_WARMUP = 5_000;
export const TZ_REQUESTS = 100_000;
export const TAG_USER_TASKS = 20_000;
export const TAG_COUNT = 20;
export const TAG_BATCH_BYTES = 35 * 1024;
export const NOTE_BYTES = 450 * 1024;
export const NOTES = 12;
export const LOGINS = 50;
export const signed = (x) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}`;
