import { describe, expect, it } from 'vitest';
import { ianaZone, offsetAt, utcToWall, wallToUtc } from './zones.js';

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16);

describe('zones', () => {
  it.each([
    ['2025-07-14', '16:00', 'Europe/Berlin', '2025-07-14T14:00'],
    ['2025-01-14', '16:00', 'Europe/Berlin', '2025-01-14T15:00'],
    // Skipped by the spring change: read with the offset before it (lands an hour later on the wall).
    ['2025-03-30', '02:30', 'Europe/Berlin', '2025-03-30T01:30'],
    // Repeated by the autumn change: its first occurrence.
    ['2025-10-26', '02:30', 'Europe/Berlin', '2025-10-26T00:30'],
    ['2025-11-02', '01:30', 'America/New_York', '2025-11-02T05:30'],
    ['2025-06-01', '09:30', 'Asia/Kolkata', '2025-06-01T04:00'],
  ])('wallToUtc(%s %s, %s) = %s', (date, time, zone, want) => {
    expect(iso(wallToUtc(date, time, zone))).toBe(want);
  });

  it('reads instants back as wall clocks and offsets', () => {
    expect(utcToWall(Date.parse('2025-03-30T00:59:00Z'), 'Europe/Berlin')).toEqual({ date: '2025-03-30', time: '01:59' });
    expect(utcToWall(Date.parse('2025-03-30T01:00:00Z'), 'Europe/Berlin')).toEqual({ date: '2025-03-30', time: '03:00' });
    expect(offsetAt(Date.parse('2025-07-01T00:00:00Z'), 'America/New_York')).toBe(-240);
    expect(offsetAt(Date.parse('2025-07-01T00:00:00Z'), 'Asia/Kathmandu')).toBe(345);
  });

  it('names IANA zones for TZIDs in IANA, prefixed and Windows spellings', () => {
    expect(ianaZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(ianaZone('/Europe/Berlin')).toBe('Europe/Berlin');
    expect(ianaZone('W. Europe Standard Time')).toBe('Europe/Berlin');
    expect(ianaZone('eastern standard time')).toBe('America/New_York');
    expect(ianaZone('Russian Standard Time')).toBe('Europe/Moscow');
    expect(ianaZone('UTC')).toBe('UTC');
    for (const unknown of ['Customized Time Zone', 'Mars/Olympus', '', undefined]) expect(ianaZone(unknown)).toBeUndefined();
  });
});
