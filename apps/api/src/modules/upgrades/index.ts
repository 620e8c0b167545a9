export { releaseUpgrade } from './release';
export { invoiceService, SERVICE_FEE_DAYS } from './submit';
