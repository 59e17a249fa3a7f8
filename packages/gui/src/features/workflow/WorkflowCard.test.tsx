import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { minimalResponse } from '../../api/contractCheckedFetch.ts';
import { appsEnv, plainEntriesApp, renderApp } from '../../app/testing.tsx';
import { LEGEND } from './texts.ts';
import { LONG_INPUT_NAME, OTHER_ENTRY_ID, testWorkflowArchive } from './testWorkflow.ts';
import { hasWorkflowSections } from './visibility.ts';

const ENTRY = 'workflow_entry';
const apps = appsEnv({ entries: plainEntriesApp });
const json = (body: unknown) => new Response(JSON.stringify(body));

/** The entry (its metadata lists the workflow's sections, as processing indexes them) and its archive. */
function answer(url: string, method: string) {
  const path = new URL(url).pathname;
  const envelope = (data: Record<string, unknown>) =>
    json({ entry_id: ENTRY, data: { entry_id: ENTRY, upload_id: 'u1', ...data } });
  if (path.endsWith(`/entries/${ENTRY}`)) {
    return envelope({
      mainfile: 'flow.archive.json',
      quantities: ['', 'workflow2', 'workflow2.inputs', 'workflow2.tasks'],
    });
  }
  if (path.endsWith(`/entries/${ENTRY}/archive/query`)) return envelope({ archive: testWorkflowArchive() });
  return minimalResponse(method, url);
}

const graph = () => screen.findByRole('group', { name: 'Workflow graph' });
const shownNames = (svg: HTMLElement, type: string) =>
  Array.from(svg.querySelectorAll(`[data-type="${type}"]`)).map((node) => node.getAttribute('aria-label'));
const filterField = () => screen.getByRole('textbox', { name: /to show$/ });

describe('hasWorkflowSections', () => {
  it('needs inputs, outputs or tasks of workflow2 among the indexed sections', () => {
    expect(hasWorkflowSections({ quantities: ['', 'workflow2', 'workflow2.tasks'] })).toBe(true);
    expect(hasWorkflowSections({ quantities: ['', 'workflow2', 'workflow2.results'] })).toBe(false);
    expect(hasWorkflowSections({})).toBe(false);
  });
});

describe('WorkflowCard', () => {
  it('draws six inputs by default, the tasks and the outputs, with shortened long names', async () => {
    const { fetch } = renderApp(`/entry/id/${ENTRY}`, apps, answer);
    expect(await screen.findByRole('heading', { name: 'Workflow Graph' })).toBeInTheDocument();
    const svg = await graph();
    expect(shownNames(svg, 'input')).toEqual([0, 1, 2, 3, 4, 5].map((i) => `input system ${i}`));
    expect(shownNames(svg, 'output')).toEqual(['relaxed system', 'ground state', 'band structure']);
    expect(shownNames(svg, 'workflow')).toContain('GeometryOptimization');
    expect(shownNames(svg, 'task')).toEqual(['SinglePoint', 'Check']);
    expect(screen.getByText('Showing 6 of 8 inputs, 3 of 3 outputs')).toBeInTheDocument();
    // Only workflow2 is fetched for the card.
    const bodies = fetch.mock.calls.map(([, init]) => String(init?.body ?? ''));
    expect(bodies).toContain(JSON.stringify({ required: { workflow2: '*' } }));

    await userEvent.type(filterField(), '7');
    const long = within(svg).getByRole('button', { name: LONG_INPUT_NAME });
    expect(long.querySelector('text')).toHaveTextContent(/^structure before the r\.\.\.$/);
    expect(long.querySelector('title')).toHaveTextContent(LONG_INPUT_NAME);
  });

  it('filters inputs by range, marks bad expressions and switches to the outputs', async () => {
    renderApp(`/entry/id/${ENTRY}`, apps, answer);
    const svg = await graph();
    expect(filterField()).toHaveAttribute('placeholder', 'Enter range: 5, 4:-1, :50%');
    expect(screen.getByLabelText('Filter inputs to show')).toBeInTheDocument();
    await userEvent.type(filterField(), '2:4');
    expect(shownNames(svg, 'input')).toEqual(['input system 2', 'input system 3']);
    await userEvent.clear(filterField());
    await userEvent.type(filterField(), '4:-1, :50%');
    expect(shownNames(svg, 'input')).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => `input system ${i}`));
    await userEvent.type(filterField(), ', x');
    expect(filterField()).toHaveAttribute('aria-invalid', 'true');
    // A bad expression keeps the default selection.
    expect(shownNames(svg, 'input')).toHaveLength(6);

    const outputs = within(svg).getByRole('button', { name: 'Outputs' });
    expect(outputs.querySelector('title')?.textContent).toContain('Click to switch inputs/outputs filter');
    await userEvent.click(outputs);
    expect(screen.getByLabelText('Filter outputs to show')).toHaveValue('');
    await userEvent.type(filterField(), '-1');
    expect(shownNames(svg, 'output')).toEqual(['band structure']);
  });

  it('expands a workflow, an elementary task, and goes back up', async () => {
    renderApp(`/entry/id/${ENTRY}`, apps, answer);
    const svg = await graph();
    const workflow = within(svg).getAllByRole('button', { name: 'GeometryOptimization' })[0]!;
    expect(workflow.querySelector('title')?.textContent).toContain('Click to expand task/workflow');
    await userEvent.click(workflow);
    await waitFor(() => expect(shownNames(svg, 'task')).toEqual(['step 1', 'step 2']));
    const title = within(svg).getByRole('button', { name: 'GeometryOptimization' });
    expect(title.querySelector('title')?.textContent).toContain('Click to go back up');

    await userEvent.click(within(svg).getByRole('button', { name: 'step 2' }));
    await waitFor(() => expect(shownNames(svg, 'output')).toEqual(['system', 'calculation']));

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(shownNames(svg, 'task')).toEqual(['step 1', 'step 2']));
    await userEvent.click(title);
    await waitFor(() => expect(shownNames(svg, 'task')).toEqual(['SinglePoint', 'Check']));
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();

    // A task without outputs has none to filter.
    await userEvent.click(within(svg).getByRole('button', { name: 'Check' }));
    await userEvent.click(await within(svg).findByRole('button', { name: 'Outputs' }));
    expect(screen.getByRole('textbox', { name: 'No outputs to show' })).toBeDisabled();
  });

  it('leads inputs to the data tab and references to other entries to their pages', async () => {
    const { router } = renderApp(`/entry/id/${ENTRY}`, apps, answer);
    const svg = await graph();
    const input = within(svg).getByRole('button', { name: 'input system 3' });
    expect(input.querySelector('title')?.textContent).toContain(
      'Click to go to overview page/archive section',
    );
    await userEvent.click(input);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/entry/id/${ENTRY}/data/run:0/system:3`),
    );
    await userEvent.click(screen.getByRole('tab', { name: /overview/i }));
    await userEvent.click(within(await graph()).getByRole('button', { name: 'Band structure' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/entry/id/${OTHER_ENTRY_ID}`));
  });

  it('resets to the whole workflow without filters', async () => {
    renderApp(`/entry/id/${ENTRY}`, apps, answer);
    const svg = await graph();
    await userEvent.type(filterField(), '1');
    expect(shownNames(svg, 'input')).toEqual(['input system 1']);
    await userEvent.click(within(svg).getAllByRole('button', { name: 'GeometryOptimization' })[0]!);
    await waitFor(() => expect(shownNames(svg, 'task')).toEqual(['step 1', 'step 2']));
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(shownNames(svg, 'task')).toEqual(['SinglePoint', 'Check']));
    expect(shownNames(svg, 'input')).toHaveLength(6);
    expect(filterField()).toHaveValue('');
  });

  it('moves the nodes by a force simulation while it is switched on', async () => {
    renderApp(`/entry/id/${ENTRY}`, apps, answer);
    const svg = await graph();
    const node = () => within(svg).getByRole('button', { name: 'SinglePoint' });
    const columns = node().getAttribute('transform');
    await userEvent.click(screen.getByLabelText('Force simulation'));
    await waitFor(() => expect(node().getAttribute('transform')).not.toBe(columns));
    await userEvent.click(screen.getByLabelText('Force simulation'));
    await waitFor(() => expect(node().getAttribute('transform')).toBe(columns));
  });

  it('zooms with the wheel and eases back to the whole graph on Reset', async () => {
    renderApp(`/entry/id/${ENTRY}`, apps, answer);
    const svg = await graph();
    const content = svg.querySelector('g')!;
    svg.dispatchEvent(new WheelEvent('wheel', { deltaY: -200, bubbles: true, cancelable: true }));
    await waitFor(() => expect(content.getAttribute('transform')).toMatch(/scale\((?!1\))/));
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(content.getAttribute('transform')).toBe('translate(0,0) scale(1)'));
  });

  it('explains each node type in the legend', async () => {
    renderApp(`/entry/id/${ENTRY}`, apps, answer);
    await graph();
    for (const { label, tooltip } of LEGEND) {
      await userEvent.hover(screen.getByText(label, { selector: 'p' }));
      expect(await screen.findByRole('tooltip', { name: tooltip })).toBeInTheDocument();
      await userEvent.unhover(screen.getByText(label, { selector: 'p' }));
    }
    expect(LEGEND.map((item) => item.tooltip)).toEqual([
      'Input to a task or workflow.',
      'Output from a task or workflow.',
      'Task containing further sub-tasks.',
      'Elementary task with inputs and outputs.',
    ]);
  });
});
