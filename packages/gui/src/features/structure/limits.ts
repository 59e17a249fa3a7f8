// The structure viewer's constants (spec 3 §9).

/** Above this many atoms the viewer asks before drawing (the default limit). */
export const DEFAULT_SIZE_LIMIT = 500;
/** The limit for systems of an entry's topology. */
export const TOPOLOGY_SIZE_LIMIT = 40000;
/** Bonds are on by default below this many atoms. */
export const BONDS_ON_BELOW = 50;
/** Above this many atoms bonds are off and cannot be turned on. */
export const BONDS_DISABLED_ABOVE = 500;
/** Spheres and cylinders are drawn smoother up to this many atoms. */
export const HIGH_QUALITY_UP_TO = 3000;
/** Parent systems are drawn this opaque around the selected part. */
export const PARENT_OPACITY = 0.1;

export const STRUCTURE_FORMATS = ['cif', 'xyz', 'pdb'] as const;

export const sizePrompt = (limit: number, atoms: number) =>
  `Visualization is by default disabled for systems with more than ${limit} atoms. Do you wish to enable visualization for this system with ${atoms} atoms?`;

export const NO_WEBGL = 'Could not display the visualization as your browser does not support WebGL content.';
export const LOAD_FAILED = 'Could not load structure.';
export const DOWNLOAD_UNAVAILABLE = 'File download not available for this system';
