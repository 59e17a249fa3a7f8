// The POTCAR beside a vasprun.xml (full or stripped of its projectors), for the potentials' headers.
import type { LogLevel } from '@oasis/schema';
import { siblingText } from '../sibling-files.ts';
import { readPotcarHeaders, type PotcarHeader } from './potcar.ts';

const NAMES = ['POTCAR', 'POTCAR.stripped'];
/** A POTCAR holds a few MB per element; anything much larger is not one. */
const MAX_BYTES = 64 * 1024 ** 2;

/** Headers of the sibling POTCAR; none (after an INFO line saying why) when there is no readable one. */
export async function siblingPotcarHeaders(
  absolutePath: string,
  rawRoot: string,
  log: (level: LogLevel, event: string) => void,
): Promise<PotcarHeader[]> {
  for (const name of NAMES) {
    let sibling;
    try {
      sibling = await siblingText(absolutePath, rawRoot, name, MAX_BYTES);
    } catch (error) {
      log('WARNING', `${name} could not be read: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    if (!sibling) continue;
    if ('problem' in sibling) {
      log('WARNING', sibling.problem);
      continue;
    }
    return readPotcarHeaders(sibling.text);
  }
  log('INFO', 'no POTCAR beside the file: the pseudopotential cutoffs are not known');
  return [];
}
