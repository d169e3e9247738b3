// A model file read by ranges: a reader asks for the bytes it needs (the header, a few small
// tensors) and never for the weights, so a 20 GB file costs what its header costs. Every byte
// handed out is counted in `bytesRead`.
import { describe } from '../describe.js';

/** Bytes read at a time while a header is parsed (and the first read, which tells the format). */
export const CHUNK = 1 << 20;

/** A file's format is wrong, or it claims more than it holds: the field, its byte offset, and why. */
export class ModelFileError extends Error {
  constructor(format, field, offset, why) {
    super(`${format}: ${field} at byte ${offset}: ${why}`);
    this.name = 'ModelFileError';
    Object.assign(this, { format, field, offset });
  }
}

/**
 * source: a Blob/File, an ArrayBuffer, a Uint8Array, or (with `openPath`, which Node's entry
 * gives) a path. Answers { name, size, read(offset, length), bytesRead, close() }.
 */
export async function openSource(source, openPath) {
  if (typeof source === 'string' || source instanceof URL) {
    if (!openPath) throw new TypeError('source: a path is read only in Node; in a browser pass a File, Blob, ArrayBuffer or Uint8Array');
    return counted(await openPath(source));
  }
  if (typeof Blob !== 'undefined' && source instanceof Blob) {
    return counted({
      name: source.name ?? 'blob', size: source.size,
      read: async (offset, length) => new Uint8Array(await source.slice(offset, offset + length).arrayBuffer()),
    });
  }
  const bytes = source instanceof ArrayBuffer ? new Uint8Array(source)
    : source instanceof Uint8Array ? source : undefined;
  if (!bytes)
    throw new TypeError(`source must be a File, Blob, ArrayBuffer, Uint8Array or a path, got ${describe(source)}`);
  return counted({ name: 'bytes', size: bytes.length, read: async (offset, length) => bytes.subarray(offset, offset + length) });
}

// Reads clipped to the file, counted; a read past the end answers fewer bytes (the parsers
// say which field ran out). The last block read is kept: a read inside it (the format sniffed
// from the first chunk, then parsed from it) is neither read nor counted again, and a read that
// starts inside it and runs past (a .npy's data, from its header's chunk on) reads only the rest.
function counted({ name, size, read, close }) {
  let last = { offset: 0, bytes: new Uint8Array(0) };
  const file = {
    name, size, bytesRead: 0,
    async read(offset, length) {
      const end = Math.min(size, offset + length);
      if (end <= offset) return new Uint8Array(0);
      if (offset >= last.offset && end <= last.offset + last.bytes.length)
        return last.bytes.subarray(offset - last.offset, end - last.offset);
      const kept = offset >= last.offset && offset < last.offset + last.bytes.length ? last.bytes.subarray(offset - last.offset) : new Uint8Array(0);
      const rest = await read(offset + kept.length, end - offset - kept.length);
      file.bytesRead += rest.length;
      let bytes = rest;
      if (kept.length) {
        bytes = new Uint8Array(kept.length + rest.length);
        bytes.set(kept);
        bytes.set(rest, kept.length);
      }
      last = { offset, bytes };
      return bytes;
    },
    close: async () => close?.(),
  };
  return file;
}

/** Node's path reader (given to openSource by js/node.js): positioned reads of an open handle. */
export function nodePathOpener(fs) {
  return async (path) => {
    const handle = await fs.open(path, 'r');
    const { size } = await handle.stat();
    return {
      name: String(path), size,
      async read(offset, length) {
        const buffer = new Uint8Array(length);
        let done = 0;
        while (done < length) {
          const { bytesRead } = await handle.read(buffer, done, length - done, offset + done);
          if (bytesRead === 0) break;
          done += bytesRead;
        }
        return buffer.subarray(0, done);
      },
      close: () => handle.close(),
    };
  };
}
