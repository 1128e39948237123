import type { NameToken } from './normalize-name';
import { consonantSkeleton } from './spelling-key';

// The keys a patient index files names under, besides a word's own letters; the index's build and
// its lookups must agree on them.

export const shortFormKey = (form: string): string => `short:${form}`;

export const spellingIndexKey = (key: string): string => `key:${key}`;
export const skeletonIndexKey = (skeleton: string): string => `skel:${skeleton}`;

// Keys a word is looked up by besides its own letters: its spelling key and, for a word from
// Arabic script, its consonant skeleton.
export const spellingKeysOf = (token: NameToken): string[] => {
  if (token.isInitial) return [];
  if (token.fromArabic) return [skeletonIndexKey(consonantSkeleton(token.value))];
  return [spellingIndexKey(token.key)];
};
