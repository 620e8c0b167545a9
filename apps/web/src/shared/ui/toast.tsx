import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { Icon } from '../lite/icon';
import { LiteAlert, type Severity } from '../lite/surfaces';

type Toast = (message: string, severity?: Severity) => void;
const ToastContext = createContext<Toast>(() => {});
/** Takes the toast down at once; with a severity, only a toast of that severity (a refusal a new choice answers). */
type DismissToast = (severity?: Severity) => void;
const DismissContext = createContext<DismissToast>(() => {});

const TOAST_MS = 5000;

/** Toasts: 5 seconds, top centre (part 2 §8–9), a filled alert with a close button. Drawn without MUI (decision 043). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<{ message: string; severity: Severity; key: number } | null>(null);
  const show = useCallback<Toast>((message, severity = 'success') => setToast({ message, severity, key: Date.now() }), []);
  const dismiss = useCallback<DismissToast>(
    (severity) => setToast((current) => (current && severity && current.severity !== severity ? current : null)),
    [],
  );
  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast(null), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);
  return (
    <ToastContext.Provider value={show}>
      <DismissContext.Provider value={dismiss}>{children}</DismissContext.Provider>
      {toast && (
        <div className="lt-toast" key={toast.key}>
          <LiteAlert
            severity={toast.severity}
            filled
            action={
              <button type="button" className="lt-icon-btn" aria-label="Close" onClick={() => setToast(null)}>
                <Icon name="Close" small />
              </button>
            }
          >
            {toast.message}
          </LiteAlert>
        </div>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): Toast {
  return useContext(ToastContext);
}

export function useDismissToast(): DismissToast {
  return useContext(DismissContext);
}
