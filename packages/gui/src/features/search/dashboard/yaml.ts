import { firstWidgetError, parseWidget, type WidgetConfig } from '@oasis/schema';
import { parse, stringify } from 'yaml';
import { MESSAGES } from './messages.ts';

export type YamlImport = { ok: true; widgets: WidgetConfig[] } | { ok: false; error: string };

/**
 * The widgets as YAML under `widgets:`, ready to paste below `dashboard:` of an app in nomad.yaml.
 * An x at the right edge is written as YAML's `.inf`.
 */
export function dashboardToYaml(widgets: readonly WidgetConfig[]): string {
  return stringify({ widgets }, { indent: 2 });
}

/**
 * Reads YAML written by dashboardToYaml (or a bare list of widgets). Every widget must pass the schema
 * of its type, its required fields given; the first problem is reported and nothing is imported.
 */
export function dashboardFromYaml(text: string): YamlImport {
  let document: unknown;
  try {
    document = parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, error: MESSAGES.notYaml(reason) };
  }
  const list =
    typeof document === 'object' && document !== null && !Array.isArray(document)
      ? (document as { widgets?: unknown }).widgets
      : document;
  if (!Array.isArray(list)) return { ok: false, error: 'Expected a list of widgets under "widgets".' };
  const widgets: WidgetConfig[] = [];
  for (const [index, raw] of list.entries()) {
    const result = parseWidget(raw, 'form');
    if (!result.ok) return { ok: false, error: `Widget ${index + 1}: ${firstWidgetError(result.errors)}` };
    widgets.push(result.config);
  }
  return { ok: true, widgets };
}
