import { expect, test } from '@playwright/test';
import { fixtureToolCommand } from '@oasis/server/testing/north.ts';
import { startOwnServer, type OwnServer } from '../support/own-server.ts';
import { gui, register, uploadNaclCif } from '../support/fixtures.ts';
import { errorsOf } from '../support/page-errors.ts';

// The remote tools hub against a server of its own with the stand-in tool (testing/fixtures/north-tool.mjs)
// configured as `jupyter`: launched from the hub, a search row and the file browser, opened through the
// oasis, it lists the user's uploaded file, and it is stopped.

/** nomad.yaml of a NORTH installation: the stand-in tool as `jupyter`, and a search row action for it. */
const northConfig = {
  north: {
    enabled: true,
    tools: {
      options: {
        jupyter: {
          title: 'Fixture tool',
          short_description: 'Lists the files it sees.',
          description: 'A stand-in for JupyterLab that lists the files of your uploads.',
          maintainer: [{ name: 'Oasis tests', email: 'tests@example.org' }],
          with_path: true,
          file_extensions: ['cif'],
          command: fixtureToolCommand(),
        },
      },
    },
  },
  ui: {
    apps: {
      options: {
        entries: {
          label: 'Entries',
          path: 'entries',
          resource: 'entries',
          category: 'All',
          rows: {
            actions: {
              enabled: true,
              options: {
                tool: {
                  type: 'north',
                  filepath: 'mainfile',
                  tool_name: 'jupyter',
                  description: 'Open in the tool',
                },
              },
            },
          },
        },
      },
    },
  },
};

let north: OwnServer;

test.beforeAll(async () => {
  north = await startOwnServer(northConfig);
});
test.afterAll(async () => north.close());

const at = (pathname: string) => `${north.origin}${gui(pathname)}`;

test('launches the tool from hub, search row and file browser, opens it through the oasis, stops it', async ({
  page,
}) => {
  const errors = errorsOf(page);
  await page.goto(at('/about/information'));
  await register(page, {
    username: 'northy',
    firstName: 'Nora',
    lastName: 'North',
    password: 'remote-tools-1',
  });
  const uploadId = await uploadNaclCif(page, north.origin);

  await page.goto(at('/analyze/north'));
  await expect(page.getByRole('heading', { name: 'NOMAD Remote Tools Hub (NORTH)' })).toBeVisible();
  const card = page.getByTestId('north-tool-jupyter');
  await expect(
    card.getByText('A stand-in for JupyterLab that lists the files of your uploads.'),
  ).toBeVisible();
  const launch = card.getByRole('button', { name: 'Launch' });
  await expect(launch).toBeEnabled();
  const popup = page.waitForEvent('popup');
  await launch.click();
  const tool = await popup;
  await expect(tool).toHaveURL(`${north.origin}/nomad-oasis/north/user/northy/jupyter/`);
  await expect(tool.getByRole('heading', { name: 'Fixture tool' })).toBeVisible();
  await expect(tool.getByText(`uploads/${uploadId}/NaCl.cif`)).toBeVisible();
  await expect(card.getByText('running')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Open' })).toBeEnabled();

  // Nobody else gets in: a fresh browser context (no cookie) is refused. raw: the tool's proxy, not the API.
  const stranger = await page.context().browser()!.newContext();
  const refused = await stranger.request.get(`${north.origin}/nomad-oasis/north/user/northy/jupyter/`);
  expect(refused.status()).toBe(401);
  await stranger.close();
  await tool.close();

  await card.getByRole('button', { name: 'Stop' }).click();
  await expect(card.getByRole('button', { name: 'Launch' })).toBeEnabled();
  await expect(card.getByText('running')).toHaveCount(0);

  // A search row's action launches the tool at the row's file.
  await page.goto(at('/search/entries'));
  const action = page.getByRole('button', { name: 'Open in the tool' }).first();
  await expect(action).toBeEnabled();
  const rowPopup = page.waitForEvent('popup');
  await action.click();
  const atFile = await rowPopup;
  await expect(atFile).toHaveURL(
    `${north.origin}/nomad-oasis/north/user/northy/jupyter/uploads/${uploadId}/NaCl.cif`,
  );
  await expect(atFile.getByText(`uploads/${uploadId}/NaCl.cif`)).toBeVisible();
  await atFile.close();

  // Running now: the row action asks whether to open or stop it.
  await action.click();
  await expect(
    page.getByText('The tool is already running. Stopping it will delete any unsaved data.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Stop' }).click();
  await page.goto(at('/analyze/north'));
  await expect(page.getByTestId('north-tool-jupyter').getByRole('button', { name: 'Launch' })).toBeEnabled();

  // The file browser offers the tools whose extensions match the selected file, and opens it there.
  await page.goto(at(`/user/uploads/upload/id/${uploadId}/files/NaCl.cif`));
  const fileTool = page.getByTestId('file-tools').getByRole('button', { name: 'Open with Fixture tool' });
  await expect(fileTool).toBeEnabled();
  const filePopup = page.waitForEvent('popup');
  await fileTool.click();
  const fromBrowser = await filePopup;
  await expect(fromBrowser).toHaveURL(
    `${north.origin}/nomad-oasis/north/user/northy/jupyter/uploads/${uploadId}/NaCl.cif`,
  );
  await expect(fromBrowser.getByText(`uploads/${uploadId}/NaCl.cif`)).toBeVisible();
  await fromBrowser.close();
  // The hub, its tools and the pages that launch them logged no error in the oasis's page.
  expect(errors).toEqual([]);
});
