import { z } from 'zod';
import { hasDirectionControl } from '../direction-controls';
import type { DomainMessage } from '../domain-message';
import { surveyScore } from './nps';

export const surveyCommentMaxLength = 1000;
/** A survey link works for this long after it is sent. */
export const surveyValidityDays = 30;
/** A patient may change the answer for this long after first giving it. */
export const surveyAnswerChangeHours = 24;

export const surveyAnswerMessages = {
  score: { key: 'surveys.answer.errors.score', message: 'Choose a score from 0 to 10' },
  commentLength: {
    key: 'surveys.answer.errors.commentLength',
    message: `The comment can be at most ${surveyCommentMaxLength} characters`,
  },
  commentCharacters: {
    key: 'surveys.answer.errors.commentCharacters',
    message: 'The comment contains characters that are not allowed',
  },
  notFound: {
    key: 'surveys.answer.errors.notFound',
    message: 'This survey link is not valid or has expired',
  },
  alreadyAnswered: {
    key: 'surveys.answer.errors.alreadyAnswered',
    message: 'This survey was already answered and can no longer be changed',
  },
} as const satisfies Record<string, DomainMessage>;

/** NUL and the other C0 controls and DEL; tab, line feed and carriage return are ordinary text. */
function hasControlCharacter(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    const isLineSpace = code === 0x09 || code === 0x0a || code === 0x0d;
    if ((code < 0x20 && !isLineSpace) || code === 0x7f) return true;
  }
  return false;
}

export const surveyAnswerSchema = z.strictObject({
  score: z
    .number(surveyAnswerMessages.score.message)
    .int(surveyAnswerMessages.score.message)
    .min(surveyScore.min, surveyAnswerMessages.score.message)
    .max(surveyScore.max, surveyAnswerMessages.score.message),
  comment: z
    .string(surveyAnswerMessages.commentLength.message)
    .max(surveyCommentMaxLength, surveyAnswerMessages.commentLength.message)
    .refine(
      (value) => !hasControlCharacter(value) && !hasDirectionControl(value),
      surveyAnswerMessages.commentCharacters.message,
    )
    .transform((value) => value.trim() || null)
    .nullish()
    .transform((value) => value ?? null),
});

export type SurveyAnswer = z.output<typeof surveyAnswerSchema>;

/** Whether an answer given at `answeredAt` may still be replaced at `now`. */
export function canChangeSurveyAnswer(answeredAt: Date, now: Date): boolean {
  return now.getTime() - answeredAt.getTime() < surveyAnswerChangeHours * 3_600_000;
}
