// The API's and the shared schemas' English messages in the member's language (decision 068):
// src/lib/error-text.ts, loaded with a language's messages (never for English), sets the
// translator; until then, and for a message it does not know, the English stays.
let translate: ((message: string, code?: string) => string) | undefined;

export const setTranslator = (translator: (message: string, code?: string) => string) => {
  translate = translator;
};

/** An error message (with the reply's code, when there is one) as the member reads it. */
export const localText = (message: string, code?: string) => (translate ? translate(message, code) : message);
