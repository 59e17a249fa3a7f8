// What other features use of the structure viewer; the viewers load as their own chunks.
export { LazyCifStructureViewer } from './LazyCifStructureViewer.tsx';
export { LazyMaterialStructure } from './LazyMaterialStructure.ts';
export { NO_WEBGL } from './limits.ts';
export { hasWebGL } from './webgl.ts';
