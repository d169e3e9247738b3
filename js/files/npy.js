// NumPy's .npy (numpy/lib/format.py), the format engineers dump tensors in: the magic
// "\x93NUMPY", a version (1.0: 16-bit header length, latin-1; 2.0: 32-bit; 3.0: 32-bit, UTF-8),
// a Python dict literal { 'descr': '<f4', 'fortran_order': False, 'shape': (3, 4) }, the data.
import { Cursor } from './cursor.js';
import { decode } from './dtypes.js';

const FORMAT = '.npy';
const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59];
const MAX_HEADER = 1 << 20;   // numpy refuses over 10,000 characters unless told the file is trusted

// descr kind + size → the element type decode() reads.
const KINDS = { f2: 'F16', f4: 'F32', f8: 'F64', i1: 'I8', i2: 'I16', i4: 'I32', i8: 'I64', u1: 'U8', u2: 'U16', u4: 'U32', u8: 'U64', b1: 'BOOL' };

/** { format: 'npy', version, descr, dtype, littleEndian, fortranOrder, shape, offset, bytes }. */
export async function readNpy(file) {
  const c = new Cursor(file, FORMAT);
  await c.need(10, 'magic and version');
  const magic = c.bytes(6);
  if (!MAGIC.every((b, i) => magic[i] === b)) throw c.error('magic', 'is not "\\x93NUMPY": not a .npy file', 0);
  const major = c.u8(), minor = c.u8();
  if (![1, 2, 3].includes(major) || minor !== 0) throw c.error('version', `is ${major}.${minor}; .npy versions are 1.0, 2.0 and 3.0`, 6);
  if (major > 1) await c.need(4, 'header length');
  const length = major === 1 ? c.u16() : c.u32();
  if (length > MAX_HEADER) throw c.error('header length', `is ${length}, over 1 MiB: not a header numpy writes`, 8);
  await c.need(length, 'header');
  const at = c.pos;
  const bytes = c.bytes(length);
  const text = major === 3 ? new TextDecoder().decode(bytes) : Array.from(bytes, (b) => String.fromCharCode(b)).join('');
  const header = dictLiteral(text, (why) => c.error('header', why, at));
  const { descr, fortran_order: fortranOrder, shape } = header;
  if (typeof descr !== 'string') throw c.error('header', `has descr ${JSON.stringify(descr)}: structured and object arrays are not read`, at);
  const match = /^([<>|=])([fiub]\d)$/.exec(descr);
  const dtype = match && KINDS[match[2]];
  if (!dtype) throw c.error('descr', `is '${descr}'; posenc reads float (f2, f4, f8), integer and bool arrays`, at);
  if (typeof fortranOrder !== 'boolean') throw c.error('fortran_order', `is ${fortranOrder}, not True or False`, at);
  if (!Array.isArray(shape) || !shape.every((d) => Number.isSafeInteger(d) && d >= 0)) throw c.error('shape', 'is not a tuple of sizes', at);
  const elements = shape.reduce((a, b) => a * b, 1);
  const size = Number(match[2].slice(1));
  const offset = c.pos;
  if (elements * size > file.size - offset)
    throw c.error('data', `${descr} ${formatShape(shape)} takes ${elements * size} bytes; the file has ${file.size - offset}`, offset);
  return { format: 'npy', version: `${major}.${minor}`, descr, dtype, littleEndian: match[1] !== '>', fortranOrder, shape, offset, bytes: elements * size };
}

/** The array's values as float64, in C (row-major) order whatever the file's order. */
export async function readNpyData(file, npy) {
  const count = npy.shape.reduce((a, b) => a * b, 1);
  const values = decode(await file.read(npy.offset, npy.bytes), npy.dtype, count, npy.littleEndian);
  return npy.fortranOrder && npy.shape.length > 1 ? toRowMajor(values, npy.shape) : values;
}

// Column-major → row-major: element (i0, …, ik) sits at Σ i_j · Π_{l<j} shape_l.
function toRowMajor(values, shape) {
  const out = new Float64Array(values.length), index = shape.map(() => 0);
  const strides = shape.map((_, j) => shape.slice(0, j).reduce((a, b) => a * b, 1));
  for (let r = 0; r < out.length; r++) {
    out[r] = values[index.reduce((sum, i, j) => sum + i * strides[j], 0)];
    for (let j = shape.length - 1; j >= 0 && ++index[j] === shape[j]; j--) index[j] = 0;
  }
  return out;
}

const formatShape = (shape) => `(${shape.join(', ')}${shape.length === 1 ? ',' : ''})`;

// The header's Python literal: a dict of strings, True/False, ints and tuples (what numpy writes).
function dictLiteral(text, fail) {
  let i = 0;
  const space = () => { while (/\s/.test(text[i] ?? '')) i++; };
  const expect = (ch) => { space(); if (text[i] !== ch) throw fail(`expected "${ch}" at character ${i}`); i++; };
  const item = () => {
    space();
    const ch = text[i];
    if (ch === "'" || ch === '"') {
      const end = text.indexOf(ch, i + 1);
      if (end < 0) throw fail(`a string at character ${i} is not closed`);
      const s = text.slice(i + 1, end);
      i = end + 1;
      return s;
    }
    if (ch === '(' || ch === '[') {
      const close = ch === '(' ? ')' : ']', list = [];
      i++;
      for (space(); text[i] !== close; space()) {
        list.push(item());
        space();
        if (text[i] === ',') i++;
        else if (text[i] !== close) throw fail(`expected "," or "${close}" at character ${i}`);
      }
      i++;
      return list;
    }
    const word = /^(True|False|None|-?\d+)L?/.exec(text.slice(i));
    if (!word) throw fail(`cannot read the value at character ${i}`);
    i += word[0].length;
    return word[1] === 'True' ? true : word[1] === 'False' ? false : word[1] === 'None' ? null : Number(word[1]);
  };
  const dict = {};
  expect('{');
  for (space(); text[i] !== '}'; space()) {
    const key = item();
    expect(':');
    dict[key] = item();
    space();
    if (text[i] === ',') i++;
    else if (text[i] !== '}') throw fail(`expected "," or "}" at character ${i}`);
  }
  return dict;
}
