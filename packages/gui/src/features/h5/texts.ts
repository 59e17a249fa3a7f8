/** The HDF5 view's texts (spec 3 §8, spec 2 §8). */
export const H5_CANNOT_RESOLVE = 'Cannot resolve section.';
export const H5_NO_ANNOTATIONS = 'No h5web annotations found.';
export const H5_UNEXPECTED_ERROR = 'Could not load h5web view due to an unexpected error.';
