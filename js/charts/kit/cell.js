// What a reader wants to know about one value PE(pos, dim): which pair i and whether sin or
// cos, the frequency ω_i, the angle pos·ω_i and the value (6 significant digits, or exact).
import { kind, pairOfColumn } from '../../story/pairs.js';
import { significant, sub } from '../../numbers.js';

/** Lines describing PE(pos, dim) = value; omega: the d/2 frequencies. */
export function cellText({ pos, dim, d, layout, omega, value, exact }) {
  const i = pairOfColumn(dim, d, layout), f = kind(dim, d, layout);
  return `pos ${pos} · dimension ${dim} = ${f}, i = ${i}\n`
    + `${sub('ω', i)} = ${significant(omega[i], exact)} · angle pos·ω = ${significant(pos * omega[i], exact)} rad\n`
    + `PE = ${f}(${significant(pos * omega[i])}) = ${significant(value, exact)}`;
}
