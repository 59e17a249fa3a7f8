// What other features use of the archive browser.
export { ArchiveBrowser, type ArchiveBrowserProps } from './ArchiveBrowser.tsx';
export { useArchiveDocument } from './useArchiveDocument.ts';
