import { expect, test } from '@playwright/test';
import { gui, register, saveAndWait, snap, uploadFiles } from '../support/fixtures.ts';

/**
 * A notebook section's plot annotations become plot cards on its entry's overview: a graph object whose
 * '#' paths name the section's quantities, the older x/y plot of a sub-section, and a path that names
 * nothing, which says so in its own card. A sub-section annotated for the overview has a card of its own.
 * A file field takes a dropped file into the upload; as a table the schema reads, it fills the data.
 */
const log =
  '# chamber log\nTime,Pressure,Temp C\n0,1e-6,20\n30,3e-6,150\n60,5e-6,240\n90,4e-6,250\n120,4e-6,250\n';
const evaporation = `definitions:
  sections:
    Evaporation:
      base_sections: [nomad.datamodel.data.EntryData, nomad.datamodel.metainfo.plot.PlotSection]
      m_annotations:
        plotly_graph_object:
          - label: Chamber pressure
            data:
              - {x: '#time', y: '#pressure'}
              - {x: '#time', y: '#temperature', yaxis: y2}
            layout:
              yaxis2: {overlaying: y, side: right}
          - label: Humidity
            data: {x: '#time', y: '#humidity'}
      quantities:
        time: {type: float, shape: ['*'], unit: s, m_annotations: {tabular: {name: Time}}}
        pressure: {type: float, shape: ['*'], unit: mbar, m_annotations: {tabular: {name: Pressure}}}
        temperature: {type: float, shape: ['*'], unit: K, m_annotations: {tabular: {name: Temp C, unit: degC}}}
        log_file:
          type: str
          m_annotations:
            eln: {component: FileEditQuantity}
            tabular_parser: {parsing_options: {comment: '#'}}
      sub_sections:
        steps:
          repeats: true
          section:
            m_annotations:
              eln: {overview: true}
              plot: {label: Ramp, x: duration, y: [power]}
            quantities:
              duration: {type: float, shape: ['*'], unit: s}
              power: {type: float, shape: ['*'], unit: W}
              note: {type: str, m_annotations: {eln: {component: StringEditQuantity}}}
data:
  m_def: '#/definitions/section_definitions/0'
  time: [0, 60, 120, 180]
  pressure: [1.0e-6, 2.0e-6, 2.5e-6, 2.4e-6]
  temperature: [300, 420, 510, 530]
  steps:
    - {duration: [0, 10, 20], power: [0, 50, 100]}
`;

test('a notebook overview: plot cards, sub-sections on cards of their own, a dropped table that fills the data', async ({
  page,
}) => {
  await page.goto(gui('/'));
  await register(page, {
    username: 'blodgett',
    firstName: 'Katharine',
    lastName: 'Blodgett',
    password: 'thin-film-1938',
  });
  await uploadFiles(page, [{ name: 'evaporation.archive.yaml', buffer: Buffer.from(evaporation) }]);
  const uploadUrl = page.url();
  await page.getByRole('row', { name: /evaporation\.archive\.yaml.*SUCCESS/ }).click();
  await expect(page).toHaveURL(/\/entry\/id\//);

  const pressure = page.getByRole('img', { name: 'Chamber pressure' });
  await expect(pressure.locator('.scatterlayer .trace')).toHaveCount(2);
  await expect(page.getByRole('heading', { name: 'Chamber pressure' })).toBeVisible();
  const ramp = page.getByRole('img', { name: 'Ramp' });
  await expect(ramp.locator('.scatterlayer .trace')).toHaveCount(1);
  await expect(ramp.locator('.xtitle')).toHaveText('duration (s)');
  await expect(ramp.locator('.ytitle')).toHaveText('power (W)');
  await expect(page.getByText('Could not resolve the path #humidity')).toBeVisible();

  const card = (title: string) =>
    page.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await expect(card('steps').getByRole('group', { name: 'steps 1' })).toBeVisible();
  await expect(card('steps').getByRole('button', { name: 'Add steps' })).toBeVisible();
  await expect(card('Evaporation').getByRole('region', { name: 'steps' })).toHaveCount(0);
  // Its fields are part of the entry's draft: Save on the notebook card writes them.
  await card('steps').getByRole('textbox', { name: 'note' }).fill('slow ramp');
  await card('steps').getByRole('textbox', { name: 'note' }).press('Enter');
  // A file dropped on a file field goes into the upload, and the field names it.
  await card('Evaporation')
    .getByLabel('file to upload')
    .setInputFiles({ name: 'pressure-log.csv', mimeType: 'text/csv', buffer: Buffer.from(log) });
  await expect(card('Evaporation').getByRole('textbox', { name: 'log file' })).toHaveValue(
    'pressure-log.csv',
  );
  await saveAndWait(page, card('Evaporation').getByRole('button', { name: 'Save' }));
  await page.reload();
  await expect(card('steps').getByRole('textbox', { name: 'note' })).toHaveValue('slow ramp');
  await expect(card('Evaporation').getByRole('textbox', { name: 'log file' })).toHaveValue(
    'pressure-log.csv',
  );
  // Processing read the table: the pressure plot has its five rows now, not the four written.
  await expect(pressure.locator('.scatterlayer .trace').first().locator('.point')).toHaveCount(5);
  await page.goto(uploadUrl);
  await expect(page.getByRole('link', { name: 'pressure-log.csv' }).first()).toBeVisible();
  await snap(page, 'eln-plots');
});
