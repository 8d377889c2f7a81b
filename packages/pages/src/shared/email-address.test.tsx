import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address';

describe('EmailAddress', () => {
  it('offers a line break before the @ and before each dot, and nowhere else', () => {
    const { container } = render(<EmailAddress email="riley.chen@northwind.studio" />);
    expect(container.innerHTML).toBe('riley<wbr>.chen<wbr>@northwind<wbr>.studio');
    expect(container.textContent).toBe('riley.chen@northwind.studio');
  });

  it('leaves an address without dots whole but for the @', () => {
    const { container } = render(<EmailAddress email="root@localhost" />);
    expect(container.innerHTML).toBe('root<wbr>@localhost');
  });
});
