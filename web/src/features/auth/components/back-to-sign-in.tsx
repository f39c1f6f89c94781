import { Button } from 'antd';
import { useAuth } from '../hooks/use-auth';

export function BackToSignIn() {
  const { dispatch } = useAuth();
  return (
    <div className="gains-auth__links">
      <Button type="link" onClick={() => dispatch({ type: 'BACK_TO_LOGIN' })}>
        Back to sign in
      </Button>
    </div>
  );
}
