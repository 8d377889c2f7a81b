import { fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  changelogEntries,
  changelogSubscribeErrorMessages,
  emptyChangelogSubscribeValues,
  filledChangelogSubscribeValues,
} from '../fixtures/content';
import { fixtureForm } from '../fixtures/form';
import { ChangelogPage } from './changelog-page';

describe('ChangelogPage', () => {
  it('renders each entry as an article with its anchor, date, permalink and content', () => {
    const [entry] = changelogEntries;
    if (!entry) throw new Error('fixture has no entries');
    render(
      <ChangelogPage
        entries={[entry]}
        subscribeForm={fixtureForm(emptyChangelogSubscribeValues)}
        locale="en-GB"
      />,
    );
    const article = screen.getByRole('article', { name: entry.title });
    expect(article).toHaveAttribute('id', entry.anchor);
    const time = within(article).getByText('18 March 2025');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', entry.date);
    expect(
      within(article).getByRole('link', { name: `Permalink to ${entry.title}` }),
    ).toHaveAttribute('href', `#${entry.anchor}`);
    // The server's HTML is rendered as markup, not as escaped text.
    expect(within(article).getByRole('list')).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: 'Catalyst page' })).toHaveAttribute(
      'href',
      '/templates/catalyst',
    );
  });

  it('keeps the entries in the order given', () => {
    render(
      <ChangelogPage
        entries={changelogEntries}
        subscribeForm={fixtureForm(emptyChangelogSubscribeValues)}
      />,
    );
    expect(screen.getAllByRole('article').map((article) => article.id)).toEqual(
      changelogEntries.map((entry) => entry.anchor),
    );
  });

  it('says so when there are no entries yet', () => {
    render(
      <ChangelogPage entries={[]} subscribeForm={fixtureForm(emptyChangelogSubscribeValues)} />,
    );
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByText(/Nothing here yet/)).toBeInTheDocument();
  });

  it('asks for a required e-mail address named email_address', () => {
    render(
      <ChangelogPage
        entries={changelogEntries}
        subscribeForm={fixtureForm(emptyChangelogSubscribeValues)}
      />,
    );
    const email = screen.getByRole('textbox', { name: 'Email address' });
    expect(email).toBeRequired();
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('name', 'email_address');
  });

  it('reports typing and submits through the form callback', async () => {
    const onChange = vi.fn();
    const onSubmit = vi.fn();
    render(
      <ChangelogPage
        entries={changelogEntries}
        subscribeForm={fixtureForm(emptyChangelogSubscribeValues, { onChange, onSubmit })}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Email address' }), 'a');
    expect(onChange).toHaveBeenCalledWith('email_address', 'a');
  });

  it('submits a filled form without a page load', () => {
    const onSubmit = vi.fn();
    render(
      <ChangelogPage
        entries={changelogEntries}
        subscribeForm={fixtureForm(filledChangelogSubscribeValues, { onSubmit })}
      />,
    );
    expect(fireEvent.submit(screen.getByRole('button', { name: 'Subscribe' }))).toBe(false);
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('shows the error under the field and disables the button while processing', () => {
    render(
      <ChangelogPage
        entries={changelogEntries}
        subscribeForm={fixtureForm(filledChangelogSubscribeValues, {
          processing: true,
          errors: { email_address: changelogSubscribeErrorMessages.emailInvalid },
        })}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAccessibleDescription(
      changelogSubscribeErrorMessages.emailInvalid,
    );
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeDisabled();
  });
});
