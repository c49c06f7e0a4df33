/** How a channel finds where to reach a user; the users module answers it (notificationContact). */
export type ContactLookup = (
  userId: number,
) => Promise<{ nombre: string; mail: string; telegramChatId: string | null } | null>;
