import { act, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { setFlash, useFlash } from './flash';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement | null = null;
afterEach(() => {
  container?.remove();
  container = null;
  sessionStorage.clear();
});

async function render(node: React.ReactNode) {
  container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  await act(async () => root.render(node));
  return container;
}

function Page() {
  const flash = useFlash();
  return <p>{flash?.message ?? 'no message'}</p>;
}

interface Gate {
  ready: boolean;
  pending: Promise<void>;
  open: () => void;
}

function openGate(): Gate {
  const gate = { ready: false } as Gate;
  gate.pending = new Promise<void>((resolve) => {
    gate.open = () => {
      gate.ready = true;
      resolve();
    };
  });
  return gate;
}

/** A page that suspends until the gate opens, after reading its flash. */
function SlowPage({ gate }: { gate: Gate }) {
  const flash = useFlash();
  if (!gate.ready) throw gate.pending;
  return <p>{flash?.message ?? 'no message'}</p>;
}

describe('useFlash', () => {
  it('shows the message once and clears it after the page mounted', async () => {
    setFlash('Profile created');
    const first = await render(<Page />);
    expect(first.textContent).toBe('Profile created');
    expect(sessionStorage.getItem('flash')).toBeNull();
    const second = await render(<Page />);
    expect(second.textContent).toBe('no message');
  });

  it('keeps the message when React throws the first render of the page away', async () => {
    // The page's first render is discarded (it suspends before committing, as an interrupted transition does):
    // the message must still be there for the render that is shown.
    const gate = openGate();
    setFlash('Payment received. Receipt RCT000001.');
    const shown = await render(
      <Suspense fallback={<p>loading</p>}>
        <SlowPage gate={gate} />
      </Suspense>,
    );
    expect(shown.textContent).toBe('loading');
    await act(async () => gate.open());
    expect(shown.textContent).toBe('Payment received. Receipt RCT000001.');
    expect(sessionStorage.getItem('flash')).toBeNull();
  });
});
