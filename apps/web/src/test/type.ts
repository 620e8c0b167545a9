import { act } from 'react';
import { settle } from './settle';

/** Types `value` into an input or textarea as a person would leave it (React sees one input event), then settles. */
export async function typeInto(element: HTMLInputElement | HTMLTextAreaElement | null | undefined, value: string): Promise<void> {
  if (!element) throw new Error('no field to type into');
  const proto = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  await act(async () => {
    setter?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await settle();
}

/** Picks the option labelled `label` of a native select as a person would (React sees one change event), then settles. */
export async function pickOption(select: HTMLSelectElement | null | undefined, label: string): Promise<void> {
  const option = [...(select?.options ?? [])].find((o) => o.textContent === label);
  if (!select || !option) throw new Error(`no option ${label}`);
  const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set;
  await act(async () => {
    setter?.call(select, option.value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await settle();
}

/** A field's frame by the start of its label: MUI's FormControl or the lite native select's (`.lt-field`). */
export function fieldLabelled(container: ParentNode, label: string): Element | undefined {
  return [...container.querySelectorAll('.MuiFormControl-root, .lt-field')].find((f) =>
    f.querySelector('label')?.textContent?.startsWith(label),
  );
}
