// Reading a header front to back when its length is not known up front (GGUF's metadata holds
// a tokenizer of 100k+ strings): the file is read in chunks as the parser needs them, and a
// length the file cannot hold is an error before anything of that length is allocated.
import { CHUNK, ModelFileError } from './source.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const EMPTY = new Uint8Array(0);

export class Cursor {
  constructor(file, format, { littleEndian = true, chunk = CHUNK } = {}) {
    Object.assign(this, { file, format, littleEndian, chunk });
    this.pos = 0;         // the file offset of the next byte
    this.start = 0;       // the file offset of buf[0]
    this.buf = EMPTY;
    this.view = new DataView(EMPTY.buffer);
  }

  get left() { return this.file.size - this.pos; }

  error(field, why, at = this.pos) { return new ModelFileError(this.format, field, at, why); }

  /** true when n bytes from pos are already read. */
  has(n) { return this.pos + n <= this.start + this.buf.length; }

  /** Reads until n bytes from pos are in hand; a file that ends first is an error naming field. */
  async need(n, field) {
    if (this.has(n)) return;
    if (n > this.left) throw this.error(field, `needs ${n} bytes; only ${this.left} are left in the file`);
    const at = this.pos - this.start;
    const tail = at < this.buf.length ? this.buf.subarray(at) : EMPTY;
    const more = await this.file.read(this.pos + tail.length, Math.max(n - tail.length, this.chunk));
    // (a file that shrank since it was opened answers fewer bytes than its size promised)
    if (tail.length + more.length < n) throw this.error(field, `needs ${n} bytes; the file ended after ${tail.length + more.length} (it changed while read)`);
    const buf = new Uint8Array(tail.length + more.length);
    buf.set(tail);
    buf.set(more, tail.length);
    this.buf = buf;
    this.start = this.pos;
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  /** Moves past n bytes without reading them (an array of numbers nobody asked for). */
  skip(n, field) {
    if (n > this.left) throw this.error(field, `holds ${n} bytes; only ${this.left} are left in the file`);
    this.pos += n;
  }

  #at(n) { const at = this.pos - this.start; this.pos += n; return at; }
  u8() { return this.view.getUint8(this.#at(1)); }
  i8() { return this.view.getInt8(this.#at(1)); }
  u16() { return this.view.getUint16(this.#at(2), this.littleEndian); }
  i16() { return this.view.getInt16(this.#at(2), this.littleEndian); }
  u32() { return this.view.getUint32(this.#at(4), this.littleEndian); }
  i32() { return this.view.getInt32(this.#at(4), this.littleEndian); }
  f32() { return this.view.getFloat32(this.#at(4), this.littleEndian); }
  f64() { return this.view.getFloat64(this.#at(8), this.littleEndian); }
  u64() { return this.view.getBigUint64(this.#at(8), this.littleEndian); }
  i64() { return this.view.getBigInt64(this.#at(8), this.littleEndian); }
  bytes(n) { const at = this.#at(n); return this.buf.subarray(at, at + n); }

  /** n bytes of UTF-8 (already in hand). */
  text(n, field) {
    const at = this.pos;
    try {
      return utf8.decode(this.bytes(n));
    } catch {
      throw this.error(field, 'is not valid UTF-8', at);
    }
  }
}

/**
 * A 64-bit count or length as a Number, if the rest of the file could hold that many (`limit`:
 * how many it could); else an error naming field, before anything of that size is allocated.
 */
export function within(cursor, value, field, limit, at) {
  if (value > BigInt(limit)) throw cursor.error(field, `is ${value}, more than the ${cursor.left} bytes left in the file can hold`, at);
  return Number(value);
}
