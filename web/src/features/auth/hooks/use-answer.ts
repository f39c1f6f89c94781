import { useCallback } from 'react';
import { keepTokens, type AuthAnswer } from '../api/auth-answer';
import { useAuth } from './use-auth';

/** Move the machine on with a sign-in step's answer: tokens when AUTHENTICATED, else the next challenge. */
export function useApplyAnswer(): (answer: AuthAnswer, email: string | undefined) => void {
  const { dispatch } = useAuth();
  return useCallback(
    (answer, email) => {
      if (answer.state === 'AUTHENTICATED') {
        keepTokens(answer);
        dispatch({ type: 'CHALLENGE_COMPLETED' });
      } else if (answer.state === 'NEW_PASSWORD_REQUIRED' || answer.state === 'MFA' || answer.state === 'MFA_SETUP') {
        dispatch({
          type: 'SIGN_IN_ANSWERED',
          email: email ?? '',
          state: answer.state,
          challengeSession: answer.session,
          message: answer.message,
        });
      } else if (answer.state === 'LOGIN') {
        dispatch({ type: 'PASSWORD_RESET', message: answer.message });
      }
    },
    [dispatch],
  );
}
