import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appsEnv, plainEntriesApp, renderApp } from './testing.tsx';
import { answerOf, minimalResponse } from '../api/contractCheckedFetch.ts';

const apps = appsEnv({
  entries: { ...plainEntriesApp, description: 'Search entries' },
  materials: { label: 'Materials', path: 'materials', resource: 'materials', category: 'All' },
});

const info = (url: string, method: string) =>
  url.endsWith('/api/v1/info')
    ? answerOf('info', {
        version: '1.3.0',
        statistics: { n_entries: 12345, n_uploads: 12, n_users: 3, n_materials: 2_500_000 },
      })
    : minimalResponse(method, url);

/**
 * The routed page has rendered: its lazily imported chunk has loaded. A test whose own checks are done
 * before that (the shell, the breadcrumbs and the redirects do not need the page) waits for it, so that
 * no page import outlives the test and competes with the next ones, or fails after the file's end.
 * (`hidden`: an open menu hides the rest of the app from the accessibility tree.)
 */
const pageShown = () =>
  waitFor(() => expect(screen.getByRole('main', { hidden: true })).toHaveTextContent(/\S/));

describe('app shell', () => {
  it('redirects the root to the information page and renders menu groups and the login button', async () => {
    const { router } = renderApp('/', apps, info);
    expect(await screen.findByRole('heading', { name: 'NOMAD Oasis' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/about/information');
    const menu = screen.getByRole('navigation', { name: 'main menu' });
    for (const group of ['Publish', 'Explore', 'Analyze', 'About']) {
      expect(within(menu).getByRole('button', { name: group })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Login / Register' })).toBeInTheDocument();
    // Statistics from GET info, abbreviated.
    expect(await screen.findByText('12.3 thousand')).toBeInTheDocument();
    expect(screen.getByText('2.5 million')).toBeInTheDocument();
  });

  it('lists one Explore item per configured app', async () => {
    renderApp('/about/information', apps);
    await userEvent.click(await screen.findByRole('button', { name: 'Explore' }));
    expect(screen.getByRole('menuitem', { name: 'Entries' })).toHaveAttribute('href', '/search/entries');
    expect(screen.getByRole('menuitem', { name: 'Materials' })).toHaveAttribute('href', '/search/materials');
    expect(screen.queryByText('No apps available')).not.toBeInTheDocument();
    await pageShown();
  });

  it("shows 'No apps available' without apps and hides NORTH unless enabled", async () => {
    renderApp('/about/information');
    await userEvent.click(await screen.findByRole('button', { name: 'Explore' }));
    expect(screen.getByText('No apps available')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Analyze' }));
    expect(screen.getByRole('menuitem', { name: 'APIs' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /NORTH/ })).not.toBeInTheDocument();
    await pageShown();
  });

  it('shows the About group with the external links', async () => {
    renderApp('/about/information', { northEnabled: true });
    await userEvent.click(await screen.findByRole('button', { name: 'About' }));
    for (const name of ['Information', 'Forum', 'FAQ', 'Docs', 'Sources', 'Terms']) {
      expect(screen.getByRole('menuitem', { name: new RegExp(`^${name}`) })).toBeInTheDocument();
    }
    await pageShown();
  });

  it.each([
    ['/user', '/user/uploads'],
    ['/about', '/about/information'],
    ['/search', '/search/entries'],
    ['/user/uploads/upload/id/u1/overview', '/user/uploads/upload/id/u1'],
  ])('redirects %s to %s', async (from, to) => {
    const { router } = renderApp(from, apps);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
    await pageShown();
  });

  it("shows the breadcrumb 'Your uploads' with its help tooltip", async () => {
    renderApp('/user/uploads');
    const crumbs = await screen.findByRole('navigation', { name: 'breadcrumbs' });
    expect(within(crumbs).getByText('Your uploads')).toBeInTheDocument();
    await userEvent.hover(within(crumbs).getByRole('button', { name: 'help: Your uploads' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Upload and publish new data');
    await pageShown();
  });

  it("opens the Help dialog from a breadcrumb's help icon and closes it", async () => {
    renderApp('/user/uploads');
    await userEvent.click(await screen.findByRole('button', { name: 'help: Your uploads' }));
    const dialog = await screen.findByRole('dialog', { name: 'Help' });
    expect(dialog).toHaveTextContent('Upload and publish new data');
    // More than the tooltip: how to use the page.
    expect(dialog).toHaveTextContent(/an embargo of up to 36 months/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await pageShown();
  });

  it('resolves nested entry routes with chained breadcrumbs', async () => {
    renderApp('/user/uploads/upload/id/u1/entry/id/e1/data/results');
    const crumbs = await screen.findByRole('navigation', { name: 'breadcrumbs' });
    expect(within(crumbs).getByRole('link', { name: 'Your uploads' })).toHaveAttribute(
      'href',
      '/user/uploads',
    );
    expect(within(crumbs).getByRole('link', { name: 'Upload' })).toHaveAttribute(
      'href',
      '/user/uploads/upload/id/u1',
    );
    expect(within(crumbs).getByText('Entry')).toBeInTheDocument();
    await pageShown();
  });

  it('shows the APIs page under Analyze', async () => {
    renderApp('/analyze/apis');
    expect(await screen.findByRole('heading', { name: 'APIs' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'NOMAD API' })).toBeInTheDocument();
  });

  it('shows not-found for unknown paths and for NORTH when disabled', async () => {
    renderApp('/analyze/north');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });

  it('asks anonymous users to log in in global-login mode', async () => {
    renderApp('/about/information', { globalLoginRequired: true });
    expect(
      await screen.findByText('You have to be logged in to use this NOMAD installation.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'NOMAD Oasis' })).not.toBeInTheDocument();
  });

  it("shows the cookie notice until accepted and stores the 'terms-accepted' cookie", async () => {
    renderApp('/about/information');
    const notice = await screen.findByRole('region', { name: 'cookie notice' });
    expect(notice).toHaveTextContent('only strictly necessary cookies');
    await userEvent.click(within(notice).getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('region', { name: 'cookie notice' })).not.toBeInTheDocument();
    expect(document.cookie).toContain('terms-accepted=true');
  });

  it('shows a dismissible beta banner', async () => {
    renderApp('/about/information', {
      version: { label: '1.4.0b1', isBeta: true, usesBetaData: true, officialUrl: 'https://official.test' },
    });
    const banner = await screen.findByText(/beta version of NOMAD \(1\.4\.0b1\)/);
    expect(banner).toHaveTextContent('uploads made here may be lost');
    expect(screen.getByRole('link', { name: /official version/ })).toHaveAttribute(
      'href',
      'https://official.test',
    );
    const alert = banner.closest<HTMLElement>('[role="alert"]');
    if (!alert) throw new Error('the banner is not an alert');
    await userEvent.click(within(alert).getByRole('button', { name: /close/i }));
    expect(screen.queryByText(/beta version of NOMAD/)).not.toBeInTheDocument();
  });
});
