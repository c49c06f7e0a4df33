export function LoginPage() {
  return <p>Login</p>;
}
