import { tzOffset } from '@date-fns/tz';
import { dateOf, dayNumber } from './days.js';

/**
 * Wall-clock arithmetic for events. A wall-clock moment is a date and a time (`YYYY-MM-DD`, `HH:mm`) in some
 * zone; it is carried as "wall minutes": minutes since 1970-01-01T00:00 as if that zone were UTC, where every
 * day has 24 hours (so adding a duration never shifts across a DST change).
 */

const MINUTE_MS = 60_000;
const BUCKET_MINUTES = 15;
const OFFSETS_MAX = 50_000;
const offsets = new Map<string, Map<number, number>>();
const TIMES = Array.from({ length: 1440 }, (_, m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);

export function wallMinutes(date: string, time: string | null): number {
  const minutes = time ? Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) : 0;
  return dayNumber(date) * 1440 + minutes;
}

/** `[date, time]` of wall minutes. */
export function fromWallMinutes(wall: number): [string, string] {
  const day = Math.floor(wall / 1440);
  return [dateOf(day), TIMES[wall - day * 1440]!];
}

/**
 * The zone's UTC offset (minutes) at an instant (epoch minutes), memoised per quarter hour: zones change offset
 * on a quarter hour of UTC at the finest, and a calendar converts the same few hundred hours again and again
 * (`tzOffset` formats through Intl each time).
 */
function offsetAt(zone: string, instant: number): number {
  const bucket = Math.floor(instant / BUCKET_MINUTES);
  let byBucket = offsets.get(zone);
  if (!byBucket || byBucket.size >= OFFSETS_MAX) offsets.set(zone, (byBucket = new Map()));
  let offset = byBucket.get(bucket);
  if (offset === undefined) {
    offset = tzOffset(zone, new Date(bucket * BUCKET_MINUTES * MINUTE_MS));
    byBucket.set(bucket, offset);
  }
  return offset;
}

/**
 * The instant (epoch minutes) of a wall-clock moment in `zone`. A time skipped by a DST change (02:30 on the
 * spring-forward night) is read with the offset before the change, i.e. it lands one hour later, as calendar
 * apps show it.
 */
export function wallToInstant(wall: number, zone: string): number {
  const guess = wall - offsetAt(zone, wall);
  return wall - offsetAt(zone, guess);
}

/** The wall minutes of an instant (epoch minutes) in `zone`. */
export const instantToWall = (instant: number, zone: string): number => instant + offsetAt(zone, instant);

/** Wall minutes in zone `from` as wall minutes in zone `to`. */
export const convertWall = (wall: number, from: string, to: string): number => (from === to ? wall : instantToWall(wallToInstant(wall, from), to));
