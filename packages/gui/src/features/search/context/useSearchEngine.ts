import type { ApiClient } from '@oasis/client';
import type { Aggregation, EntriesQueryRequest, Owner } from '@oasis/schema';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { AggregationStore } from './aggregationStore.ts';
import type { QueryResponse } from './firstPage.ts';
import { createInOrder } from './ordering.ts';
import {
  aggregationSignature,
  aggregationsOnlyRequest,
  pageRequest,
  resultsSignature,
  type RequestParts,
} from './requests.ts';
import { searchError } from './searchError.ts';
import type { FilterDefinition, Filters, Resource, SearchPagination, SearchResults } from './types.ts';

/** Clicking several filters in a row sends one request (spec 2 §4). */
export const SEARCH_DEBOUNCE_MS = 450;

export interface EngineInputs {
  api: ApiClient;
  resource: Resource;
  owner: Owner;
  filters: Filters;
  locked: Filters;
  definitions: Readonly<Record<string, FilterDefinition>>;
  apiQuery: Record<string, unknown>;
  pagination: SearchPagination;
  store: AggregationStore;
  /** False until the search quantities and the login state are known. */
  enabled: boolean;
  raiseError(error: unknown): void;
  /** The answer to this first page (no aggregations) when it was already asked for (firstPage.ts). */
  startedFirstPage?(body: EntriesQueryRequest): Promise<QueryResponse> | undefined;
}

interface ResultsState {
  data: Record<string, unknown>[];
  total: number | undefined;
  loading: boolean;
  next: string | undefined;
  request: EntriesQueryRequest | undefined;
  response: unknown;
}

const INITIAL: ResultsState = {
  data: [],
  total: undefined,
  loading: false,
  next: undefined,
  request: undefined,
  response: undefined,
};

type Kind = 'page' | 'more' | 'aggregations';

/** What a request is for: the result rows, or one named aggregation. */
const RESULTS = 'results';
const aggregationPurpose = (name: string) => `aggregation:${name}`;

interface InFlight {
  controller: AbortController;
  /** The purposes no newer request has taken over yet; the request is aborted when none are left. */
  purposes: Set<string>;
}

/**
 * Sends the search requests of one search context: the results page with every aggregation that is due
 * in one debounced request, aggregations alone (page size 0) when only they changed, and further pages
 * on 'load more'. Answers are applied in request order. A request whose every purpose (the results, each
 * aggregation) a newer request took over is aborted, and so is every request when the page unmounts: the
 * server stops computing answers nobody reads.
 */
export function useSearchEngine(inputs: EngineInputs): SearchResults {
  const [results, setResults] = useState<ResultsState>(INITIAL);
  const latest = useRef(inputs);
  latest.current = inputs;
  const [inOrder] = useState(createInOrder);
  /** The signature each aggregation was last requested with. */
  const sent = useRef(new Map<string, string>());
  const resultsKey = useRef<string | undefined>(undefined);
  const lastPageSeq = useRef(-1);
  const mounted = useRef(true);
  const inFlight = useRef(new Set<InFlight>());
  useEffect(() => {
    mounted.current = true;
    const requests = inFlight.current;
    return () => {
      mounted.current = false;
      for (const request of requests) request.controller.abort();
      requests.clear();
    };
  }, []);

  const send = useCallback(
    (
      kind: Kind,
      body: EntriesQueryRequest,
      signatures: Record<string, string>,
      key: string,
      started?: Promise<QueryResponse>,
    ) => {
      const { api, resource, store, raiseError } = latest.current;
      for (const [name, signature] of Object.entries(signatures)) sent.current.set(name, signature);
      const purposes = new Set(Object.keys(signatures).map(aggregationPurpose));
      if (kind !== 'aggregations') purposes.add(RESULTS);
      // 'load more' continues the current results; a new page or aggregation replaces earlier ones.
      if (kind !== 'more') {
        for (const request of inFlight.current) {
          for (const purpose of purposes) request.purposes.delete(purpose);
          if (request.purposes.size > 0) continue;
          request.controller.abort();
          inFlight.current.delete(request);
        }
      }
      const request: InFlight = { controller: new AbortController(), purposes };
      inFlight.current.add(request);
      const { signal } = request.controller;
      const seq = inOrder.next();
      if (kind === 'page') {
        lastPageSeq.current = seq;
        resultsKey.current = key;
      }
      if (kind !== 'aggregations') setResults((state) => ({ ...state, loading: true, request: body }));
      const forget = () => {
        for (const [name, signature] of Object.entries(signatures)) {
          if (sent.current.get(name) === signature) sent.current.delete(name);
        }
      };
      const apply = (response: QueryResponse) => {
        if (!mounted.current) return;
        if (response.aggregations) store.getState().setResponses(response.aggregations);
        if (kind === 'aggregations') return;
        if (kind === 'more' && key !== resultsKey.current) return;
        // Test doubles and proxies may leave fields out that the schema requires.
        const rows: Record<string, unknown>[] = (response.data as QueryResponse['data'] | undefined) ?? [];
        setResults((state) => ({
          data: kind === 'more' ? [...state.data, ...rows] : rows,
          total: response.pagination?.total,
          next: response.pagination?.next_page_after_value ?? undefined,
          // An earlier page that arrives while a newer one is outstanding keeps the indicator on.
          loading: kind === 'page' ? seq !== lastPageSeq.current : false,
          request: state.request,
          response,
        }));
      };
      const fail = (error: unknown) => {
        forget();
        if (!mounted.current) return;
        if (kind === 'page' && seq === lastPageSeq.current) resultsKey.current = undefined;
        if (kind !== 'aggregations') setResults((state) => ({ ...state, loading: false }));
        raiseError(searchError(error));
      };
      // A superseded request settles in its turn without effect: newer answers are not held back by it.
      const answer =
        started ??
        api.call(resource === 'materials' ? 'materialsQuery' : 'entriesQuery', { body }, { signal });
      answer.then(
        (response) => {
          inFlight.current.delete(request);
          inOrder.settle(seq, () => (signal.aborted ? forget() : apply(response)));
        },
        (error: unknown) => {
          inFlight.current.delete(request);
          inOrder.settle(seq, () => (signal.aborted ? forget() : fail(error)));
        },
      );
    },
    [inOrder],
  );

  const tick = useCallback(() => {
    const { resource, owner, filters, locked, definitions, apiQuery, pagination, store, startedFirstPage } =
      latest.current;
    const state = { owner, filters, locked, definitions };
    const due: Record<string, Aggregation> = {};
    const signatures: Record<string, string> = {};
    for (const [name, { aggregation }] of Object.entries(store.getState().registered)) {
      const signature = aggregationSignature(aggregation, state);
      if (sent.current.get(name) === signature) continue;
      due[name] = aggregation;
      signatures[name] = signature;
    }
    const parts: RequestParts = { resource, owner, query: apiQuery, aggregations: due, definitions };
    const key = resultsSignature(apiQuery, owner, pagination);
    const aggregationsDue = Object.keys(due).length > 0;
    if (key !== resultsKey.current) {
      // Only the page's first results may have been asked for by its route (firstPage.ts).
      const resultsOnly =
        resultsKey.current === undefined && startedFirstPage
          ? pageRequest({ ...parts, aggregations: {} }, pagination)
          : undefined;
      const started = resultsOnly && startedFirstPage?.(resultsOnly);
      if (resultsOnly && started) {
        send('page', resultsOnly, {}, key, started);
        if (aggregationsDue) send('aggregations', aggregationsOnlyRequest(parts), signatures, key);
      } else send('page', pageRequest(parts, pagination), signatures, key);
    } else if (aggregationsDue) send('aggregations', aggregationsOnlyRequest(parts), signatures, key);
  }, [send]);

  const registered = useStore(inputs.store, (state) => state.registered);
  const key = resultsSignature(inputs.apiQuery, inputs.owner, inputs.pagination);
  const aggregationsKey = useMemo(
    () =>
      JSON.stringify([
        Object.entries(registered).map(([name, { aggregation }]) => [name, aggregation]),
        inputs.filters,
      ]),
    [registered, inputs.filters],
  );
  useEffect(() => {
    if (!inputs.enabled) return;
    // The debounce gathers changes made while typing or clicking. The first request of a page goes at
    // once: the filters mounting with the page registered their aggregations in the same commit.
    const timer = setTimeout(tick, resultsKey.current === undefined ? 0 : SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [inputs.enabled, key, aggregationsKey, tick]);

  const loadMore = useCallback(() => {
    const { resource, owner, apiQuery, pagination, definitions } = latest.current;
    if (results.next === undefined || results.loading || resultsKey.current === undefined) return;
    const parts: RequestParts = { resource, owner, query: apiQuery, aggregations: {}, definitions };
    send('more', pageRequest(parts, pagination, results.next), {}, resultsKey.current);
  }, [results.next, results.loading, send]);

  // Stable while nothing changed: the results context re-renders its readers only for a new state.
  return useMemo(
    () => ({
      data: results.data,
      total: results.total,
      loading: results.loading,
      hasMore:
        results.next !== undefined && (results.total === undefined || results.data.length < results.total),
      loadMore,
      request: results.request,
      response: results.response,
    }),
    [results, loadMore],
  );
}
