/** The fields of an entry's metadata the entry page reads (`GET entries/{id}` sends more). */
export interface EntryMaterial {
  material_id?: string;
  chemical_formula_hill?: string;
  chemical_formula_descriptive?: string;
  elements?: readonly string[];
  n_elements?: number;
  structural_type?: string;
}

export interface EntryData {
  entry_id: string;
  upload_id?: string;
  upload_name?: string | null;
  upload_create_time?: string;
  entry_name?: string;
  entry_type?: string;
  mainfile?: string;
  comment?: string;
  references?: readonly string[];
  authors?: readonly { user_id?: string; name?: string }[];
  datasets?: readonly { dataset_id?: string; dataset_name?: string }[];
  raw_id?: string;
  external_id?: string;
  last_processing_time?: string;
  nomad_version?: string;
  processing_errors?: readonly string[];
  results?: { material?: EntryMaterial };
}

export interface EntryResponse {
  entry_id: string;
  data: EntryData;
}

export interface LogEntry {
  level?: string;
  event?: string;
  timestamp?: string;
  parser?: string;
  exception?: string;
}

export interface ArchiveResponse {
  entry_id: string;
  data: {
    entry_id: string;
    upload_id: string;
    archive: Record<string, unknown> & { processing_logs?: LogEntry[] };
  };
}
