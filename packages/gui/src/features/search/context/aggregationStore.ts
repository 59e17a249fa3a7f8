import type { Aggregation, AggregationResponse } from '@oasis/schema';
import { createStore } from 'zustand/vanilla';

interface Registered {
  aggregation: Aggregation;
  /** How many mounted components use this name; it is unregistered when the last one goes. */
  users: number;
}

export interface AggregationState {
  registered: Readonly<Record<string, Registered>>;
  responses: Readonly<Record<string, AggregationResponse>>;
  register(name: string, aggregation: Aggregation): () => void;
  setResponses(responses: Record<string, AggregationResponse>): void;
}

/** The aggregations components asked for and their latest answers; one store per search context. */
export function createAggregationStore() {
  return createStore<AggregationState>()((set) => ({
    registered: {},
    responses: {},
    register(name, aggregation) {
      set((state) => {
        const current = state.registered[name];
        const same = current && JSON.stringify(current.aggregation) === JSON.stringify(aggregation);
        return {
          registered: {
            ...state.registered,
            [name]: {
              aggregation: same ? current.aggregation : aggregation,
              users: (current?.users ?? 0) + 1,
            },
          },
        };
      });
      return () =>
        set((state) => {
          const current = state.registered[name];
          if (!current) return state;
          const { [name]: _removed, ...rest } = state.registered;
          return {
            registered:
              current.users > 1 ? { ...rest, [name]: { ...current, users: current.users - 1 } } : rest,
          };
        });
    },
    setResponses(responses) {
      set((state) => ({ responses: { ...state.responses, ...responses } }));
    },
  }));
}

export type AggregationStore = ReturnType<typeof createAggregationStore>;
