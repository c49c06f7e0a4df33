export function App() {
  return <p>Nexo</p>;
}
