import { isSameText, looksLikeMail } from '../../../shared/forms/userText';
import { authApi } from '../api/authApi';
import { useUniquenessCheck } from './useUniquenessCheck';

/**
 * Whether the typed username and mail already belong to someone. On edit, `current` holds the
 * user's own values, which are never "taken" (spec 2 §5: unless unchanged on edit).
 */
export function useUserUniqueness(
  username: string,
  mail: string,
  current?: { username: string; mail: string },
) {
  const usernameTaken = useUniquenessCheck(
    username,
    authApi.usernameTaken,
    username.trim().length < 2 || (current !== undefined && isSameText(username, current.username)),
  );
  const mailTaken = useUniquenessCheck(
    mail,
    authApi.mailTaken,
    !looksLikeMail(mail) || (current !== undefined && isSameText(mail, current.mail)),
  );
  return { usernameTaken, mailTaken };
}
