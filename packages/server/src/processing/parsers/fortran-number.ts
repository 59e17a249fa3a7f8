// Kept where the structure readers import it from; the toolkit's numbers are the one definition.
export { fortranReal } from '../text/numbers.ts';
