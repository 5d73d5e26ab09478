// One normalisation for names and addresses as the database compares them (issue 22, N8).
// SQLite's lower() and NOCASE fold ASCII letters only, so every lookup key computed in the Worker
// (a name's salt, a rate-limit subject) folds the same way: JavaScript's toLowerCase() would fold
// look-alikes such as the Kelvin sign (U+212A) onto "k", which the database never matches.

/** ASCII letters lower-cased, everything else as is (usernames themselves are ASCII only). */
export const foldName = (text: string): string => text.trim().replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
