/** How many of the most common passwords are refused (the list is ranked, most common first). */
export const commonPasswordListSize = 10_000;

let commonPasswords: Promise<ReadonlySet<string>> | null = null;

/**
 * Whether a lower-cased password is among the 10,000 most common ones: the ranked list of leaked
 * passwords that zxcvbn-ts ships (@zxcvbn-ts/language-common), so it works offline. The package
 * unpacks all its word lists when imported (about 0.6 s of every start under load), so it is
 * imported the first time a new password is checked, not when the server starts.
 */
export async function isCommonPassword(lowerCased: string): Promise<boolean> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then((module) => {
    // The default export, not the named one: imported lazily into the server bundle, the named
    // export was undefined (every sign-up failed); the default carries the same lists everywhere.
    const { dictionary } = module.default;
    return new Set(dictionary['passwords-common'].slice(0, commonPasswordListSize));
  });
  return (await commonPasswords).has(lowerCased);
}
