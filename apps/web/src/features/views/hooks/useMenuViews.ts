import { useVistas } from '../api/viewsQueries';

interface MenuView {
  id: number;
  nombre: string;
}

/** The caller's views for the side menu (spec 1 §2); an error just leaves the list empty. */
export function useMenuViews(): MenuView[] {
  const query = useVistas();
  return (query.data?.vistas ?? []).map((vista) => ({ id: vista.id, nombre: vista.nombre }));
}
