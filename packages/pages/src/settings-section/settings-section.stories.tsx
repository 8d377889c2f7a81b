import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  Button,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TextField,
} from '@tessera/ui';
import { expect, within } from 'storybook/test';
import { ownerTeam } from '../fixtures/licenses';
import { SettingsSection } from './settings-section';

const meta = {
  title: 'Pages/Account/SettingsSection',
  component: SettingsSection,
  decorators: [
    (Story) => (
      <div className="mx-auto max-w-7xl divide-y divide-gray-900/10 px-6 py-8 lg:px-8">
        <Story />
      </div>
    ),
  ],
  parameters: { layout: 'fullscreen' },
  args: {
    title: 'Team name',
    description: 'The name members see on their account menu and on invitations.',
    children: (
      <form className="flex max-w-xl flex-col gap-4 sm:flex-row sm:items-start">
        <TextField label="Team name" name="name" defaultValue={ownerTeam.name} />
        <Button type="submit" className="sm:mt-8">
          Save
        </Button>
      </form>
    ),
  },
} satisfies Meta<typeof SettingsSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A form beside its heading: the section is a region named by the heading. */
export const WithForm = {
  play: async ({ canvasElement }) => {
    const section = within(canvasElement).getByRole('region', { name: 'Team name' });
    await expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent('Team name');
    await expect(within(section).getByText(/members see on their account menu/)).toBeVisible();
    await expect(within(section).getByRole('textbox', { name: 'Team name' })).toHaveValue(
      ownerTeam.name,
    );
  },
} satisfies Story;

/** A given heading id lets the content point at the heading too: here a table takes its name. */
export const NamingATable = {
  args: {
    title: 'Members',
    description: 'Everyone on the team. Owners may change roles and remove members.',
    headingId: 'members-heading',
    children: (
      <Table aria-labelledby="members-heading">
        <TableHeader>
          <TableRow>
            <TableHead scope="col">E-mail</TableHead>
            <TableHead scope="col">Role</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {ownerTeam.members.map((member) => (
            <TableRow key={member.id}>
              <TableCell>{member.email}</TableCell>
              <TableCell>{member.role === 'owner' ? 'Owner' : 'Member'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Members' })).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Members' });
    await expect(within(table).getAllByRole('row')).toHaveLength(ownerTeam.members.length + 1);
  },
} satisfies Story;
