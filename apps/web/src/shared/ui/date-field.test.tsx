import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage as render, unmountPages } from '../../test/render';
import { typeInto } from '../../test/type';
import { DateField } from './date-field';

afterEach(unmountPages);

function helperOf(input: HTMLInputElement): string | null | undefined {
  return document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
}

function Registered() {
  const form = useForm<{ paidAt: string }>({ defaultValues: { paidAt: '2026-03-09' } });
  return <DateField label="Date paid" {...form.register('paidAt')} />;
}

describe('DateField', () => {
  it('is the browser date input, in en-KE, that also says the chosen day the portal way', async () => {
    const view = await render(<DateField label="Date of Birth" value="2018-06-21" onChange={() => {}} max="2026-01-01" />);
    const input = view.querySelector('input') as HTMLInputElement;
    expect(input.type).toBe('date');
    expect(input.lang).toBe('en-KE');
    expect(input.max).toBe('2026-01-01');
    expect((view.querySelector('label') as HTMLLabelElement).htmlFor).toBe(input.id);
    expect(helperOf(input)).toBe('21 Jun 2018');
  });

  it('shows an error message instead of the day, and says nothing without a day', async () => {
    const failing = await render(
      <DateField label="To" value="2018-06-21" onChange={() => {}} error helperText="End date is before start date" />,
    );
    const input = failing.querySelector('input') as HTMLInputElement;
    expect(helperOf(input)).toBe('End date is before start date');
    expect(failing.textContent).not.toContain('21 Jun 2018');

    const empty = await render(<DateField label="From" value="" onChange={() => {}} />);
    expect(empty.querySelector('input')?.hasAttribute('aria-describedby')).toBe(false);
  });

  it("keeps the caller's helper beside the day", async () => {
    const view = await render(<DateField label="From" value="2018-06-21" onChange={() => {}} helperText="Left empty: today" />);
    expect(helperOf(view.querySelector('input') as HTMLInputElement)).toBe('Left empty: today · 21 Jun 2018');
  });

  it('registered with react-hook-form, says its default day and follows what is picked', async () => {
    const view = await render(<Registered />);
    const input = view.querySelector('input') as HTMLInputElement;
    expect(input.value).toBe('2026-03-09');
    expect(helperOf(input)).toBe('9 Mar 2026');
    await typeInto(input, '2026-11-30');
    expect(helperOf(input)).toBe('30 Nov 2026');
  });
});
