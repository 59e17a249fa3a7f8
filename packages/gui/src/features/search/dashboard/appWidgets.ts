import { firstWidgetError, parseWidget, type AppConfig, type WidgetConfig } from '@oasis/schema';

/**
 * The widgets an app configures (`dashboard.widgets`; the server validated them at start), as read: type
 * aliases resolved, axes as objects, defaults filled in. A widget that still fails (a configuration from
 * elsewhere) is left out and reported on the console rather than taking the search page down.
 */
export function appDashboardWidgets(app: AppConfig): WidgetConfig[] {
  return (app.dashboard?.widgets ?? []).flatMap((raw, index) => {
    const result = parseWidget(raw, 'config');
    if (result.ok) return [result.config];
    console.error(`Dashboard widget ${index + 1} of the app config: ${firstWidgetError(result.errors)}`);
    return [];
  });
}
