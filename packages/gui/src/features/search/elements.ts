/** Element symbols by atomic number (index 0 is hydrogen). */
const SYMBOLS = (
  'H He Li Be B C N O F Ne Na Mg Al Si P S Cl Ar K Ca Sc Ti V Cr Mn Fe Co Ni Cu Zn Ga Ge As Se Br Kr ' +
  'Rb Sr Y Zr Nb Mo Tc Ru Rh Pd Ag Cd In Sn Sb Te I Xe Cs Ba La Ce Pr Nd Pm Sm Eu Gd Tb Dy Ho Er Tm Yb Lu ' +
  'Hf Ta W Re Os Ir Pt Au Hg Tl Pb Bi Po At Rn Fr Ra Ac Th Pa U Np Pu Am Cm Bk Cf Es Fm Md No Lr ' +
  'Rf Db Sg Bh Hs Mt Ds Rg Cn Nh Fl Mc Lv Ts Og'
).split(' ');

export interface ElementCell {
  symbol: string;
  number: number;
  /** Column 1..18 of the standard table. */
  x: number;
  /** Row 1..7 for the periods; 9 and 10 for the lanthanides and actinides below the table. */
  y: number;
}

/** Position in the standard 18-column layout, from the atomic number. */
function position(number: number): { x: number; y: number } {
  if (number === 1) return { x: 1, y: 1 };
  if (number === 2) return { x: 18, y: 1 };
  if (number <= 18) {
    const period = number <= 10 ? 2 : 3;
    const index = number - (period === 2 ? 3 : 11); // 0..7 within the period
    return { x: index < 2 ? index + 1 : index + 11, y: period };
  }
  if (number <= 54) {
    const period = number <= 36 ? 4 : 5;
    return { x: number - (period === 4 ? 18 : 36), y: period };
  }
  const period = number <= 86 ? 6 : 7;
  const start = period === 6 ? 55 : 87;
  const offset = number - start;
  if (offset < 2) return { x: offset + 1, y: period };
  // The 15 lanthanides (actinides) are shown in their own row below the table.
  if (offset < 17) return { x: offset + 1, y: period + 3 };
  return { x: offset - 13, y: period };
}

export const ELEMENTS: readonly ElementCell[] = SYMBOLS.map((symbol, index) => ({
  symbol,
  number: index + 1,
  ...position(index + 1),
}));
