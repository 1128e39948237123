import { describe, expect, it } from 'vitest';
import { canChangeSurveyAnswer, surveyAnswerMessages, surveyAnswerSchema } from './survey-answer';

const messagesOf = (input: unknown) => {
  const result = surveyAnswerSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('survey answers', () => {
  it.each([
    [{ score: 0 }, { score: 0, comment: null }],
    [
      { score: 10, comment: '  great  ' },
      { score: 10, comment: 'great' },
    ],
    [
      { score: 4, comment: '' },
      { score: 4, comment: null },
    ],
    [
      { score: 5, comment: 'línea 1\nline 2\ttab' },
      { score: 5, comment: 'línea 1\nline 2\ttab' },
    ],
  ])('%j is kept as %j', (input, output) => {
    expect(surveyAnswerSchema.parse(input)).toEqual(output);
  });

  it.each([
    [{ score: -1 }, surveyAnswerMessages.score.message],
    [{ score: 11 }, surveyAnswerMessages.score.message],
    [{ score: 7.5 }, surveyAnswerMessages.score.message],
    [{ score: '7' }, surveyAnswerMessages.score.message],
    [{}, surveyAnswerMessages.score.message],
    [{ score: 7, comment: 'x'.repeat(1001) }, surveyAnswerMessages.commentLength.message],
    [{ score: 7, comment: 'a\u0000b' }, surveyAnswerMessages.commentCharacters.message],
    [{ score: 7, comment: 'Ana \u202Ezeru' }, surveyAnswerMessages.commentCharacters.message],
    [{ score: 7, comment: 'x\u2066y' }, surveyAnswerMessages.commentCharacters.message],
  ])('%j is refused: %s', (input, message) => {
    expect(messagesOf(input)).toContain(message);
  });

  it('a 1000-character comment is allowed', () => {
    expect(messagesOf({ score: 7, comment: 'x'.repeat(1000) })).toEqual([]);
  });

  it('an answer can be changed for 24 hours only', () => {
    const answeredAt = new Date('2026-03-01T10:00:00Z');
    expect(canChangeSurveyAnswer(answeredAt, new Date('2026-03-02T09:59:59Z'))).toBe(true);
    expect(canChangeSurveyAnswer(answeredAt, new Date('2026-03-02T10:00:00Z'))).toBe(false);
  });
});
