import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';

const t = await createTestApp();

describe('GET /api/health', () => {
  it('answers ok after reaching the database, and names the database kind', async () => {
    const response = await t.call('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { status: 'ok', database: process.env.DB_KIND === 'postgres' ? 'postgres' : 'pglite' } });
  });
});
