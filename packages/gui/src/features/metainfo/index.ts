// What other features use of the metainfo browser.
export { SchemaDefinitionsCard } from './SchemaDefinitionsCard.tsx';
