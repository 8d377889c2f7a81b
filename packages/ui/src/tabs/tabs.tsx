import * as TabsPrimitive from '@radix-ui/react-tabs';
import { cva, type VariantProps } from 'class-variance-authority';
import { createContext, useContext } from 'react';
import type * as React from 'react';
import { cn } from '../lib/cn';

export function Tabs({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Root>) {
  return (
    <TabsPrimitive.Root
      data-slot="tabs"
      className={cn('flex flex-col gap-4', className)}
      {...props}
    />
  );
}

export const tabsListVariants = cva('flex items-center', {
  variants: {
    variant: {
      /** Page sections: an underlined row of tabs. */
      underline: 'gap-x-8 border-b border-gray-200',
      /** A compact segmented switch, e.g. Preview / Code. */
      pills: 'w-fit gap-x-1 rounded-control bg-gray-100 p-1',
    },
  },
  defaultVariants: { variant: 'underline' },
});

const tabsTriggerVariants = cva(
  'inline-flex items-center justify-center gap-2 text-sm font-medium whitespace-nowrap outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        underline:
          '-mb-px border-b-2 border-transparent px-1 py-4 text-gray-600 hover:border-gray-300 hover:text-gray-800 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700',
        pills:
          'rounded-[calc(var(--radius-control)-0.125rem)] px-3 py-1.5 text-gray-600 hover:text-gray-900 data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow-xs',
      },
    },
    defaultVariants: { variant: 'underline' },
  },
);

type TabsVariant = NonNullable<VariantProps<typeof tabsListVariants>['variant']>;
const TabsVariantContext = createContext<TabsVariant>('underline');

export function TabsList({
  className,
  variant = 'underline',
  ...props
}: React.ComponentProps<typeof TabsPrimitive.List> & VariantProps<typeof tabsListVariants>) {
  const resolved = variant ?? 'underline';
  return (
    <TabsVariantContext value={resolved}>
      <TabsPrimitive.List
        data-slot="tabs-list"
        data-variant={resolved}
        className={cn(tabsListVariants({ variant: resolved }), className)}
        {...props}
      />
    </TabsVariantContext>
  );
}

export function TabsTrigger({
  className,
  ...props
}: React.ComponentProps<typeof TabsPrimitive.Trigger>) {
  const variant = useContext(TabsVariantContext);
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      className={cn(tabsTriggerVariants({ variant }), className)}
      {...props}
    />
  );
}

export function TabsContent({
  className,
  ...props
}: React.ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      data-slot="tabs-content"
      className={cn(
        'rounded-sm outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        className,
      )}
      {...props}
    />
  );
}
