import { BioForm } from './components/bio-form';
import { FirmForm } from './components/firm-form';

/** A user without a profile creates it here: the bio form (or firm details) in initial mode. */
export function InitiatePage({ firm }: { firm: boolean }) {
  return firm ? <FirmForm initial /> : <BioForm initial />;
}
