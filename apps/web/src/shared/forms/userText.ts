/** Text comparisons the user forms share (uniqueness checks and the profile's mail change). */

/** Usernames and mails compare without case or surrounding spaces, as the server does. */
export const isSameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Only something shaped like a mail is worth asking the server about. */
export const looksLikeMail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
