/**
 * The HTML a rich-text quantity may hold. A notebook entry is written by one user and read by others, so
 * its HTML is reduced to formatting before it is shown or stored: these elements, no attributes but a
 * link's address, and only addresses that open a page or a mail.
 */
const KEPT_ELEMENTS = new Set([
  'a',
  'b',
  'blockquote',
  'br',
  'code',
  'div',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'hr',
  'i',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
]);

/** Elements dropped with everything inside them; other unknown elements give way to their content. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
  'head',
  'title',
  'link',
  'meta',
  'form',
  'input',
  'textarea',
  'select',
  'button',
]);

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** An address a link may keep: absolute, opening a web page or a mail. */
export function safeLinkAddress(address: string): string | undefined {
  try {
    const url = new URL(address.trim());
    return SAFE_PROTOCOLS.has(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function cleanChildren(source: Node, target: Node, document: Document) {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      target.appendChild(document.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const tag = (child as Element).tagName.toLowerCase();
    if (DROPPED_WITH_CONTENT.has(tag)) continue;
    if (!KEPT_ELEMENTS.has(tag)) {
      cleanChildren(child, target, document);
      continue;
    }
    const element = document.createElement(tag);
    if (tag === 'a') {
      const address = safeLinkAddress((child as Element).getAttribute('href') ?? '');
      if (address) {
        element.setAttribute('href', address);
        element.setAttribute('target', '_blank');
        element.setAttribute('rel', 'noopener noreferrer');
      }
    }
    cleanChildren(child, element, document);
    target.appendChild(element);
  }
}

/** The given HTML with only the kept elements and link addresses; text is kept, everything else goes. */
export function sanitizeHtml(html: string): string {
  // A document that is never attached runs no script and loads nothing while it is parsed.
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const output = document.implementation.createHTMLDocument('');
  const container = output.createElement('div');
  cleanChildren(parsed.body, container, output);
  return container.innerHTML;
}

/** Whether the HTML shows nothing (an editor emptied by the user leaves '<br>' or empty paragraphs). */
export const isBlankHtml = (html: string): boolean =>
  new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() === '';
