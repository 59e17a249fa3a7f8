import type { PaginationResponse } from '@oasis/schema';

/** The fields of an entry the results table reads (the API sends more). */
export interface SearchEntry {
  entry_id: string;
  upload_id?: string;
  entry_name?: string;
  entry_type?: string;
  mainfile?: string;
  upload_create_time?: string;
  process_running?: boolean;
  authors?: readonly { user_id?: string; name?: string }[];
  results?: { material?: { chemical_formula_hill?: string; elements?: readonly string[] } };
}

export interface TermsBucket {
  value: string | number | boolean;
  count: number;
}

export interface SearchResponse {
  pagination: PaginationResponse;
  data: SearchEntry[];
  aggregations?: Record<string, { terms?: { data: TermsBucket[] } }>;
}
