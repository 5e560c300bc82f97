import { describe, expect, it } from 'vitest';
import { AutoHandoffChain, autoHandoffLimitNotice, hasUnfinishedPlan } from './autoHandoff';

const doc = (nextSteps: string) => `## Goal\nShip it\n## Progress\nHalf\n## Next Steps\n${nextSteps}`;

describe('auto-handoff', () => {
  it('hands off only in "auto" mode and only at or past the threshold', () => {
    const chain = new AutoHandoffChain();
    expect(chain.decide('ask', 0.9, 0.75, 3)).toBe('none');
    expect(chain.decide('off', 0.9, 0.75, 3)).toBe('none');
    expect(chain.decide('auto', 0.74, 0.75, 3)).toBe('none');
    expect(chain.decide('auto', 0.75, 0.75, 3)).toBe('handoff');
    expect(chain.count).toBe(1);
  });

  it('stops at the limit, says so once, and a typed message resets the count', () => {
    const chain = new AutoHandoffChain();
    expect(chain.decide('auto', 0.5, 0.1, 2)).toBe('handoff');
    expect(chain.decide('auto', 0.5, 0.1, 2)).toBe('handoff');
    expect(chain.decide('auto', 0.5, 0.1, 2)).toBe('stop');
    expect(chain.decide('auto', 0.5, 0.1, 2)).toBe('none');
    chain.reset();
    expect(chain.count).toBe(0);
    expect(chain.decide('auto', 0.5, 0.1, 2)).toBe('handoff');
    expect(autoHandoffLimitNotice(2)).toContain('2 automatic handoffs in a row');
  });

  it('an unfinished plan is an open todo or a non-empty Next Steps section', () => {
    const done = [{ id: '1', content: 'a', status: 'completed' as const }];
    const open = [...done, { id: '2', content: 'b', status: 'pending' as const }];
    expect(hasUnfinishedPlan(open, doc(''))).toBe(true);
    expect(hasUnfinishedPlan(done, doc('- write the tests'))).toBe(true);
    expect(hasUnfinishedPlan(done, doc('   '))).toBe(false);
    expect(hasUnfinishedPlan([], '## Goal\nShip it')).toBe(false);
  });
});
