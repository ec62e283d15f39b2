import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary';

function Boom(): never {
  throw new Error('boom');
}

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('ErrorBoundary', () => {
  it('shows the 500 page when a screen fails to render', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <I18nProvider i18n={i18n}>
        <ErrorBoundary>
          <Boom />
        </ErrorBoundary>
      </I18nProvider>,
    );
    expect(screen.getByText('Internal Server Error')).toBeTruthy();
    expect(screen.getByText('500')).toBeTruthy();
  });
});
