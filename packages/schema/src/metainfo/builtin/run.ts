import { bool, float, repeating, section, str, sub } from '../define.ts';
import { calculation } from './run-calculation.ts';
import { method } from './run-method.ts';
import { system } from './run-system.ts';

/** run: one execution of a simulation code, as its parser reads it from the mainfile. */

export const program = section('Program', 'The code that produced the run.', [
  str('name', 'Name of the code, e.g. VASP.'),
  str('version', 'Version of the code as it reports itself.'),
  str('version_internal', 'Internal version, e.g. a revision or build number.'),
  float('compilation_datetime', 'Compilation time, in seconds since the Unix epoch.', { unit: 'second' }),
  str('compilation_host', 'Host the code was compiled on.'),
]);

export const run = section(
  'Run',
  'One run of a simulation code: its program, methods, structures and calculations.',
  [
    bool('clean_end', 'Whether the run ended normally.'),
    str('calculation_file_uri', 'Where the mainfile of the run lives.'),
    str('raw_id', 'Identifier of the run given by the code.'),
  ],
  [
    sub('program', program),
    repeating('method', method),
    repeating('system', system),
    repeating('calculation', calculation),
  ],
);
