import type { Queryable } from '../../db/database.ts';
import { listSequences, quoteIdent, readSequence } from '../backup/catalog.ts';
import type { BackupHeader } from '../backup/format.ts';
import { DamagedBackupError } from './damaged.ts';

const setSequence = (tx: Queryable, name: string, value: string, called: boolean) =>
  tx.query('SELECT setval($1::regclass, $2::bigint, $3)', [quoteIdent(name), value, called]);

/**
 * Sets every sequence where it was when the backup began, before any row goes in: numbers the restore
 * itself draws (the trigger that renumbers entries when dataset members are inserted, migration 006) come
 * after every number of the backup.
 */
export const continueSequences = async (
  tx: Queryable,
  sequences: BackupHeader['sequences'],
): Promise<void> => {
  const present = new Set(await listSequences(tx));
  for (const [name, { value, called }] of Object.entries(sequences)) {
    if (!present.has(name))
      throw new DamagedBackupError(`it names the sequence ${name}, which its migrations do not create`);
    await setSequence(tx, name, value, called);
  }
};

/** The columns that take their values from sequence `name`: defaults calling nextval, identity columns. */
const columnsOf = async (tx: Queryable, name: string) => {
  const { rows } = await tx.query<{ table: string; column: string }>(
    `SELECT c.relname AS table, a.attname AS column
     FROM pg_attrdef d
     JOIN pg_depend dep ON dep.classid = 'pg_attrdef'::regclass AND dep.objid = d.oid
       AND dep.refclassid = 'pg_class'::regclass
     JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
     JOIN pg_class c ON c.oid = a.attrelid
     WHERE dep.refobjid = $1::regclass
     UNION
     SELECT c.relname, a.attname
     FROM pg_depend dep
     JOIN pg_attribute a ON a.attrelid = dep.refobjid AND a.attnum = dep.refobjsubid
     JOIN pg_class c ON c.oid = a.attrelid
     WHERE dep.classid = 'pg_class'::regclass AND dep.objid = $1::regclass AND dep.deptype IN ('a', 'i')`,
    [quoteIdent(name)],
  );
  return rows;
};

/**
 * Moves every sequence past the largest value its columns hold now (serial and identity columns, and
 * search_change_seq, which entries, uploads and search_deletions draw from), so new rows never collide
 * with restored ones and the search index sees every later change as new.
 */
export const resetSequences = async (tx: Queryable): Promise<void> => {
  for (const name of await listSequences(tx)) {
    const current = await readSequence(tx, name);
    let highest = current.called ? BigInt(current.value) : undefined;
    for (const { table, column } of await columnsOf(tx, name)) {
      const { rows } = await tx.query<{ max: string | null }>(
        `SELECT max(${quoteIdent(column)})::text AS max FROM ${quoteIdent(table)}`,
      );
      const max = rows[0]?.max;
      if (max != null && (highest === undefined || BigInt(max) > highest)) highest = BigInt(max);
    }
    if (highest !== undefined) await setSequence(tx, name, highest.toString(), true);
  }
};
