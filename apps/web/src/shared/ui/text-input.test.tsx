import { afterEach, describe, expect, it } from 'vitest';
import { click, renderPage as render, unmountPages } from '../../test/render';
import { PasswordField } from './password-field';
import { TextInput } from './text-input';

afterEach(unmountPages);

describe('TextInput', () => {
  it('labels its input and ties the helper text to it, as TextField does', async () => {
    const view = await render(<TextInput label="Email" type="email" error helperText="Email is required" />);
    const input = view.querySelector('input') as HTMLInputElement;
    const label = view.querySelector('label') as HTMLLabelElement;
    expect(label.textContent).toBe('Email');
    expect(label.htmlFor).toBe(input.id);
    expect(input.type).toBe('email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const helper = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(helper?.textContent).toBe('Email is required');
  });

  it('is not marked invalid and describes nothing without an error or helper text', async () => {
    const view = await render(<TextInput label="Search" htmlInput={{ maxLength: 100 }} />);
    const input = view.querySelector('input') as HTMLInputElement;
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(input.maxLength).toBe(100);
  });
});

describe('PasswordField', () => {
  it('hides the password until the toggle is pressed', async () => {
    const view = await render(<PasswordField label="Password" />);
    const input = view.querySelector('input') as HTMLInputElement;
    expect(input.type).toBe('password');
    const toggle = view.querySelector('button[aria-label="Show password"]') as HTMLButtonElement;
    await click(toggle);
    expect(input.type).toBe('text');
    expect(view.querySelector('button[aria-label="Hide password"]')).not.toBeNull();
  });
});
