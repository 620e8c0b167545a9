import { act } from 'react';

const tick = () => act(async () => new Promise<void>((resolve) => setTimeout(resolve, 10)));

/** Lets queries and requests settle in a jsdom test: ticks until the page stops changing (a busy machine needs several). */
export async function settle(): Promise<void> {
  let before = '';
  for (let i = 0; i < 100 && before !== document.body.innerHTML; i++) {
    before = document.body.innerHTML;
    await tick();
  }
}
