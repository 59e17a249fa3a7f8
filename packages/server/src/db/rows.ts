import type { Tables } from './tables.ts';

/** Columns `C` of table `T` (all by default), typed as the migrated schema has them (tables.ts). */
export type Columns<T extends keyof Tables, C extends keyof Tables[T] = keyof Tables[T]> = Pick<Tables[T], C>;

/**
 * `Row` with some columns narrowed (a text column holding one of a few values, say): each narrowed column
 * must be one of `Row`'s and its new type one its old type admits.
 */
export type Narrowed<
  Row,
  Narrow extends { [K in keyof Narrow]: K extends keyof Row ? Row[K] : never },
> = Omit<Row, keyof Narrow> & Narrow;
