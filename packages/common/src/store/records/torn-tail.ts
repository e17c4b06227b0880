import { open } from 'node:fs/promises';

/**
 * A process killed in the middle of an append leaves a final line without its newline. nedb counts
 * it as corrupt and, in a small file, refuses to load over it; that line was never acknowledged to
 * a caller, so it is cut off here. Returns how many bytes were dropped.
 */
export async function repairTornTail(file: string): Promise<number> {
  let fh;
  try {
    fh = await open(file, 'r+');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  try {
    const { size } = await fh.stat();
    if (size === 0) return 0;
    const chunk = Buffer.alloc(64 * 1024);
    let end = size;
    let keep = 0; // bytes to keep: up to and including the last newline
    let first = true;
    while (end > 0) {
      const start = Math.max(0, end - chunk.length);
      const { bytesRead } = await fh.read(chunk, 0, end - start, start);
      const nl = chunk.subarray(0, bytesRead).lastIndexOf(0x0a);
      if (first && nl === bytesRead - 1) return 0; // ends with a newline: intact
      first = false;
      if (nl >= 0) {
        keep = start + nl + 1;
        break;
      }
      end = start;
    }
    await fh.truncate(keep);
    return size - keep;
  } finally {
    await fh.close();
  }
}
