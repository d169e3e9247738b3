// A short tour of the package in Node: the numbers of the worked examples, computed in wasm.
import { init } from 'posenc';

const pe = await init();
const fmt = (values) => Array.from(values, (v) => v.toFixed(8).padStart(12)).join(' ');

console.log('PE(pos), d = 4, positions 0-4 (the worked example):');
const table = pe.encoding(5, 4, { dtype: 'float64' });
for (let pos = 0; pos < table.rows; pos++)
  console.log(`  ${pos}: ${fmt(table.data.subarray(pos * 4, pos * 4 + 4))}`);

console.log('\nPE(10) from PE(0) by the rotation R(10):');
console.log(`  shifted: ${fmt(pe.shift(pe.encode(0, 4), 10))}`);
console.log(`  direct:  ${fmt(pe.encode(10, 4))}`);

const m = pe.dotMatrix(82, 512, { dtype: 'float64' }).data;
console.log('\nd = 512: dot products depend only on the offset (Toeplitz):');
console.log(`  PE(1)·PE(2) = ${m[1 * 82 + 2].toFixed(3)}   PE(80)·PE(81) = ${m[80 * 82 + 81].toFixed(3)}`);
console.log(`  PE(1)·PE(80) = ${m[1 * 82 + 80].toFixed(3)}   PE(2)·PE(81) = ${m[2 * 82 + 81].toFixed(3)}`);

const periods = pe.periods(512);
console.log(`\nd = 512: periods from ${periods[0].toFixed(3)} (2π) to ${periods.at(-1).toFixed(3)}`);
