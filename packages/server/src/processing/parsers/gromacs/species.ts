// Elements of GROMACS atom names. Names are force-field labels ('OW', 'HW1', 'CA', 'AR'), not symbols:
// the first letter is the element unless the two first letters are an element that the residue is
// named after (ions and noble gases: 'NA' in 'NA', 'AR' in 'Argon', 'CL' in 'CL-').
import { isElementSymbol } from '@oasis/chem';

const capitalised = (letters: string): string =>
  letters.charAt(0).toUpperCase() + letters.slice(1).toLowerCase();

export function elementOfAtomName(name: string, residue: string): string | undefined {
  const letters = name.replace(/^\d+/, '').replace(/[^A-Za-z].*$/, '');
  const two = capitalised(letters.slice(0, 2));
  if (two.length === 2 && isElementSymbol(two) && residue.toLowerCase().startsWith(two.toLowerCase()))
    return two;
  const one = letters.charAt(0).toUpperCase();
  return isElementSymbol(one) ? one : undefined;
}
