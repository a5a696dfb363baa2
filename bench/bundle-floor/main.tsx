// The least a page of ours can hydrate with: React, a data router and React Query, each used the
// way the app's pages use them (bench/bundle-floor.ts builds it and weighs it against the app's /).
import { QueryClient, QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, Link, RouterProvider, useNavigate, useSearchParams } from 'react-router';

function Page() {
  const query = useQuery({ queryKey: ['page'], queryFn: () => Promise.resolve('data') });
  const mutation = useMutation({ mutationFn: () => Promise.resolve() });
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <Link to="/next" onClick={() => mutation.mutate(undefined, { onSuccess: () => void navigate('/') })}>
      {query.data} {params.get('q')}
    </Link>
  );
}

const router = createBrowserRouter([{ path: '/', element: <Page /> }]);
startTransition(() => {
  hydrateRoot(
    document.getElementById('root')!,
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
});
