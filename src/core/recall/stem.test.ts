import { describe, expect, it } from 'vitest';
import { stem } from './stem';

describe('stem', () => {
  it('brings the forms of a word to one stem', () => {
    const forms = ['deploy', 'deploying', 'deployed', 'deploys', 'deployment', 'deployments'];
    expect(new Set(forms.map(stem))).toEqual(new Set(['deploy']));
    expect(stem('running')).toBe(stem('run'));
    expect(stem('fixes')).toBe(stem('fix'));
    expect(stem('queries')).toBe(stem('query'));
  });

  it('leaves short words, numbers and words ending in a double s alone', () => {
    expect(stem('is')).toBe('is');
    expect(stem('port9143')).toBe('port9143');
    expect(stem('class')).toBe('class');
    expect(stem('process')).toBe('process');
  });
});
