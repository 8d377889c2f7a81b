import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fixtureForm } from '../fixtures';
import { Form } from './form';

function hiddenFields(form: HTMLFormElement): Record<string, string> {
  return Object.fromEntries(
    [...form.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map((input) => [
      input.name,
      input.value,
    ]),
  );
}

describe('Form', () => {
  it('is a real POST form carrying the spoofed method, the token, the bag and hidden fields', () => {
    const form = fixtureForm(
      {},
      {
        target: {
          method: 'patch',
          action: '/licenses/KEY',
          csrfToken: 'nonce.mac',
          errorBag: 'redeem',
          hidden: { invite_token: 'abc' },
        },
      },
    );
    render(
      <Form form={form} aria-label="Redeem">
        <button type="submit">Go</button>
      </Form>,
    );
    const element = screen.getByRole('form', { name: 'Redeem' }) as HTMLFormElement;
    expect(element.getAttribute('method')).toBe('post');
    expect(element.getAttribute('action')).toBe('/licenses/KEY');
    expect(hiddenFields(element)).toEqual({
      _method: 'PATCH',
      _token: 'nonce.mac',
      _error_bag: 'redeem',
      invite_token: 'abc',
    });
  });

  it('sends no method field for a POST, and no token to another site', () => {
    const form = fixtureForm(
      {},
      { target: { method: 'post', action: 'https://lists.example.com/s', csrfToken: 'nonce.mac' } },
    );
    render(
      <Form form={form} aria-label="Subscribe">
        <button type="submit">Go</button>
      </Form>,
    );
    expect(
      hiddenFields(screen.getByRole('form', { name: 'Subscribe' }) as HTMLFormElement),
    ).toEqual({});
  });

  it('hands a submit to the page once, and none while one is on its way', () => {
    const onSubmit = vi.fn();
    const { rerender } = render(
      <Form form={fixtureForm({}, { onSubmit })} aria-label="Sign in">
        <button type="submit">Go</button>
      </Form>,
    );
    const submitted = fireEvent.submit(screen.getByRole('form', { name: 'Sign in' }));
    // The native post is cancelled: the page's own (Inertia) submit takes over.
    expect(submitted).toBe(false);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    rerender(
      <Form form={fixtureForm({}, { onSubmit, processing: true })} aria-label="Sign in">
        <button type="submit">Go</button>
      </Form>,
    );
    expect(fireEvent.submit(screen.getByRole('form', { name: 'Sign in' }))).toBe(false);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
