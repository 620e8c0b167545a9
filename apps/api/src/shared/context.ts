import type { Db } from '@portal/db';
import type { Config } from '../config';

/** What every module's routes and services are given. */
export interface AppContext {
  db: Db;
  config: Config;
}
