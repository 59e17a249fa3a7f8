import { Clean, TransformDecode } from '@sinclair/typebox/value';
import { withDefaults } from './defaults.ts';
import { configProblems, formatConfigPath, type ConfigProblem, type ProblemMode } from './problems.ts';
import { widgetSchema, type WidgetConfig } from './widgets.ts';

/** Field path ('x.search_quantity', 'layout.lg.w', '' for the widget itself) to its first problem. */
export type FieldErrors = Record<string, string>;

export type WidgetParse = { ok: true; config: WidgetConfig } | { ok: false; errors: FieldErrors };

/** A problem as a form or the YAML import shows it: the field's own text if it declares one. */
function problemText(problem: ConfigProblem, path: string): string {
  const own = (problem.schema as { form?: { required?: string; invalid?: string } }).form;
  switch (problem.kind) {
    case 'missing':
      return own?.required ?? `${path} required`;
    case 'unknown':
      return `${path} is not allowed here (expected ${problem.expected})`;
    case 'invalid':
      return own?.invalid ?? `${path} must be ${problem.expected}`;
    case 'limit':
      return `${path} must be ${problem.expected}`;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An edit form clears a text by emptying it: an empty text is a field left out. */
const withoutEmptyTexts = (value: unknown): unknown =>
  isRecord(value)
    ? Object.fromEntries(
        Object.entries(value)
          .filter(([, item]) => item !== '')
          .map(([key, item]) => [key, withoutEmptyTexts(item)]),
      )
    : value;

/**
 * Checks one widget against the schema of its type and returns it as read (aliases resolved, defaults
 * filled in, unknown keys such as the GUI's id/editing/visible dropped). mode 'form' (an edit form, the YAML
 * import) requires the fields that declare a `required` text; 'config' (an app's dashboard) lets the
 * defaults fill them. Every problem is reported, keyed by field path.
 */
export function parseWidget(raw: unknown, mode: ProblemMode): WidgetParse {
  if (!isRecord(raw)) return { ok: false, errors: { '': 'A widget must be an object' } };
  const schema = widgetSchema(raw.type);
  if (!schema) {
    const message =
      raw.type === undefined || raw.type === null || raw.type === ''
        ? 'Widget type required'
        : `Unknown widget type "${String(raw.type as string)}"`;
    return { ok: false, errors: { type: message } };
  }
  const given = mode === 'form' ? withoutEmptyTexts(raw) : raw;
  const value = withDefaults(schema, given);
  const problems = configProblems(schema, mode === 'form' ? given : value, mode);
  if (problems.length > 0) {
    const errors: FieldErrors = {};
    for (const problem of problems) {
      const path = formatConfigPath(problem.path);
      errors[path] ??= problemText(problem, path);
    }
    return { ok: false, errors };
  }
  // Checked above: the decode step only reads aliases and axis names as canonical forms.
  return { ok: true, config: TransformDecode(schema, [], Clean(schema, value)) as WidgetConfig };
}

/** The first error as one line, e.g. 'x.search_quantity: Search quantity required'. */
export function firstWidgetError(errors: FieldErrors): string {
  const [path, message] = Object.entries(errors)[0] ?? ['', 'Invalid widget'];
  return path && !message.startsWith(path) ? `${path}: ${message}` : message;
}
