import type { ExampleUpload } from '@oasis/schema';
import type { Env } from '../../core/env.ts';

export interface ExampleCategory {
  category: string;
  examples: ExampleUpload[];
}

const isExampleUpload = (option: unknown): option is ExampleUpload => {
  if (typeof option !== 'object' || option === null) return false;
  const { entry_point_type, id, title, category } = option as Record<string, unknown>;
  return (
    entry_point_type === 'example_upload' &&
    typeof id === 'string' &&
    typeof title === 'string' &&
    typeof category === 'string'
  );
};

/**
 * The example uploads 'Add Example Uploads' offers: the plugin entry points of type example_upload, chosen
 * by `ui.example_uploads` include (if given) and exclude by id, grouped by category in order of appearance.
 */
export function exampleUploadsByCategory(env: Pick<Env, 'plugins' | 'ui'>): ExampleCategory[] {
  const options = Object.values(env.plugins.entry_points?.options ?? {});
  const { include, exclude } = env.ui.example_uploads ?? {};
  const chosen = options
    .filter(isExampleUpload)
    .filter((example) => (!include || include.includes(example.id)) && !exclude?.includes(example.id));
  const categories = new Map<string, ExampleUpload[]>();
  for (const example of chosen) {
    categories.set(example.category, [...(categories.get(example.category) ?? []), example]);
  }
  return [...categories].map(([category, examples]) => ({ category, examples }));
}
