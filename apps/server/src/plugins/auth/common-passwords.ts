import { dictionary } from '@zxcvbn-ts/language-common';

/** How many of the most common passwords are refused (the list is ranked, most common first). */
export const commonPasswordListSize = 10_000;

let commonPasswords: ReadonlySet<string> | null = null;

/**
 * Whether a lower-cased password is among the 10,000 most common ones: the ranked list of leaked
 * passwords that zxcvbn-ts ships (@zxcvbn-ts/language-common), so it works offline.
 */
export function isCommonPassword(lowerCased: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'].slice(0, commonPasswordListSize));
  return commonPasswords.has(lowerCased);
}
