import type { Db } from '@portal/db';
import type { Config } from '../config';
import type { AppMetrics } from './metrics';
import type { FileStorage } from './storage';

/** What every module's routes and services are given. */
export interface AppContext {
  db: Db;
  config: Config;
  storage: FileStorage;
  /** The app's Prometheus metrics (absent where a service runs outside an app: bench, scripts). */
  metrics?: AppMetrics;
}
