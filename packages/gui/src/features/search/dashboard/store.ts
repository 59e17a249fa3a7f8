import {
  BREAKPOINTS,
  parseWidget,
  WIDGET_TYPES,
  type Layouts,
  type WidgetConfig,
  type WidgetType,
} from '@oasis/schema';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { placeNew } from './layout.ts';
import { mainQuantity, newWidgetConfig } from './widgetConfig.ts';

/** A widget on screen: its config plus state that is never persisted. */
export type Widget = WidgetConfig & {
  /** A timestamp string, unique within the dashboard. */
  id: string;
  /** The edit dialog is open. */
  editing: boolean;
  /** False until the first accepted edit; a widget that never became visible is dropped on cancel. */
  visible: boolean;
};

interface DashboardState {
  widgets: Widget[];
  /** Whether the widgets are shown or only the dashboard's header. */
  expanded: boolean;
  setExpanded: (expanded: boolean) => void;
  /** Adds a widget with the edit dialog open; it only becomes visible once accepted. Returns its id. */
  add: (type: WidgetType, quantity?: string) => string;
  /** The filter menu's add control: removes the widgets of this quantity, or adds a visible one. */
  toggleQuantity: (quantity: string, type: WidgetType) => void;
  edit: (id: string) => void;
  /** Stores the edited config; the widget closes its dialog and becomes visible. */
  accept: (id: string, config: WidgetConfig) => void;
  /** Closes the dialog; a widget that was never accepted disappears. */
  cancel: (id: string) => void;
  remove: (id: string) => void;
  /** Back to the app's configured widgets. */
  reset: () => void;
  /** Replaces every widget, e.g. from the YAML import. */
  replace: (configs: readonly WidgetConfig[]) => void;
}

export type DashboardStore = StoreApi<DashboardState>;

/** Where the dashboard of one app is kept between visits; the part of Storage the store uses. */
export type DashboardStorage = Pick<Storage, 'getItem' | 'setItem'>;

interface Persisted {
  expanded: boolean;
  widgets: WidgetConfig[];
}

// JSON has no Infinity; an x at the right edge (spec 2 §3) must survive the round trip.
const INFINITY = 'Infinity';
const replacer = (_key: string, value: unknown) => (value === Infinity ? INFINITY : value);
const reviver = (_key: string, value: unknown) => (value === INFINITY ? Infinity : value);

/** Widget configs without the state that is not persisted (id, editing, visible). */
export function configOf(widget: Widget): WidgetConfig {
  const { id: _id, editing: _editing, visible: _visible, ...config } = widget;
  return config as WidgetConfig;
}

function load(storage: DashboardStorage | undefined, key: string): Persisted | undefined {
  try {
    const text = storage?.getItem(key);
    if (!text) return undefined;
    const raw = JSON.parse(text, reviver) as { expanded?: unknown; widgets?: unknown };
    if (!Array.isArray(raw.widgets)) return undefined;
    // Read as a config: a widget saved before a field was added gets the field's default.
    const widgets = raw.widgets.flatMap((item) => {
      const result = parseWidget(item, 'config');
      return result.ok ? [result.config] : [];
    });
    return { expanded: raw.expanded !== false, widgets };
  } catch {
    // Unreadable storage (private mode, corrupt value): start from the app's defaults.
    return undefined;
  }
}

/**
 * The dashboard of one app. Its visible widgets and the expanded flag are saved under `key` on every
 * change and read back when the store is created again (e.g. when the user returns to the app).
 */
export function createDashboardStore(
  defaults: readonly WidgetConfig[],
  key: string,
  storage: DashboardStorage | undefined,
): DashboardStore {
  let lastId = 0;
  // Ids are timestamps (spec 2 §3); several widgets created in one millisecond count on from there.
  const nextId = () => {
    lastId = Math.max(lastId + 1, Date.now());
    return String(lastId);
  };
  const toWidgets = (configs: readonly WidgetConfig[]): Widget[] =>
    configs.map((config) => ({ ...config, id: nextId(), editing: false, visible: true }));

  const saved = load(storage, key);
  const store = createStore<DashboardState>()((set, get) => {
    const update = (id: string, change: (widget: Widget) => Widget | undefined) =>
      set({
        widgets: get().widgets.flatMap((widget) => {
          if (widget.id !== id) return [widget];
          const next = change(widget);
          return next ? [next] : [];
        }),
      });

    const append = (config: WidgetConfig, editing: boolean): string => {
      const existing = get().widgets;
      const size = WIDGET_TYPES.find((item) => item.type === config.type)!.size;
      const layout: Layouts = {};
      for (const breakpoint of BREAKPOINTS) {
        const others = existing.map((widget) => ({ id: widget.id, layout: widget.layout?.[breakpoint] }));
        layout[breakpoint] = placeNew(others, size, breakpoint);
      }
      const id = nextId();
      set({ widgets: [...existing, { ...config, layout, id, editing, visible: !editing }] });
      return id;
    };

    return {
      widgets: toWidgets(saved?.widgets ?? defaults),
      expanded: saved?.expanded ?? true,
      setExpanded: (expanded) => set({ expanded }),
      add: (type, quantity) => append(newWidgetConfig(type, quantity), true),
      toggleQuantity: (quantity, type) => {
        const widgets = get().widgets;
        const matching = widgets.filter((widget) => mainQuantity(widget) === quantity);
        if (matching.length > 0) set({ widgets: widgets.filter((widget) => !matching.includes(widget)) });
        else append(newWidgetConfig(type, quantity), false);
      },
      edit: (id) => update(id, (widget) => ({ ...widget, editing: true })),
      accept: (id, config) =>
        update(id, (widget) => ({
          ...config,
          // The form does not edit the layout; the widget keeps its place.
          layout: config.layout ?? widget.layout,
          id,
          editing: false,
          visible: true,
        })),
      cancel: (id) => update(id, (widget) => (widget.visible ? { ...widget, editing: false } : undefined)),
      remove: (id) => update(id, () => undefined),
      reset: () => set({ widgets: toWidgets(defaults) }),
      replace: (configs) => set({ widgets: toWidgets(configs) }),
    };
  });

  store.subscribe((state) => {
    const persisted: Persisted = {
      expanded: state.expanded,
      widgets: state.widgets.filter((widget) => widget.visible).map(configOf),
    };
    try {
      storage?.setItem(key, JSON.stringify(persisted, replacer));
    } catch {
      // A full or disabled storage only costs the dashboard's memory across visits.
    }
  });
  return store;
}
