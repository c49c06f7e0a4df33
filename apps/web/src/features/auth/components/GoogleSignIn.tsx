import { Divider, Typography } from '@mui/material';
import { GoogleSignInButton } from './GoogleSignInButton';

/** The 'o' divider and Google's button, under the login form when the server has a client id. */
export function GoogleSignIn({
  clientId,
  onCredential,
}: {
  clientId: string;
  onCredential: (idToken: string) => void;
}) {
  return (
    <>
      <Divider>
        <Typography variant="caption" color="textSecondary">
          o
        </Typography>
      </Divider>
      <GoogleSignInButton clientId={clientId} onCredential={onCredential} />
    </>
  );
}
