export { AuthProvider, useAuth } from './hooks/use-auth';
export { AuthGate } from './components/auth-screens';
export { ChangePasswordModal } from './components/change-password-modal';
export { useUser, getUserQueryOptions, type CurrentUser } from './api/get-user';
export { signOut } from './api/sign-out';
