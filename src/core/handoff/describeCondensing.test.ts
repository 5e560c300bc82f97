import { describe, expect, it } from 'vitest';
import { describeCondensing } from './describeCondensing';

describe('describeCondensing', () => {
  it('names what was cleared and summarised, in the card’s words', () => {
    expect(describeCondensing({ toolResultsCleared: 212, messagesSummarised: 340, passes: 3 })).toBe(
      'Condensed to fit: 212 older tool results cleared, 340 older messages summarised in 3 passes',
    );
    expect(describeCondensing({ toolResultsCleared: 1_204, messagesSummarised: 0, passes: 0 })).toBe(
      'Condensed to fit: 1,204 older tool results cleared',
    );
  });

  it('names attached files left out first, as they went first', () => {
    expect(
      describeCondensing({ attachmentsReplaced: 2, toolResultsCleared: 3, messagesSummarised: 0, passes: 0 }),
    ).toBe('Condensed to fit: 2 older attached files left out, 3 older tool results cleared');
    expect(
      describeCondensing({ attachmentsReplaced: 1, toolResultsCleared: 0, messagesSummarised: 0, passes: 0 }),
    ).toBe('Condensed to fit: 1 older attached file left out');
  });

  it('speaks of one as one', () => {
    expect(describeCondensing({ toolResultsCleared: 1, messagesSummarised: 1, passes: 1 })).toBe(
      'Condensed to fit: 1 older tool result cleared, 1 older message summarised in 1 pass',
    );
  });

  it('says nothing for a record without counts', () => {
    expect(describeCondensing({ toolResultsCleared: 0, messagesSummarised: 0, passes: 0 })).toBe('');
  });
});
