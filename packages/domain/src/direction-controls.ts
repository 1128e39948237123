import type { DomainMessage } from './domain-message';

/**
 * Unicode's explicit direction controls: embeddings, overrides and isolates (U+202A-U+202E,
 * U+2066-U+2069). In a name they make "Ana ‮zeruR" display as "Ana Ruiz" (and a file name or link
 * read backwards), so staff would see one text and search, match and export another. The implicit
 * marks (U+200E LRM, U+200F RLM, U+061C ALM) change no character's order and stay allowed: Arabic and
 * Hebrew text pasted from elsewhere carries them.
 */
const directionControls = /[\u202A-\u202E\u2066-\u2069]/;

export function hasDirectionControl(value: string): boolean {
  return directionControls.test(value);
}

export const directionControlMessage = {
  key: 'common.errors.directionControl',
  message: 'Remove the invisible text-direction characters from this name',
} as const satisfies DomainMessage;

/** The same for texts people read that are not names: case titles, notes, comments, template bodies. */
export const directionControlTextMessage = {
  key: 'common.errors.directionControlText',
  message: 'Remove the invisible text-direction characters from this text',
} as const satisfies DomainMessage;
