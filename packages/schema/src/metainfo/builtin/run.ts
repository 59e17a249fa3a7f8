import { bool, float, int, reference, repeating, section, str, sub } from '../define.ts';
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

export const timeRun = section('TimeRun', 'Start and end times of the whole run.', [
  float('date_start', 'Date and time the run started, in seconds since the Unix epoch.', { unit: 'second' }),
  float('date_end', 'Date and time the run ended, in seconds since the Unix epoch.', { unit: 'second' }),
  float('cpu1_start', 'CPU time of the first process when the run started.', { unit: 'second' }),
  float('cpu1_end', 'CPU time of the first process when the run ended.', { unit: 'second' }),
  float('wall_start', 'Wall-clock time when the run started.', { unit: 'second' }),
  float('wall_end', 'Wall-clock time when the run ended.', { unit: 'second' }),
]);

export const messageRun = section('MessageRun', 'A message the code printed, e.g. a warning.', [
  str('type', 'Kind of message, e.g. warning or error.'),
  str('value', 'Text of the message.'),
]);

export const run = section(
  'Run',
  'One run of a simulation code: its program, methods, structures and calculations.',
  [
    bool('clean_end', 'Whether the run ended normally.'),
    str('calculation_file_uri', 'Where the mainfile of the run lives.'),
    str('raw_id', 'Identifier of the run given by the code.'),
    reference('starting_run_ref', 'The run this one starts from.', 'run'),
    int('n_references', 'Number of runs referenced.'),
    reference('runs_ref', 'Further runs this one relates to.', 'run', { shape: ['n_references'] }),
  ],
  [
    sub('program', program),
    sub('time_run', timeRun),
    sub('message', messageRun),
    repeating('method', method),
    repeating('system', system),
    repeating('calculation', calculation),
  ],
);
