import type { SectionDefinition } from './elnModel.ts';

/** A resolved section for tests: empty but for what `extra` gives it. */
export const testSection = (name: string, extra: Partial<SectionDefinition> = {}): SectionDefinition => ({
  name,
  search_name: name,
  base_sections: [],
  quantities: [],
  sub_sections: [],
  ...extra,
});
