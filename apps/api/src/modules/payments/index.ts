// The payments module's interface for other modules and main.ts.

export { recoverPendingPayments, startPaymentRecovery } from './recovery';
export { paymentSandboxEnabled, paymentSandboxRoutes } from './sandbox';
