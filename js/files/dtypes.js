// Element types of the three formats, and their bytes decoded to float64 (position tensors are
// small: the widest is a learned table of a few thousand rows).

// name → bytes per element, and how one element reads from a DataView.
const ELEMENT = {
  F64: [8, (v, at, le) => v.getFloat64(at, le)],
  F32: [4, (v, at, le) => v.getFloat32(at, le)],
  F16: [2, (v, at, le) => half(v.getUint16(at, le))],
  BF16: [2, (v, at, le) => bfloat(v.getUint16(at, le))],
  I64: [8, (v, at, le) => Number(v.getBigInt64(at, le))],
  I32: [4, (v, at, le) => v.getInt32(at, le)],
  I16: [2, (v, at, le) => v.getInt16(at, le)],
  I8: [1, (v, at) => v.getInt8(at)],
  U64: [8, (v, at, le) => Number(v.getBigUint64(at, le))],
  U32: [4, (v, at, le) => v.getUint32(at, le)],
  U16: [2, (v, at, le) => v.getUint16(at, le)],
  U8: [1, (v, at) => v.getUint8(at)],
  BOOL: [1, (v, at) => v.getUint8(at)],
};

/** Bytes per element of a plain type, or undefined. */
export const elementBytes = (dtype) => ELEMENT[dtype]?.[0];

/** IEEE half (1 + 5 + 10 bits) as a number. */
export function half(h) {
  const sign = h & 0x8000 ? -1 : 1, exponent = (h >> 10) & 0x1f, fraction = h & 0x3ff;
  if (exponent === 0) return sign * fraction * 2 ** -24;
  if (exponent === 31) return fraction ? NaN : sign * Infinity;
  return sign * (1 + fraction / 1024) * 2 ** (exponent - 15);
}

/** bfloat16: the top 16 bits of a float32. */
const scratch = new DataView(new ArrayBuffer(4));
export function bfloat(b) {
  scratch.setUint32(0, b << 16);
  return scratch.getFloat32(0);
}

/** count elements of `dtype` from bytes, as float64. Q8_0 (GGUF): blocks of an f16 scale and 32 int8. */
export function decode(bytes, dtype, count, littleEndian = true) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float64Array(count);
  if (dtype === 'Q8_0') {
    for (let b = 0; b < Math.floor(count / 32); b++) {
      const d = half(view.getUint16(b * 34, littleEndian));
      for (let j = 0; j < 32; j++) out[b * 32 + j] = d * view.getInt8(b * 34 + 2 + j);
    }
    return out;
  }
  const [size, read] = ELEMENT[dtype];
  for (let i = 0; i < count; i++) out[i] = read(view, i * size, littleEndian);
  return out;
}

/** Whether decode() reads this type. */
export const decodable = (dtype) => dtype in ELEMENT || dtype === 'Q8_0';
