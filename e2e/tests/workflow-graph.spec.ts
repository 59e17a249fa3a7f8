import { expect, test } from '@playwright/test';
import { workflowArchive } from '@oasis/server/testing/workflow-archive.ts';
import { gui, naclCif, register, snap, uploadFiles } from '../support/fixtures.ts';

/**
 * A NOMAD archive file with a workflow of eight inputs, a sub-workflow and three outputs becomes an entry
 * whose overview draws the Workflow Graph: six inputs by default, a range filter picks others, a task
 * expands into its own graph and 'Back' returns.
 */
test('an archive file with a workflow shows its graph, filtered and expanded', async ({ page }) => {
  // d3 comes in the graph's own chunk, fetched only when a workflow graph is drawn.
  const graphChunks: string[] = [];
  page.on('request', (request) => {
    if (/\/WorkflowGraph-[^/]*\.js$/.test(request.url())) graphChunks.push(request.url());
  });
  await page.goto(gui('/'));
  await register(page, {
    username: 'grace',
    firstName: 'Grace',
    lastName: 'Hopper',
    password: 'engine-1843',
  });
  await uploadFiles(page, [
    { name: 'flow.archive.json', buffer: Buffer.from(JSON.stringify(workflowArchive({ inputs: 8 }))) },
    { name: 'NaCl.cif', buffer: Buffer.from(naclCif) },
  ]);
  await expect(page.getByText('2/2 entries processed')).toBeVisible();
  // An entry without a workflow has no graph card and does not load d3.
  await page.getByRole('row', { name: /NaCl\.cif.*SUCCESS/ }).click();
  await expect(page.getByText('Cl4Na4').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Identifiers' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Workflow Graph' })).toHaveCount(0);
  expect(graphChunks).toEqual([]);
  await page.goBack();
  await page.getByRole('row', { name: /flow\.archive\.json.*SUCCESS/ }).click();
  await expect(page).toHaveURL(/\/entry\/id\/[A-Za-z0-9_-]{28}/);

  await expect(page.getByRole('heading', { name: 'Workflow Graph' })).toBeVisible();
  const graph = page.getByRole('group', { name: 'Workflow graph' });
  const inputs = graph.locator('[data-type="input"]');
  await expect(inputs).toHaveCount(6);
  await expect(page.getByText('Showing 6 of 8 inputs, 3 of 3 outputs')).toBeVisible();
  expect(graphChunks).toHaveLength(1);
  await snap(page, '41-workflow-graph');

  await page.getByRole('textbox', { name: 'Filter inputs to show' }).fill('2:4');
  await expect(inputs).toHaveCount(2);
  await expect(graph.getByRole('button', { name: 'input system 2', exact: true })).toBeVisible();
  await expect(graph.getByRole('button', { name: 'input system 3', exact: true })).toBeVisible();
  await expect(graph.getByRole('button', { name: 'input system 0', exact: true })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Filter inputs to show' }).fill('2:x');
  await expect(page.getByRole('textbox', { name: 'Filter inputs to show' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );

  await graph.getByRole('button', { name: 'GeometryOptimization' }).click();
  await expect(graph.getByRole('button', { name: 'relaxation step 1' })).toBeVisible();
  await expect(graph.getByRole('button', { name: 'relaxation step 2' })).toBeVisible();
  await expect(graph.getByRole('button', { name: 'SinglePoint' })).toHaveCount(0);
  await snap(page, '42-workflow-expanded');

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(graph.getByRole('button', { name: 'SinglePoint' })).toBeVisible();
  await expect(inputs).toHaveCount(6);

  // The force simulation moves the nodes from their columns.
  const node = graph.getByRole('button', { name: 'SinglePoint' });
  const before = await node.getAttribute('transform');
  await page.getByLabel('Force simulation').check();
  await expect.poll(() => node.getAttribute('transform')).not.toBe(before);
});
