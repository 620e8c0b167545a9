import { describe, expect, it } from 'vitest';
import { inSentence } from './verify-document-page';

describe('a document title inside a sentence', () => {
  it('is lower case but keeps acronyms', () => {
    expect(inSentence('Membership Certificate')).toBe('membership certificate');
    expect(inSentence('CPD Certificate')).toBe('CPD certificate');
    expect(inSentence('CPD Compliance Statement')).toBe('CPD compliance statement');
  });
});
