import { ApiError } from '@oasis/client';
import type { Dataset } from '@oasis/schema';
import type { DatasetItem } from './metadataEdits.ts';

// The texts are the product's own (spec 3 §5), typo included.
export const INVALID_URL = 'Pleas enter a valid URL ...';
const DUPLICATE_URL = 'The URL is already in the references';
const INVALID_DATASET_NAME = 'Invalid name for dataset';
export const ALREADY_IN_DATASET = 'The data is already in the selected dataset';

export function isValidUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** Shown while typing: a reference that is already listed. */
export const duplicateReferenceError = (url: string, references: readonly string[]): string | undefined =>
  url !== '' && references.includes(url) ? DUPLICATE_URL : undefined;

/** Why a new dataset cannot have this name, or undefined if it can. */
export function datasetNameError(
  name: string,
  userDatasets: readonly Dataset[],
  listed: readonly DatasetItem[],
): string | undefined {
  if (name === '') return undefined;
  const taken = [...userDatasets, ...listed].some(({ dataset_name }) => dataset_name === name);
  if (taken) return `There is already a dataset with name ${name}`;
  if (name.startsWith(' ')) return INVALID_DATASET_NAME;
  return undefined;
}

export interface FieldErrors {
  references?: string;
  datasets?: string;
}

interface DetailItem {
  loc?: unknown;
  msg?: unknown;
}

/**
 * The server's validation errors of a rejected edit that concern references or datasets (422 detail items
 * whose `loc` names the field), or undefined if the error is about something else.
 */
export function fieldErrorsOf(error: unknown): FieldErrors | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  const detail = (error.body as { detail?: unknown } | undefined)?.detail;
  if (!Array.isArray(detail)) return undefined;
  const errors: FieldErrors = {};
  for (const item of detail as DetailItem[]) {
    // A location may be nested (NOMAD's edit errors name e.g. ['metadata', 'datasets']).
    const loc = Array.isArray(item.loc) ? (item.loc as unknown[]).flat(2) : [];
    const msg = typeof item.msg === 'string' ? item.msg : JSON.stringify(item.msg);
    if (loc.includes('references')) errors.references ??= msg;
    if (loc.includes('datasets')) errors.datasets ??= msg;
  }
  return errors.references !== undefined || errors.datasets !== undefined ? errors : undefined;
}
