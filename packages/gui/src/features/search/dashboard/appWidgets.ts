import { withDefaults } from './defaults.ts';
import { firstError, parseWidgetConfig } from './schema.ts';
import type { WidgetConfig } from './types.ts';

/**
 * The widgets an app configures (`dashboard.widgets`), with the config defaults filled in. A widget the
 * schema rejects is left out and reported on the console: a typo in nomad.yaml must not take the whole
 * search page down.
 */
export function appDashboardWidgets(app: unknown): WidgetConfig[] {
  if (typeof app !== 'object' || app === null) return [];
  const dashboard = (app as { dashboard?: unknown }).dashboard;
  if (typeof dashboard !== 'object' || dashboard === null) return [];
  const widgets = (dashboard as { widgets?: unknown }).widgets;
  if (!Array.isArray(widgets)) return [];
  const configs: WidgetConfig[] = [];
  widgets.forEach((raw, index) => {
    const result = parseWidgetConfig(withDefaults(raw));
    if (result.ok) configs.push(result.config);
    else console.error(`Dashboard widget ${index + 1} of the app config: ${firstError(result.errors)}`);
  });
  return configs;
}
