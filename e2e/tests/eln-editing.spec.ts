import { expect, test, type Locator, type Page } from '@playwright/test';
import { acceptCookies, gui, register, saveAndWait, snap, uploadFiles } from '../support/fixtures.ts';

/**
 * A notebook schema with one quantity per kind of edit widget, and an entry of it: the entry page shows
 * the data's section with its widgets, checks values as they are typed (spec 3 §5's texts), saves, and
 * reports the conflict when the file was saved elsewhere in the meantime.
 */
const schema = `definitions:
  name: Film lab
  sections:
    Instrument:
      base_sections: [nomad.datamodel.metainfo.basesections.Instrument, nomad.datamodel.data.EntryData]
    Layer:
      quantities:
        material: {type: str, m_annotations: {eln: {component: StringEditQuantity}}}
    Sample:
      base_sections: [nomad.datamodel.metainfo.basesections.CompositeSystem, nomad.datamodel.data.EntryData]
      m_annotations: {eln: {hide: [lab_id, datetime]}}
      quantities:
        thickness:
          type: np.float64
          unit: m
          m_annotations: {eln: {component: NumberEditQuantity, defaultDisplayUnit: nm}}
        layers_count:
          type: np.int32
          m_annotations: {eln: {component: NumberEditQuantity, minValue: 0, maxValue: 10}}
        kind:
          type: {type_kind: Enum, type_data: [film, bulk]}
          m_annotations: {eln: {component: RadioEnumEditQuantity}}
        substrate:
          type: {type_kind: Enum, type_data: [glass, silicon]}
          m_annotations: {eln: {component: EnumEditQuantity}}
        annealed: {type: bool, m_annotations: {eln: {component: BoolEditQuantity}}}
        made: {type: Datetime, m_annotations: {eln: {component: DateTimeEditQuantity}}}
        link: {type: str, m_annotations: {eln: {component: URLEditQuantity}}}
        tags: {type: str, shape: ['*'], m_annotations: {eln: {component: StringEditQuantity}}}
        instrument: {type: Instrument, m_annotations: {eln: {component: ReferenceEditQuantity}}}
        operator: {type: User, m_annotations: {eln: {component: UserEditQuantity}}}
      sub_sections:
        layers: {section: Layer, repeats: true}
`;
const sample = `data:
  m_def: ../upload/raw/film.schema.archive.yaml#Sample
  name: S-1
  thickness: 0.00000012
  instrument: ../upload/archive/mainfile/furnace.archive.yaml#data
  layers:
    - material: ITO
`;

const furnace = `data:
  m_def: ../upload/raw/film.schema.archive.yaml#Instrument
  name: Furnace A
`;

const field = (scope: Page | Locator, label: string) =>
  scope.getByRole('textbox', { name: label, exact: true });
const laneItem = (page: Page, key: string) =>
  page.getByTestId('lane-browser').locator(`[data-testid="lane-item"][data-key="${key}"]`);

test('a notebook entry is edited with every widget, checked, saved, and a conflict is reported', async ({
  page,
  context,
}) => {
  await page.goto(gui('/'));
  await register(page, {
    username: 'cswu',
    firstName: 'Chien-Shiung',
    lastName: 'Wu',
    password: 'parity-1956',
  });
  await uploadFiles(page, [
    { name: 'film.schema.archive.yaml', buffer: Buffer.from(schema) },
    { name: 'sample.archive.yaml', buffer: Buffer.from(sample) },
    { name: 'furnace.archive.yaml', buffer: Buffer.from(furnace) },
  ]);
  await expect(page.getByText('3/3 entries processed')).toBeVisible();
  await acceptCookies(page);
  await page.getByRole('row', { name: /sample\.archive\.yaml.*SUCCESS/ }).click();
  await expect(page).toHaveURL(/\/entry\/id\//);
  const entryUrl = page.url();

  const editor = page.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name: 'Sample' }) });
  await expect(editor).toBeVisible();
  const save = editor.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  // Inherited from the built-in base section; lab_id and datetime are hidden by the section's annotation.
  await expect(field(page, 'name')).toHaveValue('S-1');
  await expect(field(page, 'lab id')).toHaveCount(0);
  // Stored in metres, shown in the display unit.
  await expect(field(page, 'thickness')).toHaveValue('120');

  await field(page, 'name').fill('S-2');
  await field(page, 'thickness').fill('abc');
  await field(page, 'thickness').press('Enter');
  await expect(editor.getByText("Enter a valid numerical value with datatype 'float64'")).toBeVisible();
  await field(page, 'thickness').fill('2 kg');
  await field(page, 'thickness').press('Enter');
  await expect(editor.getByText('Unit "kg" is incompatible with dimension "length".')).toBeVisible();
  await field(page, 'thickness').fill('0.25 µm');
  await field(page, 'thickness').blur();
  await expect(editor.getByText(/incompatible/)).toHaveCount(0);
  await field(page, 'layers count').fill('11');
  await field(page, 'layers count').press('Enter');
  await expect(editor.getByText('Enter a value that is equal or smaller than 10')).toBeVisible();
  await field(page, 'layers count').fill('2.5');
  await field(page, 'layers count').press('Enter');
  await expect(editor.getByText("Enter a valid numerical value with datatype 'int32'")).toBeVisible();
  await field(page, 'layers count').fill('3');
  await field(page, 'layers count').press('Enter');
  await editor.getByRole('radio', { name: 'bulk' }).check();
  await editor.getByRole('combobox', { name: 'substrate' }).click();
  await page.getByRole('option', { name: 'silicon' }).click();
  await editor.getByRole('checkbox', { name: 'annealed' }).check();
  await editor.getByLabel('made').fill('2024-05-06T07:08');
  await field(page, 'link').fill('not a url');
  await field(page, 'link').press('Enter');
  await expect(editor.getByText('Invalid URL string!')).toBeVisible();
  await field(page, 'link').fill('https://example.org/film');
  await field(page, 'link').press('Enter');
  await field(page, 'tags 1').fill('thin');
  await field(page, 'tags 1').press('Enter');
  await field(page, 'tags 2').fill('oxide');
  await field(page, 'tags 2').press('Enter');
  // A reference written by hand in the file, by mainfile, shows the entry it names.
  await expect(editor.getByRole('combobox', { name: 'instrument' })).toHaveValue('Furnace A');
  await expect(editor.getByRole('link', { name: 'Open instrument' })).toBeVisible();
  // A reference: the entries of the referenced section are offered by name.
  await editor.getByRole('combobox', { name: 'instrument' }).click();
  await page.getByRole('option', { name: 'Furnace A' }).click();
  await expect(editor.getByRole('link', { name: 'Open instrument' })).toBeVisible();
  // The same through the section-select dialog, filtered to this upload's unpublished entries.
  await editor.getByRole('button', { name: 'Select instrument' }).click();
  const select = page.getByRole('dialog', { name: 'Select Instrument' });
  await select.getByLabel('Only this upload').check();
  await select.getByLabel('Published', { exact: true }).uncheck();
  await select.getByRole('row', { name: /Furnace A/ }).click();
  await expect(select).toHaveCount(0);
  await expect(editor.getByRole('combobox', { name: 'instrument' })).toHaveValue('Furnace A');
  // A user, found by the start of the name (a name no other spec registers).
  await editor.getByRole('combobox', { name: 'operator' }).fill('Chien');
  await page.getByRole('option', { name: /^Chien-Shiung Wu/ }).click();
  await editor.getByRole('button', { name: 'Add layers' }).click();
  await field(page, 'material').nth(1).fill('ZnO');
  await field(page, 'material').nth(1).press('Enter');
  await editor
    .getByRole('group', { name: 'layers 1' })
    .getByRole('button', { name: 'Delete sub-section' })
    .click();
  await snap(page, 'eln-editing');

  // Leaving with changes asks first.
  await page.getByRole('link', { name: 'Uploads' }).first().click();
  await expect(page.getByText('Your changes are not submitted yet. Discard changes?')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(save).toBeEnabled();
  await saveAndWait(page, save);
  await page.reload();
  await expect(field(page, 'name')).toHaveValue('S-2');
  await expect(field(page, 'thickness')).toHaveValue('250');
  await expect(field(page, 'layers count')).toHaveValue('3');
  await expect(editor.getByRole('radio', { name: 'bulk' })).toBeChecked();
  await expect(editor.getByRole('checkbox', { name: 'annealed' })).toBeChecked();
  await expect(field(page, 'tags 2')).toHaveValue('oxide');
  await expect(field(page, 'material')).toHaveCount(1);
  await expect(field(page, 'material')).toHaveValue('ZnO');
  await expect(editor.getByRole('combobox', { name: 'instrument' })).toHaveValue('Furnace A');
  await expect(editor.getByRole('combobox', { name: 'operator' })).toHaveValue(/^Chien-Shiung Wu/);

  // A new entry to refer to, made from the reference's section.
  await editor.getByRole('button', { name: 'Create new reference for instrument' }).click();
  const creation = page.getByRole('dialog', { name: 'Create new reference' });
  // The target is this upload, among the user's unpublished uploads grouped by owner.
  await expect(creation.getByRole('combobox', { name: 'Target upload' })).toContainText('(this upload)');
  await creation.getByRole('combobox', { name: 'Target upload' }).click();
  await expect(page.getByRole('listbox').getByText('My uploads')).toBeVisible();
  await page.keyboard.press('Escape');
  await creation.getByLabel('Name').fill('Furnace B');
  await creation.getByRole('button', { name: 'Create' }).click();
  await expect(creation).toHaveCount(0);
  await expect(editor.getByRole('combobox', { name: 'instrument' })).toHaveValue(/Furnace_B|Furnace B/);
  await saveAndWait(page, save);

  // Someone saves the entry in another tab; saving here then is a conflict.
  const other = await context.newPage();
  await other.goto(gui('/'));
  // A new tab logs in again; the identity provider still knows the session, so without its form.
  const loginButton = other.getByRole('button', { name: 'Login / Register' });
  await expect(other.getByText('Welcome').or(loginButton)).toBeVisible();
  if (await loginButton.isVisible()) await loginButton.click();
  await expect(other.getByText('Welcome')).toBeVisible();
  await other.goto(entryUrl);
  await field(other, 'name').fill('S-3 from elsewhere');
  await field(other, 'name').press('Enter');
  await other.getByRole('button', { name: 'Save' }).click();
  await expect(other.getByRole('button', { name: 'Save' })).toBeDisabled();
  await field(page, 'name').fill('S-4');
  await field(page, 'name').press('Enter');
  await save.click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByText('The changes cannot be saved. The content has been modified by someone else.'),
  ).toBeVisible();
  await expect(page.getByText(/Unexpected error/)).toHaveCount(0);
  // OK closes the dialog, but saving stays disabled (even after another change) until the entry is reloaded.
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(save).toBeDisabled();
  await field(page, 'name').fill('S-4b');
  await field(page, 'name').press('Enter');
  await expect(save).toBeDisabled();
  await page.getByRole('button', { name: 'Reload', exact: true }).click();
  await expect(field(page, 'name')).toHaveValue('S-3 from elsewhere');
  await expect(save).toBeDisabled();

  // The data tab edits the same data in its lanes; moving between lanes keeps the changes.
  await page.getByRole('tab', { name: 'data' }).click();
  await laneItem(page, 'data').click();
  const dataLane = page.getByRole('region', { name: 'Edit Sample' });
  await field(dataLane, 'name').fill('S-5');
  await field(dataLane, 'name').press('Enter');
  await laneItem(page, 'layers:0').click();
  await expect(page.getByText('Your changes are not submitted yet. Discard changes?')).toHaveCount(0);
  const layerLane = page.getByRole('region', { name: 'Edit Layer' });
  await field(layerLane, 'material').fill('GaN');
  await field(layerLane, 'material').press('Enter');
  await snap(page, 'eln-archive-editing');
  await saveAndWait(page, page.getByRole('button', { name: 'Save' }));
  await expect(field(page.getByRole('region', { name: 'Edit Layer' }), 'material')).toHaveValue('GaN');
  await page.getByRole('tab', { name: 'overview' }).click();
  await expect(field(page, 'name')).toHaveValue('S-5');
  await expect(field(page, 'material')).toHaveValue('GaN');
});

test('entries are created from a built-in schema and from the upload’s own, once per name', async ({
  page,
}) => {
  await page.goto(gui('/'));
  await register(page, {
    username: 'franklin',
    firstName: 'Rosalind',
    lastName: 'Franklin',
    password: 'photo-51-dna',
  });
  await uploadFiles(page, [{ name: 'film.schema.archive.yaml', buffer: Buffer.from(schema) }]);
  await expect(page.getByText('1/1 entries processed')).toBeVisible();
  await acceptCookies(page);
  const uploadUrl = page.url();

  // A built-in entry type, chosen among its category's.
  await page.getByRole('button', { name: 'Create from schema' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create from schema' });
  const create = dialog.getByRole('button', { name: 'Create' });
  await expect(create).toBeDisabled();
  await dialog.getByLabel('Name').fill('my notes');
  await expect(create).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Schema' }).click();
  await expect(page.getByRole('listbox').getByText('Basic', { exact: true })).toBeVisible();
  await page.getByRole('option', { name: 'Basic ELN' }).click();
  await create.click();
  await expect(page).toHaveURL(/\/entry\/id\//);
  const notes = page
    .locator('.MuiCard-root')
    .filter({ has: page.getByRole('heading', { name: 'BasicEln' }) });
  await expect(notes).toBeVisible();
  await field(page, 'name').fill('Lab notes');
  await field(page, 'name').press('Enter');
  await notes.getByRole('button', { name: 'Save' }).click();
  await expect(notes.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(page.getByText('my_notes.archive.json').first()).toBeVisible();

  // The upload's own schema: its entry types are offered by name and file.
  await page.goto(uploadUrl);
  await page.getByRole('button', { name: 'Create from schema' }).click();
  await dialog.getByLabel('Name').fill('film 7');
  await dialog.getByLabel('Custom schema').check();
  await dialog.getByRole('combobox', { name: 'Schema' }).click();
  await page.getByRole('option', { name: 'Sample (film.schema.archive.yaml)' }).click();
  await create.click();
  await expect(
    page.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name: 'Sample' }) }),
  ).toBeVisible();
  await expect(field(page, 'thickness')).toBeVisible();

  // The same name again is refused.
  await page.goto(uploadUrl);
  await page.getByRole('button', { name: 'Create from schema' }).click();
  await dialog.getByLabel('Name').fill('film 7');
  await dialog.getByLabel('Custom schema').check();
  await dialog.getByRole('combobox', { name: 'Schema' }).click();
  await page.getByRole('option', { name: 'Sample (film.schema.archive.yaml)' }).click();
  await create.click();
  const exists = page.getByRole('dialog', { name: 'Entry already exists' });
  await expect(
    exists.getByText('A mainfile with the specified name already exists. Please choose a different name.'),
  ).toBeVisible();
  // The dialog says it; no error report besides.
  await expect(page.getByText(/Unexpected error/)).toHaveCount(0);
  await snap(page, 'eln-create-exists');
  await exists.getByRole('button', { name: 'OK' }).click();

  // The schema in the metainfo browser: its package, a section with its base sections, a quantity.
  await page.goto(gui('/analyze/metainfo'));
  const item = (label: string) => page.locator('[data-testid=lane-item]').filter({ hasText: label }).first();
  await item('Film lab').click();
  await item('Sample').click();
  const cards = page.getByTestId('definition-card');
  await expect(cards.last()).toContainText('nomad.datamodel.metainfo.basesections.CompositeSystem');
  await item('thickness').click();
  await expect(cards.last()).toContainText('numpy: float64');
  await expect(cards.last()).toContainText('m');
  await snap(page, 'metainfo-user-schema');
  // The search finds definitions of users' packages too.
  await page.getByLabel('search definitions').fill('layers_co');
  await expect(item('layers_count')).toContainText('quantity in Film lab');
  await item('layers_count').click();
  await expect(cards.last()).toContainText('Sample.layers_count');
});
