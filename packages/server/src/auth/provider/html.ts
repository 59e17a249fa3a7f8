import { createHash } from 'node:crypto';

/**
 * Server-rendered pages of the embedded identity provider. Every value that may come from a request goes
 * through `escapeHtml`; the pages load nothing from elsewhere and run no scripts.
 */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"'`=]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Trusted markup, built only by the helpers below from escaped values. */
export interface Html {
  readonly html: string;
}

const raw = (html: string): Html => ({ html });

/** Tagged template that escapes every interpolated value unless it is already `Html` (or a list of it). */
export const html = (
  strings: TemplateStringsArray,
  ...values: Array<string | number | Html | Html[] | undefined>
): Html =>
  raw(
    strings.reduce((out, part, i) => {
      const value = values[i - 1];
      const rendered =
        value === undefined
          ? ''
          : Array.isArray(value)
            ? value.map((v) => v.html).join('')
            : typeof value === 'object'
              ? value.html
              : escapeHtml(String(value));
      return out + rendered + part;
    }),
  );

const styles = `
:root { --primary: #2A4CDF; --primary-dark: #192E86; --error: #d32f2f; }
* { box-sizing: border-box; }
body { margin: 0; font-family: "Titillium Web", "Helvetica", "Arial", sans-serif; background: #f5f6fa; color: rgba(0,0,0,.87); }
header { background: var(--primary); color: #fff; padding: 0 24px; height: 64px; display: flex; align-items: center;
  font-size: 1.35rem; font-weight: 600; box-shadow: 0 2px 4px rgba(0,0,0,.2); }
header a { color: inherit; text-decoration: none; }
main { display: flex; justify-content: center; padding: 48px 16px; }
.card { background: #fff; width: 100%; max-width: 440px; border-radius: 4px; padding: 32px;
  box-shadow: 0 2px 1px -1px rgba(0,0,0,.2), 0 1px 1px 0 rgba(0,0,0,.14), 0 1px 3px 0 rgba(0,0,0,.12); }
h1 { font-size: 1.5rem; font-weight: 600; margin: 0 0 24px; }
label { display: block; font-size: .875rem; color: rgba(0,0,0,.6); margin: 16px 0 4px; }
input[type=text], input[type=email], input[type=password] { width: 100%; padding: 10px 12px; font: inherit;
  border: 1px solid rgba(0,0,0,.23); border-radius: 4px; }
input:focus { outline: 2px solid var(--primary); border-color: transparent; }
button, .button { display: inline-block; margin-top: 24px; width: 100%; padding: 10px 16px; font: inherit; font-weight: 600;
  text-transform: uppercase; letter-spacing: .03em; color: #fff; background: var(--primary); border: 0; border-radius: 4px;
  cursor: pointer; text-align: center; text-decoration: none; }
button:hover, .button:hover { background: var(--primary-dark); }
a { color: var(--primary); }
.alert { background: #fdeded; color: #5f2120; border-radius: 4px; padding: 10px 14px; margin-bottom: 8px; }
.alert ul { margin: 0; padding-left: 18px; }
.info { background: #e5f6fd; color: #014361; border-radius: 4px; padding: 10px 14px; margin-bottom: 8px; }
.links { margin-top: 20px; display: flex; justify-content: space-between; font-size: .95rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 8px 16px; margin: 0; }
dt { color: rgba(0,0,0,.6); } dd { margin: 0; overflow-wrap: anywhere; }
.links form { margin: 0; }
.links button { width: auto; margin: 0; padding: 0; font-weight: normal; text-transform: none; letter-spacing: 0;
  color: var(--primary); background: none; text-decoration: underline; }
.links button:hover { background: none; }
`;

/** The one inline style element; its hash in the pages' policy allows it and nothing else (no 'unsafe-inline'). */
const styleElement = raw(`<style>${styles}</style>`);
export const PAGE_STYLE_HASH = `'sha256-${createHash('sha256').update(styles).digest('base64')}'`;

export const page = (title: string, body: Html, guiUrl: string): string =>
  html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        ${styleElement}
      </head>
      <body>
        <header><a href="${guiUrl}">NOMAD oasis</a></header>
        <main>
          <div class="card">
            <h1>${title}</h1>
            ${body}
          </div>
        </main>
      </body>
    </html>`.html;

export const errorList = (errors: string[]): Html =>
  errors.length === 0
    ? raw('')
    : errors.length === 1
      ? html`<div class="alert" role="alert">${errors[0]}</div>`
      : html`<div class="alert" role="alert">
          <ul>
            ${errors.map((e) => html`<li>${e}</li>`)}
          </ul>
        </div>`;

export const hiddenFields = (fields: Record<string, string | undefined>): Html[] =>
  Object.entries(fields).flatMap(([name, value]) =>
    value === undefined ? [] : [html`<input type="hidden" name="${name}" value="${value}" />`],
  );

export interface InputField {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  value?: string;
  autocomplete: string;
  required?: boolean;
  autofocus?: boolean;
}

export const input = (field: InputField): Html =>
  html`<label for="${field.name}">${field.label}</label>
    <input
      id="${field.name}"
      name="${field.name}"
      type="${field.type}"
      value="${field.type === 'password' ? '' : (field.value ?? '')}"
      autocomplete="${field.autocomplete}"
      ${raw(field.required ? ' required' : '')}${raw(field.autofocus ? ' autofocus' : '')}
    />`;
