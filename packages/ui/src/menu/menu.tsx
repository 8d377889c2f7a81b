import {
  autoUpdate,
  flip,
  FloatingFocusManager,
  FloatingList,
  offset,
  shift,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useListItem,
  useListNavigation,
  useMergeRefs,
  useRole,
  useTypeahead,
} from '@floating-ui/react';
import { createContext, useContext, useRef, useState } from 'react';
import type * as React from 'react';
import { Button } from '../button/button';
import { cn } from '../lib/cn';
import { Link } from '../link/link';
import { TYPEAHEAD_RESET_MS } from '../lib/typeahead';

type MenuContextValue = {
  activeIndex: number | null;
  getItemProps: ReturnType<typeof useInteractions>['getItemProps'];
  close: () => void;
};

const MenuContext = createContext<MenuContextValue | null>(null);

function useMenuContext(component: string): MenuContextValue {
  const context = useContext(MenuContext);
  if (!context) throw new Error(`<${component}> must be rendered inside a <Menu>.`);
  return context;
}

export type MenuProps = {
  /** The trigger's visible content. */
  label: React.ReactNode;
  /** Names the trigger when its content is not enough (e.g. an avatar). */
  'aria-label'?: string;
  triggerClassName?: string;
  /** Which edge of the trigger the menu lines up with. */
  align?: 'start' | 'end';
  /** Classes for the menu panel. */
  className?: string;
  children: React.ReactNode;
};

export function Menu({
  label,
  'aria-label': ariaLabel,
  triggerClassName,
  align = 'start',
  className,
  children,
}: MenuProps) {
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const elementsRef = useRef<Array<HTMLElement | null>>([]);
  const labelsRef = useRef<Array<string | null>>([]);

  const {
    refs: { setReference, setFloating },
    floatingStyles,
    context,
  } = useFloating({
    open,
    onOpenChange: setOpen,
    // Rendered in place, not portalled: the DOM order keeps Tab natural and no focus guards
    // are needed; 'fixed' escapes overflow-hidden ancestors.
    strategy: 'fixed',
    placement: align === 'end' ? 'bottom-end' : 'bottom-start',
    middleware: [offset(8), flip({ padding: 8 }), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });

  const { getReferenceProps, getFloatingProps, getItemProps } = useInteractions([
    useClick(context, { event: 'mousedown' }),
    useRole(context, { role: 'menu' }),
    useDismiss(context),
    useListNavigation(context, {
      listRef: elementsRef,
      activeIndex,
      onNavigate: setActiveIndex,
      loop: true,
    }),
    useTypeahead(context, {
      listRef: labelsRef,
      activeIndex,
      onMatch: open ? setActiveIndex : undefined,
      resetMs: TYPEAHEAD_RESET_MS,
    }),
  ]);

  return (
    <>
      <Button
        ref={setReference}
        variant="ghost"
        data-slot="menu-trigger"
        data-state={open ? 'open' : 'closed'}
        aria-label={ariaLabel}
        className={cn('gap-1 px-3 [&_svg]:size-5', triggerClassName)}
        {...getReferenceProps()}
      >
        {label}
        <svg
          viewBox="0 0 20 20"
          fill="currentColor"
          aria-hidden="true"
          className="-mr-1 text-gray-500"
        >
          <path
            fillRule="evenodd"
            d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z"
            clipRule="evenodd"
          />
        </svg>
      </Button>
      <MenuContext value={{ activeIndex, getItemProps, close: () => setOpen(false) }}>
        {open ? (
          <FloatingFocusManager context={context} modal={false} initialFocus={-1}>
            <div
              ref={setFloating}
              data-slot="menu"
              style={floatingStyles}
              className={cn(
                'z-50 w-56 rounded-control bg-white py-1 shadow-lg ring-1 ring-gray-900/5 outline-none',
                className,
              )}
              {...getFloatingProps()}
            >
              <FloatingList elementsRef={elementsRef} labelsRef={labelsRef}>
                {children}
              </FloatingList>
            </div>
          </FloatingFocusManager>
        ) : null}
      </MenuContext>
    </>
  );
}

export type MenuItemProps = Omit<React.HTMLAttributes<HTMLElement>, 'onSelect'> & {
  /** Renders the item as an in-app `Link`. */
  href?: string;
  /** Called when the item is chosen by click, Enter or Space; the menu then closes. */
  onSelect?: () => void;
  disabled?: boolean;
  ref?: React.Ref<HTMLElement>;
};

const menuItemClassName =
  'block w-full px-4 py-2 text-left text-sm text-gray-700 outline-none focus:bg-gray-100 focus:text-gray-900 aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

export function MenuItem({
  href,
  onSelect,
  disabled = false,
  className,
  children,
  ref,
  ...props
}: MenuItemProps) {
  const menu = useMenuContext('MenuItem');
  const item = useListItem({ label: disabled ? null : undefined });
  const mergedRef = useMergeRefs([item.ref, ref]);
  const active = item.index === menu.activeIndex;

  const itemProps = menu.getItemProps({
    ...props,
    role: 'menuitem',
    tabIndex: active ? 0 : -1,
    'aria-disabled': disabled || undefined,
    className: cn(menuItemClassName, className),
    onClick(event: React.MouseEvent<HTMLElement>) {
      props.onClick?.(event);
      if (disabled) {
        event.preventDefault();
        return;
      }
      onSelect?.();
      menu.close();
    },
    onKeyDown(event: React.KeyboardEvent<HTMLElement>) {
      props.onKeyDown?.(event);
      // Links activate on Enter only; the menu pattern also chooses an item with Space.
      if (href && event.key === ' ') {
        event.preventDefault();
        event.currentTarget.click();
      }
    },
  });

  if (href && !disabled) {
    return (
      <Link ref={mergedRef} href={href} data-slot="menu-item" {...itemProps}>
        {children}
      </Link>
    );
  }
  return (
    <button ref={mergedRef} type="button" data-slot="menu-item" {...itemProps}>
      {children}
    </button>
  );
}

export function MenuSeparator({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      role="separator"
      data-slot="menu-separator"
      className={cn('my-1 h-px bg-gray-100', className)}
      {...props}
    />
  );
}

/** A heading inside the menu ("Signed in as …", "Teams"); not focusable, skipped by arrows. */
export function MenuGroupLabel({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      role="presentation"
      data-slot="menu-group-label"
      className={cn('px-4 pt-2 pb-1 text-xs font-semibold text-gray-500', className)}
      {...props}
    />
  );
}
