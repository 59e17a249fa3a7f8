// What other features use of user search: a search app embedded in another page (a dataset's).
export { useEmbeddedSearchApp } from './embeddedSearchApp.ts';
