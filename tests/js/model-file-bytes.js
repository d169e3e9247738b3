// Model files made byte by byte, for the inputs no writer produces: versions 1 and 2, big-endian
// by hand, and every kind of damage (tests/js/model-files-bad.test.js). Files from the formats'
// own writers are in tests/fixtures/model-files (scripts/golden/model_files.py).

/** A GGUF: { version, bigEndian, kv: [[key, type, value]], tensors: [[name, ne, type, offset]], data }. */
export function gguf({ version = 3, bigEndian = false, kv = [], tensors = [], data = new Uint8Array(0), alignment = 32 } = {}) {
  const out = [];
  const le = !bigEndian, wide = version >= 2;
  const put = (size, write) => { const b = new DataView(new ArrayBuffer(size)); write(b); out.push(new Uint8Array(b.buffer)); };
  const u32 = (v) => put(4, (b) => b.setUint32(0, v, le));
  const u64 = (v) => put(8, (b) => b.setBigUint64(0, BigInt(v), le));
  const size = (v) => (wide ? u64(v) : u32(Number(v)));
  const str = (s) => { const bytes = typeof s === 'string' ? new TextEncoder().encode(s) : s; size(bytes.length); out.push(bytes); };
  const WRITE = {
    0: (v) => put(1, (b) => b.setUint8(0, v)), 1: (v) => put(1, (b) => b.setInt8(0, v)),
    2: (v) => put(2, (b) => b.setUint16(0, v, le)), 3: (v) => put(2, (b) => b.setInt16(0, v, le)),
    4: u32, 5: (v) => put(4, (b) => b.setInt32(0, v, le)), 6: (v) => put(4, (b) => b.setFloat32(0, v, le)),
    7: (v) => put(1, (b) => b.setUint8(0, v ? 1 : 0)), 8: str,
    10: u64, 11: (v) => put(8, (b) => b.setBigInt64(0, BigInt(v), le)), 12: (v) => put(8, (b) => b.setFloat64(0, v, le)),
  };
  const value = (type, v) => {
    if (type !== 9) return WRITE[type]?.(v);  // an unknown type: nothing after it
    const [itemType, items] = v;
    u32(itemType);
    size(items.length);
    for (const item of items) value(itemType, item);
  };
  out.push(new TextEncoder().encode('GGUF'));
  u32(version);
  size(tensors.length);
  size(kv.length);
  for (const [key, type, v] of kv) { str(key); u32(type); value(type, v); }
  for (const [name, ne, type, offset] of tensors) {
    str(name); u32(ne.length); for (const n of ne) size(n); u32(type); u64(offset);
  }
  let length = out.reduce((n, b) => n + b.length, 0);
  if (tensors.length) { const pad = (alignment - (length % alignment)) % alignment; out.push(new Uint8Array(pad)); length += pad; }
  out.push(data);
  return concat(out);
}

/** float32 values as bytes. */
export const f32 = (values, bigEndian = false) => {
  const view = new DataView(new ArrayBuffer(values.length * 4));
  values.forEach((v, i) => view.setFloat32(i * 4, v, !bigEndian));
  return new Uint8Array(view.buffer);
};

/** A safetensors file: header (an object, or a string taken as is) and data. */
export function safetensors(header, data = new Uint8Array(0), length) {
  const json = new TextEncoder().encode(typeof header === 'string' ? header : JSON.stringify(header));
  const head = new DataView(new ArrayBuffer(8));
  head.setBigUint64(0, BigInt(length ?? json.length), true);
  return concat([new Uint8Array(head.buffer), json, data]);
}

/** A .npy file: header text as numpy writes it (padded to 64 with a newline), then data. */
export function npy(header, data, { major = 1 } = {}) {
  const prefix = major === 1 ? 10 : 12;
  let text = header;
  const pad = 64 - ((prefix + text.length + 1) % 64);
  text += ' '.repeat(pad % 64) + '\n';
  const bytes = new TextEncoder().encode(text);
  const head = new DataView(new ArrayBuffer(prefix));
  [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, major, 0].forEach((b, i) => head.setUint8(i, b));
  if (major === 1) head.setUint16(8, bytes.length, true); else head.setUint32(8, bytes.length, true);
  return concat([new Uint8Array(head.buffer), bytes, data]);
}

export function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of parts) { out.set(b, at); at += b.length; }
  return out;
}
