import type { ReactNode } from 'react';
import { displayValue, formatAuthors } from '../../components/format.ts';
import { formatDateTime } from '../uploads/dateTime.ts';
import type { SearchEntry } from './types.ts';

export interface ResultColumn {
  key: string;
  label: string;
  render: (entry: SearchEntry) => ReactNode;
}

const authorNames = (entry: SearchEntry) =>
  (entry.authors ?? []).map((author) => author.name).filter((name): name is string => Boolean(name));

/** The default columns of the entries search (spec 2 §3); empty values show 'unavailable'. */
export const DEFAULT_COLUMNS: readonly ResultColumn[] = [
  { key: 'entry_name', label: 'Name', render: (entry) => displayValue(entry.entry_name) },
  {
    key: 'results.material.chemical_formula_hill',
    label: 'Formula',
    render: (entry) => displayValue(entry.results?.material?.chemical_formula_hill),
  },
  { key: 'entry_type', label: 'Entry type', render: (entry) => displayValue(entry.entry_type) },
  {
    key: 'upload_create_time',
    label: 'Upload time',
    render: (entry) => formatDateTime(entry.upload_create_time),
  },
  { key: 'authors', label: 'Authors', render: (entry) => formatAuthors(authorNames(entry)) },
];
