import { messages } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, unmountPages } from '../../test/render';
import { typeInto } from '../../test/type';
import { OtpField, useOtpEntry } from './otp-field';

afterEach(unmountPages);

function Harness({ onVerify }: { onVerify: (code: string) => Promise<void> }) {
  const otp = useOtpEntry({ ready: true, onVerify });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        otp.submit();
      }}
    >
      <OtpField otp={otp} ariaLabel="OTP" />
    </form>
  );
}

describe('the OTP field', () => {
  it("says 'Field is required' once it is emptied, and sends six digits by itself", async () => {
    const onVerify = vi.fn(async () => {});
    const view = await renderPage(<Harness onVerify={onVerify} />);
    const input = view.querySelector('input') as HTMLInputElement;
    await typeInto(input, '12');
    expect(view.textContent).toContain('2/6 digits');
    await typeInto(input, '');
    expect(view.textContent).toContain(messages.fieldRequired);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await typeInto(input, '123456');
    expect(view.textContent).not.toContain(messages.fieldRequired);
    expect(onVerify).toHaveBeenCalledWith('123456');
  });
});
