import { EMAIL_UPDATED_MESSAGE } from '@tessera/pages';
import { describe, expect, it } from 'vitest';
import { layoutFlash } from './layout-flash';

describe('layoutFlash', () => {
  it('leaves out a success message the page confirms inline', () => {
    expect(layoutFlash('AccountSettings', { success: EMAIL_UPDATED_MESSAGE })).toEqual({});
    expect(
      layoutFlash('AccountSettings', { success: EMAIL_UPDATED_MESSAGE, error: 'Oops' }),
    ).toEqual({ error: 'Oops' });
  });

  it('keeps every other message', () => {
    expect(layoutFlash('AccountSettings', { success: 'Welcome back.' })).toEqual({
      success: 'Welcome back.',
    });
    expect(layoutFlash('Home', { success: EMAIL_UPDATED_MESSAGE })).toEqual({
      success: EMAIL_UPDATED_MESSAGE,
    });
  });
});
