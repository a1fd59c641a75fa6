import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { AI_NOTICE } from '@accent/pages-common';
import { component, fakeApi, pageRow, renderPages } from '../testing/renderPages.js';

const published = pageRow('p1', { name: 'Acme page', status: 'published', slug: 'acme', published_version: 3, published_at: '2025-06-03T10:00:00.000Z' });
const draft = pageRow('p2', { name: 'Draft page' });

describe('/pages', () => {
  it('lists every page with status, version and last publish', async () => {
    renderPages({ api: fakeApi([published, draft]) });
    const table = await screen.findByRole('table', { name: 'Pages' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Acme page');
    expect(rows[0]).toHaveTextContent('Published');
    expect(rows[0]).toHaveTextContent('v3');
    expect(within(rows[0]!).getByRole('link', { name: 'http://localhost/p/acme' })).toHaveAttribute('target', '_blank');
    expect(rows[1]).toHaveTextContent('Draft');
  });

  it('opens, duplicates, unpublishes and deletes (after confirmation)', async () => {
    const r = renderPages({ api: fakeApi([published, draft]) });
    const menu = async (name: string, item: string) => {
      await r.user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
      await r.user.click(screen.getByRole('menuitem', { name: item }));
    };
    await menu('Acme page', 'Unpublish');
    await waitFor(() => expect(r.api.unpublishPage).toHaveBeenCalledWith('p1'));
    expect(await screen.findByText('Unpublished')).toBeInTheDocument();

    await menu('Draft page', 'Duplicate');
    expect(await screen.findByText('Draft page (Copy)')).toBeInTheDocument();
    expect(r.notify.success).toHaveBeenCalledWith('Page Duplicated', 'Draft page (Copy) has been created.');

    await menu('Draft page', 'Delete');
    const dialog = screen.getByRole('dialog', { name: 'Delete page' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete "Draft page"? This action cannot be undone.');
    await r.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Actions for Draft page' })).not.toBeInTheDocument());
    expect(r.api.deletePage).toHaveBeenCalledWith('p2');

    await menu('Acme page', 'Open');
    expect(r.location()).toBe('/pages/builder/p1');
  });

  it('shows the empty state with Create page, and the error state with Retry', async () => {
    const r = renderPages({ api: fakeApi([]) });
    await r.user.click(await screen.findByRole('button', { name: 'Create page' }).then(() => screen.getAllByRole('button', { name: 'Create page' })[1]!));
    expect(r.location()).toBe('/pages/builder');

    const api = fakeApi([draft]);
    api.listPages.mockRejectedValueOnce(new Error('database error: down'));
    const again = renderPages({ api });
    expect(await screen.findAllByText('database error: down')).not.toHaveLength(0);
    await again.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Draft page')).toBeInTheDocument();
  });
});

describe('/pages2 Magic Pages', () => {
  it('shows the published pages as cards with their live link', async () => {
    renderPages({ route: '/pages2', api: fakeApi([published, draft]) });
    const card = await screen.findByRole('article', { name: 'Acme page' });
    expect(within(card).getByRole('link', { name: 'http://localhost/p/acme: the live page of Acme page' })).toHaveAttribute('href', 'http://localhost/p/acme');
    expect(screen.queryByText('Draft page')).not.toBeInTheDocument();
  });
});

describe('end-user magic pages', () => {
  it('lists published pages and renders the published version with its assistant', async () => {
    const version = {
      id: 'v3',
      page_id: 'p1',
      library_id: 'l1',
      version: 3,
      name: 'Acme page v3',
      agent_name: 'Market Researcher',
      components: [component('a', 'actionButtons', { buttons: ['Tell me more'] }), component('r', 'responseArea', { title: 'Out', backgroundColor: '#ffffff' }, 'full-width', 1)],
      published_by: 'u1',
      published_at: 't',
    };
    const r = renderPages({ route: '/end-user/magic-pages', api: fakeApi([published], [version]) });
    await r.user.click(await screen.findByRole('button', { name: 'Open Acme page' }));
    expect(r.location()).toBe('/end-user/magic-pages/p1');
    expect(await screen.findByRole('heading', { name: 'Acme page v3' })).toBeInTheDocument();
    expect(screen.getByText(AI_NOTICE)).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Tell me more' }));
    expect(await screen.findByText('Answer to Tell me more')).toBeInTheDocument();
    expect(r.invoke.mock.calls[0]![0]).toMatchObject({ name: 'Market Researcher' });
  });

  it('says when a page is not published', async () => {
    renderPages({ route: '/end-user/magic-pages/nope', api: fakeApi([]) });
    expect(await screen.findByText('Page not available')).toBeInTheDocument();
  });

  it('shows nothing of a page unpublished since, though its versions remain', async () => {
    const unpublished = pageRow('p3', { name: 'Old page', status: 'unpublished', slug: 'old', published_version: 1 });
    const version = { id: 'v1', page_id: 'p3', library_id: 'l1', version: 1, name: 'Old page', agent_name: 'A', components: [], published_by: 'u1', published_at: 't' };
    renderPages({ route: '/end-user/magic-pages/p3', api: fakeApi([unpublished], [version]) });
    expect(await screen.findByText('Page not available')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Old page' })).not.toBeInTheDocument();
  });
});

describe('/content personalisation', () => {
  it('lists published pages and creates a prospect-specific link with Copy', async () => {
    const api = fakeApi([{ ...published, components: [component('c', 'crmData', { domain: 'acme.com', customerName: 'Acme', opportunityName: 'Renewal', language: 'German' })] }]);
    const r = renderPages({ route: '/content', api });
    await r.user.click(await screen.findByRole('button', { name: 'Personalize Acme page' }));
    expect(await screen.findByRole('heading', { name: 'Personalize Acme page' })).toBeInTheDocument();
    expect(screen.getByLabelText('Domain')).toHaveValue('acme.com');
    expect(screen.getByLabelText('Language')).toHaveValue('German');
    await r.user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(screen.getByText('Prospect name is required')).toBeInTheDocument();
    await r.user.type(screen.getByLabelText(/Prospect name/), 'Jo Buyer');
    await r.user.clear(screen.getByLabelText('Customer name'));
    await r.user.type(screen.getByLabelText('Customer name'), 'Jo Corp');
    await r.user.click(screen.getByRole('button', { name: 'Create link' }));
    const link = await screen.findByLabelText('Link for Jo Buyer');
    expect(link).toHaveValue('http://localhost/p/acme?p=tok_1234567890abcdef');
    expect(api.createPersonalization).toHaveBeenCalledWith('p1', {
      prospect_name: 'Jo Buyer',
      crm_data: { domain: 'acme.com', customerName: 'Jo Corp', opportunityName: 'Renewal', language: 'German' },
    });
    await r.user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(r.copy).toHaveBeenCalledWith('http://localhost/p/acme?p=tok_1234567890abcdef');
  });

  it('is reached from a published page\'s menu in Pages (not only from the experimental Content area), and leads back there', async () => {
    const r = renderPages({ api: fakeApi([published, draft]) });
    await r.user.click(await screen.findByRole('button', { name: 'Actions for Draft page' }));
    expect(screen.queryByRole('menuitem', { name: 'Personalized links' })).not.toBeInTheDocument();
    await r.user.keyboard('{Escape}');
    await r.user.click(screen.getByRole('button', { name: 'Actions for Acme page' }));
    await r.user.click(screen.getByRole('menuitem', { name: 'Personalized links' }));
    expect(r.location()).toBe('/content/personalize/p1');
    expect(await screen.findByRole('heading', { name: 'Personalize Acme page' })).toBeInTheDocument();
    await r.user.click(screen.getByRole('link', { name: /Pages/ }));
    expect(r.location()).toBe('/pages');
  });
});
