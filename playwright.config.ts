import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3310);
/** A second portal with the bot check on and a 3-second inactivity timeout (the ALTCHA and inactivity flows). */
export const BOT_CHECK_PORT = PORT + 1;

/**
 * The main portal is opened as `localhost`, as a member would open it: browsers refuse passkeys on an IP address
 * (WebAuthn's relying party is a domain), and PUBLIC_URL names the relying party (decision 048).
 */
const host = (port: number, name: 'localhost' | '127.0.0.1') => `http://${name}:${port}`;

function server(port: number, env: Record<string, string>, name: 'localhost' | '127.0.0.1' = '127.0.0.1') {
  return {
    command: 'npx tsx apps/api/src/main.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: `memory://e2e-${port}`,
      PUBLIC_URL: host(port, name),
      NODE_ENV: 'development',
      SEED_DEMO: 'on',
      // The built-in Daraja sandbox answers an M-Pesa push after this delay (decision 024).
      MPESA_SANDBOX_DELAY_MS: '1000',
      ...env,
    },
  };
}

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: host(PORT, 'localhost'),
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1366, height: 860 } } }],
  webServer: [server(PORT, {}, 'localhost'), server(BOT_CHECK_PORT, { BOT_CHECK: 'on', INACTIVITY_TIMEOUT_MS: '3000' })],
});
