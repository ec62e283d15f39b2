import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary';
import { WithI18n, activateEnglish } from '../test/kit';

function Boom(): never {
  throw new Error('boom');
}

beforeAll(() => activateEnglish());

describe('ErrorBoundary', () => {
  it('shows the 500 page when a screen fails to render', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <WithI18n>
        <ErrorBoundary>
          <Boom />
        </ErrorBoundary>
      </WithI18n>,
    );
    expect(await screen.findByText('Internal Server Error')).toBeTruthy();
    expect(screen.getByText('500')).toBeTruthy();
  });
});
