// Kept where the code readers import it from; the toolkit's numbers are the one definition.
export { numbersIn } from '../../text/numbers.ts';
