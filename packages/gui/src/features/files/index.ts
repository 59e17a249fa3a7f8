// What other features use of the file browser.
export { FileBrowser } from './FileBrowser.tsx';
export { UPLOAD_PAGE_PAGE_SIZE } from './filesContext.ts';
