import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ACCESS_TOKEN_LIMIT, ACCESS_TOKEN_NAME_REQUIRED } from '../constants';
import {
  accessTokenList,
  accessTokensAtLimit,
  createdAccessToken,
  createdAccessTokenRecord,
  emptyNewAccessTokenValues,
  fixtureAccessTokens,
} from '../fixtures/access-tokens';
import { fixtureForm } from '../fixtures/form';
import { customerSharedData } from '../fixtures/shared-page-data';
import { useInteractiveForm } from '../stories-support/interactive-form';
import { withLayout } from '../stories-support/with-layout';
import {
  ACCESS_TOKENS_DESCRIPTION,
  AccessTokensSection,
  IMPERSONATING_TOKENS_NOTICE,
  NEW_TOKEN_NOTICE,
  type AccessTokensSectionProps,
} from './access-tokens-section';
import { SettingsSection } from '../settings-section/settings-section';

/**
 * The "Access tokens" section of Account settings in each state (decision 014), framed as the
 * page frames it (the page renders it below the e-mail, password and sessions sections).
 */
function InteractiveSection(props: AccessTokensSectionProps) {
  return (
    <div className="mx-auto max-w-7xl px-6 py-8 lg:px-8">
      <SettingsSection title="Access tokens" description={ACCESS_TOKENS_DESCRIPTION}>
        <AccessTokensSection {...props} form={useInteractiveForm(props.form)} />
      </SettingsSection>
    </div>
  );
}

const tokens = (overrides: Partial<AccessTokensSectionProps> = {}) => ({
  tokens: accessTokenList,
  form: fixtureForm(emptyNewAccessTokenValues, { onChange: fn(), onSubmit: fn() }),
  created: null,
  onRevoke: fn(),
  ...overrides,
});

const meta = {
  title: 'Pages/Account/AccessTokens',
  component: AccessTokensSection,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: customerSharedData },
  render: (args) => <InteractiveSection {...args} />,
  args: { ...tokens(), locale: customerSharedData.preferredLanguage },
} satisfies Meta<typeof AccessTokensSection>;

export default meta;
type Story = StoryObj<typeof meta>;

function tokensSection(canvasElement: HTMLElement) {
  return within(within(canvasElement).getByRole('region', { name: 'Access tokens' }));
}

function blur() {
  (document.activeElement as HTMLElement | null)?.blur();
}

/** No token yet: the form, and a line saying there are none. */
export const NoTokens = {
  args: tokens({ tokens: [] }),
  play: async ({ args, canvasElement }) => {
    const section = tokensSection(canvasElement);
    const { form } = args;
    await expect(section.getByText('You have no access tokens yet.')).toBeVisible();
    await expect(section.queryByRole('table')).not.toBeInTheDocument();
    // A name is required before anything is sent.
    await userEvent.click(section.getByRole('button', { name: 'Create token' }));
    await expect(form.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(section.getByRole('textbox', { name: 'Token name' }), 'Laptop');
    await expect(form.onChange).toHaveBeenLastCalledWith('name', 'Laptop');
    await userEvent.click(section.getByRole('combobox', { name: 'Expires' }));
    await userEvent.click(within(document.body).getByRole('option', { name: '1 year' }));
    await expect(form.onChange).toHaveBeenLastCalledWith('expires_in', '365');
    await userEvent.click(section.getByRole('button', { name: 'Create token' }));
    await expect(form.onSubmit).toHaveBeenCalledOnce();
    blur();
  },
} satisfies Story;

/** Active (used, never used), expired and revoked tokens; revoking asks first. */
export const TokenList = {
  args: tokens(),
  play: async ({ args, canvasElement }) => {
    const section = tokensSection(canvasElement);
    const { onRevoke } = args;
    const table = section.getByRole('table', { name: 'Your access tokens' });
    const rows = within(table).getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(4);
    const [laptop, ci, expired, revoked] = rows.map((row) => within(row));
    await expect(laptop!.getByText('tessera_pat_7QhX…')).toBeVisible();
    await expect(laptop!.getByText('Active')).toBeVisible();
    await expect(ci!.getByText('Never used')).toBeVisible();
    await expect(ci!.getByText('Never')).toBeVisible();
    await expect(expired!.getByText('Expired')).toBeVisible();
    await expect(revoked!.getByText('Revoked')).toBeVisible();
    // A revoked token has nothing left to revoke.
    await expect(revoked!.queryByRole('button')).not.toBeInTheDocument();

    // Cancel changes nothing; confirming revokes that token.
    await userEvent.click(section.getByRole('button', { name: 'Revoke: Work laptop' }));
    const body = within(document.body);
    await expect(await body.findByRole('dialog', { name: 'Revoke “Work laptop”?' })).toBeVisible();
    await userEvent.click(body.getByRole('button', { name: 'Cancel' }));
    await expect(onRevoke).not.toHaveBeenCalled();
    await userEvent.click(section.getByRole('button', { name: 'Revoke: Old desktop' }));
    await userEvent.click(await body.findByRole('button', { name: 'Revoke token' }));
    await expect(onRevoke).toHaveBeenCalledOnce();
    await expect(onRevoke).toHaveBeenCalledWith(fixtureAccessTokens.expired);
    blur();
  },
} satisfies Story;

/** The answer to a creation: the secret, once, with a copy button and the warning. */
export const JustCreated = {
  args: tokens({
    tokens: [createdAccessTokenRecord, ...accessTokenList],
    created: createdAccessToken,
  }),
  play: async ({ canvasElement }) => {
    const section = tokensSection(canvasElement);
    // The first live region (the copy button has its own for 'Copied!').
    const notice = section.getAllByRole('status')[0]!;
    await expect(notice).toHaveTextContent('Token “Design system repo” created');
    await expect(notice).toHaveTextContent(NEW_TOKEN_NOTICE);
    await expect(within(notice).getByText(createdAccessToken.secret)).toBeVisible();
    await expect(within(notice).getByRole('button', { name: 'Copy token' })).toBeEnabled();
    // The list shows only the prefix, as always.
    const table = section.getByRole('table', { name: 'Your access tokens' });
    await expect(within(table).queryByText(createdAccessToken.secret)).not.toBeInTheDocument();
    await expect(within(table).getByText('tessera_pat_4fRk…')).toBeVisible();
  },
} satisfies Story;

/** The server refused the name. */
export const ValidationError = {
  args: tokens({
    form: fixtureForm(
      { name: '', expires_in: '30' },
      { errors: { name: ACCESS_TOKEN_NAME_REQUIRED } },
    ),
  }),
  play: async ({ canvasElement }) => {
    const field = tokensSection(canvasElement).getByRole('textbox', { name: 'Token name' });
    await expect(field).toBeInvalid();
    await expect(field).toHaveAccessibleDescription(
      expect.stringContaining(ACCESS_TOKEN_NAME_REQUIRED),
    );
  },
} satisfies Story;

/** As many active tokens as an account may hold: the form waits for a revocation. */
export const AtLimit = {
  args: tokens({ tokens: accessTokensAtLimit }),
  play: async ({ canvasElement }) => {
    const section = tokensSection(canvasElement);
    await expect(section.getByRole('textbox', { name: 'Token name' })).toBeDisabled();
    await expect(section.getByRole('button', { name: 'Create token' })).toBeDisabled();
    await expect(
      section.getByText(new RegExp(`You have ${ACCESS_TOKEN_LIMIT} active tokens`)),
    ).toBeVisible();
    await expect(section.getAllByRole('button', { name: /^Revoke: / })).toHaveLength(
      ACCESS_TOKEN_LIMIT,
    );
  },
} satisfies Story;

/** An operator acting as the customer sees the list, and cannot make or revoke a token. */
export const WhileImpersonating = {
  args: tokens({ canManage: false }),
  play: async ({ canvasElement }) => {
    const section = tokensSection(canvasElement);
    await expect(section.getByText(IMPERSONATING_TOKENS_NOTICE)).toBeVisible();
    await expect(section.queryByRole('button', { name: 'Create token' })).not.toBeInTheDocument();
    await expect(section.queryByRole('button', { name: /^Revoke/ })).not.toBeInTheDocument();
  },
} satisfies Story;
