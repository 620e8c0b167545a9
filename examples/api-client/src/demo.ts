/**
 * The example client against a running portal:
 * `npx tsx examples/api-client/src/demo.ts http://localhost:3000 [email password]` (after `npm run typecheck:client`).
 */
import { myProfile, searchRegister, signIn } from './client';

const [baseUrl = 'http://localhost:3000', email, password] = process.argv.slice(2);
console.log('register search:', await searchRegister(baseUrl, 'a'));
if (email && password) {
  const token = await signIn(baseUrl, email, password);
  console.log('signed in:', token ? await myProfile(baseUrl, token) : 'a second factor is needed (auth/mfa/verify)');
}
