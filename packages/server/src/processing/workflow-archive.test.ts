import { describe, expect, it } from 'vitest';
import { workflowArchive } from '../testing/workflow-archive.ts';
import { parseMainfile } from './pipeline.ts';

describe('archive files with a workflow', () => {
  it('keep workflow2 as written and index its sections for the workflow graph card', async () => {
    const written = workflowArchive();
    const result = await parseMainfile({
      absolutePath: '/nowhere/flow.archive.json',
      relativePath: 'flow.archive.json',
      uploadId: 'u',
      parser: 'parsers/archive',
      content: Buffer.from(JSON.stringify(written)),
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.archive.workflow2).toEqual(written.workflow2);
    const metadata = result.archive.metadata as { quantities: string[]; entry_name: string };
    expect(metadata.entry_name).toBe('Relax and compute');
    expect(metadata.quantities).toEqual(
      expect.arrayContaining(['workflow2', 'workflow2.inputs', 'workflow2.outputs', 'workflow2.tasks']),
    );
  });
});
