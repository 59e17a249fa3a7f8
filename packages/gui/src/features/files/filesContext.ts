/** What every lane of one file browser shares. */
import type { ApiClient } from '@oasis/client';
export interface FilesContext {
  api: ApiClient;
  uploadId: string;
  /** File operations are offered only for editable uploads (spec 3 §6). */
  editable: boolean;
  /** Upload path of the root folder ('' for the upload's root). */
  rootPath: string;
  rootTitle: string;
  /** In an entry's files tab: the mainfile's upload path; it is highlighted and keyed `_mainfile`. */
  mainfile?: string;
  /** The installation's product name (env title), which NOMAD's own archive parser is shown as. */
  productName: string;
  /** Items per folder page: 40 in browsers, 500 on the upload page (spec 3 §7, §9). */
  pageSize: number;
  /** Where 'processed data' of a file's entry leads (the entry's data tab). */
  entryDataUrl(entryId: string): string;
  /** Where an item of the root folder links instead of its lane (undefined: its lane). */
  rootItemHref?(name: string): string | undefined;
}

/** The key of the mainfile item in an entry's files tab (the tab's path ends with files/_mainfile). */
export const MAINFILE_KEY = '_mainfile';

/** Directory listing page size in the browser (spec 3 §9). */
export const BROWSER_PAGE_SIZE = 40;

/** Directory listing page size of the file browser on the upload page's stepper (spec 3 §9). */
export const UPLOAD_PAGE_PAGE_SIZE = 500;

/** 'parsers/vasp' is shown as 'vasp', the archive parser as the product name (spec 3 §2). */
export function parserLabel(parserName: string, productName: string): string {
  const name = parserName.replace(/^parsers\//, '');
  return name === 'archive' ? productName : name;
}
