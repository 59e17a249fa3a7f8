/** The fields of an entry's metadata the entry page reads (`GET entries/{id}` sends more). */
export interface EntryMaterial {
  material_id?: string;
  chemical_formula_hill?: string;
  chemical_formula_reduced?: string;
  chemical_formula_descriptive?: string;
  elements?: readonly string[];
  n_elements?: number;
  structural_type?: string;
  symmetry?: MaterialSymmetry;
}

interface MaterialSymmetry {
  bravais_lattice?: string;
  crystal_system?: string;
  hall_number?: number;
  hall_symbol?: string;
  point_group?: string;
  space_group_number?: number;
  space_group_symbol?: string;
  structure_name?: string;
  prototype_aflow_id?: string;
  strukturbericht_designation?: string;
}

/** results.properties.structures.structure_* (SI units: m, rad, m^3, kg/m^3, 1/m^3). */
export interface ResultsStructure {
  n_sites?: number;
  nperiodic_dimensions?: number;
  cell_volume?: number;
  mass_density?: number;
  atomic_density?: number;
  lattice_parameters?: {
    a?: number;
    b?: number;
    c?: number;
    alpha?: number;
    beta?: number;
    gamma?: number;
  };
}

export interface ResultsStructures {
  structure_original?: ResultsStructure;
  structure_conventional?: ResultsStructure;
  structure_primitive?: ResultsStructure;
}

/** results.method; energies in J, k-line density in m. */
export interface ResultsMethod {
  method_name?: string;
  workflow_name?: string | readonly string[];
  simulation?: {
    program_name?: string;
    program_version?: string;
    dft?: {
      basis_set_type?: string;
      core_electron_treatment?: string;
      xc_functional_type?: string;
      xc_functional_names?: readonly string[];
      spin_polarized?: boolean;
      van_der_Waals_method?: string;
      relativity_method?: string;
    };
    precision?: { k_line_density?: number; planewave_cutoff?: number };
  };
}

export interface BandGap {
  index?: number;
  value?: number;
  type?: string;
  energy_highest_occupied?: number;
  energy_lowest_unoccupied?: number;
}

/**
 * results.properties.electronic.*: the arrays are references ('/run/0/calculation/0/...') into the same
 * archive, or already resolved values.
 */
export interface ResultsDos {
  energies?: unknown;
  total?: readonly unknown[];
  band_gap?: readonly BandGap[];
  label?: string;
}

export interface ResultsBandStructure {
  reciprocal_cell?: unknown;
  segment?: readonly unknown[];
  band_gap?: readonly BandGap[];
  label?: string;
}

export interface ResultsElectronic {
  dos_electronic?: ResultsDos | readonly ResultsDos[];
  band_structure_electronic?: ResultsBandStructure | readonly ResultsBandStructure[];
  band_gap?: readonly BandGap[];
}

/** results.properties.geometry_optimization; energies in J, forces in N, displacements in m. */
export interface ResultsGeometryOptimization {
  type?: string;
  energies?: unknown;
  final_energy_difference?: number;
  final_force_maximum?: number;
  final_displacement_maximum?: number;
  convergence_tolerance_energy_difference?: number;
}

interface ResultsProperties {
  n_calculations?: number;
  available_properties?: readonly string[];
  structures?: ResultsStructures;
  electronic?: ResultsElectronic;
  geometry_optimization?: ResultsGeometryOptimization;
}

export interface EntryResults {
  material?: EntryMaterial;
  method?: ResultsMethod;
  properties?: ResultsProperties;
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
  results?: EntryResults;
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

/** The archive as the overview's plots see it: not needed, on its way, failed, or there. */
export type ArchiveState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; archive: Record<string, unknown> };
