/**
 * A minimal but valid MP4 written byte by byte, for tests that need real video files (brainrot manifest):
 * `ftyp`, then `moov` with `mvhd` (timescale, duration) and one `trak` (`tkhd`, `mdia` with `mdhd`, `hdlr` and a
 * sample table whose `stsd` describes the track), then an empty-ish `mdat`. A sound track (the default) is what
 * music-metadata reads its duration from; `track: 'vide'` writes a video-only file (its duration is only in `mvhd`).
 * Players may not decode it (there are no real samples): tests assert elements, never playback.
 */

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};
const zeros = (n: number) => Buffer.alloc(n);
const ascii = (s: string) => Buffer.from(s, 'latin1');

/** One box: 32-bit size, four-character type, payload. */
export const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  return Buffer.concat([u32(8 + body.length), ascii(type), body]);
};
/** A full box: version 0 and flags before the payload. */
const fullBox = (type: string, flags: number, ...payload: Buffer[]) => box(type, u32(flags & 0xffffff), ...payload);

const UNITY_MATRIX = Buffer.concat([0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].map(u32));

export interface Mp4Options {
  /** Length in seconds (default 1). */
  seconds?: number;
  /** Units per second (default 1000). */
  timescale?: number;
  /** 'soun' (default) or 'vide'. */
  track?: 'soun' | 'vide';
  /** Extra bytes in `mdat`, to make a file of a given size for range tests (default 64). */
  padding?: number;
}

export function mp4(options: Mp4Options = {}): Buffer {
  const timescale = options.timescale ?? 1000;
  const duration = Math.round((options.seconds ?? 1) * timescale);
  const kind = options.track ?? 'soun';
  const ftyp = box('ftyp', ascii('isom'), u32(0x200), ascii('isomiso2mp41'));
  const mvhd = fullBox('mvhd', 0, u32(0), u32(0), u32(timescale), u32(duration), u32(0x00010000), u16(0x0100), zeros(10), UNITY_MATRIX, zeros(24), u32(2));
  const tkhd = fullBox('tkhd', 3, u32(0), u32(0), u32(1), u32(0), u32(duration), zeros(8), u16(0), u16(0), u16(kind === 'soun' ? 0x0100 : 0), u16(0), UNITY_MATRIX, u32(kind === 'vide' ? 16 << 16 : 0), u32(kind === 'vide' ? 16 << 16 : 0));
  const mdhd = fullBox('mdhd', 0, u32(0), u32(0), u32(timescale), u32(duration), u16(0x55c4), u16(0));
  const hdlr = fullBox('hdlr', 0, u32(0), ascii(kind), zeros(12), ascii(kind === 'soun' ? 'SoundHandler\0' : 'VideoHandler\0'));
  // Sample entry: 6 reserved bytes and a data reference index, then the audio or visual fields.
  const entry =
    kind === 'soun'
      ? box('mp4a', zeros(6), u16(1), zeros(8), u16(2), u16(16), u16(0), u16(0), u32(timescale << 16))
      : box('avc1', zeros(6), u16(1), zeros(16), u16(16), u16(16), u32(0x00480000), u32(0x00480000), u32(0), u16(1), zeros(32), u16(0x18), u16(0xffff));
  const stbl = box(
    'stbl',
    fullBox('stsd', 0, u32(1), entry),
    fullBox('stts', 0, u32(1), u32(1), u32(duration)),
    fullBox('stsc', 0, u32(0)),
    fullBox('stsz', 0, u32(0), u32(0)),
    fullBox('stco', 0, u32(0)),
  );
  const mediaHeader = kind === 'soun' ? fullBox('smhd', 0, u32(0)) : fullBox('vmhd', 1, zeros(8));
  const dinf = box('dinf', fullBox('dref', 0, u32(1), fullBox('url ', 1)));
  const minf = box('minf', mediaHeader, dinf, stbl);
  const trak = box('trak', tkhd, box('mdia', mdhd, hdlr, minf));
  const moov = box('moov', mvhd, trak);
  const mdat = box('mdat', Buffer.alloc(options.padding ?? 64, 0xab));
  return Buffer.concat([ftyp, moov, mdat]);
}
