import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, toast } from '@accent/shared/client';
import type { ModelPrice, ModelPricesResponse } from '@accent/shell-common';
import { PRICES_TEXTS, PricesPanel } from './PricesPanel.js';
import { PricesApiContext, type PricesApi } from './prices-api.js';
import { renderWithApi } from '../app/testing.js';

afterEach(() => toast.clear());

const MINI: ModelPrice = { provider: 'openai', model: 'gpt-4o-mini', input_usd_per_mtok: 0.15, output_usd_per_mtok: 0.6, priced_on: '2026-11-23' };

/** Answers like the server: the table as saved, sorted; a model named "refused" refused at its index. */
function fakePrices(initial: ModelPrice[]) {
  let stored = initial;
  const answer = (): ModelPricesResponse => ({
    prices: stored.map((p) => ({ ...p, updated_at: '2026-11-23T10:00:00.000Z' })),
    list_prices_on: '2026-11-23',
  });
  const get = jest.fn(async () => answer());
  const put = jest.fn(async (prices: ModelPrice[]) => {
    const bad = prices.findIndex((p) => p.model === 'refused');
    if (bad >= 0) throw new ApiError(400, 'Bad Request', `prices.${bad}.model: is not allowed`);
    stored = [...prices].sort((a, b) => `${a.provider}/${a.model}`.localeCompare(`${b.provider}/${b.model}`));
    return answer();
  });
  const api: PricesApi = { get, put };
  return { api, get, put };
}

const renderPanel = (api: PricesApi) => renderWithApi(PricesApiContext, api, <PricesPanel />);

describe('Admin → Settings → Model prices', () => {
  it('shows the price table and the day the list prices were taken', async () => {
    renderPanel(fakePrices([MINI]).api);
    expect(await screen.findByRole('textbox', { name: 'Model, line 1' })).toHaveValue('gpt-4o-mini');
    expect(screen.getByRole('textbox', { name: 'Input price, line 1' })).toHaveValue('0.15');
    expect(screen.getByText(PRICES_TEXTS.listPrices('2026-11-23'))).toBeInTheDocument();
  });

  it('adds a model, edits a price, removes a row and saves the whole table', async () => {
    const fake = fakePrices([MINI, { ...MINI, model: 'gpt-4' }]);
    renderPanel(fake.api);
    await screen.findByRole('textbox', { name: 'Model, line 1' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove openai / gpt-4' }));
    await userEvent.click(screen.getByRole('button', { name: PRICES_TEXTS.add }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Provider, line 2' }), 'local');
    await userEvent.type(screen.getByRole('textbox', { name: 'Model, line 2' }), 'llama3');
    await userEvent.type(screen.getByRole('textbox', { name: 'Input price, line 2' }), '0');
    await userEvent.type(screen.getByRole('textbox', { name: 'Output price, line 2' }), '0');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Output price, line 1' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Output price, line 1' }), '0.75');
    await userEvent.click(screen.getByRole('button', { name: PRICES_TEXTS.save }));
    expect(await screen.findByText(PRICES_TEXTS.saved)).toBeInTheDocument();
    expect(fake.put).toHaveBeenCalledWith([
      { ...MINI, output_usd_per_mtok: 0.75 },
      expect.objectContaining({ provider: 'local', model: 'llama3', input_usd_per_mtok: 0, output_usd_per_mtok: 0 }),
    ]);
  });

  it('says which line is wrong, before sending or as the server refused it', async () => {
    const fake = fakePrices([MINI]);
    renderPanel(fake.api);
    const input = await screen.findByRole('textbox', { name: 'Input price, line 1' });
    await userEvent.clear(input);
    await userEvent.type(input, '-2');
    await userEvent.click(screen.getByRole('button', { name: PRICES_TEXTS.save }));
    expect(screen.getByRole('alert')).toHaveTextContent('Line 1, input price: must not be negative');
    expect(fake.put).not.toHaveBeenCalled();

    await userEvent.clear(input);
    await userEvent.type(input, '1');
    const model = screen.getByRole('textbox', { name: 'Model, line 1' });
    await userEvent.clear(model);
    await userEvent.type(model, 'refused');
    await userEvent.click(screen.getByRole('button', { name: PRICES_TEXTS.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Line 1, model: is not allowed');
  });

  it('offers Retry when the table cannot be read', async () => {
    const fake = fakePrices([MINI]);
    fake.get.mockRejectedValueOnce(new Error('Network Error'));
    renderPanel(fake.api);
    expect(await screen.findByText(`${PRICES_TEXTS.loadFailed} Network Error`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('textbox', { name: 'Model, line 1' })).toBeInTheDocument();
  });
});
