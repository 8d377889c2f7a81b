import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Badge } from './badge';

const meta = {
  title: 'UI/Badge',
  component: Badge,
  args: { variant: 'neutral', children: 'Archived' },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Neutral = {} satisfies Story;
export const New = { args: { variant: 'new', children: 'New' } } satisfies Story;
export const Personal = {
  args: { variant: 'personal', children: 'Personal' },
} satisfies Story;
export const Team = {
  args: { variant: 'team', children: 'Team' },
} satisfies Story;
export const Classroom = {
  args: { variant: 'classroom', children: 'Classroom' },
} satisfies Story;
export const Restricted = {
  args: { variant: 'restricted', children: 'Restricted' },
} satisfies Story;
export const Refunded = {
  args: { variant: 'danger', children: 'Refunded' },
} satisfies Story;
export const Lock = {
  args: { variant: 'lock', children: 'PNG only' },
} satisfies Story;

export const LockIconOnly = {
  args: { variant: 'lock', children: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Locked')).toHaveClass('sr-only');
  },
} satisfies Story;

export const AllVariants = {
  render: () => (
    <div className="flex flex-wrap items-center gap-3">
      <Badge variant="new">New</Badge>
      <Badge variant="personal">Personal</Badge>
      <Badge variant="team">Team</Badge>
      <Badge variant="classroom">Classroom</Badge>
      <Badge variant="restricted">Restricted</Badge>
      <Badge variant="neutral">Archived</Badge>
      <Badge variant="danger">Refunded</Badge>
      <Badge variant="lock">PNG only</Badge>
    </div>
  ),
} satisfies Story;
