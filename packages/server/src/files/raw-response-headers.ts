import path from 'node:path';

/**
 * Types a browser may show in place: none of them can run script on this origin. Anything else (HTML, SVG,
 * XML, ...) is downloaded, whatever it contains.
 */
const inlineTypes: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.cif': 'text/plain; charset=utf-8',
  '.xyz': 'text/plain; charset=utf-8',
};

/** Known types that are always downloaded; unknown ones are application/octet-stream. */
const downloadTypes: Record<string, string> = {
  '.json': 'application/json',
  '.md': 'text/markdown',
  '.yaml': 'text/yaml',
  '.yml': 'text/yaml',
  '.xml': 'application/xml',
};

/**
 * Raw files are the users' bytes: even shown in place they get an opaque origin with no script (sandbox),
 * load nothing, and may only be framed by this installation (a preview in the GUI).
 */
export const RAW_FILE_CSP = "sandbox; default-src 'none'; frame-ancestors 'self'";

/**
 * RFC 6266: the name as a quoted string when it is plain ASCII; otherwise an ASCII fallback and the exact name
 * UTF-8 encoded (RFC 8187) for the clients that read it.
 */
export const contentDisposition = (kind: 'attachment' | 'inline', fileName: string): string => {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  if (fallback === fileName) return `${kind}; filename="${fileName}"`;
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
};

/** Headers of a download of files this server made (zips, archives) that still carry user content. */
export const attachmentHeaders = (fileName: string, contentType: string): Record<string, string> => ({
  'content-type': contentType,
  'content-disposition': contentDisposition('attachment', fileName),
  'x-content-type-options': 'nosniff',
  'content-security-policy': RAW_FILE_CSP,
});

/**
 * Headers of a raw file. `ignoreMimeType` is NOMAD's parameter: the type is application/octet-stream (and
 * the file therefore a download).
 */
export const rawFileHeaders = (
  fileName: string,
  options: { ignoreMimeType?: boolean } = {},
): Record<string, string> => {
  const extension = path.extname(fileName).toLowerCase();
  const inline = options.ignoreMimeType ? undefined : inlineTypes[extension];
  if (inline) {
    return {
      ...attachmentHeaders(fileName, inline),
      'content-disposition': contentDisposition('inline', fileName),
    };
  }
  const type = options.ignoreMimeType ? undefined : downloadTypes[extension];
  return attachmentHeaders(fileName, type ?? 'application/octet-stream');
};
