import { describe, expect, it } from 'vitest';
import { HEAVY_AGGREGATION_ROWS, HEAVY_PAGE_ROWS, operationClaim } from './heavy-work.ts';

const query = (body: unknown) => operationClaim('entriesQuery', body, {});

describe('which searches are heavy', () => {
  it("leaves the GUI's searches cheap: small pages with its aggregations", () => {
    const gui = {
      pagination: { page_size: 20 },
      aggregations: {
        elements: { terms: { quantity: 'results.material.elements', size: 118 } },
        program: { terms: { quantity: 'results.method.simulation.program_name', size: 20 } },
        gap: { histogram: { quantity: 'results.properties.electronic.band_gap.value', buckets: 30 } },
        uploaded: { date_histogram: { quantity: 'upload_create_time', buckets: 50 } },
        count: { min_max: { quantity: 'results.material.n_elements' } },
      },
    };
    expect(query(gui)).toBeUndefined();
    // The search menu's list of custom quantities: one entry in each of 1000 buckets.
    const customQuantities = {
      pagination: { page_size: 0 },
      aggregations: {
        paths: { terms: { quantity: 'search_quantities.id', size: 1000, entries: { size: 1 } } },
      },
    };
    expect(query(customQuantities)).toBeUndefined();
    expect(operationClaim('materialsQuery', gui, {})).toBeUndefined();
  });

  it('makes big pages heavy', () => {
    expect(query({ pagination: { page_size: HEAVY_PAGE_ROWS + 1 } })).toEqual({ queue: 'heavy', weight: 1 });
    expect(query({ pagination: { page_size: 10_000 } })).toEqual({ queue: 'heavy', weight: 4 });
  });

  it('makes aggregations heavy that return many buckets or many entries in buckets, whatever the page', () => {
    const manyTerms = Object.fromEntries(
      Array.from({ length: 5 }, (_, k) => [`t${k}`, { terms: { quantity: 'entry_id', size: 10_000 } }]),
    );
    expect(query({ pagination: { page_size: 0 }, aggregations: manyTerms })).toEqual({
      queue: 'heavy',
      weight: 20,
    });
    const bucketEntries = {
      ids: { terms: { quantity: 'upload_id', pagination: { page_size: 1000 }, entries: { size: 10 } } },
    };
    expect(query({ aggregations: bucketEntries })).toEqual({ queue: 'heavy', weight: 5 });
    const histograms = {
      a: { histogram: { quantity: 'results.material.n_atoms', buckets: HEAVY_AGGREGATION_ROWS } },
      b: { auto_date_histogram: { quantity: 'upload_create_time', buckets: 1 } },
    };
    expect(query({ aggregations: histograms })).toEqual({ queue: 'heavy', weight: 1 });
  });
});
