// safetensors (huggingface/safetensors): an 8-byte little-endian header length N, N bytes of
// JSON { name: { dtype, shape, data_offsets: [begin, end] }, __metadata__? }, then the data,
// offsets relative to byte 8 + N. The header is read; a tensor when asked for.
import { Cursor, within } from './cursor.js';
import { decode, decodable, elementBytes } from './dtypes.js';

const FORMAT = 'safetensors';
const MAX_HEADER = 100_000_000;   // the format's own limit (MAX_HEADER_SIZE)

// Types the format names whose sizes are whole bytes (F8_*: 1 byte each); others are listed, not read.
const BYTES = { F8_E4M3: 1, F8_E5M2: 1, F8_E8M0: 1, C64: 8 };

/** { format: 'safetensors', metadata, tensors: [{ name, dtype, shape, offset, bytes }], dataOffset }. */
export async function readSafetensors(file) {
  const c = new Cursor(file, FORMAT);
  await c.need(8, 'header length');
  const length = c.u64();
  if (length > BigInt(MAX_HEADER)) throw c.error('header length', `is ${length}, over the format's limit of 100 MB`, 0);
  const n = within(c, length, 'header length', c.left, 0);
  await c.need(n, 'header');
  const text = c.text(n, 'header');
  let header;
  try {
    header = JSON.parse(text);
  } catch (error) {
    throw c.error('header', `is not JSON (${error.message})`, 8);
  }
  if (typeof header !== 'object' || header === null || Array.isArray(header))
    throw c.error('header', 'is not a JSON object', 8);  // (the format is told by its "{")
  const dataOffset = 8 + n, dataBytes = file.size - dataOffset;
  const metadata = header.__metadata__ ?? {};
  const tensors = [];
  for (const [name, info] of Object.entries(header)) {
    if (name === '__metadata__') continue;
    const bad = (why) => c.error(`tensor "${name}"`, why, 8);
    const { dtype, shape, data_offsets: offsets } = info ?? {};
    if (typeof dtype !== 'string') throw bad('has no dtype');
    if (!Array.isArray(shape) || !shape.every((d) => Number.isSafeInteger(d) && d >= 0)) throw bad(`has shape ${JSON.stringify(shape)}, not a list of sizes`);
    if (!Array.isArray(offsets) || offsets.length !== 2 || !offsets.every((o) => Number.isSafeInteger(o) && o >= 0) || offsets[1] < offsets[0])
      throw bad(`has data_offsets ${JSON.stringify(offsets)}, not [begin, end]`);
    if (offsets[1] > dataBytes) throw bad(`ends at data byte ${offsets[1]}, past the file's ${dataBytes} bytes of data`);
    const size = elementBytes(dtype) ?? BYTES[dtype];
    const elements = shape.reduce((a, b) => a * b, 1);
    if (size !== undefined && elements * size !== offsets[1] - offsets[0])
      throw bad(`holds ${offsets[1] - offsets[0]} bytes, but ${dtype} ${JSON.stringify(shape)} takes ${elements * size}`);
    tensors.push({ name, dtype, shape, offset: dataOffset + offsets[0], bytes: offsets[1] - offsets[0] });
  }
  return { format: 'safetensors', metadata, tensors, dataOffset };
}

/** A tensor's values as float64 (F64, F32, F16, BF16, integer and BOOL tensors). */
export async function readSafetensorsTensor(file, tensor) {
  if (!decodable(tensor.dtype)) throw new TypeError(`safetensors: tensor "${tensor.name}" is ${tensor.dtype}; posenc reads F64, F32, F16, BF16, integer and BOOL tensors`);
  const count = tensor.shape.reduce((a, b) => a * b, 1);
  return decode(await file.read(tensor.offset, tensor.bytes), tensor.dtype, count, true);
}
