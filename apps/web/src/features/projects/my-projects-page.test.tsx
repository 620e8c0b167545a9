import { projectMessages } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { click, currentLocation, renderPage, unmountPages } from '../../test/render';
import { signInMember } from '../../test/session';
import { goToProjects } from './api';
import { MyProjectsPage } from './my-projects-page';

vi.mock('./api', async (original) => ({ ...(await original<typeof import('./api')>()), goToProjects: vi.fn() }));

const ACCESS = { token: 'tok_123', url: 'https://projects.example.org/login?token=tok_123', expiresAt: '2026-03-01T10:05:00.000Z' };
let answer: { status: number; body: unknown };
const calls: { url: string; method: string }[] = [];

beforeEach(() => {
  signInMember();
  answer = { status: 200, body: { data: ACCESS } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET' });
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  unmountPages();
  vi.unstubAllGlobals();
  vi.mocked(goToProjects).mockReset();
  localStorage.clear();
  calls.length = 0;
});

describe('MyProjectsPage', () => {
  it('asks once for a fresh token and goes on to the projects system with it', async () => {
    await renderPage(<MyProjectsPage />, { url: '/my-projects' });
    expect(calls.filter((c) => c.url.endsWith('/api/projects/token'))).toEqual([
      { url: expect.stringMatching(/\/api\/projects\/token$/), method: 'POST' },
    ]);
    expect(goToProjects).toHaveBeenCalledExactlyOnceWith(ACCESS.url);
  });

  it("shows the server's reason when the member may not open My Projects, and a way back", async () => {
    answer = { status: 403, body: { message: projectMessages.notInGoodStanding } };
    const page = await renderPage(<MyProjectsPage />, { url: '/my-projects', routes: { '/dashboard': <p>Dashboard</p> } });
    expect(page.textContent).toContain(projectMessages.notInGoodStanding);
    expect(goToProjects).not.toHaveBeenCalled();

    const back = [...page.querySelectorAll('button')].find((b) => b.textContent === 'Back to Dashboard');
    await click(back);
    expect(currentLocation().pathname).toBe('/dashboard');
  });

  it('asks again on Try again', async () => {
    answer = { status: 409, body: { message: projectMessages.notConfigured } };
    const page = await renderPage(<MyProjectsPage />, { url: '/my-projects' });
    expect(page.textContent).toContain(projectMessages.notConfigured);
    answer = { status: 200, body: { data: ACCESS } };
    await click([...page.querySelectorAll('button')].find((b) => b.textContent === 'Try again'));
    expect(calls.filter((c) => c.url.endsWith('/api/projects/token'))).toHaveLength(2);
    expect(goToProjects).toHaveBeenCalledWith(ACCESS.url);
  });
});
