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
