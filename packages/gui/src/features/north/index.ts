// What other features use of NORTH: the tools offered for a file and for a search result.
export { FileTools } from './FileTools.tsx';
export { NorthRowAction } from './NorthRowAction.tsx';
