import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyComponent, lazyDialog, lazyPage } from './lazyComponent';

afterEach(cleanup);

function Page({ name }: { name: string }) {
  return <p>Página {name}</p>;
}

describe('lazyComponent', () => {
  it('suspends until its code arrives when nothing preloaded it', async () => {
    let arrive: (component: typeof Page) => void = () => {};
    const Lazy = lazyComponent<{ name: string }>(
      () =>
        new Promise((resolve) => {
          arrive = resolve;
        }),
    );
    render(
      <Suspense fallback={<p>Cargando</p>}>
        <Lazy name="uno" />
      </Suspense>,
    );
    expect(screen.getByText('Cargando')).toBeInTheDocument();
    await act(async () => arrive(Page));
    expect(await screen.findByText('Página uno')).toBeInTheDocument();
  });

  it('draws in the first pass, without a fallback, once preloaded; the code is fetched once', async () => {
    const load = vi.fn(() => Promise.resolve(Page));
    const Lazy = lazyComponent(load);
    await Lazy.preload();
    render(
      <Suspense fallback={<p>Cargando</p>}>
        <Lazy name="dos" />
      </Suspense>,
    );
    expect(screen.getByText('Página dos')).toBeInTheDocument();
    expect(screen.queryByText('Cargando')).not.toBeInTheDocument();
    await Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fetches again after a failed download', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('sin red')).mockResolvedValueOnce(Page);
    const Lazy = lazyComponent(load);
    await expect(Lazy.preload()).rejects.toThrow('sin red');
    await Lazy.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('lazyPage', () => {
  it('starts the download in the task after the route loader, which returns at once, and draws without a fallback', async () => {
    let arrive: (component: typeof Page) => void = () => {};
    const load = vi.fn(
      () =>
        new Promise<typeof Page>((resolve) => {
          arrive = resolve;
        }),
    );
    const page = lazyPage(load);
    expect(page.loader()).toBeNull();
    // Not in the loader's own task (on a page load, the entry's long one).
    expect(load).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await act(async () => arrive(Page));
    render(
      <Suspense fallback={<p>Cargando</p>}>
        <page.Component name="tres" />
      </Suspense>,
    );
    expect(screen.getByText('Página tres')).toBeInTheDocument();
  });

  it('keeps a failed download from the loader quiet; the page tries again when it draws', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('sin red')).mockResolvedValueOnce(Page);
    const page = lazyPage<{ name: string }>(load);
    page.loader();
    await act(async () => {});
    render(
      <Suspense fallback={<p>Cargando</p>}>
        <page.Component name="cuatro" />
      </Suspense>,
    );
    expect(await screen.findByText('Página cuatro')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('lazyDialog', () => {
  function Dialog({ open, title }: { open: boolean; title: string }) {
    return <p>{open ? `Abierto: ${title}` : `Cerrado: ${title}`}</p>;
  }

  it('loads nothing until it first opens, then stays mounted when it closes', async () => {
    const load = vi.fn(() => Promise.resolve(Dialog));
    const Lazy = lazyDialog(load);
    const { rerender } = render(<Lazy open={false} title="licencia" />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText(/licencia/)).not.toBeInTheDocument();

    rerender(<Lazy open title="licencia" />);
    expect(await screen.findByText('Abierto: licencia')).toBeInTheDocument();
    // Closed, it is still there: its own closing transition and state are kept.
    rerender(<Lazy open={false} title="licencia" />);
    expect(screen.getByText('Cerrado: licencia')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reads the opening from the props it is told to', async () => {
    function Share({ equipo }: { equipo: string | null }) {
      return <p>Compartir {equipo}</p>;
    }
    const load = vi.fn(() => Promise.resolve(Share));
    const Lazy = lazyDialog(load, (props) => props.equipo !== null);
    const { rerender } = render(<Lazy equipo={null} />);
    expect(load).not.toHaveBeenCalled();
    rerender(<Lazy equipo="Invernadero" />);
    expect(await screen.findByText('Compartir Invernadero')).toBeInTheDocument();
  });
});
