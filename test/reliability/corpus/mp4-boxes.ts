// Reads and damages ISO-BMFF (MP4) boxes: enough to corrupt `moov`, drop `mdat` or lie about the duration.

export interface Box {
  type: string;
  /** Offset of the box header in the file. */
  start: number;
  /** Total size, header included. */
  size: number;
  /** Offset of the payload (after the 8-byte header). */
  payload: number;
}

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'edts', 'dinf', 'udta']);

/** Boxes directly inside [from, to). */
export function childBoxes(file: Buffer, from = 0, to = file.length): Box[] {
  const boxes: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    const size = file.readUInt32BE(at);
    const type = file.toString('latin1', at + 4, at + 8);
    if (size < 8 || at + size > to) break;
    boxes.push({ type, start: at, size, payload: at + 8 });
    at += size;
  }
  return boxes;
}

/** Every box in the file, depth first, containers opened. */
export function allBoxes(file: Buffer, from = 0, to = file.length): Box[] {
  const out: Box[] = [];
  for (const box of childBoxes(file, from, to)) {
    out.push(box);
    if (CONTAINERS.has(box.type)) out.push(...allBoxes(file, box.payload, box.start + box.size));
  }
  return out;
}

export function findBox(file: Buffer, type: string): Box {
  const box = allBoxes(file).find((b) => b.type === type);
  if (!box) throw new Error(`no ${type} box in the seed`);
  return box;
}

/** A copy of the file with `length` bytes at `offset` inside the box's payload overwritten by `fill`. */
export function overwriteInBox(file: Buffer, type: string, offset: number, length: number, fill: number): Buffer {
  const box = findBox(file, type);
  const copy = Buffer.from(file);
  const from = box.payload + offset;
  copy.fill(fill, from, Math.min(from + length, box.start + box.size));
  return copy;
}

/** A copy of the file with the box's size field set to `size`. */
export function withBoxSize(file: Buffer, type: string, size: number): Buffer {
  const box = findBox(file, type);
  const copy = Buffer.from(file);
  copy.writeUInt32BE(size >>> 0, box.start);
  return copy;
}

/** A copy of the file with the box's four-character type renamed. */
export function renameBox(file: Buffer, type: string, to: string): Buffer {
  const box = findBox(file, type);
  const copy = Buffer.from(file);
  copy.write(to, box.start + 4, 'latin1');
  return copy;
}

/** The file without the (top-level) box. */
export function withoutBox(file: Buffer, type: string): Buffer {
  const box = findBox(file, type);
  return Buffer.concat([file.subarray(0, box.start), file.subarray(box.start + box.size)]);
}

/**
 * A copy whose movie header (`mvhd`), track headers (`tkhd`) and media headers (`mdhd`) all claim
 * `seconds` (capped at the largest 32-bit tick count), while the media data stays as it was.
 */
export function claimingDuration(file: Buffer, seconds: number): Buffer {
  const copy = Buffer.from(file);
  const ticks = (scale: number) => Math.min(0xffffffff, Math.round(seconds * scale));
  const mvhd = findBox(copy, 'mvhd');
  const movieScale = copy.readUInt32BE(mvhd.payload + 12);
  for (const box of allBoxes(copy)) {
    const version = copy[box.payload];
    if (version !== 0) continue; // the seeds are written by ffmpeg with version-0 headers
    if (box.type === 'mvhd') copy.writeUInt32BE(ticks(movieScale), box.payload + 16);
    if (box.type === 'tkhd') copy.writeUInt32BE(ticks(movieScale), box.payload + 20);
    if (box.type === 'mdhd') copy.writeUInt32BE(ticks(copy.readUInt32BE(box.payload + 12)), box.payload + 16);
  }
  return copy;
}

/** The `trak` boxes whose handler (`hdlr`) is `kind` (`vide`, `soun`). */
function tracksOf(file: Buffer, kind: string): Box[] {
  return childBoxes(file, findBox(file, 'moov').payload, findBox(file, 'moov').start + findBox(file, 'moov').size)
    .filter((b) => b.type === 'trak')
    .filter((trak) => allBoxes(file, trak.payload, trak.start + trak.size).some((b) => b.type === 'hdlr' && file.toString('latin1', b.payload + 8, b.payload + 12) === kind));
}

/** A copy whose sound track announces no samples at all (sample tables and durations emptied). */
export function withEmptySoundTrack(file: Buffer): Buffer {
  const copy = Buffer.from(file);
  const [sound] = tracksOf(copy, 'soun');
  if (!sound) throw new Error('the seed has no sound track');
  for (const box of allBoxes(copy, sound.payload, sound.start + sound.size)) {
    if (box.type === 'stts' || box.type === 'stsc' || box.type === 'stco' || box.type === 'ctts') copy.writeUInt32BE(0, box.payload + 4);
    if (box.type === 'stsz') copy.writeUInt32BE(0, box.payload + 8);
    if (box.type === 'tkhd' && copy[box.payload] === 0) copy.writeUInt32BE(0, box.payload + 20);
    if (box.type === 'mdhd' && copy[box.payload] === 0) copy.writeUInt32BE(0, box.payload + 16);
  }
  return copy;
}
