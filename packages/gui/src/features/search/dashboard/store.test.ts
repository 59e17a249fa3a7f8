import type { WidgetConfig } from '@oasis/schema';
import { describe, expect, it } from 'vitest';
import { configOf, createDashboardStore, type DashboardStorage } from './store.ts';

const defaults: WidgetConfig[] = [
  {
    type: 'terms',
    search_quantity: 'results.method.simulation.program_name',
    scale: 'log',
    show_input: true,
    layout: { xxl: { x: 0, y: 0, w: 6, h: 9, minW: 3, minH: 3 } },
  },
  { type: 'periodic_table', search_quantity: 'results.material.elements', scale: 'linear' },
];

function memoryStorage(): DashboardStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('dashboard store', () => {
  it("starts with the app's widgets, visible and not editing, with distinct timestamp ids", () => {
    const store = createDashboardStore(defaults, 'k', undefined);
    const { widgets } = store.getState();
    expect(widgets.map(configOf)).toEqual(defaults);
    expect(widgets.every((widget) => widget.visible && !widget.editing)).toBe(true);
    expect(new Set(widgets.map((widget) => widget.id)).size).toBe(2);
    expect(Number(widgets[0]!.id)).toBeGreaterThan(1.6e12);
    expect(store.getState().expanded).toBe(true);
  });

  it('adds a widget in editing state that becomes visible when accepted', () => {
    const store = createDashboardStore(defaults, 'k', undefined);
    const id = store.getState().add('histogram', 'results.material.n_elements');
    const added = store.getState().widgets.find((widget) => widget.id === id)!;
    expect(added).toMatchObject({
      type: 'histogram',
      x: { search_quantity: 'results.material.n_elements' },
      nbins: 30,
      autorange: false,
      y: { scale: 'linear' },
      editing: true,
      visible: false,
    });
    // New widgets have their type's size, at the right edge, beside or below the others.
    expect(added.layout?.xxl).toEqual({ x: 28, y: 0, w: 8, h: 3, minW: 3, minH: 3 });
    expect(added.layout?.sm).toMatchObject({ x: 4, w: 8, h: 3 });

    store.getState().accept(id, { ...configOf(added), nbins: 10 } as WidgetConfig);
    expect(store.getState().widgets.find((widget) => widget.id === id)).toMatchObject({
      nbins: 10,
      editing: false,
      visible: true,
      layout: added.layout,
    });
  });

  it('removes a never-visible widget on cancel but only closes the dialog of a visible one', () => {
    const store = createDashboardStore(defaults, 'k', undefined);
    const id = store.getState().add('terms');
    store.getState().cancel(id);
    expect(store.getState().widgets).toHaveLength(2);

    const first = store.getState().widgets[0]!.id;
    store.getState().edit(first);
    expect(store.getState().widgets[0]!.editing).toBe(true);
    store.getState().cancel(first);
    expect(store.getState().widgets[0]).toMatchObject({ editing: false, visible: true });
  });

  it('removes, resets and replaces', () => {
    const store = createDashboardStore(defaults, 'k', undefined);
    store.getState().remove(store.getState().widgets[0]!.id);
    expect(store.getState().widgets.map((widget) => widget.type)).toEqual(['periodic_table']);
    store.getState().replace([{ type: 'terms', search_quantity: 'x', scale: '1/4', show_input: false }]);
    expect(store.getState().widgets.map(configOf)).toEqual([
      { type: 'terms', search_quantity: 'x', scale: '1/4', show_input: false },
    ]);
    store.getState().reset();
    expect(store.getState().widgets.map(configOf)).toEqual(defaults);
  });

  it('toggles a widget per quantity', () => {
    const store = createDashboardStore(defaults, 'k', undefined);
    store.getState().toggleQuantity('results.method.simulation.program_name', 'terms');
    expect(store.getState().widgets.map((widget) => widget.type)).toEqual(['periodic_table']);
    store.getState().toggleQuantity('results.material.n_elements', 'histogram');
    expect(store.getState().widgets[1]).toMatchObject({
      type: 'histogram',
      x: { search_quantity: 'results.material.n_elements' },
      visible: true,
      editing: false,
    });
    store.getState().toggleQuantity('results.material.n_elements', 'histogram');
    expect(store.getState().widgets).toHaveLength(1);
  });

  it('keeps the visible widgets per app key, Infinity included, and drops unreadable ones', () => {
    const storage = memoryStorage();
    const store = createDashboardStore(defaults, 'dashboard:entries', storage);
    store.getState().replace([
      {
        type: 'terms',
        search_quantity: 'x',
        scale: 'log',
        show_input: true,
        layout: { lg: { x: Infinity, y: 0, w: 6, h: 9, minW: 3, minH: 3 } },
      },
    ]);
    store.getState().add('terms', 'y'); // editing, never accepted: not kept
    store.getState().setExpanded(false);
    const stored = JSON.parse(storage.items.get('dashboard:entries')!) as { widgets: unknown[] };
    expect(stored.widgets).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toMatch(/"id"|"visible"|"editing"/);

    const again = createDashboardStore(defaults, 'dashboard:entries', storage);
    expect(again.getState().expanded).toBe(false);
    expect(again.getState().widgets.map(configOf)).toEqual([
      {
        type: 'terms',
        search_quantity: 'x',
        scale: 'log',
        show_input: true,
        layout: { lg: { x: Infinity, y: 0, w: 6, h: 9, minW: 3, minH: 3 } },
      },
    ]);
    // Another app has its own dashboard.
    expect(createDashboardStore(defaults, 'dashboard:other', storage).getState().widgets).toHaveLength(2);

    // A widget saved before a field existed gets its default; one of no known type is dropped.
    storage.items.set(
      'dashboard:older',
      '{"widgets": [{"type": "periodic_table", "search_quantity": "results.material.elements"}]}',
    );
    expect(
      createDashboardStore(defaults, 'dashboard:older', storage).getState().widgets.map(configOf),
    ).toEqual([{ type: 'periodic_table', search_quantity: 'results.material.elements', scale: 'linear' }]);
    storage.items.set('dashboard:broken', '{"widgets": [{"type": "pie"}, 5]}');
    expect(createDashboardStore(defaults, 'dashboard:broken', storage).getState().widgets).toEqual([]);
    storage.items.set('dashboard:garbage', 'not json');
    expect(createDashboardStore(defaults, 'dashboard:garbage', storage).getState().widgets).toHaveLength(2);
  });
});
