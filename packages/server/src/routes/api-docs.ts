// The API docs page (Swagger UI) arrives with its operation list already in the HTML, in Swagger UI's
// own markup for a collapsed list, so the page shows the API at once instead of after Swagger UI's
// 1.7 MB script has been compiled (about 1.5 s on a 2-core machine). Swagger UI then renders into the
// same element, replacing the list with its interactive one, which looks the same.
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../auth/provider/html.ts';

/** The element Swagger UI's page renders into (its `dom_id`). */
const MOUNT = '<div id="swagger-ui"></div>';

interface DocumentOperation {
  operationId?: string;
  tags?: string[];
  summary?: string;
}

interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, unknown>>;
}

const operationMarkup = (tag: string, method: string, path: string, operation: DocumentOperation) => {
  const m = escapeHtml(method);
  const id = escapeHtml(`operations-${tag}-${operation.operationId ?? `${method}${path}`}`);
  return (
    `<div class="opblock opblock-${m}" id="${id}"><div class="opblock-summary opblock-summary-${m}">` +
    `<button class="opblock-summary-control" aria-expanded="false" disabled>` +
    `<span class="opblock-summary-method">${m.toUpperCase()}</span>` +
    `<div class="opblock-summary-path-description-wrapper">` +
    `<span class="opblock-summary-path" data-path="${escapeHtml(path)}"><a class="nostyle"><span>${escapeHtml(path)}</span></a></span>` +
    `<div class="opblock-summary-description">${escapeHtml(operation.summary ?? '')}</div>` +
    `</div></button></div></div>`
  );
};

/**
 * Swagger UI's bar with the document's address and its list of servers, as inert placeholders of the
 * same size, so that the list does not move down when Swagger UI takes over.
 */
const frameMarkup = (docsPath: string, document: OpenApiDocument) => ({
  topbar:
    `<div class="topbar"><div class="wrapper"><div class="topbar-wrapper"><form class="download-url-wrapper">` +
    `<input class="download-url-input" type="text" value="${escapeHtml(`${docsPath}/json`)}" disabled>` +
    `<button class="download-url-button button" disabled>Explore</button></form></div></div></div>`,
  servers:
    `<div class="scheme-container"><section class="schemes wrapper block col-12"><div>` +
    `<span class="servers-title">Servers</span><div class="servers"><label><select disabled>` +
    (document.servers ?? []).map((server) => `<option>${escapeHtml(server.url)}</option>`).join('') +
    `</select></label></div></div></section></div>`,
});

/** The document's title and its operations by tag (in the order Swagger UI lists them), as HTML. */
function operationListMarkup(docsPath: string, document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths))
    for (const [method, value] of Object.entries(methods)) {
      const operation = value as DocumentOperation;
      const tag = operation.tags?.[0] ?? 'default';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationMarkup(tag, method, path, operation)]);
    }
  const { title, version, description } = document.info;
  const info =
    `<div class="information-container wrapper"><section class="block col-12"><div class="info">` +
    `<hgroup class="main"><h2 class="title">${escapeHtml(title)} <span><small><pre class="version">${escapeHtml(version)}</pre></small></span></h2></hgroup>` +
    (description
      ? `<div class="description"><div class="markdown"><p>${escapeHtml(description)}</p></div></div>`
      : '') +
    `</div></section></div>`;
  const tags = [...byTag.entries()].map(
    ([tag, operations]) =>
      `<div class="opblock-tag-section is-open"><h3 class="opblock-tag" data-tag="${escapeHtml(tag)}" data-is-open="true">` +
      `<a class="nostyle"><span>${escapeHtml(tag)}</span></a></h3><div class="no-margin">${operations.join('')}</div></div>`,
  );
  const { topbar, servers } = frameMarkup(docsPath, document);
  return `<div class="swagger-ui">${topbar}${info}${servers}<div class="wrapper"><section class="block col-12">${tags.join('')}</section></div></div>`;
}

/**
 * Puts the operation list into the docs page Swagger UI's plugin serves at `docsPath`. Registered
 * before compression, which would otherwise have turned the page into bytes already.
 */
export function prerenderApiDocs(app: FastifyInstance, docsPath: string, document: OpenApiDocument): void {
  const mounted = `<div id="swagger-ui">${operationListMarkup(docsPath, document)}</div>`;
  app.addHook('onSend', async (request, _reply, payload) => {
    if (typeof payload !== 'string' || !request.url.startsWith(docsPath) || !payload.includes(MOUNT))
      return payload;
    return payload.replace(MOUNT, mounted);
  });
}
