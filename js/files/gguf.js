// GGUF, the file llama.cpp, Ollama and LM Studio run (ggml's docs/gguf.md): a header, typed
// key/value metadata, tensor infos, then the tensors' data aligned to general.alignment.
// Versions 1 (32-bit counts), 2 and 3 (64-bit), little- or big-endian (told by the version
// field, as llama.cpp and gguf-py tell it). Only the header is read, in chunks; a tensor is
// read when asked for (readTensor).
import { Cursor, within } from './cursor.js';
import { decode, decodable } from './dtypes.js';

const FORMAT = 'GGUF';

// gguf_metadata_value_type: name and the bytes of one value (strings and arrays: their least).
const VALUE_TYPES = [
  ['UINT8', 1], ['INT8', 1], ['UINT16', 2], ['INT16', 2], ['UINT32', 4], ['INT32', 4], ['FLOAT32', 4],
  ['BOOL', 1], ['STRING', 8], ['ARRAY', 12], ['UINT64', 8], ['INT64', 8], ['FLOAT64', 8],
];
const STRING = 8, ARRAY = 9;

// ggml_type id → [name, elements per block, bytes per block] (gguf-py constants.py
// GGML_QUANT_SIZES; ids 4, 5, 31–33 and 36–38 are gone from files).
export const GGML_TYPES = {
  0: ['F32', 1, 4], 1: ['F16', 1, 2], 2: ['Q4_0', 32, 18], 3: ['Q4_1', 32, 20], 6: ['Q5_0', 32, 22],
  7: ['Q5_1', 32, 24], 8: ['Q8_0', 32, 34], 9: ['Q8_1', 32, 40], 10: ['Q2_K', 256, 84], 11: ['Q3_K', 256, 110],
  12: ['Q4_K', 256, 144], 13: ['Q5_K', 256, 176], 14: ['Q6_K', 256, 210], 15: ['Q8_K', 256, 292],
  16: ['IQ2_XXS', 256, 66], 17: ['IQ2_XS', 256, 74], 18: ['IQ3_XXS', 256, 98], 19: ['IQ1_S', 256, 50],
  20: ['IQ4_NL', 32, 18], 21: ['IQ3_S', 256, 110], 22: ['IQ2_S', 256, 82], 23: ['IQ4_XS', 256, 136],
  24: ['I8', 1, 1], 25: ['I16', 1, 2], 26: ['I32', 1, 4], 27: ['I64', 1, 8], 28: ['F64', 1, 8],
  29: ['IQ1_M', 256, 56], 30: ['BF16', 1, 2], 34: ['TQ1_0', 256, 54], 35: ['TQ2_0', 256, 66], 39: ['MXFP4', 32, 17],
};

// Arrays longer than this (a tokenizer's tokens, scores, merges) are described, not kept.
const KEEP = 4096;
const MAX_DIMS = 4;   // GGML_MAX_DIMS: llama.cpp refuses more
const MAX_STRING = 16 << 20;

/**
 * The header of a GGUF file (an opened source, see source.js):
 * { format: 'gguf', version, littleEndian, alignment, metadata, valueTypes, tensors, dataOffset }.
 * metadata maps each key to its value (offsets: to its value's byte offset): a number (a 64-bit value past 2⁵³ stays a BigInt), a
 * boolean, a string, an array, or for a long array { arrayOf, length }. tensors: { name, dtype,
 * shape (PyTorch order: GGUF lists ne[0], the contiguous axis, first), offset (of its data in the
 * file), bytes, info (the offset of its tensor info: name, shape, type) }.
 */
export async function readGguf(file) {
  const c = new Cursor(file, FORMAT);
  await c.need(8, 'magic and version');
  const magic = String.fromCharCode(...c.bytes(4));
  if (magic !== 'GGUF') throw c.error('magic', `is ${JSON.stringify(magic)}, not "GGUF": not a GGUF file`, 0);
  // The magic is bytes; the version is in the file's byte order: 3 read the wrong way is 0x03000000.
  let version = c.view.getUint32(4, true);
  c.littleEndian = (version & 0xffff) !== 0;
  if (!c.littleEndian) version = c.view.getUint32(4, false);
  c.pos = 8;
  if (version < 1 || version > 3) throw c.error('version', `is ${version}; GGUF versions are 1, 2 and 3`, 4);
  const wide = version >= 2;
  const size = async (field) => {   // counts and lengths: u32 in version 1, u64 after
    await c.need(wide ? 8 : 4, field);
    return wide ? c.u64() : BigInt(c.u32());
  };

  // The least a tensor info holds (name length, n_dimensions, type, offset), and a key/value.
  const [leastInfo, leastKv] = wide ? [24, 13] : [20, 9];
  let at = c.pos;
  const tensorCount = within(c, await size('tensor_count'), 'tensor_count', Math.floor(c.left / leastInfo), at);
  at = c.pos;
  const kvCount = within(c, await size('metadata_kv_count'), 'metadata_kv_count', Math.floor(c.left / leastKv), at);

  // A string kept (a key, a value, an item of a short array): at most MAX_STRING bytes.
  const string = async (field) => {
    const at = c.pos;
    const length = within(c, await size(`${field} length`), `${field} length`, c.left, at);
    if (length > MAX_STRING) throw c.error(`${field} length`, `is ${length}; posenc reads strings of at most ${MAX_STRING} bytes (a chat template is tens of KB)`, at);
    await c.need(length, field);
    return c.text(length, field);
  };

  // label: how a message names the value ("key", "key"[3]).
  const value = async (type, label, depth) => {
    const at = c.pos;
    if (!(type in VALUE_TYPES)) throw c.error(`value type of ${label}`, `is ${type}; GGUF types are 0–12`, at - 4);
    if (type === STRING) return string(label);
    if (type === ARRAY) {
      await c.need(4, `${label} array type`);
      const itemType = c.u32();
      if (!(itemType in VALUE_TYPES)) throw c.error(`item type of ${label}`, `is ${itemType}; GGUF types are 0–12`, at);
      const countAt = c.pos;
      const least = itemType === STRING ? (wide ? 8 : 4) : VALUE_TYPES[itemType][1];
      const count = within(c, await size(`${label} array length`), `${label} array length`, Math.floor(c.left / least), countAt);
      const keep = count <= KEEP;
      if (!keep && itemType !== STRING && itemType !== ARRAY) {
        c.skip(count * least, label);
      } else {
        if (itemType === ARRAY && depth >= 8) throw c.error(label, 'nests arrays more than 8 deep', at);
        const items = keep ? [] : undefined;
        for (let i = 0; i < count; i++) {
          if (itemType === STRING && !keep) {  // skipped by its length, unread; no await while in hand
            const w = wide ? 8 : 4;
            if (!c.has(w)) await c.need(w, `${label}[${i}] length`);
            const lengthAt = c.pos;
            // a 64-bit length as two words, in the file's order (exact below 2⁵³, and past that too large anyway)
            const first = c.u32(), second = wide ? c.u32() : 0;
            const length = !wide ? first : c.littleEndian ? second * 2 ** 32 + first : first * 2 ** 32 + second;
            if (length > c.left) {
              c.pos = lengthAt;
              within(c, wide ? c.u64() : BigInt(c.u32()), `${label}[${i}] length`, c.left - w, lengthAt);
            }
            c.pos += length;
          } else {
            const item = await value(itemType, `${label}[${i}]`, depth + 1);
            items?.push(item);
          }
        }
        if (keep) return items;
      }
      return { arrayOf: VALUE_TYPES[itemType][0], length: count };
    }
    await c.need(VALUE_TYPES[type][1], label);
    switch (type) {
      case 0: return c.u8();
      case 1: return c.i8();
      case 2: return c.u16();
      case 3: return c.i16();
      case 4: return c.u32();
      case 5: return c.i32();
      case 6: return c.f32();
      case 7: return c.u8() !== 0;
      case 10: return small(c.u64());
      case 11: return small(c.i64());
      default: return c.f64();
    }
  };

  const metadata = Object.create(null), valueTypes = Object.create(null), offsets = Object.create(null);
  for (let i = 0; i < kvCount; i++) {
    const at = c.pos;
    const key = await string(`key ${i}`);
    if (key in metadata) throw c.error(`key ${i}`, `${quoted(key)} appears twice`, at);
    await c.need(4, `value type of ${quoted(key)}`);
    const type = c.u32();
    offsets[key] = c.pos;
    metadata[key] = await value(type, quoted(key), 0);
    valueTypes[key] = VALUE_TYPES[type][0];
  }

  let alignment = 32;
  if ('general.alignment' in metadata) {
    alignment = metadata['general.alignment'];
    if (valueTypes['general.alignment'] !== 'UINT32' || !(alignment > 0) || (alignment & (alignment - 1)) !== 0)
      throw c.error('general.alignment', `is ${alignment} (${valueTypes['general.alignment']}); it must be a UINT32 power of two`, offsets['general.alignment']);
  }

  const infos = [];
  const names = new Set();
  for (let i = 0; i < tensorCount; i++) {
    const at = c.pos;
    const name = await string(`tensor ${i} name`);
    const q = quoted(name);
    if (names.has(name)) throw c.error(`tensor ${i} name`, `${q} appears twice`, at);
    names.add(name);
    await c.need(4, `${q} n_dimensions`);
    const nDims = c.u32();
    if (nDims > MAX_DIMS) throw c.error(`${q} n_dimensions`, `is ${nDims}; ggml tensors have at most ${MAX_DIMS}`, c.pos - 4);
    const ne = [];
    for (let d = 0; d < nDims; d++) ne.push(await size(`${q} dimension ${d}`));
    await c.need(12, `${q} type and offset`);
    const typeId = c.u32(), offset = c.u64();
    infos.push({ name, ne, typeId, offset, at });
  }
  const dataOffset = tensorCount > 0 ? Math.ceil(c.pos / alignment) * alignment : c.pos;

  const tensors = infos.map(({ name, ne, typeId, offset, at }) => {
    const [dtype, block, blockBytes] = GGML_TYPES[typeId] ?? [`type ${typeId}`];
    const elements = ne.reduce((a, b) => a * b, 1n);
    let bytes;
    if (block) {
      if (ne.length && ne[0] % BigInt(block) !== 0n)
        throw c.error(`${quoted(name)} dimensions`, `ne[0] = ${ne[0]} is not a multiple of ${dtype}'s block of ${block}`, at);
      const total = BigInt(dataOffset) + offset + elements / BigInt(block) * BigInt(blockBytes);
      if (total > BigInt(file.size))
        throw c.error(`${quoted(name)} offset`, `its ${dtype} data (offset ${offset} + data start ${dataOffset}) ends at byte ${total}, past the file's ${file.size}`, at);
      bytes = Number(elements / BigInt(block) * BigInt(blockBytes));
    }
    return { name, dtype, shape: ne.map(Number).reverse(), offset: dataOffset + Number(offset), bytes, info: at };
  });

  return { format: 'gguf', version, littleEndian: c.littleEndian, alignment, metadata, valueTypes, offsets, tensors, dataOffset };
}

/** A tensor's values as float64 (F32, F16, BF16, F64, integer types, Q8_0). */
export async function readGgufTensor(file, gguf, tensor) {
  if (!decodable(tensor.dtype)) throw new TypeError(`GGUF: tensor "${tensor.name}" is ${tensor.dtype}; posenc reads F32, F16, BF16, F64, integer and Q8_0 tensors`);
  const count = tensor.shape.reduce((a, b) => a * b, 1);
  return decode(await file.read(tensor.offset, tensor.bytes), tensor.dtype, count, gguf.littleEndian);
}

// A key or tensor name in a message: quoted and escaped (a damaged name holds any byte), cut at 80.
const quoted = (name) => JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name);

const small = (v) => (v <= BigInt(Number.MAX_SAFE_INTEGER) && v >= -BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v);
