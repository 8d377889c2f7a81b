import { createContext, useContext, type ComponentProps, type ComponentType } from 'react';

export type LinkComponentProps = ComponentProps<'a'> & { href: string };

// The design system knows nothing of routing: the app supplies the component that renders
// in-app links (the storefront passes Inertia's <Link>); stories and tests get a plain <a>.
const LinkComponentContext = createContext<ComponentType<LinkComponentProps>>(
  function Anchor(props) {
    return <a {...props} />;
  },
);

export function LinkProvider({
  component,
  children,
}: {
  component: ComponentType<LinkComponentProps>;
  children: React.ReactNode;
}) {
  return <LinkComponentContext value={component}>{children}</LinkComponentContext>;
}

/** An in-app link. External URLs (`http…`, `mailto:`) and `download` links stay plain anchors. */
export function Link({ href, ...props }: LinkComponentProps) {
  const Component = useContext(LinkComponentContext);
  const external = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(href) || props.download !== undefined;
  if (external) return <a href={href} {...props} />;
  // The component comes from context and is stable for the app's lifetime, not created here.
  // eslint-disable-next-line react-hooks/static-components
  return <Component data-slot="link" href={href} {...props} />;
}
